/**
 * The durable queue (design.md "Background work"): one table, `jobs`, on the product's PostgreSQL. A job is enqueued with the
 * caller's executor, so inside the caller's transaction it exists exactly when the change that causes it is committed. Workers
 * of every server process claim due jobs with `FOR UPDATE SKIP LOCKED` (each job runs in one process at a time), under a lease:
 * a process that dies mid-run leaves the job to be claimed again once the lease is over. A failed run is retried with an
 * exponential backoff until the queue's retry policy gives up; then the job is `failed` with its reason. Periodic jobs are rows
 * of `job_schedules`: whichever process moves a schedule forward enqueues its run, so it runs once per cluster.
 * Wake-ups: NOTIFY on enqueue (delivered at commit), and a poll as a safety net.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
import type { JobState } from "../db/schema/jobs";
import { defaultErrorText, PermanentJobError, retryDelay, type Queue, type QueueDefinition, type QueueOptions, type ScheduleOptions } from "./types";

export * from "./types";

interface ClaimedJob {
  id: string;
  queue: string;
  payload: unknown;
  attempts: number;
  created_at: Date;
}

interface Running {
  job: ClaimedJob;
  controller: AbortController;
  done: Promise<void>;
}

const CHANNEL = "jobs_due";
const DEFAULT_LEASE_MS = 5 * 60_000;
/** Finished jobs without a subject are deleted this long after they end (the subject ones are a screen's history). */
const KEEP_DONE_JOBS = "7 days";
const CLEANUP = "queue.cleanup";

