/** The durable queue's contract (server/queue/queue.ts implements it): what handlers, callers and schedules see. */
import type pg from "pg";
import type { Executor } from "../db/connection";

export interface QueueLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface JobContext {
  id: string;
  /** This run's number, 1 for the first. */
  attempt: number;
  /**
   * Aborted when the process stops and the grace period is over (the job runs again later), or when this run lost its lease
   * (another process claimed the job again: this run's outcome is ignored). Either way the handler gives up.
   */
  signal: AbortSignal;
}

export type JobHandler<P> = (payload: P, job: JobContext) => Promise<void>;

/** Delays between runs: first, doubled each time up to max; no run is scheduled later than giveUpAfterMs after the job's creation. */
export interface RetryPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  giveUpAfterMs: number;
}

export interface QueueDefinition<P> {
  handler: JobHandler<P>;
  retry?: RetryPolicy;
  /** The reason kept in `last_error`: French, without personal data (it may be shown to users). */
  describeError?: (error: unknown) => string;
  /**
   * How long a run holds its job without renewing (5 min when unset): the lease is renewed every third of it while the run is
   * alive, so it only runs out when the process died or cannot reach the database.
   */
  leaseMs?: number;
  /** Runs started at most (claims included: a job that kills its process counts each); past it the job fails. 25 when unset. */
  maxAttempts?: number;
  /** The workers it shares (docs/queue.md); `other` when unset. */
  lane?: QueueLane;
}

/** Each lane has its own workers, so that a long backlog in one (a digest to thousands) does not delay another. */
export const QUEUE_LANES = ["exchanges", "mails", "digest", "bulk", "other"] as const;
export type QueueLane = (typeof QUEUE_LANES)[number];
export const DEFAULT_LANE_SIZES: Record<QueueLane, number> = { exchanges: 4, mails: 2, digest: 1, bulk: 1, other: 2 };

/** Thrown by a handler when retrying cannot help: the job fails at once. */
export class PermanentJobError extends Error {}

export interface EnqueueOptions {
  /** At most one pending or active job per key: a second enqueue with the same key is ignored (answers undefined). */
  key?: string;
  /** What the job is about, for the screens that show its state (e.g. `session:<id>`). */
  subject?: string;
  /** Run no sooner than this long from now. */
  delayMs?: number;
  requestedBy?: { id: string; name: string };
}

export interface ScheduleOptions {
  everyMs: number;
  /**
   * Due at once when the schedule is new to the cluster (else one period later). An existing schedule keeps its time when an
   * instance starts: a rolling deploy does not run it once per instance.
   */
  atStart?: boolean;
}

export interface Queue {
  register<P>(name: string, definition: QueueDefinition<P>): void;
  /** Adds a job with the caller's executor: inside a transaction, the job exists only if the transaction commits. */
  enqueue<P extends object>(executor: Executor, name: string, payload: P, options?: EnqueueOptions): Promise<string | undefined>;
  /** A periodic job of a registered queue, run once per cluster every `everyMs`. */
  schedule(name: string, options: ScheduleOptions): void;
  start(): Promise<void>;
  /** Stops claiming; lets runs under way finish within `graceMs`, then aborts them and puts their jobs back to pending. */
  stop(graceMs: number): Promise<void>;
  /** Runs every due job of these queues in this process until none is left (tests, and the mailer's flush). */
  drain(names: readonly string[]): Promise<void>;
}

export interface QueueOptions {
  pool: pg.Pool;
  /** The LISTEN connection's address (the pool's). */
  databaseUrl: string;
  log: QueueLogger;
  /** Safety-net poll (NOTIFY wakes workers at once); 1 s when unset. */
  pollMs?: number;
  /** Runs at once in this process per lane (DEFAULT_LANE_SIZES for those unset). */
  lanes?: Partial<Record<QueueLane, number>>;
  /** Failed jobs without a subject are deleted this long after they end (30 days when unset; QUEUE_KEEP_FAILED_DAYS). */
  keepFailedMs?: number;
}

const MAX_ERROR_LENGTH = 500;

export const defaultErrorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH) || "Erreur inconnue";

/** The delay before run `attempt + 1`, or undefined when the policy gives up. */
export function retryDelay(policy: RetryPolicy | undefined, attempt: number, createdAt: Date, now: Date): number | undefined {
  if (!policy) return undefined;
  const delay = Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.max(0, attempt - 1));
  return now.getTime() + delay - createdAt.getTime() > policy.giveUpAfterMs ? undefined : delay;
}

