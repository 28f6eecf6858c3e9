/**
 * The durable queue (server/queue/queue.ts) on PostgreSQL: a job exists only if the transaction that enqueued it commits; failed
 * runs are retried with backoff, then fail for good with their reason; a periodic job runs once per cluster however many
 * processes share the database; a stop waits no longer than its grace period and gives unfinished jobs back; a job left running
 * by a process that died is run again once its lease is over.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createQueue, type Queue } from "../../server/queue/queue";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
const queues: Queue[] = [];
const silent = { info: () => undefined, warn: () => undefined };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await Promise.all(queues.map((q) => q.stop(100)));
  await t.close();
});

const newQueue = (options: { pollMs?: number } = {}) => {
  const queue = createQueue({ pool: t.app.pool, databaseUrl: t.databaseUrl, log: silent, pollMs: options.pollMs ?? 50 });
  queues.push(queue);
  return queue;
};
const jobsOf = (name: string) =>
  t.query<{ state: string; attempts: number; last_error: string | null }>("select state, attempts, last_error from jobs where queue = $1 order by created_at", [name]);

describe("the durable queue", () => {
  it("holds a job only if the transaction that enqueued it commits", async () => {
    const queue = newQueue();
    await t.app.db
      .transaction(async (tx) => {
        await queue.enqueue(tx, "test.rolled-back", { n: 1 });
        throw new Error("annulé");
      })
      .catch(() => undefined);
    await t.app.db.transaction((tx) => queue.enqueue(tx, "test.committed", { n: 2 }));
    expect(await jobsOf("test.rolled-back")).toEqual([]);
    expect(await jobsOf("test.committed")).toEqual([{ state: "pending", attempts: 0, last_error: null }]);
  });

  it("retries a failing job with backoff, then fails it with its reason", async () => {
    const queue = newQueue();
    const runs: number[] = [];
    queue.register("test.failing", {
      handler: async () => {
        runs.push(Date.now());
        throw new Error("toujours en panne");
      },
      retry: { firstDelayMs: 100, maxDelayMs: 400, giveUpAfterMs: 700 },
    });
    await queue.enqueue(t.app.db, "test.failing", {});
    await queue.start();
    await expect.poll(async () => (await jobsOf("test.failing"))[0]?.state, { timeout: 10_000 }).toBe("failed");
    const [job] = await jobsOf("test.failing");
    expect(job).toMatchObject({ last_error: "toujours en panne" });
    expect(job!.attempts).toBe(runs.length);
    // 100, 200, 400 ms apart (then the next would be past 700 ms): each wait at least the backoff's.
    expect(runs.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < runs.length; i++) expect(runs[i]! - runs[i - 1]!).toBeGreaterThanOrEqual(Math.min(400, 100 * 2 ** (i - 1)) - 20);
    await queue.stop(100);
  });

  it("runs a periodic job once per cluster, however many processes share the database", async () => {
    const runs: number[] = [];
    const cluster = [newQueue(), newQueue(), newQueue()];
    for (const queue of cluster) {
      queue.register("test.periodic", { handler: async () => void runs.push(Date.now()) });
      // atStart or not, the cluster has one schedule: a process starting later does not add a run of its own.
      queue.schedule("test.periodic", { everyMs: 400 });
    }
    await Promise.all(cluster.map((queue) => queue.start()));
    await expect.poll(() => runs.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(4);
    await Promise.all(cluster.map((queue) => queue.stop(100)));
    // Three processes, one run per period: each run's job is enqueued a full period after the previous one (database clock).
    const enqueued = await t.query<{ gap_ms: number | null }>(
      "select extract(epoch from created_at - lag(created_at) over (order by created_at)) * 1000 as gap_ms from jobs where queue = 'test.periodic' order by created_at",
    );
    expect(enqueued.length).toBeGreaterThanOrEqual(runs.length);
    for (const { gap_ms } of enqueued.slice(1)) expect(Number(gap_ms)).toBeGreaterThanOrEqual(400);
  });

  it("stops within its grace period, giving the unfinished job back; another process runs it again", async () => {
    const queue = newQueue();
    let started = 0;
    queue.register("test.stuck", {
      handler: (_payload, job) =>
        new Promise((_resolve, reject) => {
          started += 1;
          job.signal.addEventListener("abort", () => reject(job.signal.reason));
        }),
    });
    await queue.enqueue(t.app.db, "test.stuck", {});
    await queue.start();
    await expect.poll(() => started).toBe(1);
    const stopping = Date.now();
    await queue.stop(500);
    expect(Date.now() - stopping).toBeLessThan(500 + 200);
    expect(await jobsOf("test.stuck")).toEqual([{ state: "pending", attempts: 1, last_error: null }]);

    const next = newQueue();
    next.register("test.stuck", { handler: async () => undefined });
    await next.start();
    await expect.poll(async () => (await jobsOf("test.stuck"))[0]?.state).toBe("done");
    await next.stop(100);
  });

  it("waits at its stop for a pass under way, so that nothing reads the pool once the server has closed it", async () => {
    const pool = new pg.Pool({ connectionString: t.databaseUrl });
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    // The pass's first read (the periodic jobs due) waits at the gate: the stop begins while it is under way.
    const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    let gatedRead: Promise<unknown> = Promise.resolve();
    pool.query = ((...args: unknown[]) => {
      if (!String(args[0]).includes("returning s.name")) return query(...args);
      gatedRead = gate.then(() => query(...args));
      return gatedRead;
    }) as typeof pool.query;
    const warnings: string[] = [];
    const queue = createQueue({ pool, databaseUrl: t.databaseUrl, log: { info: () => undefined, warn: (_data, message) => warnings.push(message) }, pollMs: 60_000 });
    await queue.start();
    // The read goes on a moment after the stop began: before the stop waited for it, the pool had closed by then.
    const stopped = queue.stop(1_000);
    setTimeout(open, 100);
    await stopped;
    await pool.end();
    await gatedRead.catch(() => undefined);
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings).toEqual([]);
  });

  it("runs again a job whose process died mid-run, once its lease is over", async () => {
    const queue = newQueue();
    queue.register("test.orphan", { handler: async () => undefined });
    await queue.enqueue(t.app.db, "test.orphan", {});
    // What a process that died leaves: the job active, its lease running out.
    await t.query("update jobs set state = 'active', attempts = 1, locked_until = now() + interval '300 milliseconds' where queue = 'test.orphan'");
    await queue.start();
    await expect.poll(async () => (await jobsOf("test.orphan"))[0], { timeout: 5_000 }).toEqual({ state: "done", attempts: 2, last_error: null });
    await queue.stop(100);
  });
});
