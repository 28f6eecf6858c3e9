/**
 * Step 1 of an exchange (design.md "Exchanges never diverge"): in one transaction, the record (or a creation's trainee) locked and
 * checked, the exchange written `pending` with its idempotency key and the payload that will be sent, the record marked
 * « Envoi à AGORA en cours », and the follow-up job enqueued. Nothing has been sent yet: if the transaction fails, nothing exists.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { RecordStatus, RejectionReason } from "../../resources/records/enums";
import { EXCHANGE_MSG, UNSETTLED_EXCHANGE_STATES } from "../../resources/records/exchanges";
import { RECORD_MSG } from "../../resources/records/messages";
import type { Caller } from "../auth/guard";
import type { Database, Executor } from "../db/connection";
import { newId } from "../db/ids";
import { preparedOnce } from "../db/prepared";
import { agoraExchanges, records, trainees, type ExchangePayload } from "../db/schema/index";
import { conflict, notFound } from "../http/errors";
import type { Queue } from "../queue/queue";
import { authorOf } from "../repositories/author";
import { creationSources } from "../repositories/record-writes";
import { lockRecordState } from "../repositories/records";
import { assertPushQuality } from "../quality/gate";
import { preparedTraineeScope } from "../scope/row-scope";
import type { ExchangeRow } from "./apply";

/** The queue of the follow-up that settles an exchange the request could not (no answer, the server stopped, the database lost). */
export const EXCHANGE_JOB = "agora.exchange";

export interface ExchangeQueue {
  queue: Queue;
  /** When the follow-up first runs: after the request's own call would have timed out. */
  followUpDelayMs: number;
}

type NewExchange = Pick<typeof agoraExchanges.$inferInsert, "kind" | "payload" | "toStatus" | "employeeId" | "employeeName"> &
  Partial<Pick<typeof agoraExchanges.$inferInsert, "recordId" | "traineeId" | "sessionId" | "fromStatus">>;

// The statements of step 1 are prepared once (server/db/prepared.ts): every exchange runs them.
async function write(tx: Executor, queued: ExchangeQueue, values: NewExchange): Promise<ExchangeRow> {
  const id = newId();
  const [exchange] = await preparedOnce(tx, "exchange_written", (name) =>
    tx
      .insert(agoraExchanges)
      .values({
        id: sql.placeholder("id"),
        idempotencyKey: sql.placeholder("idempotencyKey"),
        kind: sql.placeholder("kind"),
        recordId: sql.placeholder("recordId"),
        traineeId: sql.placeholder("traineeId"),
        sessionId: sql.placeholder("sessionId"),
        payload: sql.placeholder("payload"),
        fromStatus: sql.placeholder("fromStatus"),
        toStatus: sql.placeholder("toStatus"),
        employeeId: sql.placeholder("employeeId"),
        employeeName: sql.placeholder("employeeName"),
      })
      .returning()
      .prepare(name),
  ).execute({ recordId: null, traineeId: null, sessionId: null, fromStatus: null, ...values, id, idempotencyKey: randomUUID() });
  await queued.queue.enqueue(tx, EXCHANGE_JOB, { exchangeId: id }, { key: `exchange:${id}`, delayMs: queued.followUpDelayMs });
  return exchange!;
}

/** The record marked « Envoi à AGORA en cours » until its exchange is settled. */
const markPending = (tx: Executor, recordId: string, exchangeId: string) =>
  preparedOnce(tx, "record_exchange_pending", (name) =>
    tx.update(records).set({ pendingExchangeId: sql`${sql.placeholder("exchangeId")}` }).where(eq(records.id, sql.placeholder("id"))).prepare(name),
  ).execute({ id: recordId, exchangeId });

/** The trainee, in the caller's scope, locked until the transaction ends: two creations for one trainee are serialised. */
function lockTraineeInScope(tx: Executor, caller: Caller, id: string) {
  const scope = preparedTraineeScope(caller);
  return preparedOnce(tx, `trainee_locked_${scope.key}`, (name) =>
    tx.select({ id: trainees.id }).from(trainees).where(and(eq(trainees.id, sql.placeholder("id")), scope.condition)).for("update").prepare(name),
  ).execute({ id, ...scope.values });
}

/**
 * What stops a creation for this trainee: a record already (one at most), a creation under way, or, for this session, a creation
 * that failed on another record's number and awaits an operator (AGORA holds a file for it: a new key could make a second one).
 */
