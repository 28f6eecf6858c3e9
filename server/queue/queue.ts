/**
 * The durable queue (docs/queue.md): one table, `jobs`, on the product's PostgreSQL. A job is enqueued with the caller's
 * executor, so inside the caller's transaction it exists exactly when the change that causes it is committed. Workers of every
 * server process claim due jobs with `FOR UPDATE SKIP LOCKED`, under a lease renewed while the run is alive: a process that dies
 * mid-run leaves the job to be claimed again once the lease is over, and a run that lost its lease is aborted and writes nothing
 * (every write names its attempt, server/queue/store.ts). A failed run is retried with an exponential backoff until the queue's
 * policy gives up; then the job is `failed` with its reason. Each lane has its own workers. Periodic jobs are rows of
 * `job_schedules`: whichever process moves a schedule forward enqueues its run, so it runs once per cluster.
 * Wake-ups: NOTIFY on enqueue (delivered at commit), and a poll as a safety net.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import { createRunner, type Running } from "./runner";
import { CHANNEL, claimJobs, deleteFinishedJobs, enqueueDueSchedules, giveBack, registerSchedules, type ClaimRule } from "./store";
import { DEFAULT_LANE_SIZES, QUEUE_LANES, type Queue, type QueueDefinition, type QueueLane, type QueueOptions, type ScheduleOptions } from "./types";

export * from "./types";

export const DEFAULT_LEASE_MS = 5 * 60_000;
export const DEFAULT_MAX_ATTEMPTS = 25;
/** Finished jobs without a subject are deleted this long after they end (the subject ones are a screen's history). */
const KEEP_DONE_MS = 7 * 24 * 3_600_000;
export const DEFAULT_KEEP_FAILED_MS = 30 * 24 * 3_600_000;
const CLEANUP = "queue.cleanup";
/** What `drain` runs at once (tests, the mailer's flush): lanes do not apply. */
const DRAIN_CONCURRENCY = 4;

