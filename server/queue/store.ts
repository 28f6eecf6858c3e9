/**
 * The queue's statements on `jobs` and `job_schedules` (server/queue/queue.ts drives them; docs/queue.md states the guarantees).
 * Every write to a claimed job names the attempt that claimed it: a run whose lease ran out and whose job another process
 * claimed again (attempts + 1) writes nothing — renewal, outcome and give-back alike.
 */
import type pg from "pg";
import type { JobState } from "../db/schema/jobs";

export interface ClaimedJob {
  id: string;
  queue: string;
  payload: unknown;
  attempts: number;
  created_at: Date;
  /** `failed` when the claim found the job past its attempts' cap (not run: its process kept dying). */
  state: JobState;
}

export const CHANNEL = "jobs_due";

/** A queue's lease and attempts' cap, as the claim applies them. */
export interface ClaimRule {
  name: string;
  leaseMs: number;
  maxAttempts: number;
}

/**
 * Due jobs of these queues: pending ones whose time came, and active ones whose lease ran out (their process died or hung).
 * Attempts rise at claim, so a job that kills its process still counts each run: past its cap it fails instead of running.
 */
export async function claimJobs(pool: pg.Pool, rules: readonly ClaimRule[], limit: number): Promise<ClaimedJob[]> {
  if (limit <= 0 || rules.length === 0) return [];
  const { rows } = await pool.query<ClaimedJob>(
    `with rule as (select unnest($1::text[]) as queue, unnest($2::bigint[]) as ms, unnest($3::int[]) as cap),
     next as (
       select j.id from jobs j
       where j.queue = any($1) and ((j.state = 'pending' and j.run_at <= now()) or (j.state = 'active' and j.locked_until < now()))
       order by j.run_at, j.id limit $4 for update skip locked)
     update jobs j set updated_at = now(),
       state = case when j.attempts >= rule.cap then 'failed' else 'active' end,
       attempts = case when j.attempts >= rule.cap then j.attempts else j.attempts + 1 end,
       last_error = case when j.attempts >= rule.cap then 'abandonnée après ' || j.attempts || ' essais' else j.last_error end,
       finished_at = case when j.attempts >= rule.cap then now() end,
       locked_until = case when j.attempts < rule.cap then now() + rule.ms * interval '1 millisecond' end
     from next, rule where j.id = next.id and rule.queue = j.queue
     returning j.id, j.queue, j.payload, j.attempts, j.created_at, j.state`,
    [rules.map((r) => r.name), rules.map((r) => r.leaseMs), rules.map((r) => r.maxAttempts), limit],
  );
  return rows;
}

/** Extends a run's lease; false when the run no longer holds its job (claimed again elsewhere, or settled). */
export async function renewLease(pool: pg.Pool, job: ClaimedJob, leaseMs: number): Promise<boolean> {
  const { rowCount } = await pool.query(
    `update jobs set locked_until = now() + $3 * interval '1 millisecond', updated_at = now() where id = $1 and attempts = $2 and state = 'active'`,
    [job.id, job.attempts, leaseMs],
  );
  return rowCount === 1;
}

/** Renews the lease; true when the run lost it (its job claimed again elsewhere, or settled meanwhile). */
export const claimedAgain = async (pool: pg.Pool, job: ClaimedJob, leaseMs: number) => !(await renewLease(pool, job, leaseMs));

/** Ends a run, if this run still holds the job; false when it did not (its outcome is then ignored). */
export async function settleJob(pool: pg.Pool, job: ClaimedJob, state: JobState, lastError: string | null, delayMs?: number): Promise<boolean> {
  const { rowCount } = await pool.query(
    `update jobs set state = $3, last_error = $4, updated_at = now(), locked_until = null,
       run_at = case when $3 = 'pending' then now() + $5 * interval '1 millisecond' else run_at end,
       finished_at = case when $3 in ('done', 'failed') then now() else null end
     where id = $1 and attempts = $2 and state = 'active'`,
    [job.id, job.attempts, state, lastError, delayMs ?? 0],
  );
  return rowCount === 1;
}

