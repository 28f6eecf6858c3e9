/**
 * Record status changes and re-pushes through AGORA (the simulator): the whole lifecycle table, each simulator error, the
 * closed-record rule, refusals changing nothing but the history, and two status changes at once.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECORD_STATUSES, type RecordStatus } from "../../resources/records/enums";
import type { AgoraClient } from "../../server/agora/types";
import { canTransition } from "../../resources/records/status-transitions";
import { createTrainee, recordRow, trainingWithSession } from "./support/records";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";

const STATUSES = Object.keys(RECORD_STATUSES) as RecordStatus[];
let t: TestApp;
let admin: TestEmployee;
let resp: TestEmployee;
let sessionId = "";

const patch = async (id: string, action: "status" | "reengineering", payload: object, as: TestEmployee = resp) =>
  t.app.inject({ method: "PATCH", url: `/api/records/${id}/${action}`, headers: await t.auth(as), payload });

/** A record in `status` (closed `closedAt` when given), its trainee named `lastName` (the simulator's fixtures read it). */
async function recordIn(status: RecordStatus, lastName = "Durand", closedAt?: Date) {
  const traineeId = await createTrainee(t, admin, { lastName });
  return recordRow(t, { traineeId, sessionId }, { status, ...(closedAt ? { closedAt } : {}) });
}

/** The stored row, whole, but for the blocking flag a refusal sets (and blocking_from, which the database derives from it). */
async function stored(id: string) {
  const [row] = await t.query<{ row: Record<string, unknown> }>("select row_to_json(r) as row from records r where id = $1", [id]);
  const { last_exchange_failed: _flag, blocking_from: _derived, ...rest } = row!.row;
  return rest;
}
const events = (id: string) =>
  t.query<{ kind: string; from_status: string; to_status: string; success: boolean; answer: unknown; employee_name: string }>(
    "select kind, from_status, to_status, success, answer, employee_name from record_events where record_id = $1 order by at",
    [id],
  );
const monthsAgo = (months: number) => {
  const date = new Date();
  date.setUTCMonth(date.getUTCMonth() - months);
  return date;
};

beforeAll(async () => {
  t = await createTestApp();
  const organizations = { educational: await t.organization(), contracting: await t.organization() };
  admin = await t.employee("rol_admin", []);
  resp = await t.employee("rol_resp-of", [organizations.educational], { firstName: "Inès", lastName: "MOREAU" });
  ({ sessionId } = await trainingWithSession(t, admin, organizations));
});
afterAll(() => t.close());

describe("the lifecycle table, pair by pair", () => {
  const pairs = STATUSES.flatMap((from) => STATUSES.filter((to) => to !== "SETUP").map((to) => [from, to] as const));
  const body = (to: RecordStatus) => ({ status: to, ...(to === "REJECTED" ? { options: { reason: "IncompleteFile" } } : {}) });

  it.each(pairs.filter(([from, to]) => canTransition(from, to)))("%s → %s: applied, versioned and kept in the history", async (from, to) => {
    const id = await recordIn(from);
    const res = await patch(id, "status", body(to));
    expect(res.statusCode, res.body).toBe(200);
    const record = res.json().data;
    expect(record).toMatchObject({ status: to, version: 2, lastExchangeFailed: false });
    expect(record.closedDate === null).toBe(!["TERMINATED_FULLY_DONE", "TERMINATED_PARTIALLY_DONE", "TERMINATED_NOT_DONE", "REJECTED"].includes(to));
    expect(record.events[0]).toMatchObject({ kind: "STATUS", fromStatus: from, toStatus: to, success: true, employee: { name: "Inès MOREAU" } });
    if (to === "REJECTED") expect(record).toMatchObject({ rejectionReason: "IncompleteFile", rejectionDate: expect.any(String) });
  });

  it.each(pairs.filter(([from, to]) => !canTransition(from, to)))("%s → %s: refused (422), nothing changes but the history", async (from, to) => {
    const id = await recordIn(from);
    const before = await stored(id);
    const res = await patch(id, "status", body(to));
    expect(res.statusCode, res.body).toBe(422);
    const sameAnswer = from === to && (to === "VALIDATED" || to === "REJECTED");
    expect(res.json().details.agora).toEqual(
      sameAnswer
        ? { type: "functional", code: 1029, message: "Vous avez déjà apporté une réponse pour ce dossier" }
        : { type: "functional", code: 145, message: `Opération non autorisée sur le dossier à l'état ${RECORD_STATUSES[from]}` },
    );
    expect(await stored(id)).toEqual(before);
    expect(await events(id)).toEqual([
      expect.objectContaining({ kind: "STATUS", from_status: from, to_status: to, success: false, answer: { refused: res.json().details.agora } }),
    ]);
    const [row] = await t.query("select last_exchange_failed from records where id = $1", [id]);
    expect(row).toEqual({ last_exchange_failed: true });
  });
});

