/** A small closed-loop load generator: `concurrency` clients on keep-alive connections, each sending its next request as soon as the last is answered. */
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
}

/** One GET; answers the status code and the body. */
export function get(agent: http.Agent, target: LoadTarget): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { agent, host: "127.0.0.1", port: target.port, path: target.path, headers: { "accept-encoding": "identity", ...target.headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end();
  });
}

/** Loads the target for `seconds` after a short warm-up that is not counted. */
export async function runLoad(target: LoadTarget, { seconds, concurrency }: { seconds: number; concurrency: number }): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  const client = async (until: number, record: boolean) => {
    while (performance.now() < until) {
      const started = performance.now();
      try {
        const { status } = await get(agent, target);
        if (!record) continue;
        latencies.push(performance.now() - started);
        if (status !== 200) {
          errors++;
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      } catch {
        if (record) errors++;
      }
    }
  };
  const clients = (ms: number, record: boolean) => {
    const until = performance.now() + ms;
    return Promise.all(Array.from({ length: concurrency }, () => client(until, record)));
  };
  await clients(Math.min(1_000, seconds * 200), false);
  const started = performance.now();
  await clients(seconds * 1000, true);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return { ...summarize(latencies, errors, elapsed), statuses };
}
