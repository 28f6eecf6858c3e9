/**
 * Supervision (docs/queue.md): the queue's jobs and the AGORA exchanges an operator must see, and what they may do about them —
 * « Relancer » a failed job, « Demander à AGORA » (the exchange's follow-up now), « Abandonner » an exchange with a reason. Each
 * action is written to supervision_actions with who did it, in the transaction that does it.
 */
import { sql } from "drizzle-orm";
import { EXCHANGE_JOB } from "../exchanges/begin";
import { SUPERVISION_MSG, type SupervisionExchangeInput, type SupervisionJobInput, type SupervisionJobState } from "../../resources/supervision/schema";
import type { Database, Executor } from "../db/connection";
import { newId } from "../db/ids";
import type { Queue } from "../queue/types";
import type { Author } from "./author";
import { insertEvent } from "./record-writes";

type Row = Record<string, unknown>;
/** Raw statements answer timestamps as PostgreSQL writes them (the pool parses no dates): instants for the answer schemas. */
const instant = (value: Date | string) => new Date(value);
const instantOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));
const rowsOf = async <T extends Row>(db: Executor, query: ReturnType<typeof sql>) => (await db.execute<T>(query)).rows;

const recordAction = (tx: Executor, author: Author, action: "job.retry" | "exchange.reconcile" | "exchange.abandon", targetId: string, reason: string | null = null) =>
  tx.execute(sql`insert into supervision_actions (id, employee_id, employee_name, action, target_id, reason)
    values (${newId()}, ${author.id}, ${author.name}, ${action}, ${targetId}, ${reason})`);

interface JobRow extends Row {
  id: string;
  queue: string;
  state: SupervisionJobState;
  attempts: number;
  last_error: string | null;
  subject: string | null;
  created_at: Date;
  run_at: Date;
  finished_at: Date | null;
  requested_by_id: string | null;
  requested_by_name: string | null;
}

const toJob = (row: JobRow): SupervisionJobInput => ({
  id: row.id,
  queue: row.queue,
  state: row.state,
  attempts: row.attempts,
  lastError: row.last_error,
  subject: row.subject,
  createdAt: instant(row.created_at),
  runAt: instant(row.run_at),
  finishedAt: instantOrNull(row.finished_at),
  requestedBy: row.requested_by_id && row.requested_by_name ? { id: row.requested_by_id, name: row.requested_by_name } : null,
});