describe("status changes", () => {
  it("asks the reason of a rejection ('Ce champs est obligatoire') before calling AGORA", async () => {
    const id = await recordIn("SETUP");
    const res = await patch(id, "status", { status: "REJECTED" });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields).toEqual([{ path: "body.options.reason", message: "Ce champs est obligatoire" }]);
    expect(await events(id)).toEqual([]);
  });

  it("is what the README says of a rejection without its reason: 400 first, for a status change and a re-push, AGORA never asked (no 209)", async () => {
    const agora = t.app.agora as AgoraClient;
    const real = { status: agora.changeRecordStatus, repush: agora.repushRecord };
    let asked = 0;
    agora.changeRecordStatus = async (...args: Parameters<AgoraClient["changeRecordStatus"]>) => (asked++, real.status(...args));
    agora.repushRecord = async (...args: Parameters<AgoraClient["repushRecord"]>) => (asked++, real.repush(...args));
    try {
      const answers = [await patch(await recordIn("SETUP"), "status", { status: "REJECTED" }), await patch(await recordIn("REJECTED"), "reengineering", { status: "REJECTED" })];
      for (const res of answers) expect([res.statusCode, res.json().details.fields[0].message]).toEqual([400, "Ce champs est obligatoire"]);
      expect(asked).toBe(0);
    } finally {
      agora.changeRecordStatus = real.status;
      agora.repushRecord = real.repush;
    }
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    const row = readme.split("\n").find((line) => line.startsWith("| rejeter sans motif"));
    expect(row).toContain("400 « Ce champs est obligatoire »");
    expect(row).not.toMatch(/\| 209 /);
  });

  it.each([
    ["REFUS", "SETUP", "VALIDATED", "functional", 1056],
    ["SANSDATE", "START_OF_TRAINING", "END_OF_TRAINING", "functional", 1027],
    ["PANNE", "SETUP", "VALIDATED", "technical", 99999],
  ] as const)("answers the fixture %s (%s → %s) with its code", async (lastName, from, to, type, code) => {
    const id = await recordIn(from, lastName);
    const res = await patch(id, "status", { status: to });
    expect(res.statusCode).toBe(422);
    expect(res.json().details.agora).toMatchObject({ type, code });
    expect((await t.query("select status from records where id = $1", [id]))[0]).toEqual({ status: from });
  });

  it("refuses any operation on a record closed more than 12 months ago (1047), not on one closed 11 months ago", async () => {
    const old = await recordIn("TERMINATED_FULLY_DONE", "Durand", monthsAgo(13));
    const res = await patch(old, "reengineering", { status: "TERMINATED_FULLY_DONE" });
    expect(res.json()).toMatchObject({
      statusCode: 422,
      details: { agora: { code: 1047, message: "Opération impossible sur un dossier clos depuis plus de 12 mois" } },
    });
    const recent = await recordIn("TERMINATED_FULLY_DONE", "Durand", monthsAgo(11));
    expect((await patch(recent, "reengineering", { status: "TERMINATED_FULLY_DONE" })).statusCode).toBe(200);
  });

  it("tells the page which records are past the closing limit (pastClosingLimit), in the detail and the list, by the same rule", async () => {
    const [old, recent, open] = [
      await recordIn("REJECTED", "Durand", monthsAgo(13)),
      await recordIn("TERMINATED_NOT_DONE", "Durand", monthsAgo(11)),
      await recordIn("START_OF_TRAINING"),
    ];
    const read = async (id: string) => (await t.app.inject({ method: "GET", url: `/api/records/${id}`, headers: await t.auth(resp) })).json().data;
    expect([(await read(old)).pastClosingLimit, (await read(recent)).pastClosingLimit, (await read(open)).pastClosingLimit]).toEqual([true, false, false]);
    const list = (await t.app.inject({ method: "GET", url: "/api/records?limit=100", headers: await t.auth(resp) })).json().data as { id: string; pastClosingLimit: boolean }[];
    const flags = Object.fromEntries(list.map((item) => [item.id, item.pastClosingLimit]));
    expect([flags[old], flags[recent], flags[open]]).toEqual([true, false, false]);
  });

  it("applies one of two status changes sent at the same moment; the other answers 409 and never reaches AGORA", async () => {
    const id = await recordIn("SETUP");
    const answers = await Promise.all([
      patch(id, "status", { status: "VALIDATED" }),
      patch(id, "status", { status: "REJECTED", options: { reason: "DuplicateFile" } }),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((res) => res.statusCode === 200)!.json().data;
    const [row] = await t.query<{ status: string; version: number }>("select status, version from records where id = $1", [id]);
    expect(row).toEqual({ status: winner.status, version: 2 });
    expect((await events(id)).map((e) => e.to_status)).toEqual([winner.status]);
    // AGORA was asked once: what it holds is what the product shows.
    const agoraId = (await t.query<{ agora_id: string }>("select agora_id from records where id = $1", [id]))[0]!.agora_id;
    expect(await t.query("select operation from agora_sim.calls where agora_id = $1", [agoraId])).toEqual([{ operation: "status" }]);
    expect(await t.query("select status from agora_sim.files where agora_id = $1", [agoraId])).toEqual([{ status: winner.status }]);
  });

  it("refuses a change based on an older version than the record's (409)", async () => {
    const id = await recordIn("SETUP");
    const res = await patch(id, "status", { status: "VALIDATED", version: 7 });
    expect(res.statusCode).toBe(409);
    expect(await events(id)).toEqual([]);
  });
});

describe("re-push ('Mise à jour Agora')", () => {
  it("re-sends a record in its status, clears the blocking flag and keeps the exchange", async () => {
    const id = await recordIn("VALIDATED");
    await t.query("update records set last_exchange_failed = true where id = $1", [id]);
    const res = await patch(id, "reengineering", { status: "VALIDATED" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: "VALIDATED", lastExchangeFailed: false });
    expect(res.json().data.events[0]).toMatchObject({ kind: "REPUSH", fromStatus: "VALIDATED", toStatus: "VALIDATED", success: true });
  });

  it("is refused for a record in SETUP (1024) and for the fixture DESYNCHRO (1024)", async () => {
    for (const [status, lastName] of [["SETUP", "Durand"], ["VALIDATED", "Desynchro"]] as const) {
      const id = await recordIn(status, lastName);
      const before = await stored(id);
      const res = await patch(id, "reengineering", { status });
      expect(res.json()).toMatchObject({ statusCode: 422, details: { agora: { code: 1024, message: "Le statut du dossier ne permet pas d'effectuer cette action" } } });
      expect(await stored(id)).toEqual(before);
    }
  });

  it("asks the reason again for a rejected record, and refuses a status the record no longer has (409)", async () => {
    const id = await recordIn("REJECTED");
    const noReason = await patch(id, "reengineering", { status: "REJECTED" });
    expect(noReason.json().details.fields).toEqual([{ path: "body.options.reason", message: "Ce champs est obligatoire" }]);
    const stale = await patch(id, "reengineering", { status: "VALIDATED" });
    expect(stale.statusCode).toBe(409);
    const ok = await patch(id, "reengineering", { status: "REJECTED", options: { reason: "BeneficiaryError" } });
    expect(ok.json().data).toMatchObject({ status: "REJECTED", rejectionReason: "BeneficiaryError" });
  });
});
