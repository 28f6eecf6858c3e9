/**
 * Step 2 of an exchange, second half: AGORA's answer, already stored on the exchange (state `answered`), applied to the product in
 * one transaction of its own — the record's status and history, or the new record of a creation — and the exchange settled.
 * Idempotent: an exchange already settled is left as it is, so a worker may apply again until it holds.
 */
import { eq, sql } from "drizzle-orm";
import { EXCHANGE_MSG } from "../../resources/records/exchanges";
import { isClosedStatus } from "../../resources/records/status-transitions";
import type { Database, Executor } from "../db/connection";
import { newId } from "../db/ids";
import { preparedOnce } from "../db/prepared";
import { agoraExchanges, records, trainees, type AgoraEventAnswer } from "../db/schema/index";
import { insertEvent } from "../repositories/record-writes";

export type ExchangeRow = typeof agoraExchanges.$inferSelect;

const settled = (state: ExchangeRow["state"]) => state !== "pending" && state !== "answered";

// The statements below are prepared once (server/db/prepared.ts): every exchange runs them, and drizzle's building of them was
// a quarter of a record creation's CPU.

async function lockExchange(tx: Executor, id: string): Promise<ExchangeRow | undefined> {
  const [row] = await preparedOnce(tx, "exchange_locked", (name) =>
    tx.select().from(agoraExchanges).where(eq(agoraExchanges.id, sql.placeholder("id"))).for("update").prepare(name),
  ).execute({ id });
  return row;
}

type Settlement = { state: "accepted" | "refused" | "failed"; recordId?: string; lastError?: string };

async function settle(tx: Executor, id: string, { state, recordId, lastError }: Settlement): Promise<ExchangeRow> {
  // A creation no longer holds its trainee and session: they may be deleted again (the record, if any, now holds them).
  const [row] = await preparedOnce(tx, "exchange_settled", (name) =>
    tx
      .update(agoraExchanges)
      .set({
        traineeId: null,
        sessionId: null,
        settledAt: sql`now()`,
        state: sql`${sql.placeholder("state")}`,
        recordId: sql`coalesce(${sql.placeholder("recordId")}::text, ${agoraExchanges.recordId})`,
        lastError: sql`coalesce(${sql.placeholder("lastError")}::text, ${agoraExchanges.lastError})`,
      })
      .where(eq(agoraExchanges.id, sql.placeholder("id")))
      .returning()
      .prepare(name),
  ).execute({ id, state, recordId: recordId ?? null, lastError: lastError ?? null });
  return row!;
}

/**
 * A creation AGORA accepted with another record's number: AGORA holds a file with no record here. It keeps its trainee and
 * session and blocks new creations for them (a fresh key could make a second file) until an operator settles it (supervision).
 */
async function settleBlocking(tx: Executor, id: string, lastError: string): Promise<ExchangeRow> {
  const [row] = await preparedOnce(tx, "exchange_settled_blocking", (name) =>
    tx
      .update(agoraExchanges)
      .set({ state: "failed", blocking: true, settledAt: sql`now()`, lastError: sql`${sql.placeholder("lastError")}::text` })
      .where(eq(agoraExchanges.id, sql.placeholder("id")))
      .returning()
      .prepare(name),
  ).execute({ id, lastError });
  return row!;
}

/** Locks a row by id until the transaction ends (nothing read: the lock orders writers). */
const lockTrainee = (tx: Executor, id: string) =>
  preparedOnce(tx, "trainee_locked", (name) => tx.select({ id: trainees.id }).from(trainees).where(eq(trainees.id, sql.placeholder("id"))).for("update").prepare(name)).execute({ id });
const lockRecord = (tx: Executor, id: string) =>
  preparedOnce(tx, "record_locked", (name) => tx.select({ id: records.id }).from(records).where(eq(records.id, sql.placeholder("id"))).for("update").prepare(name)).execute({ id });

const authorOf = (exchange: ExchangeRow) => ({ id: exchange.employeeId, name: exchange.employeeName });

/** A status change or re-push: the record moves (or keeps its status and is marked blocking), its history gets AGORA's answer. */
async function applyToRecord(tx: Executor, exchange: ExchangeRow, answer: AgoraEventAnswer): Promise<ExchangeRow> {
  const recordId = exchange.recordId!;
  const payload = exchange.payload;
  const reason = payload.kind === "CREATION" ? null : payload.reason;
  const from = exchange.fromStatus;
  const event = { kind: exchange.kind, fromStatus: from, answer };
  if ("refused" in answer) {
    await preparedOnce(tx, "record_exchange_refused", (name) =>
      tx.update(records).set({ lastExchangeFailed: true, pendingExchangeId: null }).where(eq(records.id, sql.placeholder("id"))).prepare(name),
    ).execute({ id: recordId });
    await insertEvent(tx, recordId, authorOf(exchange), { ...event, toStatus: exchange.toStatus, success: false });
    return settle(tx, exchange.id, { state: "refused" });
  }
  const to = answer.accepted.status;
  const moved = from !== to;
  const rejecting = to === "REJECTED" && Boolean(reason);
  await preparedOnce(tx, "record_exchange_accepted", (name) =>
    tx
      .update(records)
      .set({
        status: sql`${sql.placeholder("status")}`,
        lastExchangeFailed: false,
        pendingExchangeId: null,
        version: sql`${records.version} + 1`,
        updatedAt: sql`now()`,
        closedAt: sql`case when ${sql.placeholder("closing")}::boolean then now() else ${records.closedAt} end`,
        rejectionReason: sql`coalesce(${sql.placeholder("rejectionReason")}::text, ${records.rejectionReason})`,
        rejectedAt: sql`case when ${sql.placeholder("rejectedNow")}::boolean then now() else ${records.rejectedAt} end`,
      })
      .where(eq(records.id, sql.placeholder("id")))
      .prepare(name),
  ).execute({
    id: recordId,
    status: to,
    closing: moved && isClosedStatus(to),
    rejectionReason: rejecting ? reason : null,
    rejectedNow: rejecting && moved,
  });
  await insertEvent(tx, recordId, authorOf(exchange), { ...event, toStatus: to, success: true });
  return settle(tx, exchange.id, { state: "accepted" });
}