const creationObstacles = (tx: Executor, traineeId: string, sessionId: string) =>
  preparedOnce(tx, "creation_obstacles", (name) =>
    tx
      // Written out: drizzle leaves a one-table select's columns unqualified, which the subqueries would take as their own.
      .select({
        hasRecord: sql<boolean>`exists (select 1 from records r where r.trainee_id = ${sql.placeholder("id")})`,
        creationUnderWay: sql<boolean>`exists (select 1 from agora_exchanges x where x.trainee_id = ${sql.placeholder("id")}
          and x.kind = 'CREATION' and x.state in ${[...UNSETTLED_EXCHANGE_STATES]})`,
        creationBlocked: sql<boolean>`exists (select 1 from agora_exchanges x where x.trainee_id = ${sql.placeholder("id")}
          and x.session_id = ${sql.placeholder("sessionId")} and x.kind = 'CREATION' and x.blocking)`,
      })
      .from(trainees)
      .where(eq(trainees.id, sql.placeholder("id")))
      .prepare(name),
  ).execute({ id: traineeId, sessionId });

export type RecordChange = { kind: "STATUS"; status: RecordStatus; reason: RejectionReason | null } | { kind: "REPUSH"; status: RecordStatus; reason: RejectionReason | null };

/**
 * A status change or re-push of a record in the caller's scope, at the version the page read (409 otherwise), none under way
 * (409 « Envoi à AGORA en cours »), that the data-quality gate lets through (422). A re-push names the record's status (409 if
 * the page showed another one).
 */
export async function beginRecordExchange(
  db: Database,
  queued: ExchangeQueue,
  caller: Caller,
  recordId: string,
  version: number | undefined,
  change: RecordChange,
): Promise<ExchangeRow> {
  return db.transaction(async (tx) => {
    const state = await lockRecordState(tx, caller, recordId);
    if (!state) throw notFound(RECORD_MSG.notFound);
    if (state.pendingExchangeId) throw conflict(EXCHANGE_MSG.recordLocked);
    if (version !== undefined && version !== state.version) throw conflict(RECORD_MSG.concurrentChange);
    // The data-quality gate, under the record's lock: its refusal sends nothing and, unlike AGORA's, writes nothing to the history.
    await assertPushQuality(tx, { recordId });
    if (change.kind === "REPUSH" && change.status !== state.agora.status) throw conflict(RECORD_MSG.repushStatusMismatch);
    const author = await authorOf(tx, caller);
    const payload: ExchangePayload =
      change.kind === "STATUS"
        ? { kind: "STATUS", record: state.agora, status: change.status, reason: change.reason }
        : { kind: "REPUSH", record: state.agora, reason: change.reason };
    const exchange = await write(tx, queued, {
      kind: change.kind,
      recordId,
      payload,
      fromStatus: state.agora.status,
      toStatus: change.status,
      employeeId: author.id,
      employeeName: author.name,
    });
    await markPending(tx, recordId, exchange.id);
    return exchange;
  });
}

/**
 * A record's creation for a trainee in the caller's scope (locked: two creations for one trainee are serialised) who has no
 * record and no creation under way, in a session in the caller's scope (held by the exchange's foreign key until settled),
 * that the data-quality gate lets through.
 */
export async function beginCreation(
  db: Database,
  queued: ExchangeQueue,
  caller: Caller,
  ids: { traineeId: string; sessionId: string },
): Promise<ExchangeRow> {
  return db.transaction(async (tx) => {
    const [trainee] = await lockTraineeInScope(tx, caller, ids.traineeId);
    if (!trainee) throw notFound(RECORD_MSG.traineeNotFound);
    const sources = await creationSources(tx, caller, ids);
    if ("missing" in sources) throw notFound(sources.missing === "trainee" ? RECORD_MSG.traineeNotFound : RECORD_MSG.sessionNotFound);
    const [obstacles] = await creationObstacles(tx, ids.traineeId, ids.sessionId);
    // A trainee has one record at most: AGORA must not get a second file for them.
    if (obstacles?.hasRecord) throw conflict(RECORD_MSG.traineeHasRecord);
    if (obstacles?.creationUnderWay) throw conflict(EXCHANGE_MSG.creationPending);
    if (obstacles?.creationBlocked) throw conflict(EXCHANGE_MSG.creationBlocked);
    // The data-quality gate: a blocking failure is a 422 before anything is written or reaches AGORA (design.md "Record lifecycle").
    await assertPushQuality(tx, ids);
    const author = await authorOf(tx, caller);
    return write(tx, queued, {
      kind: "CREATION",
      traineeId: ids.traineeId,
      sessionId: ids.sessionId,
      payload: { kind: "CREATION", file: sources.file },
      toStatus: "SETUP",
      employeeId: author.id,
      employeeName: author.name,
    });
  });
}
