/**
 * Issue 23's table, case by case, against AGORA over HTTP (a local stand-in around the stateful simulator, AGORA_URL): concurrent
 * requests, AGORA slow or silent, the product's database connections cut (pg_terminate_backend) in the middle of a write, a server
 * stop in the middle. After each, once the follow-ups have run: AGORA holds exactly one file per record with the product's status,
 * every AGORA answer is in the record's history, and nothing was sent twice but under the same idempotency key.
 */
import type pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { EXCHANGE_MSG } from "../../resources/records/exchanges";
import { RECORD_MSG } from "../../resources/records/messages";
import { startAgoraStandIn, type AgoraStandIn } from "./support/agora-stand-in";
import {
  cutProductConnections,
  expectBothSidesAgree,
  productWaitingOnLock,
  restartApp,
  settleExchanges,
  sideConnection,
} from "./support/exchanges";
import { createTrainee, trainingWithSession } from "./support/records";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";

let t: TestApp;
let standIn: AgoraStandIn;
let side: pg.Client;
let admin: TestEmployee;
let gest: TestEmployee;
let resp: TestEmployee;
let organizations: { educational: string; contracting: string };
let sessionId = "";

const AGORA_TIMEOUT_MS = 2_000;
const INTERNSHIP = { internshipStartDate: "2026-02-02", internshipEndDate: "2026-02-20", internshipCompanyName: "Boulangerie Martin" };

beforeAll(async () => {
  t = await createTestApp({ agoraTimeoutMs: AGORA_TIMEOUT_MS, stopGraceMs: 1_000 });
  standIn = await startAgoraStandIn(t.databaseUrl, { slowAnswerMs: AGORA_TIMEOUT_MS + 1_000 });
  t.config.agoraUrl = standIn.url;
  await restartApp(t);
  side = await sideConnection(t);
  organizations = { educational: await t.organization(), contracting: await t.organization() };
  admin = await t.employee("rol_admin", []);
  gest = await t.employee("rol_gest-of", [organizations.educational], { firstName: "Léa", lastName: "GEST" });
  resp = await t.employee("rol_resp-of", [organizations.educational], { firstName: "Inès", lastName: "RESP" });
  ({ sessionId } = await trainingWithSession(t, admin, organizations));
});
afterEach(() => {
  standIn.answerDelayMs = 0;
  standIn.beforeAnswer = undefined;
});
afterAll(async () => {
  await side?.end();
  await t?.close();
  await standIn?.close();
});

const send = async (as: TestEmployee, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: await t.auth(as), ...(payload ? { payload } : {}) });
const changeStatus = (as: TestEmployee, id: string, payload: object) => send(as, "PATCH", `/api/records/${id}/status`, payload);
const create = (as: TestEmployee, traineeId: string, session = sessionId) => send(as, "POST", "/api/records", { traineeId, sessionId: session });