export function createQueue(options: QueueOptions): Queue {
  const { pool, log } = options;
  const pollMs = options.pollMs ?? 1_000;
  const laneSize = (lane: QueueLane) => options.lanes?.[lane] ?? DEFAULT_LANE_SIZES[lane];
  const definitions = new Map<string, QueueDefinition<unknown>>();
  const schedules = new Map<string, ScheduleOptions>();
  let started = false;
  let stopping = false;
  let pumping: Promise<void> | undefined;
  let wakeAgain = false;
  let timer: NodeJS.Timeout | undefined;
  let listener: pg.Client | undefined;
  let lastTroubleLog = 0;

  /** Database trouble is logged once a minute at most: the poll retries by itself. */
  const trouble = (error: unknown, what: string) => {
    if (Date.now() - lastTroubleLog < 60_000) return;
    lastTroubleLog = Date.now();
    log.warn({ err: error }, `File d'attente : ${what} impossible pour l'instant, nouvel essai au prochain passage`);
  };

  const runner = createRunner({ pool, log, trouble, definitions, defaultLeaseMs: DEFAULT_LEASE_MS, wake: () => wake() });
  const rule = (name: string): ClaimRule => {
    const definition = definitions.get(name);
    return { name, leaseMs: definition?.leaseMs ?? DEFAULT_LEASE_MS, maxAttempts: definition?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS };
  };
  const claim = async (names: readonly string[], limit: number) => {
    const claimed = await claimJobs(pool, names.map(rule), limit);
    for (const job of claimed) if (job.state === "failed") log.warn({ queue: job.queue, jobId: job.id, attempts: job.attempts }, "Tâche abandonnée");
    return claimed.filter((job) => job.state === "active");
  };
  const laneOf = (name: string): QueueLane => definitions.get(name)?.lane ?? "other";

  async function pump() {
    do {
      wakeAgain = false;
      const due = [...schedules].map(([name, s]) => ({ name, everyMs: s.everyMs }));
      if (due.length > 0) await enqueueDueSchedules(pool, due).catch((error: unknown) => trouble(error, "la planification des tâches périodiques"));
      for (const lane of QUEUE_LANES) {
        // A stop begun meanwhile takes no new job: it waits for this pass, and the pool closes right after it.
        if (stopping) return;
        const names = [...definitions.keys()].filter((name) => laneOf(name) === lane);
        const free = laneSize(lane) - [...runner.running].filter((entry) => laneOf(entry.job.queue) === lane).length;
        if (names.length === 0 || free <= 0) continue;
        const claimed = await claim(names, free).catch((error: unknown) => {
          trouble(error, "la lecture des tâches");
          return [];
        });
        for (const job of claimed) runner.launch(job);
      }
    } while (wakeAgain && !stopping);
  }

  function wake() {
    if (!started || stopping) return;
    if (pumping) {
      wakeAgain = true;
      return;
    }
    pumping = pump().finally(() => (pumping = undefined));
  }

  async function listen() {
    if (stopping) return;
    const client = new pg.Client({ connectionString: options.databaseUrl, application_name: "dossiers-formation-queue" });
    client.on("notification", () => wake());
    // A lost LISTEN connection only slows wake-ups down to the poll: reopened on the next poll.
    client.on("error", () => {
      if (listener === client) listener = undefined;
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      if (stopping) await client.end();
      else listener = client;
    } catch (error) {
      trouble(error, "l'écoute des nouvelles tâches");
      await client.end().catch(() => undefined);
    }
  }

  const queue: Queue = {
    register(name, definition) {
      definitions.set(name, definition as QueueDefinition<unknown>);
    },

    async enqueue(executor, name, payload, enqueueOptions = {}) {
      const { key = null, subject = null, delayMs = 0, requestedBy } = enqueueOptions;
      const result = await executor.execute<{ id: string }>(sql`
        insert into jobs (id, queue, payload, key, subject, run_at, requested_by_id, requested_by_name)
        values (replace(gen_random_uuid()::text, '-', ''), ${name}, ${JSON.stringify(payload)}::jsonb, ${key}, ${subject},
                now() + ${delayMs} * interval '1 millisecond', ${requestedBy?.id ?? null}, ${requestedBy?.name ?? null})
        on conflict (key) where state in ('pending', 'active') do nothing
        returning id`);
      const id = result.rows[0]?.id;
      // Delivered when the caller's transaction commits (never if it rolls back).
      if (id && delayMs === 0) await executor.execute(sql`select pg_notify(${CHANNEL}, ${name})`);
      return id;
    },

    schedule(name, scheduleOptions) {
      schedules.set(name, scheduleOptions);
    },

    async start() {
      if (started) return;
      started = true;
      stopping = false;
      queue.register(CLEANUP, {
        handler: async (_payload, job) => {
          await deleteFinishedJobs(pool, KEEP_DONE_MS, options.keepFailedMs ?? DEFAULT_KEEP_FAILED_MS, job.signal);
        },
      });
      schedules.set(CLEANUP, { everyMs: 60 * 60_000 });
      const all = [...schedules].map(([name, s]) => ({ name, everyMs: s.everyMs, atStart: s.atStart ?? false }));
      await registerSchedules(pool, all).catch((error: unknown) => trouble(error, "l'enregistrement des tâches périodiques"));
      await listen();
      timer = setInterval(() => {
        if (!listener) void listen();
        wake();
      }, pollMs).unref();
      wake();
    },

    async stop(graceMs) {
      if (!started || stopping) return;
      stopping = true;
      clearInterval(timer);
      const closing = listener?.end().catch(() => undefined);
      listener = undefined;
      // A pass under way reads the database: it ends before the stop does (the server then closes the pool).
      await pumping;
      // Most of the grace for the runs themselves, the rest to give the unfinished ones back.
      const waitMs = Math.max(0, graceMs - Math.min(1_000, graceMs / 5));
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...runner.running].map((r) => r.done)),
        new Promise((resolve) => (waited = setTimeout(resolve, waitMs))),
      ]);
      clearTimeout(waited);
      const unfinished: Running[] = [...runner.running];
      for (const entry of unfinished) runner.abort(entry);
      if (unfinished.length > 0) {
        let released: NodeJS.Timeout | undefined;
        await Promise.race([
          // Fenced by attempt: a job another process claimed since (this run's lease ran out) stays theirs.
          giveBack(
            pool,
            unfinished.map((entry) => entry.job),
          ).catch(() => undefined), // unreachable database: their leases run out instead
          new Promise((resolve) => (released = setTimeout(resolve, Math.max(0, graceMs - waitMs)))),
        ]);
        clearTimeout(released);
        log.info({ jobs: unfinished.length }, "File d'attente arrêtée : tâches en cours remises en attente");
      }
      await closing;
      started = false;
    },

    async drain(names) {
      for (;;) {
        const mine = () => [...runner.running].filter((entry) => names.includes(entry.job.queue));
        await Promise.allSettled(mine().map((entry) => entry.done));
        const claimed = await claim(names, DRAIN_CONCURRENCY);
        if (claimed.length === 0 && mine().length === 0) return;
        await Promise.allSettled(claimed.map((job) => runner.launch(job).done));
      }
    },
  };
  return queue;
}
