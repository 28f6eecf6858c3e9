/**
 * AGORA busy on a retried call (issue 38): a second send with the same key while AGORA is still busy with the first may answer
 * 409, 423 or 429 — not the protocol's refusal (422 with its error). The first call may have applied: the answer is "no answer",
 * and the look-up by key settles the exchange (before, it was stored as a final refusal and the sides diverged).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { AgoraNoAnswerError } from "../../server/agora/types";
import type { AgoraStandIn } from "./support/agora-stand-in";
import { expectBothSidesAgree, settleExchanges } from "./support/exchanges";
import { createTrainee } from "./support/records";
import { standInWorld } from "./support/stand-in-world";
import type { TestApp, TestEmployee } from "./support/test-app";

let t: TestApp;
let standIn: AgoraStandIn;
let admin: TestEmployee;
let gest: TestEmployee;
let sessionId = "";

beforeAll(async () => {
  ({ t, standIn, admin, gest, sessionId } = await standInWorld());
});
afterEach(() => {
  standIn.beforeAnswer = undefined;
  standIn.intercept = undefined;
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

const send = async (method: "POST" | "PATCH", url: string, payload: object) => t.app.inject({ method, url, headers: await t.auth(gest), payload });
const busyRefusal = { error: { type: "technical", code: 1058, message: "Requête en cours de traitement" } };

describe("a retried AGORA call answered 409, 423 or 429", () => {
  it.each([409, 423, 429])("%i: no answer, settled by the look-up (AGORA had applied the first call)", async (busy) => {
    const created = await send("POST", "/api/records", { traineeId: await createTrainee(t, admin, { lastName: "Durand" }), sessionId });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as string;
    // The first call: AGORA applies it, then the connection drops before its answer.
    let cut = false;
    standIn.beforeAnswer = async () => {
      if (cut) return;
      cut = true;
      throw new AgoraNoAnswerError("coupure");
    };
    const first = await send("PATCH", `/api/records/${id}/status`, { status: "VALIDATED" });
    expect(first.statusCode, first.body).toBe(202);
    // The follow-up: AGORA, still busy with it, does not know the key yet (404), and answers the re-send with `busy`.
    let lookups = 0;
    standIn.intercept = (call, url) => {
      if (call.method === "GET" && url.searchParams.has("idempotencyKey") && lookups++ === 0) return { status: 404, body: {} };
      if (call.method === "PATCH" && lookups <= 1) return { status: busy, body: busyRefusal };
      return undefined;
    };
    expect(await settleExchanges(t)).toBe(0);
    expect(lookups).toBeGreaterThanOrEqual(2);
    const [record] = await t.query<{ status: string; last_exchange_failed: boolean }>("select status, last_exchange_failed from records where id = $1", [id]);
    expect(record).toEqual({ status: "VALIDATED", last_exchange_failed: false });
    await expectBothSidesAgree(t, [id]);
  });
});
