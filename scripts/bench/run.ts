/**
 * `npm run bench`: the app (in a child process, logger off) and a bare node:http + pg baseline serving the same SQL, loaded
 * alike for every list case as each bench role; prints the table, the servers' peak RSS and the JavaScript /login transfers,
 * and writes everything to bench-results/latest.json. Run `npm run bench:seed` first. See README "Performances".
 */
import { execSync } from "node:child_process";
import http from "node:http";
import os from "node:os";
import pg from "pg";
import { parseBenchArgs } from "./args";
import { weighLoginBundle } from "./bundle";
import { LIST_ENDPOINTS, PAGE_SIZE, pageBeforeDeepPath, VARIANTS, variantPath } from "./cases";
import { openDatabase } from "./database";
import { memoryOf, startServerProcess, type ServerProcess } from "./ipc";
import { get, runLoads } from "./load";
import { ensureFloodUser, FLOOD_USER, runSheetFlood } from "./sheet-flood";
import { ensureStaff, runStaffDay, STEPS } from "./staff-day";
import { organizationOf, prepareWriteCases, READ_PATHS, runWriteCase, type WriteResult } from "./writes";
import { formatTable, writeJson, type CaseResult } from "./report";
import { signIn } from "./sign-in";
import { STORM_CASE, userStormCase } from "./user-storm";
import { BENCH_USERS } from "./users";

const log = (message: string) => console.log(message);

type ListAnswer = { data: unknown[]; metadata?: { pagination: { totalCount: number; totalCountCapped?: true; nextCursor?: string } } };

/** A server process's CPU time so far, user and system, in µs. */
async function cpuTime(server: ServerProcess): Promise<number> {
  const { user, system } = (await server.request({ type: "cpu" })) as { user: number; system: number };
  return user + system;
}

const perRequest = (microseconds: number, requests: number) => Math.round(microseconds / Math.max(1, requests)) / 1000;

async function datasetSize(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<Record<string, string>>(
    `select (select count(*) from organizations) as organizations, (select count(*) from employees) as employees,
            (select count(*) from trainings) as trainings, (select count(*) from trainees) as trainees,
            (select count(*) from sessions) as sessions, (select count(*) from records) as records, version() as postgres`,
  );
  await client.end();
  return rows[0]!;
}

const gitCommit = () => {
  try {
    const commit = execSync("git rev-parse --short HEAD", { encoding: "utf8" }).trim();
    const dirty = execSync("git status --porcelain -- server resources", { encoding: "utf8" }).trim() !== "";
    return dirty ? `${commit} (+ changements non commités dans server/ ou resources/)` : commit;
  } catch {
    return "inconnu";
  }
};

const FLOOD_CASE = "feuilles d'émargement en rafale";

/** One gest-of keeps 40 sheet requests in flight while gest-cdc lists records (scripts/bench/sheet-flood.ts). */
async function floodCase(app: ServerProcess, url: string, options: { duration: number; concurrency: number }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { sheetPaths, organization } = await ensureFloodUser(client).finally(() => client.end());
  const other = BENCH_USERS.find((user) => user.roleId === "rol_gest-cdc")!;
  const tokens = { flooder: await signIn(app.port, FLOOD_USER), other: await signIn(app.port, other.email) };
  log(`\n${FLOOD_CASE} : ${FLOOD_USER} (${organization}, ${sheetPaths.length} feuilles possibles) pendant que ${other.email} liste les dossiers`);
  const result = await runSheetFlood(app.port, tokens, sheetPaths, { seconds: Math.max(5, options.duration * 2), concurrency: Math.min(4, options.concurrency) });
  const statuses = (counts: Record<string, number>) => Object.entries(counts).map(([status, n]) => `${n} × ${status}`).join(", ");
  log(`  feuilles : ${result.sheets.requests} réponses (${statuses(result.sheets.statuses)}), p50 ${result.sheets.p50} ms, p95 ${result.sheets.p95} ms`);
  log(`  liste seule : ${statuses(result.listAlone.statuses)}, p50 ${result.listAlone.p50} ms, p95 ${result.listAlone.p95} ms`);
  log(`  liste pendant la rafale : ${statuses(result.listDuringFlood.statuses)}, p50 ${result.listDuringFlood.p50} ms, p95 ${result.listDuringFlood.p95} ms`);
  return result;
}

const WRITES_CASE = "écritures";
const STAFF_CASE = "journée du personnel";
const wanted = (options: { only?: string }, name: string) => !options.only || name.includes(options.only);

