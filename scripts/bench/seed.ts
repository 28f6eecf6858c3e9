/**
 * `npm run bench:seed -- --scale 1` (or `--trainees 500000`): adds a large, realistic data set to the database the app uses
 * (DATABASE_URL, else the embedded one in DATA_DIR), then ANALYZE, then the bench's sign-ins. See README "Performances".
 */
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { RecordStatus } from "../../resources/common/record-statuses";
import * as schema from "../../server/db/schema/index";
import { refreshQualityFlags, uncheckedRecords } from "../../server/quality/record-flags";
import { parseSeedArgs, type SeedOptions } from "./args";
import { insertRows, type Table } from "./bulk-insert";
import { openDatabase } from "./database";
import { employeeRow, organizationRow, trainingOrganizationCount, traineeRow, trainingRow, type Row } from "./generate";
import { fsePeriodCount, fseSurveyRows } from "./generate-fse";
import { benchSessionOf, recordCount, recordRow, type BenchSession } from "./generate-records";
import { sessionCount, sessionRow } from "./generate-sessions";
import { pick, seededRandom } from "./random";
import { BENCH_PASSWORD, ensureBenchUsers } from "./users";

const BATCH = 5_000;
const log = (message: string) => console.log(message);
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** Bench rows are recognisable: SIRETs starting with 9 (identifiers.ts), e-mails at bench.test. */
const BENCH_ORGANIZATIONS = "select id from organizations where siret like '9%'";
const BENCH_TRAINEES = "select id from trainees where email like '%@bench.test'";

async function benchRowCount(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `select (select count(*) from organizations where siret like '9%') + (select count(*) from trainees where email like '%@bench.test') as n`,
  );
  return Number(rows[0]!.n);
}

async function deleteBenchRows(client: pg.Client) {
  const started = performance.now();
  await client.query("begin");
  const benchTrainings = `select id from trainings where educational_organization_id in (${BENCH_ORGANIZATIONS}) or contracting_organization_id in (${BENCH_ORGANIZATIONS})`;
  // Records first: they keep their trainee and session from being deleted; then sessions, which keep their training.
  const benchSessions = `select id from sessions where training_id in (${benchTrainings})`;
  // Their FSE surveys go with the records (on delete cascade).
  await client.query(`delete from records where trainee_id in (${BENCH_TRAINEES}) or session_id in (${benchSessions})`);
  await client.query(`delete from sessions where training_id in (${benchTrainings})`);
  await client.query(`delete from trainings where id in (${benchTrainings})`);
  await client.query(`delete from employee_organizations where organization_id in (${BENCH_ORGANIZATIONS})`);
  await client.query("delete from employees where email like '%@bench.test'");
  await client.query(`delete from organizations where id in (${BENCH_ORGANIZATIONS})`);
  await client.query(`delete from trainees where id in (${BENCH_TRAINEES})`);
  await client.query("commit");
  log(`Données de bench précédentes supprimées (${seconds(started)}).`);
}

/**
 * The table's secondary indexes (not those of a primary key or unique constraint, which must check every row): building them once
 * after the load is several times faster than updating a trigram index row by row. Read from the catalogue, so whatever
 * indexes the migrations define are the ones rebuilt.
 */
async function secondaryIndexes(client: pg.Client, tables: string[]) {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
     from pg_index i where i.indrelid = any($1::regclass[])
     and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [tables],
  );
  return rows;
}

/** A statement, or work on the loading connection, run after the load and before the indexes are rebuilt. */
type AfterLoad = string | ((client: pg.Client) => Promise<void>);

/**
 * Generates `count` rows batch by batch and inserts them, generating the next batch while PostgreSQL stores the previous one.
 * `toRows` may answer rows for several tables (a training and its funders).
 */
