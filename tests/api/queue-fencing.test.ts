/**
 * The queue's guarantees of docs/queue.md (issue 38): a running job renews its lease, so a second process does not run it too;
 * a run that lost its lease is aborted and its outcome ignored; the give-back at a stop is fenced by attempt; attempts are capped
 * at claim; a database error while recording `done` is not the handler failing; schedules neither reset at an instance's start
 * nor drop a tick while the previous run is pending; each lane has its own workers.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createQueue, type Queue, type QueueOptions } from "../../server/queue/queue";
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

const newQueue = (options: Partial<QueueOptions> = {}) => {
  const queue = createQueue({ pool: t.app.pool, databaseUrl: t.databaseUrl, log: silent, pollMs: 50, ...options });
  queues.push(queue);
  return queue;
};
const jobsOf = (name: string) =>
  t.query<{ state: string; attempts: number; last_error: string | null }>("select state, attempts, last_error from jobs where queue = $1 order by created_at", [name]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Until the signal aborts: what a handler busy with a remote server looks like. */
const untilAborted = (signal: AbortSignal) => new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));

describe("leases", () => {
  it("renews the lease of a run that outlives it: another process does not run the job a second time", async () => {
    let runs = 0;
    const cluster = [newQueue(), newQueue()];
    for (const queue of cluster) {
      queue.register("test.long", {
        leaseMs: 300,
        handler: async () => {
          runs += 1;
          await sleep(1_200);
        },
      });
    }
    await cluster[0]!.enqueue(t.app.db, "test.long", {});
    await cluster[0]!.start();
    await expect.poll(() => runs).toBe(1);
    await cluster[1]!.start();
    await expect.poll(async () => (await jobsOf("test.long"))[0]?.state).toBe("done");
    expect(runs).toBe(1);
    expect(await jobsOf("test.long")).toEqual([{ state: "done", attempts: 1, last_error: null }]);
  });

  it("aborts a run whose job another process claimed again, and ignores its outcome", async () => {
    let aborted = false;
    const queue = newQueue();
    queue.register("test.lost", {
      leaseMs: 300,
      handler: async (_payload, job) => {
        await untilAborted(job.signal);
        aborted = true; // then returns normally: its `done` must not be written
      },
    });
    await queue.enqueue(t.app.db, "test.lost", {});
    await queue.start();
    await expect.poll(async () => (await jobsOf("test.lost"))[0]?.state).toBe("active");
    // What another process's claim leaves once this one's lease ran out: the next attempt, its own lease.
    await t.query("update jobs set attempts = attempts + 1, locked_until = now() + interval '1 hour' where queue = 'test.lost'");
    await expect.poll(() => aborted).toBe(true);
    await sleep(200);
    expect(await jobsOf("test.lost")).toEqual([{ state: "active", attempts: 2, last_error: null }]);
    await queue.stop(100);
  });

  it("gives back at its stop only the jobs it still holds (fenced by attempt)", async () => {
    const queue = newQueue();
    queue.register("test.fenced", { leaseMs: 60_000, handler: (_payload, job) => untilAborted(job.signal) });
    await queue.enqueue(t.app.db, "test.fenced", {});
    await queue.start();
    await expect.poll(async () => (await jobsOf("test.fenced"))[0]?.state).toBe("active");
    await t.query("update jobs set attempts = attempts + 1, locked_until = now() + interval '1 hour' where queue = 'test.fenced'");
    await queue.stop(200);
    expect(await jobsOf("test.fenced")).toEqual([{ state: "active", attempts: 2, last_error: null }]);
  });
});

describe("attempts and outcomes", () => {
  it("fails a job that killed its process as many times as its cap, without running it again", async () => {
    let runs = 0;
    const queue = newQueue();
    queue.register("test.killer", { maxAttempts: 3, handler: async () => void (runs += 1) });
    await queue.enqueue(t.app.db, "test.killer", {});
    // What three processes killed by the job leave: the job active, its third attempt's lease over.
    await t.query("update jobs set state = 'active', attempts = 3, locked_until = now() - interval '1 second' where queue = 'test.killer'");
    await queue.start();
    await expect.poll(async () => (await jobsOf("test.killer"))[0]?.state).toBe("failed");
    expect(await jobsOf("test.killer")).toEqual([{ state: "failed", attempts: 3, last_error: "abandonnée après 3 essais" }]);
    expect(runs).toBe(0);
    await queue.stop(100);
  });

  it("does not count a database error while recording `done` as the handler failing", async () => {
    const pool = new pg.Pool({ connectionString: t.databaseUrl });
    const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    let failed = false;
    pool.query = ((...args: unknown[]) => {
      const values = (args[1] ?? []) as unknown[];
      if (!failed && values.includes("done")) {
        failed = true;
        return Promise.reject(Object.assign(new Error("Connection terminated unexpectedly"), { code: "57P01" }));
      }
      return query(...args);
    }) as typeof pool.query;
    let runs = 0;
    const queue = createQueue({ pool, databaseUrl: t.databaseUrl, log: silent, pollMs: 50 });
    queue.register("test.recorded", { handler: async () => void (runs += 1) });
    await queue.enqueue(t.app.db, "test.recorded", {});
    await queue.start();
    await expect.poll(async () => (await jobsOf("test.recorded"))[0]?.state).toBe("done");
    expect(failed).toBe(true);
    expect(runs).toBe(1);
    await queue.stop(100);
    await pool.end();
  });
});