/** Each write as resp-of, 8 clients, while gest-cdc's 8 clients read lists (scripts/bench/writes.ts). */
async function writeCases(app: ServerProcess, url: string, options: { duration: number; concurrency: number; only?: string }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const [writerUser, readerUser] = [BENCH_USERS.find((u) => u.roleId === "rol_resp-of")!, BENCH_USERS.find((u) => u.roleId === "rol_gest-cdc")!];
    const writer = { authorization: `Bearer ${await signIn(app.port, writerUser.email)}` };
    const reader = { authorization: `Bearer ${await signIn(app.port, readerUser.email)}` };
    const rowsNeeded = Math.ceil((options.duration + 1) * 400);
    const cases = await prepareWriteCases(client, app.port, writer, await organizationOf(client, writerUser.email), rowsNeeded);
    log(`\n${WRITES_CASE} : ${writerUser.email} écrit (${options.concurrency} clients) pendant que ${readerUser.email} lit des listes (${options.concurrency} clients)`);
    const results: WriteResult[] = [];
    for (const writeCase of cases) {
      if (!wanted(options, `${WRITES_CASE} ${writeCase.name}`)) continue;
      const cpuBefore = await cpuTime(app);
      const result = { name: writeCase.name, ...(await runWriteCase(app.port, writer, reader, READ_PATHS, writeCase, { seconds: options.duration, concurrency: options.concurrency })) };
      result.cpuMsPerWrite = perRequest((await cpuTime(app)) - cpuBefore, result.writes.requests + result.reads.requests);
      results.push(result);
      const { writes: w, reads: r } = result;
      const failed = Object.entries(w.statuses).map(([status, n]) => `${n} × ${status}`).join(", ");
      log(`  ${writeCase.name.padEnd(24)} ${w.requestsPerSecond} écritures/s p50 ${w.p50} p95 ${w.p95} p99 ${w.p99} ms, ${w.errors} erreurs${failed ? ` (${failed})` : ""} | lectures ${r.requestsPerSecond}/s p95 ${r.p95} ms, ${r.errors} erreurs`);
    }
    return results;
  } finally {
    await client.end();
  }
}

/** The staff-day scenario (scripts/bench/staff-day.ts). */
async function staffCase(app: ServerProcess, url: string, options: { staff: number; staffMinutes: number }) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const staff = await ensureStaff(client, options.staff);
    log(`\n${STAFF_CASE} : ${staff.length} agents pendant ${options.staffMinutes} min, 1 à 3 s de réflexion entre deux étapes`);
    const result = await runStaffDay(client, app.port, app.child.pid!, staff, options.staffMinutes);
    log(`  rôles : ${Object.entries(result.roles).map(([role, n]) => `${n} ${role}`).join(", ")}`);
    for (const step of STEPS) {
      const s = result.steps[step];
      log(`  ${step.padEnd(26)} ${String(s.requests).padStart(6)} requêtes  p50 ${s.p50}  p95 ${s.p95}  p99 ${s.p99} ms  ${s.errors} erreurs ${JSON.stringify(s.statuses)}`);
    }
    log(`  app : RSS max ${result.app.peakRssMiB} Mio, CPU max ${result.app.peakCpuPercent} % (moyenne ${result.app.meanCpuPercent} %) ; base : ${result.database.peakConnections} connexions au plus, ${result.database.peakActive} actives`);
    return result;
  } finally {
    await client.end();
  }
}

