/**
 * `npx tsx scripts/bench/fse-export.ts [--surveys 100000]`: the FSE export's memory and time at size (issue 14). In a scratch
 * embedded PostgreSQL (a temporary directory, removed at the end): the migrations, a training with FSE, sessions, trainees and
 * records, then the surveys (multi-row inserts); then, each in a fresh app process (scripts/bench/app-process.ts) so that its
 * peak resident memory (VmHWM) is the export's own, the export downloaded over HTTP as sup-admin: a quarter of the surveys, all of
 * them as XLSX, all of them as CSV (scripts/bench/export-download.ts). Prints a table: rows, bytes, time, peak RSS before and after.
 */
import type pg from "pg";
import { insertRows, type Table } from "./bulk-insert";
import { organizationRow, traineeRow, trainingRow, type Row } from "./generate";
import { fseSurveyRows } from "./generate-fse";
import { benchSessionOf, recordRow } from "./generate-records";
import { sessionRow } from "./generate-sessions";
import { measure, printTable, withScratchDatabase } from "./export-download";
import { pick, seededRandom } from "./random";
import { ensureBenchUsers } from "./users";

const log = (message: string) => console.log(message);
const argSurveys = process.argv.indexOf("--surveys");
const SURVEYS = argSurveys > 0 ? Number(process.argv[argSurveys + 1]) : 100_000;
const BATCH = 5_000;
/** Well under what 100,000 surveys take as objects: an export that kept its rows would run out of memory. */
const LIMITED_HEAP_MIB = 80;

async function insertAll(client: pg.ClientBase, table: Table, rows: Row[]) {
  let stored = 0;
  for (let from = 0; from < rows.length; from += BATCH) stored += await insertRows(client, table, rows.slice(from, from + BATCH));
  return stored;
}

/** 1, 2 or 3 surveys per record in turn, until `SURVEYS`: about 50,000 records for 100,000 surveys. */
async function seed(client: pg.ClientBase) {
  const random = seededRandom(14);
  const now = Date.now();
  const organizations = [0, 1, 2, 3].map((i) => organizationRow(i, 4, random, now));
  await insertAll(client, "organizations", organizations);
  const orgs = { training: [organizations[0]!.id as string, organizations[1]!.id as string], contracting: [organizations[2]!.id as string, organizations[3]!.id as string] };
  const trainings: Row[] = Array.from({ length: 20 }, (_, i): Row => ({ ...trainingRow(i, random, now, orgs).row, fse: true }));
  await insertAll(client, "trainings", trainings);
  const sessions = Array.from({ length: 400 }, () => sessionRow(random, now, trainings.map((t) => t.id as string)));
  await insertAll(client, "sessions", sessions);
  const recordsNeeded = Math.ceil(SURVEYS / 2) + 1_000;
  await insertAll(client, "trainees", Array.from({ length: recordsNeeded }, (_, i) => traineeRow(i, random, now)));
  const { rows: trainees } = await client.query<{ id: string }>("select id from trainees");
  const benchSessions = sessions.map(benchSessionOf);
  const records = trainees.map((t, i) => recordRow(i, random, now, t.id, pick(random, benchSessions)));
  await insertAll(client, "records", records);
  const surveys: Row[] = [];
  for (let i = 0; i < records.length && surveys.length < SURVEYS; i++) {
    const periods = Math.min(1 + (i % 3), SURVEYS - surveys.length);
    surveys.push(...fseSurveyRows(random, records[i]!.id as string, Date.parse(records[i]!.updated_at as string), periods, now));
  }
  const stored = await insertAll(client, "record_fse", surveys);
  await client.query("vacuum (analyze) trainees, records, sessions, trainings, record_fse");
  return { records: records.length, surveys: stored };
}

async function main() {
  await withScratchDatabase("fse-bench", async (url, client) => {
    const seedStarted = performance.now();
    const seeded = await seed(client);
    await ensureBenchUsers(client);
    const { rows: periods } = await client.query<{ n: number }>("select count(*)::int as n from record_fse where period = 'AFTER_SIX_MONTH'");
    await client.end();
    log(`Base jetable : ${seeded.records} dossiers, ${seeded.surveys} questionnaires FSE en ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
    const surveys = (label: string, query: string, rows: number, heapMiB?: number) =>
      measure(url, { label, rows, path: `/recordFse/export${query}`, warmUpPath: "/recordFse/export?startDate=2999-01-01", ...(heapMiB ? { heapMiB } : {}) });
    printTable([
      await surveys("XLSX, 6 mois", "?period=AFTER_SIX_MONTH", periods[0]!.n),
      await surveys("XLSX, tout", "", seeded.surveys),
      await surveys("CSV, tout", "?format=csv", seeded.surveys),
      await surveys(`XLSX, tout, tas limité à ${LIMITED_HEAP_MIB} Mio`, "", seeded.surveys, LIMITED_HEAP_MIB),
      await surveys(`CSV, tout, tas limité à ${LIMITED_HEAP_MIB} Mio`, "?format=csv", seeded.surveys, LIMITED_HEAP_MIB),
    ]);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