export function createQueue(options: QueueOptions): Queue {
  const { pool, log } = options;
  const pollMs = options.pollMs ?? 1_000;
  const concurrency = options.concurrency ?? 4;
  const definitions = new Map<string, QueueDefinition<unknown>>();
  const schedules = new Map<string, ScheduleOptions>();
  const running = new Set<Running>();
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

  async function claim(names: readonly string[], limit: number): Promise<ClaimedJob[]> {
    if (limit <= 0 || names.length === 0) return [];
    const leases = names.map((name) => definitions.get(name)?.leaseMs ?? DEFAULT_LEASE_MS);
    const { rows } = await pool.query<ClaimedJob>(
      `with lease as (select unnest($1::text[]) as queue, unnest($2::int[]) as ms),
       next as (
         select j.id from jobs j
         where j.queue = any($1) and ((j.state = 'pending' and j.run_at <= now()) or (j.state = 'active' and j.locked_until < now()))
         order by j.run_at, j.id limit $3 for update skip locked)
       update jobs j set state = 'active', attempts = j.attempts + 1, updated_at = now(),
         locked_until = now() + (select ms from lease where lease.queue = j.queue) * interval '1 millisecond'
       from next where j.id = next.id
       returning j.id, j.queue, j.payload, j.attempts, j.created_at`,
      [names, leases, limit],
    );
    return rows;
  }

  /** Ends a run, if this process still holds the job (the same run: a run whose lease ran out and was claimed again writes nothing). */
  async function settle(job: ClaimedJob, state: JobState, lastError: string | null, delayMs?: number) {
    await pool.query(
      `update jobs set state = $3, last_error = $4, updated_at = now(), locked_until = null,
         run_at = case when $3 = 'pending' then now() + $5 * interval '1 millisecond' else run_at end,
         finished_at = case when $3 in ('done', 'failed') then now() else null end
       where id = $1 and attempts = $2 and state = 'active'`,
      [job.id, job.attempts, state, lastError, delayMs ?? 0],
    );
  }

  async function execute(job: ClaimedJob, controller: AbortController): Promise<void> {
    const definition = definitions.get(job.queue);
    try {
      if (!definition) throw new PermanentJobError(`Aucun traitement pour la file ${job.queue}`);
      await definition.handler(job.payload, { id: job.id, attempt: job.attempts, signal: controller.signal });
      if (controller.signal.aborted) return; // given back at the stop: it runs again later
      await settle(job, "done", null);
    } catch (error) {
      if (controller.signal.aborted) return;
      const reason = (definition?.describeError ?? defaultErrorText)(error);
      const delay = error instanceof PermanentJobError ? undefined : retryDelay(definition?.retry, job.attempts, job.created_at, new Date());
      log.warn({ queue: job.queue, jobId: job.id, attempt: job.attempts, reason, retryInMs: delay }, delay === undefined ? "Tâche en échec" : "Tâche à réessayer");
      await settle(job, delay === undefined ? "failed" : "pending", reason, delay).catch((e: unknown) => trouble(e, "l'enregistrement d'une tâche"));
    }
  }

  function launch(job: ClaimedJob): Running {
    const controller = new AbortController();
    const entry: Running = { job, controller, done: Promise.resolve() };
    entry.done = execute(job, controller)
      .catch((error: unknown) => trouble(error, "l'enregistrement d'une tâche"))
      .finally(() => {
        running.delete(entry);
        wake();
      });
    running.add(entry);
    return entry;
  }

  async function runSchedules() {
    if (schedules.size === 0) return;
    const names = [...schedules.keys()];
    const every = names.map((name) => schedules.get(name)!.everyMs);
    await pool.query(
      `with due as (
         update job_schedules s set next_run_at = now() + v.every_ms * interval '1 millisecond'
         from (select unnest($1::text[]) as name, unnest($2::int[]) as every_ms) v
         where s.name = v.name and s.next_run_at <= now()
         returning s.name),
       added as (
         insert into jobs (id, queue, payload, key)
         select replace(gen_random_uuid()::text, '-', ''), due.name, '{}'::jsonb, due.name from due
         on conflict (key) where state in ('pending', 'active') do nothing
         returning queue)
       select pg_notify('${CHANNEL}', queue) from added`,
      [names, every],
    );
  }

  async function pump() {
    do {
      wakeAgain = false;
      await runSchedules().catch((error: unknown) => trouble(error, "la planification des tâches périodiques"));
      // A stop begun meanwhile takes no new job: it waits for this pass, and the pool closes right after it.
      if (stopping) return;
      const claimed = await claim([...definitions.keys()], concurrency - running.size).catch((error: unknown) => {
        trouble(error, "la lecture des tâches");
        return [];
      });
      for (const job of claimed) launch(job);
    } while (wakeAgain && !stopping && running.size < concurrency);
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
        handler: async () => {
          await pool.query(`delete from jobs where state = 'done' and subject is null and finished_at < now() - interval '${KEEP_DONE_JOBS}'`);
        },
      });
      schedules.set(CLEANUP, { everyMs: 60 * 60_000 });
      const names = [...schedules.keys()];
      await pool
        .query(
          `insert into job_schedules (name, next_run_at)
           select v.name, case when v.at_start then now() else now() + v.every_ms * interval '1 millisecond' end
           from (select unnest($1::text[]) as name, unnest($2::int[]) as every_ms, unnest($3::boolean[]) as at_start) v
           on conflict (name) do update set next_run_at = case when excluded.next_run_at <= now() then now() else job_schedules.next_run_at end`,
          [names, names.map((n) => schedules.get(n)!.everyMs), names.map((n) => schedules.get(n)!.atStart ?? false)],
        )
        .catch((error: unknown) => trouble(error, "l'enregistrement des tâches périodiques"));
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
        Promise.allSettled([...running].map((r) => r.done)),
        new Promise((resolve) => (waited = setTimeout(resolve, waitMs))),
      ]);
      clearTimeout(waited);
      const unfinished = [...running];
      for (const entry of unfinished) entry.controller.abort();
      if (unfinished.length > 0) {
        let released: NodeJS.Timeout | undefined;
        await Promise.race([
          pool
            .query(`update jobs set state = 'pending', run_at = now(), locked_until = null, updated_at = now() where id = any($1) and state = 'active'`, [
              unfinished.map((entry) => entry.job.id),
            ])
            .catch(() => undefined), // unreachable database: their leases run out instead
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
        const mine = () => [...running].filter((entry) => names.includes(entry.job.queue));
        await Promise.allSettled(mine().map((entry) => entry.done));
        const claimed = await claim(names, concurrency);
        if (claimed.length === 0 && mine().length === 0) return;
        await Promise.allSettled(claimed.map((job) => launch(job).done));
      }
    },
  };
  return queue;
}