async function main() {
  const options = parseBenchArgs(process.argv.slice(2));
  const startedAt = new Date();
  const commit = gitCommit();
  const database = await openDatabase(log);
  const env = { BENCH_DATABASE_URL: database.url };
  const [app, baseline] = await Promise.all([startServerProcess("app-process.ts", env), startServerProcess("baseline-process.ts", env)]);
  const results: CaseResult[] = [];
  try {
    const dataset = await datasetSize(database.url);
    log(`Base : ${database.description} — ${dataset.records} dossiers, ${dataset.trainees} stagiaires, ${dataset.sessions} sessions, ${dataset.trainings} formations, ${dataset.employees} employés, ${dataset.organizations} organismes`);
    log(`Charge : ${options.concurrency} clients, ${options.duration} s par cas et par serveur, pages de ${PAGE_SIZE}\n`);
    const probe = new http.Agent({ keepAlive: true });
    let routeKey = 0;
    for (const user of BENCH_USERS) {
      const headers = { authorization: `Bearer ${await signIn(app.port, user.email)}` };
      for (const endpoint of LIST_ENDPOINTS) {
        const first = await get(probe, { port: app.port, path: variantPath(endpoint, "page 1")!, headers });
        // A single answer (endpoint.single) has no pagination.
        const pagination = first.status === 200 ? (JSON.parse(first.body) as ListAnswer).metadata?.pagination : undefined;
        const total = pagination?.totalCount;
        const capped = pagination?.totalCountCapped === true;
        const before = total === undefined ? undefined : pageBeforeDeepPath(endpoint, total, capped);
        const beforeAnswer = before === undefined ? undefined : await get(probe, { port: app.port, path: before, headers });
        const cursor = beforeAnswer?.status === 200 ? (JSON.parse(beforeAnswer.body) as ListAnswer).metadata?.pagination.nextCursor : undefined;
        for (const variant of VARIANTS) {
          const path = variantPath(endpoint, variant, total, cursor, capped);
          if (!path) continue;
          if (options.only && !`${user.label} ${endpoint.name} ${variant}`.includes(options.only)) continue;
          const result: CaseResult = { role: user.label, endpoint: endpoint.name, variant, path, totalCount: total, totalCountCapped: pagination?.totalCountCapped };
          results.push(result);
          if (first.status !== 200) {
            result.skipped = first.status === 403 ? "interdit (403)" : `erreur ${first.status}`;
            continue;
          }
          await app.request({ type: "capture-start" });
          const sample = await get(probe, { port: app.port, path, headers });
          const { phases } = (await app.request({ type: "capture-stop" })) as { phases: unknown[][] };
          if (sample.status !== 200) {
            result.skipped = `erreur ${sample.status}`;
            continue;
          }
          // A search's own total (the deep page's is the list's).
          const answer = JSON.parse(sample.body) as ListAnswer;
          if (answer.metadata) ({ totalCount: result.totalCount, totalCountCapped: result.totalCountCapped } = answer.metadata.pagination);
          result.rows = Array.isArray(answer.data) ? answer.data.length : 1;
          if (result.rows === 0 && (result.totalCount ?? 0) > 0) log(`${user.label} ${endpoint.name} ${variant} : page vide (${path})`);
          const key = `case-${routeKey++}`;
          await baseline.request({ type: "route", key, phases });
          result.statements = phases.flat().length;
          const cpuBefore = await Promise.all([cpuTime(app), cpuTime(baseline)]);
          [result.app, result.baseline] = await runLoads([{ port: app.port, path, headers }, { port: baseline.port, path: `/${key}` }], {
            seconds: options.duration,
            concurrency: options.concurrency,
          });
          const cpuAfter = await Promise.all([cpuTime(app), cpuTime(baseline)]);
          result.ratio = Math.round((result.app.requestsPerSecond / result.baseline.requestsPerSecond) * 100) / 100;
          result.cpuMsPerRequest = {
            app: perRequest(cpuAfter[0] - cpuBefore[0], result.app.answered),
            baseline: perRequest(cpuAfter[1] - cpuBefore[1], result.baseline.answered),
          };
          log(`${user.label.padEnd(9)} ${endpoint.name.padEnd(14)} ${variant.padEnd(14)} app ${result.app.requestsPerSecond} req/s p95 ${result.app.p95} ms | base ${result.baseline.requestsPerSecond} req/s | ×${result.ratio} | CPU ${result.cpuMsPerRequest.app}/${result.cpuMsPerRequest.baseline} ms`);
        }
      }
    }
    probe.destroy();
    const writes = wanted(options, WRITES_CASE) || options.only?.startsWith(WRITES_CASE) ? await writeCases(app, database.url, options) : undefined;
    const staffDay = wanted(options, STAFF_CASE) ? await staffCase(app, database.url, options) : undefined;
    const sheetFlood = !options.only || FLOOD_CASE.includes(options.only) ? await floodCase(app, database.url, options) : undefined;
    const userStorm = !options.only || STORM_CASE.includes(options.only) ? await userStormCase(database.url, options.duration, log) : undefined;
    const memory = { app: memoryOf(app.child.pid), baseline: memoryOf(baseline.child.pid), benchProcessPeakRssMiB: Math.round(process.resourceUsage().maxRSS / 102.4) / 10 };
    let bundle: ReturnType<typeof weighLoginBundle> | { error: string };
    try {
      bundle = weighLoginBundle(options.dist, log);
    } catch (error) {
      bundle = { error: error instanceof Error ? error.message : String(error) };
    }
    log(`\n${formatTable(results)}\n`);
    log(`RSS max du serveur de l'app : ${memory.app?.peakRssMiB ?? "?"} Mio (base : ${memory.baseline?.peakRssMiB ?? "?"} Mio)`);
    log("error" in bundle
      ? `JavaScript de /login non mesuré : ${bundle.error}`
      : `JavaScript de /login : ${(bundle.login.gzipBytes / 1000).toFixed(1)} kB gzip en ${bundle.login.files.length} fichiers (tout le build : ${(bundle.allJs.gzipBytes / 1000).toFixed(1)} kB en ${bundle.allJs.files} fichiers)`);
    const file = writeJson(options.output, {
      startedAt: startedAt.toISOString(),
      commit,
      machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, loadAverage: os.loadavg(), node: process.version },
      database: database.description,
      dataset,
      options,
      pageSize: PAGE_SIZE,
      memory,
      bundle,
      results,
      sheetFlood,
      userStorm,
      writes,
      staffDay,
    });
    log(`Résultats : ${file}`);
  } finally {
    await Promise.all([app.close(), baseline.close()]);
    await database.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
