/**
 * `npm run bench:seed -- --scale 1` (or `--trainees 500000`): adds a large, realistic data set to the database the app uses
 * (DATABASE_URL, else the embedded one in DATA_DIR), then ANALYZE, then the bench's sign-ins. See README "Performances".
 */
import pg from "pg";
import { parseSeedArgs } from "./args";
import { openDatabase } from "./database";
import { BENCH_TRAINEES, seedBench } from "./seed-data";
import { seconds, settleAfterLoad, useLoadSettings } from "./seed-fill";
import { BENCH_PASSWORD, ensureBenchUsers } from "./users";

const log = (message: string) => console.log(message);

/** Bench rows are recognisable: SIRETs starting with 9 (identifiers.ts), e-mails at bench.test. */
const BENCH_ORGANIZATIONS = "select id from organizations where siret like '9%'";

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

async function main() {
  const options = parseSeedArgs(process.argv.slice(2));
  const started = performance.now();
  const database = await openDatabase(log);
  const client = new pg.Client({ connectionString: database.url });
  try {
    await client.connect();
    await useLoadSettings(client);
    log(`Base : ${database.description}`);
    const existing = await benchRowCount(client);
    if (existing > 0 && !options.reset) {
      log(`La base contient déjà ${existing} lignes de bench : rien n'est ajouté (--reset pour les remplacer).`);
    } else {
      if (existing > 0) await deleteBenchRows(client);
      const totals = await seedBench(client, options, log);
      const analyzeStarted = performance.now();
      await settleAfterLoad(client);
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