/**
 * A creation: AGORA's file number becomes a record, with its creation and push in the history. A number another record already
 * holds cannot be taken (AGORA's mistake, or a file AGORA answered twice): nothing is stored but the exchange, `failed` with why.
 */
async function applyCreation(tx: Executor, exchange: ExchangeRow, answer: AgoraEventAnswer): Promise<ExchangeRow> {
  if ("refused" in answer) return settle(tx, exchange.id, { state: "refused" });
  const { payload } = exchange;
  if (payload.kind !== "CREATION" || !exchange.traineeId || !exchange.sessionId) throw new Error("Échange de création incomplet");
  const { agoraId, status } = answer.accepted;
  const [holder] = await preparedOnce(tx, "record_by_agora_id", (name) =>
    tx
      .select({ id: records.id, traineeId: records.traineeId, sessionId: records.sessionId })
      .from(records)
      .where(eq(records.agoraId, sql.placeholder("agoraId")))
      .prepare(name),
  ).execute({ agoraId });
  if (holder) {
    // The same file answered again (the record was made from an earlier answer): this exchange is that record's.
    if (holder.traineeId === exchange.traineeId && holder.sessionId === exchange.sessionId) {
      return settle(tx, exchange.id, { state: "accepted", recordId: holder.id });
    }
    return settleBlocking(tx, exchange.id, EXCHANGE_MSG.numberAlreadyHeld(agoraId));
  }
  const id = newId();
  await preparedOnce(tx, "record_created", (name) =>
    tx
      .insert(records)
      .values({
        id: sql.placeholder("id"),
        traineeId: sql.placeholder("traineeId"),
        sessionId: sql.placeholder("sessionId"),
        agoraId: sql.placeholder("agoraId"),
        status: sql.placeholder("status"),
        plannedStartDate: sql.placeholder("plannedStartDate"),
        plannedEndDate: sql.placeholder("plannedEndDate"),
        // The data-quality gate passed on this trainee and session before the exchange was written; the record's own fields are empty.
        qualityBlocking: false,
      })
      .prepare(name),
  ).execute({
    id,
    traineeId: exchange.traineeId,
    sessionId: exchange.sessionId,
    agoraId,
    status,
    plannedStartDate: payload.file.session.startDate,
    plannedEndDate: payload.file.session.endDate,
  });
  const author = authorOf(exchange);
  await insertEvent(tx, id, author, { kind: "CREATION", fromStatus: null, toStatus: status, answer: null, success: true });
  await insertEvent(tx, id, author, { kind: "PUSH", fromStatus: null, toStatus: status, answer, success: true });
  return settle(tx, exchange.id, { state: "accepted", recordId: id });
}

type LockTarget = Pick<ExchangeRow, "recordId" | "traineeId" | "kind">;

/**
 * Applies the stored answer of exchange `id`, if not applied yet. Locks in the order step 1 takes them (the record, or the
 * creation's trainee, then the exchange), so that a new exchange being written and this one never wait on each other in a cycle.
 * `known`: the exchange as the caller read it, which names what to lock (a creation's trainee may have been released since: its
 * lock is then one too many, and the exchange, read under lock, is found settled).
 */
export async function applyAnswer(db: Database, id: string, known?: LockTarget): Promise<ExchangeRow | undefined> {
  return db.transaction(async (tx) => {
    const [peek] = known
      ? [known]
      : await preparedOnce(tx, "exchange_lock_target", (name) =>
          tx
            .select({ recordId: agoraExchanges.recordId, traineeId: agoraExchanges.traineeId, kind: agoraExchanges.kind })
            .from(agoraExchanges)
            .where(eq(agoraExchanges.id, sql.placeholder("id")))
            .prepare(name),
        ).execute({ id });
    if (!peek) return undefined;
    if (peek.kind === "CREATION") {
      if (peek.traineeId) await lockTrainee(tx, peek.traineeId);
    } else if (peek.recordId) {
      await lockRecord(tx, peek.recordId);
    }
    const exchange = await lockExchange(tx, id);
    if (!exchange || settled(exchange.state) || exchange.state !== "answered" || !exchange.answer) return exchange;
    return exchange.kind === "CREATION" ? applyCreation(tx, exchange, exchange.answer) : applyToRecord(tx, exchange, exchange.answer);
  });
}