async function fill(
  client: pg.Client,
  label: string,
  tables: Table[],
  count: number,
  toRows: (i: number) => Partial<Record<Table, Row[]>>,
  /** Steps run in the load's transaction: before the load (after the indexes are dropped), and after it (before they are rebuilt). */
  around: { before: string[]; after: AfterLoad[] } = { before: [], after: [] },
): Promise<Record<string, number>> {
  const started = performance.now();
  const stored: Record<string, number> = {};
  // One transaction: an interrupted seed leaves neither half the rows nor dropped indexes behind.
  await client.query("begin");
  const indexes = await secondaryIndexes(client, tables);
  for (const index of indexes) await client.query(`drop index ${index.name}`);
  for (const statement of around.before) await client.query(statement);
  let pending: Promise<void> = Promise.resolve();
  for (let from = 0; from < count; from += BATCH) {
    const batch: Partial<Record<Table, Row[]>> = {};
    for (let i = from; i < Math.min(count, from + BATCH); i++) {
      for (const [table, rows] of Object.entries(toRows(i)) as [Table, Row[]][]) (batch[table] ??= []).push(...rows);
    }
    await pending;
    pending = (async () => {
      for (const [table, rows] of Object.entries(batch) as [Table, Row[]][]) stored[table] = (stored[table] ?? 0) + (await insertRows(client, table, rows));
    })();
    if (from > 0 && (from / BATCH) % 20 === 0) log(`  ${label} : ${from} / ${count} (${seconds(started)})`);
  }
  await pending;
  for (const step of around.after) await (typeof step === "string" ? client.query(step) : step(client));
  const indexesStarted = performance.now();
  for (const index of indexes) await client.query(index.definition);
  await client.query("commit");
  if (indexes.length > 0) log(`  ${label} : ${indexes.length} index reconstruits en ${seconds(indexesStarted)}`);
  log(`${label} : ${Object.entries(stored).map(([t, n]) => `${n} ${t}`).join(", ") || "0"} en ${seconds(started)}`);
  return stored;
}

async function seed(client: pg.Client, options: SeedOptions) {
  const now = Date.now();
  const random = seededRandom(20_260_011);
  const totals: Record<string, number> = {};
  const add = (made: Record<string, number>) => Object.entries(made).forEach(([t, n]) => (totals[t] = (totals[t] ?? 0) + n));

  const orgIds: string[] = [];
  add(await fill(client, "Organismes", ["organizations"], options.organizations, (i) => {
    const row = organizationRow(i, options.organizations, random, now);
    orgIds.push(row.id as string);
    return { organizations: [row] };
  }));
  const split = trainingOrganizationCount(options.organizations);
  const orgs = { training: orgIds.slice(0, split), contracting: orgIds.slice(split) };
  if (orgs.contracting.length === 0) orgs.contracting = orgs.training;

  add(await fill(client, "Employés", ["employees", "employee_organizations"], options.employees, (i) => {
    const { row, organizationIds } = employeeRow(i, random, now, orgs);
    return { employees: [row], employee_organizations: organizationIds.map((id) => ({ employee_id: row.id, organization_id: id })) };
  }));
  const trainingIds: string[] = [];
  const benchSessions: BenchSession[] = [];
  add(await fill(client, "Formations", ["trainings", "training_funders"], options.trainings, (i) => {
    const { row, funders } = trainingRow(i, random, now, orgs);
    trainingIds.push(row.id as string);
    return { trainings: [row], training_funders: funders };
  }));
  if (trainingIds.length > 0) {
    add(await fill(client, "Sessions", ["sessions"], sessionCount(options.trainees), () => {
      const row = sessionRow(random, now, trainingIds);
      benchSessions.push(benchSessionOf(row));
      return { sessions: [row] };
    }));
  }
  add(await fill(client, "Stagiaires", ["trainees"], options.trainees, (i) => ({ trainees: [traineeRow(i, random, now)] })));
  if (options.records > 0 && benchSessions.length > 0) add(await fillRecords(client, options.records, benchSessions, random, now));
  add(await fillFse(client, random, now));
  return totals;
}

/** FSE surveys on the bench records of FSE trainings that have none yet, as many periods as their status allows (generate-fse.ts). */
async function fillFse(client: pg.Client, random: () => number, now: number) {
  const { rows } = await client.query<{ id: string; status: RecordStatus; updated_at: Date }>(
    `select r.id, r.status, r.updated_at from records r join sessions s on s.id = r.session_id join trainings t on t.id = s.training_id
     where t.fse and r.trainee_id in (${BENCH_TRAINEES}) and not exists (select 1 from record_fse f where f.record_id = r.id) order by r.id`,
  );
  return fill(client, "Questionnaires FSE", ["record_fse"], rows.length, (i) => {
    const record = rows[i]!;
    return { record_fse: fseSurveyRows(random, record.id, record.updated_at.getTime(), fsePeriodCount(random, record.status), now) };
  });
}

/**
 * Around the records' load. The records' trigger would write each record's trainee, row by row: it is off during the load, and
 * one update writes the same copies afterwards (as migration 0011 does), while the trainees' secondary indexes are dropped; the
 * trainees' own trigger, which would recompute them record by record, is off for it too. Then the records' quality checks.
 */
