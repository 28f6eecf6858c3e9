/**
 * `npx tsx scripts/bench/fse-export.ts [--surveys 100000]`: the FSE export's memory and time at size (issue 14). In a scratch
 * embedded PostgreSQL (a temporary directory, removed at the end): the migrations, a training with FSE, sessions, trainees and
 * records, then the surveys (multi-row inserts); then, each in a fresh app process (scripts/bench/app-process.ts) so that its
 * peak resident memory (VmHWM) is the export's own, the export downloaded over HTTP as sup-admin: a quarter of the surveys, all of
 * them as XLSX, all of them as CSV. Prints a table: rows, bytes, time, peak RSS before and after.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { connect } from "../../server/db/connection";
import { startEmbeddedPostgres } from "../../server/db/embedded-postgres";
import { runMigrations } from "../../server/db/migrate";
import { insertRows, type Table } from "./bulk-insert";
import { organizationRow, traineeRow, trainingRow, type Row } from "./generate";
import { fseSurveyRows } from "./generate-fse";
import { benchSessionOf, recordRow } from "./generate-records";
import { sessionRow } from "./generate-sessions";
import { memoryOf, startServerProcess } from "./ipc";
import { pick, seededRandom } from "./random";
import { BENCH_PASSWORD, BENCH_USERS, ensureBenchUsers } from "./users";

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

async function download(url: string, token: string) {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200 || !res.body) throw new Error(`${url} : ${res.status} ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  let firstByteMs = 0;
  const reader = res.body.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += chunk.value.byteLength;
    for (const byte of chunk.value) if (byte === 0x0a) lines += 1;
  }
  // A CSV's lines (heading included) check that every row came; an XLSX is compressed, its count is not read here.
  return { bytes, lines, ms: performance.now() - started, firstByteMs };
}

/** `heapMiB`: V8's old space capped, to tell rows kept (the export would fail) from garbage collected late (it completes). */
async function measure(databaseUrl: string, label: string, query: string, rows: number, heapMiB?: number) {
  const nodeOptions: Record<string, string> = heapMiB ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --max-old-space-size=${heapMiB}`.trim() } : {};
  const server = await startServerProcess("app-process.ts", { BENCH_DATABASE_URL: databaseUrl, ...nodeOptions });
  try {
    const base = `http://127.0.0.1:${server.port}/api`;
    const signIn = await fetch(`${base}/auth-sessions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: BENCH_USERS[0]!.email, password: BENCH_PASSWORD, longTTL: false }),
    });
    const { data } = (await signIn.json()) as { data: { token: string } };
    // Warm-up (modules, first query plan) on a tiny export, then the peak before the measured one.
    await download(`${base}/recordFse/export?startDate=2999-01-01`, data.token);
    const before = memoryOf(server.child.pid);
    const result = await download(`${base}/recordFse/export${query}`, data.token);
    const after = memoryOf(server.child.pid);
    return { label, rows, ...result, peakBeforeMiB: before?.peakRssMiB, peakAfterMiB: after?.peakRssMiB };
  } finally {
    await server.close();
  }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "fse-export-bench-"));
  const database = await startEmbeddedPostgres({ dataDir, database: "fse_bench", log: () => undefined });
  try {
    const { pool } = connect(database.url);
    await runMigrations(pool);
    await pool.end();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query("set synchronous_commit = off");
    const seedStarted = performance.now();
    const seeded = await seed(client);
    await ensureBenchUsers(client);
    const { rows: periods } = await client.query<{ n: number }>("select count(*)::int as n from record_fse where period = 'AFTER_SIX_MONTH'");
    await client.end();
    log(`Base jetable : ${seeded.records} dossiers, ${seeded.surveys} questionnaires FSE en ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
    const results = [
      await measure(database.url, "XLSX, 6 mois", "?period=AFTER_SIX_MONTH", periods[0]!.n),
      await measure(database.url, "XLSX, tout", "", seeded.surveys),
      await measure(database.url, "CSV, tout", "?format=csv", seeded.surveys),
      await measure(database.url, `XLSX, tout, tas limité à ${LIMITED_HEAP_MIB} Mio`, "", seeded.surveys, LIMITED_HEAP_MIB),
      await measure(database.url, `CSV, tout, tas limité à ${LIMITED_HEAP_MIB} Mio`, "?format=csv", seeded.surveys, LIMITED_HEAP_MIB),
    ];
    log("| export | lignes | lignes CSV reçues | taille | durée | 1er octet | pic RSS avant | pic RSS après |");
    log("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (const r of results) {
      const csvLines = r.label.startsWith("CSV") ? String(r.lines - 1) : "";
      log(`| ${r.label} | ${r.rows} | ${csvLines} | ${(r.bytes / 1_048_576).toFixed(1)} Mio | ${(r.ms / 1000).toFixed(1)} s | ${r.firstByteMs.toFixed(0)} ms | ${r.peakBeforeMiB} Mio | ${r.peakAfterMiB} Mio |`);
    }
  } finally {
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
