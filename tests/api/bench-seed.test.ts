/**
 * The bench seed writes at insert what the server and the triggers would compute after the load (scripts/bench/seed-quality.ts):
 * on a small seed, every record's stored blocking flag is the server's verdict, and every copy is its source's value.
 */
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { refreshQualityFlags, uncheckedRecords } from "../../server/quality/record-flags";
import { parseSeedArgs } from "../../scripts/bench/args";
import { BENCH_TRAINEES, seedBench } from "../../scripts/bench/seed-data";
import { SEEDED_TABLES, settleAfterLoad, useLoadSettings } from "../../scripts/bench/seed-fill";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let client: pg.Client;

beforeAll(async () => {
  t = await createTestApp();
  client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
  await useLoadSettings(client);
  await seedBench(client, parseSeedArgs(["--trainees", "2000", "--records", "1500"]), () => undefined);
  await settleAfterLoad(client);
}, 120_000);
afterAll(async () => {
  await client.end();
  await t.close();
});

it("leaves every page of the seeded tables visible to all, as autovacuum would: index-only scans do not read the tables", async () => {
  const tables = await t.query<{ relname: string; relpages: number; relallvisible: number }>(
    "select relname, relpages, relallvisible from pg_class where relname = any($1) and relkind = 'r' order by relname",
    [SEEDED_TABLES],
  );
  expect(tables.map((table) => table.relname)).toEqual([...SEEDED_TABLES].sort());
  expect(tables.every((table) => table.relpages > 0)).toBe(true);
  expect(tables.filter((table) => table.relallvisible < table.relpages)).toEqual([]);
});

it("stores on each record the server's quality verdict", async () => {
  const seeded = await t.query<{ id: string; flag: boolean | null }>(
    `select id, quality_blocking as flag from records where trainee_id in (${BENCH_TRAINEES}) order by id`,
  );
  expect(seeded).toHaveLength(1500);
  // Both verdicts occur, so the comparison below can tell them apart.
  expect(new Set(seeded.map((row) => row.flag))).toEqual(new Set([true, false]));
  await t.query(`update records set quality_blocking = null where trainee_id in (${BENCH_TRAINEES})`);
  expect(await refreshQualityFlags(t.app.db, uncheckedRecords())).toBe(1500);
  const server = await t.query<{ id: string; flag: boolean | null }>(
    `select id, quality_blocking as flag from records where trainee_id in (${BENCH_TRAINEES}) order by id`,
  );
  expect(server).toEqual(seeded);
});

it("stores the copies the triggers keep: a trainee's of its record's scope, a record's of its session, training and surveys, its search text", async () => {
  const [trainees] = await t.query<{ with: number; without: number; wrong: number }>(
    `select count(r.id)::int as with, count(*) filter (where r.id is null)::int as without,
       count(*) filter (where (t.record_educational_organization_id, t.record_contracting_organization_id, t.record_healthcare_social)
         is distinct from (r.educational_organization_id, r.contracting_organization_id, r.healthcare_social))::int as wrong
     from trainees t left join records r on r.trainee_id = t.id where t.email like '%@bench.test'`,
  );
  expect(trainees).toEqual({ with: 1500, without: expect.any(Number), wrong: 0 });
  expect(trainees!.without).toBeGreaterThan(0);
  const [records] = await t.query<{ wrong: number; wrongSearch: number; surveyed: number; fse: number }>(
    `select count(*) filter (where (r.educational_organization_id, r.contracting_organization_id, r.healthcare_social, r.session_start_date,
         r.session_end_date, r.training_id, r.training_fse, r.has_fse_input, r.has_fse_output, r.has_fse_after_six_month)
       is distinct from (s.educational_organization_id, s.contracting_organization_id, s.healthcare_social, s.start_date, s.end_date, t.id, t.fse,
         exists (select 1 from record_fse f where f.record_id = r.id and f.period = 'INPUT'),
         exists (select 1 from record_fse f where f.record_id = r.id and f.period = 'OUTPUT'),
         exists (select 1 from record_fse f where f.record_id = r.id and f.period = 'AFTER_SIX_MONTH')))::int as wrong,
       count(*) filter (where r.search is distinct from records_search_text(r.trainee_id, r.session_id, r.agora_id))::int as "wrongSearch",
       count(*) filter (where r.has_fse_input)::int as surveyed, count(*) filter (where r.training_fse)::int as fse
     from records r join sessions s on s.id = r.session_id join trainings t on t.id = s.training_id`,
  );
  expect(records!.wrong).toBe(0);
  expect(records!.wrongSearch).toBe(0);
  // Some records of FSE trainings have surveys, some have none yet (« sans questionnaire FSE »).
  expect(records!.surveyed).toBeGreaterThan(0);
  expect(records!.fse).toBeGreaterThan(records!.surveyed);
});
