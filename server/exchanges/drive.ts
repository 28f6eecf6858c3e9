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

const stillPending = (id: string) => and(eq(agoraExchanges.id, id), eq(agoraExchanges.state, "pending"));

/** AGORA's answer to the exchange: asked by key when it may have been sent already, else (or if AGORA never got it) sent. */
async function answerOf(deps: ExchangeDeps, exchange: ExchangeRow, signal: AbortSignal): Promise<AgoraEventAnswer> {
  if (exchange.attempts > 0) {
    const lookup = await deps.agora.getRecord({ idempotencyKey: exchange.idempotencyKey }, { signal });
    if (lookup.answer) return asAnswer(lookup.answer);
  }
  await deps.db
    .update(agoraExchanges)
    .set({ attempts: sql`${agoraExchanges.attempts} + 1` })
    .where(stillPending(exchange.id));
  return asAnswer(await send(deps.agora, exchange, signal));
}

/**
 * Moves exchange `id` on as far as it goes now; answers it as it then stands (undefined if it does not exist). Database errors
 * are thrown (the caller retries); AGORA's silence is not an error, the exchange just stays pending. `begun`: the row step 1
 * has just written, instead of reading it again (every write below is guarded by the state, and applying reads it under lock).
 */
export async function driveExchange(deps: ExchangeDeps, id: string, signal: AbortSignal, begun?: ExchangeRow): Promise<ExchangeRow | undefined> {
  const [exchange] = begun ? [begun] : await deps.db.select().from(agoraExchanges).where(eq(agoraExchanges.id, id));
  if (!exchange) return undefined;
  if (exchange.state === "pending") {
    let answer: AgoraEventAnswer;
    try {
      answer = await answerOf(deps, exchange, signal);
    } catch (error) {
      if (!isAgoraNoAnswer(error)) throw error;
      const [noted] = await deps.db.update(agoraExchanges).set({ lastError: error.reason }).where(stillPending(id)).returning();
      return noted ?? { ...exchange, lastError: error.reason };
    }
    // Stored before it is applied: whatever happens next, the answer is not lost.
    await deps.db
      .update(agoraExchanges)
      .set({ state: "answered", answer, answeredAt: sql`now()`, lastError: null })
      .where(stillPending(id));
  }
  return applyAnswer(deps.db, id, exchange);
}
