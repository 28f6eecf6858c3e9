/**
 * A small closed-loop load generator: `concurrency` clients on keep-alive connections, each sending its next request as soon
 * as the last is answered. The app and its baseline are loaded in alternating one-second slices (A B B A …), so that a shared
 * machine's changing load weighs on both alike and their ratio stays meaningful.
 */
import http from "node:http";
import { summarize, type LatencySummary } from "./stats";

export interface LoadTarget {
  port: number;
  path: string;
  headers?: Record<string, string>;
}

export interface LoadResult extends LatencySummary {
  /** Status codes other than 200, with their counts. */
  statuses: Record<string, number>;
  /** Requests answered, the warm-up's included (what the server's CPU time is divided by). */
  answered: number;
}

/** One request (a GET without `method`), its body sent as JSON; answers the status code and the body. */
export function send(agent: http.Agent, target: LoadTarget & { method?: string; body?: unknown }): Promise<{ status: number; body: string }> {
  const payload = target.body === undefined ? undefined : JSON.stringify(target.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: "127.0.0.1",
        port: target.port,
        path: target.path,
        method: target.method ?? "GET",
        headers: { "accept-encoding": "identity", ...(payload === undefined ? {} : { "content-type": "application/json" }), ...target.headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

export const get = (agent: http.Agent, target: LoadTarget) => send(agent, target);

interface Tally {
  answered: number;
  latencies: number[];
  statuses: Record<string, number>;
  errors: number;
  seconds: number;
}

/** Loads `target` for `ms` milliseconds, adding to `tally` (to its `answered` only during the warm-up). */
async function slice(agent: http.Agent, target: LoadTarget, ms: number, concurrency: number, tally: Tally, warmUp = false) {
  const started = performance.now();
  const until = started + ms;
  const client = async () => {
    while (performance.now() < until) {
      const sent = performance.now();
      try {
        const { status } = await get(agent, target);
        tally.answered++;
        if (warmUp) continue;
        tally.latencies.push(performance.now() - sent);
        if (status !== 200) {
          tally.errors++;
          tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
        }
      } catch {
        if (!warmUp) tally.errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  if (!warmUp) tally.seconds += (performance.now() - started) / 1000;
}

/** Order of the targets in each round: A B, B A, A B… (drift over the run falls on both alike). */
export const roundOrder = (round: number, count: number) => {
  const order = Array.from({ length: count }, (_, k) => k);
  return round % 2 === 0 ? order : order.reverse();
};

/** Loads every target for `seconds` in total, after a warm-up that is not counted, in alternating slices of about one second. */
export async function runLoads(targets: readonly LoadTarget[], { seconds, concurrency }: { seconds: number; concurrency: number }): Promise<LoadResult[]> {
  const agents = targets.map(() => new http.Agent({ keepAlive: true, maxSockets: concurrency }));
  const tallies: Tally[] = targets.map(() => ({ answered: 0, latencies: [], statuses: {}, errors: 0, seconds: 0 }));
  const warmUp = Math.min(1_000, seconds * 200);
  for (const [k, target] of targets.entries()) await slice(agents[k]!, target, warmUp, concurrency, tallies[k]!, true);
  const rounds = Math.max(1, Math.round(seconds));
  for (let round = 0; round < rounds; round++) {
    for (const k of roundOrder(round, targets.length)) await slice(agents[k]!, targets[k]!, (seconds * 1000) / rounds, concurrency, tallies[k]!);
  }
  for (const agent of agents) agent.destroy();
  return tallies.map((t) => ({ ...summarize(t.latencies, t.errors, t.seconds), statuses: t.statuses, answered: t.answered }));
}
