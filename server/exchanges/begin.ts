/**
 * Step 1 of an exchange (design.md "Exchanges never diverge"): in one transaction, the record (or a creation's trainee) locked and
 * checked, the exchange written `pending` with its idempotency key and the payload that will be sent, the record marked
 * « Envoi à AGORA en cours », and the follow-up job enqueued. Nothing has been sent yet: if the transaction fails, nothing exists.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { RecordStatus, RejectionReason } from "../../resources/records/enums";
import { EXCHANGE_MSG, UNSETTLED_EXCHANGE_STATES } from "../../resources/records/exchanges";
import { RECORD_MSG } from "../../resources/records/messages";
import type { Caller } from "../auth/guard";
import type { Database, Executor } from "../db/connection";
import { newId } from "../db/ids";
import { agoraExchanges, records, trainees, type ExchangePayload } from "../db/schema/index";
import { conflict, notFound } from "../http/errors";
import type { Queue } from "../queue/queue";
import { authorOf } from "../repositories/author";
import { creationSources } from "../repositories/record-writes";
import { lockRecordState } from "../repositories/records";
import { assertPushQuality } from "../quality/gate";
import { traineeScope } from "../scope/row-scope";
import type { ExchangeRow } from "./apply";

/** The queue of the follow-up that settles an exchange the request could not (no answer, the server stopped, the database lost). */
export const EXCHANGE_JOB = "agora.exchange";

export interface ExchangeQueue {
  queue: Queue;
  /** When the follow-up first runs: after the request's own call would have timed out. */
  followUpDelayMs: number;
}

async function write(tx: Executor, queued: ExchangeQueue, values: typeof agoraExchanges.$inferInsert): Promise<ExchangeRow> {
  const [exchange] = await tx.insert(agoraExchanges).values(values).returning();
  await queued.queue.enqueue(tx, EXCHANGE_JOB, { exchangeId: values.id }, { key: `exchange:${values.id}`, delayMs: queued.followUpDelayMs });
  return exchange!;
}

export type RecordChange = { kind: "STATUS"; status: RecordStatus; reason: RejectionReason | null } | { kind: "REPUSH"; status: RecordStatus; reason: RejectionReason | null };

/**
 * A status change or re-push of a record in the caller's scope, at the version the page read (409 otherwise), none under way
 * (409 « Envoi à AGORA en cours »). A re-push names the record's status (409 if the page showed another one).
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
    if (change.kind === "REPUSH" && change.status !== state.agora.status) throw conflict(RECORD_MSG.repushStatusMismatch);
    const author = await authorOf(tx, caller);
    const payload: ExchangePayload =
      change.kind === "STATUS"
        ? { kind: "STATUS", record: state.agora, status: change.status, reason: change.reason }
        : { kind: "REPUSH", record: state.agora, reason: change.reason };
    const exchange = await write(tx, queued, {
      id: newId(),
      idempotencyKey: randomUUID(),
      kind: change.kind,
      recordId,
      payload,
      fromStatus: state.agora.status,
      toStatus: change.status,
      employeeId: author.id,
      employeeName: author.name,
    });
    await tx.update(records).set({ pendingExchangeId: exchange.id }).where(eq(records.id, recordId));
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
    const [trainee] = await tx
      .select({ id: trainees.id })
      .from(trainees)
      .where(and(eq(trainees.id, ids.traineeId), traineeScope(caller)))
      .for("update");
    if (!trainee) throw notFound(RECORD_MSG.traineeNotFound);
    const sources = await creationSources(tx, caller, ids);
    if ("missing" in sources) throw notFound(sources.missing === "trainee" ? RECORD_MSG.traineeNotFound : RECORD_MSG.sessionNotFound);
    // A trainee has one record at most: AGORA must not get a second file for them.
    const [record] = await tx.select({ id: records.id }).from(records).where(eq(records.traineeId, ids.traineeId)).limit(1);
    if (record) throw conflict(RECORD_MSG.traineeHasRecord);
    const [underWay] = await tx
      .select({ id: agoraExchanges.id })
      .from(agoraExchanges)
      .where(
        and(eq(agoraExchanges.traineeId, ids.traineeId), eq(agoraExchanges.kind, "CREATION"), inArray(agoraExchanges.state, [...UNSETTLED_EXCHANGE_STATES])),
      )
      .limit(1);
    if (underWay) throw conflict(EXCHANGE_MSG.creationPending);
    // The data-quality gate: a blocking failure is a 422 before anything is written or reaches AGORA (design.md "Record lifecycle").
    await assertPushQuality(tx, ids);
    const author = await authorOf(tx, caller);
    return write(tx, queued, {
      id: newId(),
      idempotencyKey: randomUUID(),
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
