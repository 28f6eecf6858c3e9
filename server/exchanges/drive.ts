/**
 * Step 2 of an exchange, first half: get AGORA's answer and store it on the exchange before anything else, then apply it
 * (apply.ts). The first call sends; a later one (the follow-up job, reconciliation) first asks AGORA what it answered to the
 * exchange's key (getRecord) and sends again, with the same key, only when AGORA never received it. No answer (timeout,
 * connection cut, unreadable answer): the exchange stays pending with the reason, for the next try. Never a blind second send.
 */
import { and, eq, sql } from "drizzle-orm";
import type { AgoraClient, AgoraOutcome, AgoraRecordAccepted } from "../agora/types";
import { isAgoraNoAnswer } from "../agora/types";
import type { Database } from "../db/connection";
import { preparedOnce } from "../db/prepared";
import { agoraExchanges, type AgoraEventAnswer } from "../db/schema/index";
import { applyAnswer, type ExchangeRow } from "./apply";

export interface ExchangeDeps {
  db: Database;
  agora: AgoraClient;
}

function send(agora: AgoraClient, exchange: ExchangeRow, signal: AbortSignal): Promise<AgoraOutcome<AgoraRecordAccepted>> {
  const call = { idempotencyKey: exchange.idempotencyKey, signal };
  const { payload } = exchange;
  switch (payload.kind) {
    case "CREATION":
      return agora.pushRecord(payload.file, call);
    case "STATUS":
      return agora.changeRecordStatus(payload.record, { status: payload.status, reason: payload.reason }, call);
    case "REPUSH":
      return agora.repushRecord(payload.record, { reason: payload.reason }, call);
  }
}

const asAnswer = (outcome: AgoraOutcome<AgoraRecordAccepted>): AgoraEventAnswer =>
  outcome.ok ? { accepted: outcome.value } : { refused: outcome.error };

// Prepared once (server/db/prepared.ts), as every exchange runs them; each write below holds only while the exchange is pending.
const stillPending = and(eq(agoraExchanges.id, sql.placeholder("id")), eq(agoraExchanges.state, "pending"));

const exchangeById = (db: Database, id: string) =>
  preparedOnce(db, "exchange_by_id", (name) => db.select().from(agoraExchanges).where(eq(agoraExchanges.id, sql.placeholder("id"))).prepare(name)).execute({ id });
const countAttempt = (db: Database, id: string) =>
  preparedOnce(db, "exchange_attempted", (name) =>
    db.update(agoraExchanges).set({ attempts: sql`${agoraExchanges.attempts} + 1` }).where(stillPending).prepare(name),
  ).execute({ id });
const noteNoAnswer = (db: Database, id: string, reason: string) =>
  preparedOnce(db, "exchange_not_answered", (name) =>
    db.update(agoraExchanges).set({ lastError: sql`${sql.placeholder("reason")}`, triedAt: sql`now()` }).where(stillPending).returning().prepare(name),
  ).execute({ id, reason });
const storeAnswer = (db: Database, id: string, answer: AgoraEventAnswer) =>
  preparedOnce(db, "exchange_answered", (name) =>
    db
      .update(agoraExchanges)
      .set({ state: "answered", answer: sql`${sql.placeholder("answer")}::jsonb`, answeredAt: sql`now()`, lastError: null })
      .where(stillPending)
      .prepare(name),
  ).execute({ id, answer: JSON.stringify(answer) });

/** AGORA's answer to the exchange: asked by key when it may have been sent already, else (or if AGORA never got it) sent. */
async function answerOf(deps: ExchangeDeps, exchange: ExchangeRow, signal: AbortSignal): Promise<AgoraEventAnswer> {
  if (exchange.attempts > 0) {
    const lookup = await deps.agora.getRecord({ idempotencyKey: exchange.idempotencyKey }, { signal });
    if (lookup.answer) return asAnswer(lookup.answer);
  }
  await countAttempt(deps.db, exchange.id);
  return asAnswer(await send(deps.agora, exchange, signal));
}

/**
 * Moves exchange `id` on as far as it goes now; answers it as it then stands (undefined if it does not exist). Database errors
 * are thrown (the caller retries); AGORA's silence is not an error, the exchange just stays pending. `begun`: the row step 1
 * has just written, instead of reading it again (every write below is guarded by the state, and applying reads it under lock).
 */
export async function driveExchange(deps: ExchangeDeps, id: string, signal: AbortSignal, begun?: ExchangeRow): Promise<ExchangeRow | undefined> {
  const [exchange] = begun ? [begun] : await exchangeById(deps.db, id);
  if (!exchange) return undefined;
  if (exchange.state === "pending") {
    let answer: AgoraEventAnswer;
    try {
      answer = await answerOf(deps, exchange, signal);
    } catch (error) {
      if (!isAgoraNoAnswer(error)) throw error;
      const [noted] = await noteNoAnswer(deps.db, id, error.reason);
      return noted ?? { ...exchange, lastError: error.reason };
    }
    // Stored before it is applied: whatever happens next, the answer is not lost.
    await storeAnswer(deps.db, id, answer);
  }
  return applyAnswer(deps.db, id, exchange);
}