/** A record created through AGORA (so that both sides hold it), its trainee named `lastName` (the simulator's fixtures read it). */
async function newRecord(lastName = "Durand"): Promise<string> {
  const res = await create(gest, await createTrainee(t, admin, { lastName }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

const callsFor = (path: string) => standIn.changes().filter((c) => c.path.includes(path));
const agoraIdOf = async (id: string) => (await t.query<{ agora_id: string }>("select agora_id from records where id = $1", [id]))[0]!.agora_id;
const recordOf = async (id: string) =>
  (await t.query<{ status: string; pending_exchange_id: string | null; last_exchange_failed: boolean }>(
    "select status, pending_exchange_id, last_exchange_failed from records where id = $1",
    [id],
  ))[0]!;

/** Holds a row lock from the test's own connection: the product's next write of that row waits, until cut or released. */
async function holdLock(sql: string, values: unknown[]) {
  await side.query("begin");
  await side.query(sql, values);
}
const release = () => side.query("rollback");

describe("issue 23, the table, case by case (AGORA over HTTP)", () => {
  it("two status changes at once (VALIDATED, REJECTED; AGORA answering in 1.5 s): one applies, the other is refused before AGORA", async () => {
    const id = await newRecord();
    standIn.answerDelayMs = 1_500;
    const answers = await Promise.all([
      changeStatus(gest, id, { status: "VALIDATED" }),
      changeStatus(resp, id, { status: "REJECTED", options: { reason: "DuplicateFile" } }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(EXCHANGE_MSG.recordLocked);
    expect(callsFor(`/${await agoraIdOf(id)}/status`)).toHaveLength(1);
    await expectBothSidesAgree(t, [id]);
  });

  it("a status change while another user saves the internship fields: the edit waits for AGORA's answer (409), the status applies", async () => {
    const id = await newRecord();
    standIn.answerDelayMs = 1_500;
    const validating = changeStatus(gest, id, { status: "VALIDATED" });
    await expect.poll(async () => (await recordOf(id)).pending_exchange_id).not.toBeNull();
    const edit = await send(resp, "PATCH", `/api/records/${id}`, { internship: INTERNSHIP });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(EXCHANGE_MSG.recordLocked);
    // The record page shows it meanwhile.
    const shown = await send(resp, "GET", `/api/records/${id}`);
    expect(shown.json().data.exchanges[0]).toMatchObject({ kind: "STATUS", state: "pending" });
    expect((await validating).statusCode).toBe(200);
    expect((await recordOf(id)).status).toBe("VALIDATED");
    // Once AGORA has answered, the edit goes through.
    expect((await send(resp, "PATCH", `/api/records/${id}`, { internship: INTERNSHIP })).statusCode).toBe(200);
    await expectBothSidesAgree(t, [id]);
  });

  it("two creations for one trainee at once: one file, one record; the other is refused before AGORA", async () => {
    const traineeId = await createTrainee(t, admin, { lastName: "Double" });
    standIn.answerDelayMs = 1_000;
    const before = standIn.changes().filter((c) => c.method === "POST").length;
    const answers = await Promise.all([create(gest, traineeId), create(resp, traineeId)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect([EXCHANGE_MSG.creationPending, RECORD_MSG.traineeHasRecord]).toContain(answers.find((a) => a.statusCode === 409)!.json().message);
    expect(standIn.changes().filter((c) => c.method === "POST")).toHaveLength(before + 1);
    await expectBothSidesAgree(t, [answers.find((a) => a.statusCode === 201)!.json().data.id]);
  });

  it("a record's creation while its session is deleted: the deletion waits for AGORA's answer (409), the record is created", async () => {
    const { sessionId: doomed } = await trainingWithSession(t, admin, organizations);
    const traineeId = await createTrainee(t, admin, { lastName: "Orphelin" });
    standIn.answerDelayMs = 1_500;
    const creating = create(gest, traineeId, doomed);
    await expect.poll(() => t.query("select 1 from agora_exchanges where trainee_id = $1", [traineeId])).toHaveLength(1);
    const deletion = await send(admin, "DELETE", `/api/sessions/${doomed}`);
    expect(deletion.statusCode).toBe(409);
    expect(deletion.json().message).toBe(EXCHANGE_MSG.sessionDeletePending);
    const traineeDeletion = await send(admin, "DELETE", `/api/trainees/${traineeId}`);
    expect(traineeDeletion.statusCode).toBe(409);
    expect(traineeDeletion.json().message).toBe(EXCHANGE_MSG.traineeDeletePending);
    const created = await creating;
    expect(created.statusCode).toBe(201);
    await expectBothSidesAgree(t, [created.json().data.id]);
    // Now the record holds the session: the usual refusal.
    expect((await send(admin, "DELETE", `/api/sessions/${doomed}`)).json().message).toMatch(/associée à des dossiers/);
  });

  it("the database lost while AGORA's acceptance is stored: 202, the user's retry sends nothing, the follow-up asks AGORA and applies", async () => {
    const id = await newRecord();
    standIn.beforeAnswer = () => holdLock("select 1 from agora_exchanges where record_id = $1 and state = 'pending' for update", [id]);
    const validating = changeStatus(gest, id, { status: "VALIDATED" });
    await expect.poll(() => productWaitingOnLock(side)).toBe(1);
    expect(await cutProductConnections(side, "waiting")).toBe(1);
    await release();
    const answer = await validating;
    expect(answer.statusCode).toBe(202);
    expect(answer.json().data.message).toBe("AGORA ne répond pas ; l'envoi sera confirmé automatiquement");
    // The retry: refused while the first is unsettled, nothing sent.
    const statusCalls = callsFor("/status").length;
    const retry = await changeStatus(gest, id, { status: "VALIDATED" });
    expect(retry.statusCode).toBe(409);
    expect(callsFor("/status")).toHaveLength(statusCalls);
    expect(await settleExchanges(t)).toBe(0);
    expect(await recordOf(id)).toMatchObject({ status: "VALIDATED", pending_exchange_id: null });
    // Reconciled by asking, not by sending again.
    expect(callsFor("/status")).toHaveLength(statusCalls);
    await expectBothSidesAgree(t, [id]);
  });

  it("the database lost while the answer is applied: the stored answer is applied again until it holds", async () => {
    const id = await newRecord();
    standIn.beforeAnswer = () => holdLock("select 1 from records where id = $1 for update", [id]);
    const validating = changeStatus(gest, id, { status: "VALIDATED" });
    await expect.poll(() => productWaitingOnLock(side)).toBe(1);
    await cutProductConnections(side, "waiting");
    await release();
    expect((await validating).statusCode).toBe(202);
    expect(await t.query("select state from agora_exchanges where record_id = $1 and kind = 'STATUS'", [id])).toEqual([{ state: "answered" }]);
    const lookups = standIn.calls.length;
    await settleExchanges(t);
    // Applied from what was stored: AGORA is not even asked.
    expect(standIn.calls).toHaveLength(lookups);
    expect((await recordOf(id)).status).toBe("VALIDATED");
    await expectBothSidesAgree(t, [id]);
  });

  it("the database lost during the record's insert, then the user retries: one AGORA file, one record", async () => {
    const traineeId = await createTrainee(t, admin, { lastName: "Perdu" });
    standIn.beforeAnswer = () => holdLock("select 1 from trainees where id = $1 for update", [traineeId]);
    const creating = create(gest, traineeId);
    await expect.poll(() => productWaitingOnLock(side)).toBe(1);
    await cutProductConnections(side, "waiting");
    await release();
    expect((await creating).statusCode).toBe(202);
    const pushes = standIn.changes().filter((c) => c.method === "POST").length;
    const retry = await create(gest, traineeId);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().message).toBe(EXCHANGE_MSG.creationPending);
    expect(await settleExchanges(t)).toBe(0);
    expect(standIn.changes().filter((c) => c.method === "POST")).toHaveLength(pushes);
    const [record] = await t.query<{ id: string }>("select id from records where trainee_id = $1", [traineeId]);
    await expectBothSidesAgree(t, [record!.id]);
    expect((await create(gest, traineeId)).json().message).toBe(RECORD_MSG.traineeHasRecord);
  });

  it("the database lost while AGORA's refusal is stored: the refusal and the blocking flag are kept after the follow-up", async () => {
    const id = await newRecord("Refus");
    standIn.beforeAnswer = () => holdLock("select 1 from agora_exchanges where record_id = $1 and state = 'pending' for update", [id]);
    const validating = changeStatus(gest, id, { status: "VALIDATED" });
    await expect.poll(() => productWaitingOnLock(side)).toBe(1);
    await cutProductConnections(side, "waiting");
    await release();
    expect((await validating).statusCode).toBe(202);
    await settleExchanges(t);
    expect(await recordOf(id)).toMatchObject({ status: "SETUP", last_exchange_failed: true, pending_exchange_id: null });
    expect(await t.query("select success, answer->'refused'->>'code' as code from record_events where record_id = $1 and kind = 'STATUS'", [id])).toEqual([
      { success: false, code: "1056" },
    ]);
    await expectBothSidesAgree(t, [id]);
  });

  it("AGORA answers with a file number the product already holds: 409 saying so, no record, the answer kept on the exchange", async () => {
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
    const res = await create(gest, traineeId);
    expect(res.statusCode).toBe(409);
    const [{ agora_id: held }] = (await t.query<{ agora_id: string }>("select agora_id from agora_sim.requests order by received_at desc limit 1")) as [
      { agora_id: string },
    ];
    expect(res.json().message).toBe(EXCHANGE_MSG.numberAlreadyHeld(held));
    expect(await t.query("select 1 from records where trainee_id = $1", [traineeId])).toEqual([]);
    expect(await t.query("select state, answer->'accepted'->>'agoraId' as number from agora_exchanges where idempotency_key = $1", [standIn.changes().at(-1)!.idempotencyKey])).toEqual([
      { state: "failed", number: held },
    ]);
  });
});

describe("AGORA silent or cut (MUET, COUPURE, LENT through HTTP)", () => {
  it.each(["MUET", "COUPURE", "LENT"])("%s: 202 « AGORA ne répond pas… » at once, the retry is refused unsent, reconciliation applies AGORA's answer", async (name) => {
    const traineeId = await createTrainee(t, admin, { lastName: name });
    const created = await create(gest, traineeId);
    expect(created.statusCode).toBe(202);
    expect(created.json()).toEqual({
      data: { exchange: { id: expect.any(String), kind: "CREATION", state: "pending" }, message: "AGORA ne répond pas ; l'envoi sera confirmé automatiquement" },
    });
    const pushes = standIn.changes().filter((c) => c.method === "POST").length;
    expect((await create(gest, traineeId)).statusCode).toBe(409);
    expect(standIn.changes().filter((c) => c.method === "POST")).toHaveLength(pushes);
    expect(await settleExchanges(t)).toBe(0);
    const [record] = await t.query<{ id: string }>("select id from records where trainee_id = $1", [traineeId]);

    const validating = await changeStatus(gest, record!.id, { status: "VALIDATED" });
    expect(validating.statusCode).toBe(202);
    expect((await recordOf(record!.id)).pending_exchange_id).not.toBeNull();
    expect(await settleExchanges(t)).toBe(0);
    const repush = await send(gest, "PATCH", `/api/records/${record!.id}/reengineering`, { status: "VALIDATED" });
    expect(repush.statusCode).toBe(202);
    expect(await settleExchanges(t)).toBe(0);
    expect((await recordOf(record!.id)).status).toBe("VALIDATED");
    await expectBothSidesAgree(t, [record!.id]);
  });
});

describe("a server stop in the middle", () => {
  it("stopped 1 s into 6 status changes (AGORA answering in 8 s): within the grace period, the 6 left pending, applied after the restart", async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, () => newRecord()));
    standIn.answerDelayMs = 8_000;
    const before = callsFor("/status").length;
    const answers = ids.map((id) => changeStatus(gest, id, { status: "VALIDATED" }));
    await expect.poll(() => callsFor("/status").length, { timeout: 10_000 }).toBe(before + 6);
    const stopping = Date.now();
    t.config.queue = { autoStart: true, pollMs: 200 };
    await t.app.close();
    const stoppedIn = Date.now() - stopping;
    expect(stoppedIn).toBeLessThan(1_000 + 1_500);
    expect((await Promise.all(answers)).map((a) => a.statusCode)).toEqual([202, 202, 202, 202, 202, 202]);
    // Nothing lost: the exchanges wait, AGORA holds the 6 validations.
    expect(await side.query("select count(*)::int as n from agora_exchanges where state = 'pending' and record_id = any($1)", [ids])).toMatchObject({
      rows: [{ n: 6 }],
    });
    // The restarted server reconciles at start-up (its worker runs): by key, without sending again.
    t.app = await (await import("../../server/app")).buildApp(t.config);
    await t.app.ready();
    await expect.poll(async () => (await t.query("select count(*)::int as n from records where id = any($1) and status = 'VALIDATED'", [ids]))[0], {
      timeout: 20_000,
    }).toEqual({ n: 6 });
    expect(callsFor("/status")).toHaveLength(before + 6);
    await expectBothSidesAgree(t, ids);
    t.config.queue = { autoStart: false };
    await restartApp(t);
  });
});