/** At a stop: the unfinished runs' jobs back to pending, those this process still holds only. */
export async function giveBack(pool: pg.Pool, jobs: readonly ClaimedJob[]): Promise<void> {
  await pool.query(
    `update jobs j set state = 'pending', run_at = now(), locked_until = null, updated_at = now()
     from (select unnest($1::text[]) as id, unnest($2::int[]) as attempts) mine
     where j.id = mine.id and j.attempts = mine.attempts and j.state = 'active'`,
    [jobs.map((job) => job.id), jobs.map((job) => job.attempts)],
  );
}

/**
 * A process's schedules at its start: a new one is due now (`atStart`) or after its period; an existing one keeps the cluster's
 * time (an instance's start, a rolling deploy, must not run it again), only brought forward when its period was shortened.
 */
export async function registerSchedules(pool: pg.Pool, schedules: ReadonlyArray<{ name: string; everyMs: number; atStart: boolean }>): Promise<void> {
  await pool.query(
    `with v as (select unnest($1::text[]) as name, unnest($2::bigint[]) as every_ms, unnest($3::boolean[]) as at_start),
     shortened as (
       update job_schedules s set next_run_at = now() + v.every_ms * interval '1 millisecond'
       from v where s.name = v.name and s.next_run_at > now() + v.every_ms * interval '1 millisecond')
     insert into job_schedules (name, next_run_at)
     select name, case when at_start then now() else now() + every_ms * interval '1 millisecond' end from v
     on conflict (name) do nothing`,
    [schedules.map((s) => s.name), schedules.map((s) => s.everyMs), schedules.map((s) => s.atStart)],
  );
}

/**
 * Enqueues the runs that fell due. A schedule whose previous run is still pending or active stays due (not moved on): its tick
 * runs once that run ends, rather than being dropped by the key's uniqueness.
 */
export async function enqueueDueSchedules(pool: pg.Pool, schedules: ReadonlyArray<{ name: string; everyMs: number }>): Promise<void> {
  await pool.query(
    `with due as (
       update job_schedules s set next_run_at = now() + v.every_ms * interval '1 millisecond'
       from (select unnest($1::text[]) as name, unnest($2::bigint[]) as every_ms) v
       where s.name = v.name and s.next_run_at <= now()
         and not exists (select 1 from jobs j where j.key = s.name and j.state in ('pending', 'active'))
       returning s.name),
     added as (
       insert into jobs (id, queue, payload, key)
       select replace(gen_random_uuid()::text, '-', ''), due.name, '{}'::jsonb, due.name from due
       on conflict (key) where state in ('pending', 'active') do nothing
       returning queue)
     select pg_notify('${CHANNEL}', queue) from added`,
    [schedules.map((s) => s.name), schedules.map((s) => s.everyMs)],
  );
}

const CLEANUP_BATCH = 1_000;

/**
 * Retention: done jobs without a subject after `keepDoneMs`, failed ones without a subject after `keepFailedMs` (the subject ones
 * are a screen's history). In batches, each its own statement, through the finished jobs' index: no long lock, no huge delete.
 */
export async function deleteFinishedJobs(pool: pg.Pool, keepDoneMs: number, keepFailedMs: number, signal: AbortSignal): Promise<number> {
  let deleted = 0;
  for (;;) {
    const { rowCount } = await pool.query(
      `delete from jobs where id in (
         select id from jobs
         where state in ('done', 'failed') and finished_at < now() - least($1::bigint, $2::bigint) * interval '1 millisecond' and subject is null
           and finished_at < now() - (case when state = 'done' then $1::bigint else $2::bigint end) * interval '1 millisecond'
         limit ${CLEANUP_BATCH})`,
      [keepDoneMs, keepFailedMs],
    );
    deleted += rowCount ?? 0;
    if ((rowCount ?? 0) < CLEANUP_BATCH || signal.aborted) return deleted;
  }
}
