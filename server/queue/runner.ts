/**
 * One run of a claimed job (docs/queue.md): its lease renewed every third of it while the handler works; aborted when the lease is
 * lost (another process claimed the job again, or the database stayed out of reach for a whole lease: someone else may have); its
 * outcome recorded only while it still holds the job. A database error while recording `done` is not the handler failing: the
 * record is retried while the lease holds (the work is done; failing it, or running it again, would be wrong).
 */
import type pg from "pg";
import { claimedAgain, type ClaimedJob, settleJob } from "./store";
import { defaultErrorText, PermanentJobError, retryDelay, type QueueDefinition, type QueueLogger } from "./types";

export interface Running {
  job: ClaimedJob;
  controller: AbortController;
  done: Promise<void>;
}

interface RunnerOptions {
  pool: pg.Pool;
  log: QueueLogger;
  trouble: (error: unknown, what: string) => void;
  definitions: ReadonlyMap<string, QueueDefinition<unknown>>;
  defaultLeaseMs: number;
  wake: () => void;
}

/** The abort reason of a run that lost its lease. */
export class LeaseLost extends Error {
  constructor() {
    super("bail perdu : la tâche a été reprise ailleurs");
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createRunner(options: RunnerOptions) {
  const { pool, log, trouble, definitions } = options;
  const running = new Set<Running>();

  async function recordDone(entry: Running, leaseMs: number): Promise<void> {
    for (let wait = 250; ; wait = Math.min(wait * 2, 5_000)) {
      try {
        await settleJob(pool, entry.job, "done", null);
        return;
      } catch (error) {
        trouble(error, "l'enregistrement d'une tâche faite");
        // Given up only when the lease is lost or the stop gives the job back: it then runs again (at least once).
        if (entry.controller.signal.aborted || wait >= leaseMs) return;
        await pause(wait);
      }
    }
  }

  async function execute(entry: Running, leaseMs: number): Promise<void> {
    const { job, controller } = entry;
    const definition = definitions.get(job.queue);
    let failure: { error: unknown } | undefined;
    try {
      if (!definition) throw new PermanentJobError(`Aucun traitement pour la file ${job.queue}`);
      await definition.handler(job.payload, { id: job.id, attempt: job.attempts, signal: controller.signal });
    } catch (error) {
      failure = { error };
    }
    // Given back at the stop, or the lease lost: its outcome is not this run's to record.
    if (controller.signal.aborted) return;
    if (!failure) return recordDone(entry, leaseMs);
    const reason = (definition?.describeError ?? defaultErrorText)(failure.error);
    const delay = failure.error instanceof PermanentJobError ? undefined : retryDelay(definition?.retry, job.attempts, job.created_at, new Date());
    log.warn({ queue: job.queue, jobId: job.id, attempt: job.attempts, reason, retryInMs: delay }, delay === undefined ? "Tâche en échec" : "Tâche à réessayer");
    await settleJob(pool, job, delay === undefined ? "failed" : "pending", reason, delay).catch((e: unknown) => trouble(e, "l'enregistrement d'une tâche"));
  }

  function lose(entry: Running) {
    if (entry.controller.signal.aborted) return;
    log.warn({ queue: entry.job.queue, jobId: entry.job.id, attempt: entry.job.attempts }, "Tâche interrompue : son bail est perdu");
    entry.controller.abort(new LeaseLost());
  }

  /** Renews every third of the lease; one renewal at a time. */
  function keepLease(entry: Running, leaseMs: number): () => void {
    let renewedAt = Date.now();
    let renewing = false;
    const timer = setInterval(() => {
      if (renewing || entry.controller.signal.aborted) return;
      renewing = true;
      claimedAgain(pool, entry.job, leaseMs)
        .then((lost) => {
          if (lost) lose(entry);
          else renewedAt = Date.now();
        })
        .catch((error: unknown) => {
          trouble(error, "le renouvellement d'un bail");
          if (Date.now() - renewedAt >= leaseMs) lose(entry);
        })
        .finally(() => (renewing = false));
    }, Math.max(10, Math.floor(leaseMs / 3)));
    timer.unref();
    return () => clearInterval(timer);
  }

  return {
    running: running as ReadonlySet<Running>,

    launch(job: ClaimedJob): Running {
      const leaseMs = definitions.get(job.queue)?.leaseMs ?? options.defaultLeaseMs;
      const controller = new AbortController();
      const entry: Running = { job, controller, done: Promise.resolve() };
      const release = keepLease(entry, leaseMs);
      entry.done = execute(entry, leaseMs)
        .catch((error: unknown) => trouble(error, "l'enregistrement d'une tâche"))
        .finally(() => {
          release();
          running.delete(entry);
          options.wake();
        });
      running.add(entry);
      return entry;
    },

    abort(entry: Running) {
      entry.controller.abort();
    },
  };
}
