/**
 * One user's request storm (issue 38 « Un utilisateur ne ralentit pas les autres »), on an app with the per-user limit on
 * (USER_RATE_LIMIT's default, 20/s with bursts of 60): a gest-of runs 40 loops without pause on the records list while another
 * user (gest-cdc) lists records at 10 requests a second, half their own limit, so that only the storm meets the limit. The storm
 * must get 429s and the other user's p95 stay within 2× of its p95 alone: measured and printed, not asserted (the machine's
 * load decides the figures).
 */
import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { startServerProcess } from "./ipc";
import { get, type LoadTarget } from "./load";
import { ensureFloodUser, FLOOD_USER } from "./sheet-flood";
import { signIn } from "./sign-in";
import { summarize, type LatencySummary } from "./stats";
import { BENCH_USERS } from "./users";

const LIST_PATH = "/api/records?offset=0&limit=50";
/** The other user's pace: one request every 100 ms. */
const PACE_MS = 100;

export interface StormResult {
  storm: { requests: number; statuses: Record<string, number> };
  listAlone: LatencySummary & { statuses: Record<string, number> };
  listDuringStorm: LatencySummary & { statuses: Record<string, number> };
  /** listDuringStorm.p95 / listAlone.p95: at most 2 is what issue 38 asks. */
  p95Ratio: number;
}

async function runUserStorm(port: number, tokens: { stormer: string; other: string }, seconds: number): Promise<StormResult> {
  const list: LoadTarget = { port, path: LIST_PATH, headers: { authorization: `Bearer ${tokens.other}` } };
  const measureList = async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const latencies: number[] = [];
    const statuses: Record<string, number> = {};
    const end = performance.now() + seconds * 1000;
    while (performance.now() < end) {
      const sent = performance.now();
      const { status } = await get(agent, list).catch(() => ({ status: 0 }));
      const took = performance.now() - sent;
      latencies.push(took);
      statuses[status] = (statuses[status] ?? 0) + 1;
      await sleep(Math.max(0, PACE_MS - took));
    }
    agent.destroy();
    const errors = latencies.length - (statuses[200] ?? 0);
    return { ...summarize(latencies, errors, seconds), statuses };
  };

  const listAlone = await measureList();

  const stormer = await startServerProcess("user-storm-process.ts", {});
  await stormer.request({ type: "start", port, path: LIST_PATH, token: tokens.stormer });
  const listDuringStorm = await measureList();
  const { statuses } = (await stormer.request({ type: "stop" })) as unknown as { statuses: Record<string, number> };
  await stormer.close();
  const requests = Object.values(statuses).reduce((sum, n) => sum + n, 0);
  const p95Ratio = Math.round((listDuringStorm.p95 / Math.max(1, listAlone.p95)) * 100) / 100;
  return { storm: { requests, statuses }, listAlone, listDuringStorm, p95Ratio };
}

export const STORM_CASE = "rafale d'un utilisateur";

const statusList = (counts: Record<string, number>) => Object.entries(counts).map(([status, n]) => `${n} × ${status}`).join(", ");

/** The case, on an app process of its own with the limit on (the bench's main app runs without it); the flood case's gest-of storms. */
export async function userStormCase(url: string, duration: number, log: (message: string) => void): Promise<StormResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await ensureFloodUser(client).finally(() => client.end());
  const app = await startServerProcess("app-process.ts", { BENCH_DATABASE_URL: url, BENCH_USER_RATE_LIMIT: "20/60" });
  try {
    const other = BENCH_USERS.find((user) => user.roleId === "rol_gest-cdc")!;
    const tokens = { stormer: await signIn(app.port, FLOOD_USER), other: await signIn(app.port, other.email) };
    log(`\n${STORM_CASE} : ${FLOOD_USER}, 40 boucles sans pause sur la liste des dossiers (limite 20/s, rafale 60), pendant que ${other.email} la liste 10 fois par seconde`);
    const result = await runUserStorm(app.port, tokens, Math.max(5, duration * 2));
    log(`  rafale : ${result.storm.requests} réponses (${statusList(result.storm.statuses)})`);
    log(`  liste seule : ${statusList(result.listAlone.statuses)}, p50 ${result.listAlone.p50} ms, p95 ${result.listAlone.p95} ms`);
    log(`  liste pendant la rafale : ${statusList(result.listDuringStorm.statuses)}, p50 ${result.listDuringStorm.p50} ms, p95 ${result.listDuringStorm.p95} ms`);
    log(`  p95 pendant / seule : ×${result.p95Ratio} (attendu : au plus ×2)`);
    return result;
  } finally {
    await app.close();
  }
}