const AROUND_RECORDS_LOAD = {
  before: ["alter table records disable trigger records_trainee_scope", "alter table trainees disable trigger trainees_fill_record_scope"],
  after: [
    `update trainees t set record_educational_organization_id = r.educational_organization_id,
       record_contracting_organization_id = r.contracting_organization_id, record_healthcare_social = r.healthcare_social
     from records r where r.trainee_id = t.id and t.record_educational_organization_id is null`,
    "alter table records enable trigger records_trainee_scope",
    "alter table trainees enable trigger trainees_fill_record_scope",
    checkRecordQuality,
  ],
};

/**
 * The data-quality checks of the records just loaded (records.quality_blocking), as the server would run them at its next
 * start, while the records' secondary indexes are still dropped: each flag written is then a heap write only. With the 13
 * indexes in place, every flag added an entry to each of them (147 s at 450,000 records, more than the rest of their load).
 */
async function checkRecordQuality(client: pg.Client): Promise<void> {
  const started = performance.now();
  // Statistics first: without them the checks' batches by id are planned as sorts of the whole fresh table.
  await client.query("analyze records");
  const checked = await refreshQualityFlags(drizzle(client, { schema }), uncheckedRecords());
  log(`  Contrôles avant envoi à AGORA : ${checked} dossiers vérifiés en ${seconds(started)}`);
}

/** Records on the bench trainees stored (a generated NIR that clashed was skipped), one each at most, on the bench sessions. */
async function fillRecords(client: pg.Client, asked: number, sessions: BenchSession[], random: () => number, now: number) {
  const { rows } = await client.query<{ id: string }>(
    `select t.id from trainees t where t.email like '%@bench.test' and not exists (select 1 from records r where r.trainee_id = t.id)`,
  );
  const count = recordCount(asked, rows.length);
  if (count < asked) log(`--records ${asked} : un dossier par stagiaire au plus, en laissant des stagiaires sans dossier : ${count} dossiers.`);
  return fill(client, "Dossiers", ["records", "trainees"], count, (i) => ({ records: [recordRow(i, random, now, rows[i]!.id, pick(random, sessions))] }), AROUND_RECORDS_LOAD);
}

async function main() {
  const options = parseSeedArgs(process.argv.slice(2));
  const started = performance.now();
  const database = await openDatabase(log);
  const client = new pg.Client({ connectionString: database.url });
  try {
    await client.connect();
    // Index builds after the load sort in memory; losing the last commits on a crash is harmless for generated data.
    await client.query("set maintenance_work_mem = '256MB'");
    await client.query("set synchronous_commit = off");
    log(`Base : ${database.description}`);
    const existing = await benchRowCount(client);
    if (existing > 0 && !options.reset) {
      log(`La base contient déjà ${existing} lignes de bench : rien n'est ajouté (--reset pour les remplacer).`);
    } else {
      if (existing > 0) await deleteBenchRows(client);
      const totals = await seed(client, options);
      const analyzeStarted = performance.now();
      // Statistics for the planner, and the visibility map autovacuum would set later (index-only scans, cheap counts).
      await client.query("vacuum (analyze) organizations, employees, employee_organizations, trainings, training_funders, sessions, trainees, records, record_fse");
      log(`VACUUM ANALYZE en ${seconds(analyzeStarted)}`);
      log(`Ajouté : ${Object.entries(totals).map(([t, n]) => `${t} ${n}`).join(", ")}`);
    }
    const users = await ensureBenchUsers(client);
    const { rows: counts } = await client.query<Record<string, string>>(
      `select (select count(*) from organizations) as organizations, (select count(*) from employees) as employees,
              (select count(*) from trainings) as trainings, (select count(*) from sessions) as sessions, (select count(*) from trainees) as trainees,
              (select count(*) from records) as records, (select count(*) from record_fse) as record_fse`,
    );
    log(`Total en base : ${Object.entries(counts[0]!).map(([t, n]) => `${t} ${n}`).join(", ")}`);
    log(`Comptes de bench (mot de passe ${BENCH_PASSWORD}) :`);
    for (const user of users) log(`  ${user.email.padEnd(28)} ${user.roleId.padEnd(15)} ${user.organization}`);
    log(`Terminé en ${seconds(started)}.`);
  } finally {
    await client.end();
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
