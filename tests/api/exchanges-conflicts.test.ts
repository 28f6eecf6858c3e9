/**
 * A creation that ends `failed` because the number AGORA gave is another record's (issue 38): AGORA holds a file with no record
 * here, so a new creation for that (trainee, session) — a fresh key, a second file — is refused until an operator settles it.
 * Supervision lists it as blocking; « Abandonner » (with a reason, recorded) lifts the block.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { EXCHANGE_MSG } from "../../resources/records/exchanges";
import type { AgoraStandIn } from "./support/agora-stand-in";
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
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

const call = async (as: TestEmployee, method: "GET" | "POST", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: await t.auth(as), ...(payload ? { payload } : {}) });

describe("a creation failed on another record's number", () => {
  it("blocks new creations for its trainee and session, is listed in supervision, and « Abandonner » lifts the block", async () => {
    const traineeId = await createTrainee(t, admin, { lastName: "Homonyme" });
    // The number AGORA will give this file, already another record's in the product.
    standIn.beforeAnswer = async () => {
      const [pushed] = await t.query<{ agora_id: string }>("select agora_id from agora_sim.requests order by received_at desc limit 1");
      const other = await createTrainee(t, admin, { lastName: "Autre" });
      await t.query(
        "insert into records (id, trainee_id, session_id, agora_id, planned_start_date, planned_end_date) values (md5(random()::text), $1, $2, $3, '2026-01-12', '2026-03-20')",
        [other, sessionId, pushed!.agora_id],
      );
    };
    const first = await call(gest, "POST", "/api/records", { traineeId, sessionId });
    expect(first.statusCode, first.body).toBe(409);
    standIn.beforeAnswer = undefined;
    const changesBefore = standIn.changes().length;

    const second = await call(gest, "POST", "/api/records", { traineeId, sessionId });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().message).toBe(EXCHANGE_MSG.creationBlocked);
    expect(standIn.changes()).toHaveLength(changesBefore);

    const listed = (await call(admin, "GET", "/api/supervision/exchanges")).json().data as { id: string; blocking: boolean; traineeId: string }[];
    const blocking = listed.find((exchange) => exchange.traineeId === traineeId);
    expect(blocking).toMatchObject({ kind: "CREATION", state: "failed", blocking: true, sessionId });

    const abandoned = await call(admin, "POST", `/api/supervision/exchanges/${blocking!.id}/abandon`, { reason: "Dossier AGORA en double supprimé par l'assistance" });
    expect(abandoned.statusCode, abandoned.body).toBe(200);
    expect(abandoned.json().data).toMatchObject({ blocking: false, state: "failed" });
    expect(await t.query("select abandon_reason, abandoned_by_id from agora_exchanges where id = $1", [blocking!.id])).toEqual([
      { abandon_reason: "Dossier AGORA en double supprimé par l'assistance", abandoned_by_id: admin.id },
    ]);
    // No longer blocked: the creation reaches AGORA again (which, holding that file already, answers its number once more).
    const third = await call(gest, "POST", "/api/records", { traineeId, sessionId });
    expect(third.json().message).not.toBe(EXCHANGE_MSG.creationBlocked);
    expect(standIn.changes().length).toBeGreaterThan(changesBefore);
  });
});