describe("schedules", () => {
  it("keeps the cluster's schedule when an instance starts (atStart runs a new schedule only)", async () => {
    await t.query("insert into job_schedules (name, next_run_at) values ('test.nightly', now() + interval '1 hour')");
    const queue = newQueue();
    queue.register("test.nightly", { handler: async () => undefined });
    queue.schedule("test.nightly", { everyMs: 2 * 3_600_000, atStart: true });
    await queue.start();
    await sleep(300);
    await queue.stop(100);
    expect(await jobsOf("test.nightly")).toEqual([]);
    const [row] = await t.query<{ later: boolean }>("select next_run_at > now() + interval '50 minutes' as later from job_schedules where name = 'test.nightly'");
    expect(row).toEqual({ later: true });
  });

  it("runs a tick that fell due while the previous run was under way once it ends, rather than dropping it", async () => {
    let runs = 0;
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const queue = newQueue();
    queue.register("test.hourly", {
      handler: async () => {
        runs += 1;
        if (runs === 1) await gate;
      },
    });
    queue.schedule("test.hourly", { everyMs: 3_600_000, atStart: true });
    await queue.start();
    await expect.poll(() => runs).toBe(1);
    await t.query("update job_schedules set next_run_at = now() where name = 'test.hourly'");
    await sleep(300); // several passes while the first run holds the schedule's key
    open();
    await expect.poll(() => runs).toBe(2);
    await queue.stop(100);
  });

  it("keeps a period longer than 24.8 days (milliseconds past a 32-bit integer)", async () => {
    const queue = newQueue();
    queue.register("test.monthly", { handler: async () => undefined });
    queue.schedule("test.monthly", { everyMs: 30 * 24 * 3_600_000 });
    await queue.start();
    await queue.stop(100);
    const [row] = await t.query<{ days: number }>("select round(extract(epoch from next_run_at - now()) / 86400)::int as days from job_schedules where name = 'test.monthly'");
    expect(row).toEqual({ days: 30 });
  });
});

describe("lanes", () => {
  it("runs a job of one lane while another lane's backlog waits (no queue starves another)", async () => {
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const queue = newQueue();
    queue.register("test.digest", { lane: "digest", handler: () => gate });
    queue.register("test.exchange", { lane: "exchanges", handler: async () => undefined });
    for (let i = 0; i < 10; i++) await queue.enqueue(t.app.db, "test.digest", { i });
    await queue.enqueue(t.app.db, "test.exchange", {});
    await queue.start();
    await expect.poll(async () => (await jobsOf("test.exchange"))[0]?.state).toBe("done");
    expect((await jobsOf("test.digest")).filter((job) => job.state === "pending").length).toBeGreaterThan(0);
    open();
    await queue.stop(1_000);
  });
});

describe("retention", () => {
  it("deletes finished jobs in batches, keeping failed ones for their own time", async () => {
    const queue = newQueue({ keepFailedMs: 30 * 24 * 3_600_000 });
    await t.query(`insert into jobs (id, queue, payload, state, finished_at)
      values ('old-done', 'test.kept', '{}', 'done', now() - interval '8 days'), ('recent-failed', 'test.kept', '{}', 'failed', now() - interval '8 days'),
             ('old-failed', 'test.kept', '{}', 'failed', now() - interval '40 days'), ('recent-done', 'test.kept', '{}', 'done', now() - interval '1 day')`);
    await queue.enqueue(t.app.db, "queue.cleanup", {});
    await queue.start();
    await expect.poll(async () => (await jobsOf("queue.cleanup")).at(-1)?.state).toBe("done");
    const left = await t.query<{ id: string }>("select id from jobs where queue = 'test.kept' order by id");
    expect(left.map((row) => row.id)).toEqual(["recent-done", "recent-failed"]);
    await queue.stop(100);
  });
});