/** Jobs of one state (all but done when none: done ones are the bulk of the table), newest first; the queues' summary. */
export async function supervisionJobs(db: Database, query: { state?: SupervisionJobState; queue?: string; offset: number; limit: number }) {
  const states = query.state ? [query.state] : ["pending", "active", "failed"];
  const where = sql`state in ${states} and (${query.queue ?? null}::text is null or queue = ${query.queue ?? null})`;
  // Finished jobs (most of the table) newest first through their index (jobs_finished_idx); the unfinished ones are few.
  const order = query.state === "done" || query.state === "failed" ? sql`finished_at desc, id desc` : sql`created_at desc, id desc`;
  const [rows, [count], queues] = await Promise.all([
    rowsOf<JobRow>(db, sql`select * from jobs where ${where} order by ${order} offset ${query.offset} limit ${query.limit}`),
    // Counted up to 10,001 only: a list nobody pages through to the end.
    rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (select 1 from jobs where ${where} limit 10001) j`),
    rowsOf<{ queue: string; pending: number; active: number; failed: number; next_run_at: Date | null }>(db, sql`select * from queue_overview order by queue`),
  ]);
  return {
    rows: rows.map(toJob),
    total: count?.n ?? 0,
    queues: queues.map((q) => ({ queue: q.queue, pending: q.pending, active: q.active, failed: q.failed, nextRunAt: instantOrNull(q.next_run_at) })),
  };
}

/** « Relancer »: a failed job runs again now, its attempts from zero, recorded as asked by the operator. */
export async function retryJob(db: Database, id: string, author: Author): Promise<SupervisionJobInput | "missing" | "not-failed"> {
  return db.transaction(async (tx) => {
    const [job] = await rowsOf<JobRow>(tx, sql`select * from jobs where id = ${id} for update`);
    if (!job) return "missing";
    if (job.state !== "failed") return "not-failed";
    // Another job of the same key may be waiting (a periodic run, a newer follow-up): this one then stays failed.
    const [retried] = await rowsOf<JobRow>(
      tx,
      sql`update jobs set state = 'pending', attempts = 0, run_at = now(), finished_at = null, locked_until = null, updated_at = now(),
            requested_by_id = ${author.id}, requested_by_name = ${author.name}
          where id = ${id} and not exists (select 1 from jobs o where o.key = jobs.key and o.state in ('pending', 'active'))
          returning *`,
    );
    if (!retried) return "not-failed";
    await recordAction(tx, author, "job.retry", id);
    await tx.execute(sql`select pg_notify('jobs_due', ${retried.queue})`);
    return toJob(retried);
  });
}

interface ExchangeRow extends Row {
  id: string;
  kind: SupervisionExchangeInput["kind"];
  state: SupervisionExchangeInput["state"];
  blocking: boolean;
  record_id: string | null;
  trainee_id: string | null;
  session_id: string | null;
  employee_id: string | null;
  employee_name: string;
  created_at: Date;
  age_seconds: number;
  attempts: number;
  last_error: string | null;
  tried_at: Date | null;
}

const toExchange = (row: ExchangeRow): SupervisionExchangeInput => ({
  id: row.id,
  kind: row.kind,
  state: row.state,
  blocking: row.blocking,
  recordId: row.record_id,
  traineeId: row.trainee_id,
  sessionId: row.session_id,
  employee: { id: row.employee_id, name: row.employee_name },
  createdAt: instant(row.created_at),
  ageSeconds: row.age_seconds,
  attempts: row.attempts,
  lastError: row.last_error,
  triedAt: instantOrNull(row.tried_at),
});

const EXCHANGE_COLUMNS = sql.raw(`x.*, floor(extract(epoch from now() - x.created_at))::int as age_seconds`);

/** Unsettled exchanges and blocking creations, oldest first (each through its partial index); 500 at most. */
export async function supervisionExchanges(db: Database): Promise<SupervisionExchangeInput[]> {
  const rows = await rowsOf<ExchangeRow>(
    db,
    sql`select * from (
          (select ${EXCHANGE_COLUMNS} from agora_exchanges x where x.state in ('pending', 'answered') order by x.created_at limit 500)
          union
          (select ${EXCHANGE_COLUMNS} from agora_exchanges x where x.blocking order by x.created_at limit 500)) u
        order by created_at, id limit 500`,
  );
  return rows.map(toExchange);
}

const lockedExchange = async (tx: Executor, id: string) => (await rowsOf<ExchangeRow>(tx, sql`select ${EXCHANGE_COLUMNS} from agora_exchanges x where x.id = ${id} for update`))[0];
const isUnsettled = (row: ExchangeRow) => row.state === "pending" || row.state === "answered";

/** « Demander à AGORA »: the exchange's follow-up now (it asks AGORA by key before sending anything). */
export async function reconcileExchange(db: Database, queue: Queue, id: string, author: Author): Promise<SupervisionExchangeInput | "missing" | "settled"> {
  return db.transaction(async (tx) => {
    const exchange = await lockedExchange(tx, id);
    if (!exchange) return "missing";
    if (!isUnsettled(exchange)) return "settled";
    const key = `exchange:${id}`;
    await queue.enqueue(tx, EXCHANGE_JOB, { exchangeId: id }, { key, requestedBy: author });
    await tx.execute(sql`update jobs set run_at = now(), updated_at = now() where key = ${key} and state = 'pending'`);
    await tx.execute(sql`select pg_notify('jobs_due', ${EXCHANGE_JOB})`);
    await recordAction(tx, author, "exchange.reconcile", id);
    return toExchange(exchange);
  });
}

/**
 * « Abandonner »: an unsettled exchange ends `failed` (its record freed, the reason in the record's history), or a blocking
 * creation stops blocking. Locks as the exchanges do: the record first, then the exchange.
 */
export async function abandonExchange(db: Database, id: string, author: Author, reason: string): Promise<SupervisionExchangeInput | "missing" | "settled"> {
  return db.transaction(async (tx) => {
    const [peek] = await rowsOf<{ record_id: string | null }>(tx, sql`select record_id from agora_exchanges where id = ${id}`);
    if (!peek) return "missing";
    if (peek.record_id) await tx.execute(sql`select 1 from records where id = ${peek.record_id} for update`);
    const exchange = await lockedExchange(tx, id);
    if (!exchange) return "missing";
    if (!isUnsettled(exchange) && !exchange.blocking) return "settled";
    const note = SUPERVISION_MSG.abandoned(author.name, reason);
    const [abandoned] = await rowsOf<ExchangeRow>(
      tx,
      sql`update agora_exchanges x set state = case when x.state in ('pending', 'answered') then 'failed' else x.state end,
            blocking = false, trainee_id = null, session_id = null, settled_at = coalesce(x.settled_at, now()), last_error = ${note},
            abandoned_by_id = ${author.id}, abandoned_by_name = ${author.name}, abandon_reason = ${reason}
          where x.id = ${id} returning ${EXCHANGE_COLUMNS}`,
    );
    if (exchange.record_id && isUnsettled(exchange)) {
      await tx.execute(sql`update records set pending_exchange_id = null where id = ${exchange.record_id} and pending_exchange_id = ${id}`);
      await insertEvent(tx, exchange.record_id, author, { kind: "ABANDON", fromStatus: null, toStatus: null, answer: null, success: false, note: reason });
    }
    // Its follow-up has nothing left to do.
    await tx.execute(sql`update jobs set state = 'done', finished_at = now(), updated_at = now(), locked_until = null
      where key = ${`exchange:${id}`} and state = 'pending'`);
    await recordAction(tx, author, "exchange.abandon", id, reason);
    return toExchange(abandoned!);
  });
}
