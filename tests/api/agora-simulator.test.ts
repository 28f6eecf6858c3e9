import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECORD_STATUSES, type RecordStatus } from "../../resources/records/enums";
import { canTransition } from "../../resources/records/status-transitions";
import { createAgoraSimulator } from "../../server/agora/simulator/index";
import { AGORA_RECORD_FIXTURES } from "../../server/agora/simulator/records";
import { isAgoraNoAnswer, type AgoraClient, type AgoraRecordFile, type AgoraRecordState } from "../../server/agora/types";
import { createTestApp, type TestApp } from "./support/test-app";

const STATUSES = Object.keys(RECORD_STATUSES) as RecordStatus[];
const NOW = new Date("2026-11-24T12:00:00Z");
let t: TestApp;
let agora: AgoraClient;
beforeAll(async () => {
  t = await createTestApp();
  agora = createAgoraSimulator(t.app.db, { closedRecordMonths: 12, now: () => NOW, slowAnswerMs: 300 });
});
afterAll(() => t.close());

/** A fresh idempotency key: a new call. */
const call = () => ({ idempotencyKey: randomUUID() });
let fileNumbers = 0;

const file = (lastName = "SALL", trainingNumber = "F2026001"): AgoraRecordFile => ({
  trainee: { firstName: "Awa", lastName, birthName: "N'DIAYE", ssn: "2000793215067", birthDate: "2000-07-21" },
  session: { startDate: "2026-01-12", endDate: "2026-03-20" },
  training: { name: "Agent de restauration", number: trainingNumber, actionNumber: "A01" },
});
/** A record the simulator has not seen yet (its own number): it takes it as the product describes it. */
const state = (status: RecordStatus, fields: Partial<AgoraRecordState> = {}, lastName = "SALL"): AgoraRecordState => ({
  ...file(lastName),
  agoraId: `DF${String(++fileNumbers).padStart(10, "0")}`,
  status,
  closedAt: null,
  ...fields,
});
const codeOf = (outcome: { ok: boolean; error?: { code: number } }) => (outcome.ok ? "accepted" : outcome.error!.code);

describe("AGORA simulator: creation", () => {
  it("accepts a record in SETUP with a file number that depends on the file only", async () => {
    const first = await agora.pushRecord(file(), call());
    expect(first).toEqual({ ok: true, value: { agoraId: expect.stringMatching(/^DF\d{10}$/), status: "SETUP" } });
    expect(await agora.pushRecord(file(), call())).toEqual(first);
    const other = await agora.pushRecord({ ...file(), trainee: { ...file().trainee, ssn: "1921169381042" } }, call());
    expect(other.ok && first.ok && other.value.agoraId !== first.value.agoraId).toBe(true);
  });

  it("refuses an unknown holder (5) and a malformed NIR (4), whatever the case and accents of the name", async () => {
    expect(await agora.pushRecord(file("Inconnu"), call())).toEqual({
      ok: false,
      error: { type: "functional", code: 5, message: "Titulaire non trouvé" },
    });
    expect(codeOf(await agora.pushRecord(file("nirfaux"), call()))).toBe(4);
  });

  it("refuses with the code a training number ERREUR-<code> names, and with a list for ERREUR-LISTE", async () => {
    expect(await agora.pushRecord(file("SALL", "ERREUR-1015"), call())).toEqual({
      ok: false,
      error: { type: "functional", code: 1015, message: "La session est complète" },
    });
    expect(codeOf(await agora.pushRecord(file("SALL", "erreur-1043"), call()))).toBe(1043);
    // Not a catalogue code: an ordinary training.
    expect(codeOf(await agora.pushRecord(file("SALL", "ERREUR-777"), call()))).toBe("accepted");
    const list = await agora.pushRecord(file("SALL", "ERREUR-LISTE"), call());
    expect(list.ok ? [] : list.error.message).toHaveLength(3);
  });

  it("fails every operation for PANNE, as a technical error", async () => {
    const pushed = await agora.pushRecord(file("Panne"), call());
    expect(pushed.ok ? undefined : pushed.error).toMatchObject({ type: "technical", code: 99999 });
    expect(codeOf(await agora.changeRecordStatus(state("SETUP", {}, "PANNE"), { status: "VALIDATED", reason: null }, call()))).toBe(99999);
    expect(codeOf(await agora.repushRecord(state("VALIDATED", {}, "PANNE"), { reason: null }, call()))).toBe(99999);
  });
});

describe("AGORA simulator: status changes", () => {
  const pairs = STATUSES.flatMap((from) => STATUSES.filter((to) => to !== "SETUP").map((to) => [from, to] as const));
  const reasonFor = (to: RecordStatus) => (to === "REJECTED" ? "IncompleteFile" : null);

  it.each(pairs.filter(([from, to]) => canTransition(from, to)))("accepts %s → %s", async (from, to) => {
    const record = state(from);
    expect(await agora.changeRecordStatus(record, { status: to, reason: reasonFor(to) }, call())).toEqual({
      ok: true,
      value: { agoraId: record.agoraId, status: to },
    });
  });

  it.each(pairs.filter(([from, to]) => !canTransition(from, to) && !(from === to && (to === "VALIDATED" || to === "REJECTED"))))(
    "refuses %s → %s with 145 naming the state",
    async (from, to) => {
      const outcome = await agora.changeRecordStatus(state(from), { status: to, reason: reasonFor(to) }, call());
      expect(outcome).toEqual({
        ok: false,
        error: { type: "functional", code: 145, message: `Opération non autorisée sur le dossier à l'état ${RECORD_STATUSES[from]}` },
      });
    },
  );

  it("answers 1029 to a validation or a rejection given twice", async () => {
    expect(codeOf(await agora.changeRecordStatus(state("VALIDATED"), { status: "VALIDATED", reason: null }, call()))).toBe(1029);
    expect(codeOf(await agora.changeRecordStatus(state("REJECTED"), { status: "REJECTED", reason: "Other" }, call()))).toBe(1029);
  });

  it("refuses a rejection without its reason (209)", async () => {
    expect(codeOf(await agora.changeRecordStatus(state("SETUP"), { status: "REJECTED", reason: null }, call()))).toBe(209);
  });

  it("refuses any operation on a record closed more than 12 months ago (1047), not before", async () => {
    const longAgo = state("TERMINATED_FULLY_DONE", { closedAt: "2025-11-24T11:59:59Z" });
    const outcome = await agora.repushRecord(longAgo, { reason: null }, call());
    expect(outcome).toEqual({
      ok: false,
      error: { type: "functional", code: 1047, message: "Opération impossible sur un dossier clos depuis plus de 12 mois" },
    });
    expect(codeOf(await agora.changeRecordStatus(longAgo, { status: "TERMINATED_NOT_DONE", reason: null }, call()))).toBe(1047);
    expect(codeOf(await agora.repushRecord(state("TERMINATED_FULLY_DONE", { closedAt: "2025-11-24T12:00:00Z" }), { reason: null }, call()))).toBe(
      "accepted",
    );
    const sixMonths = createAgoraSimulator(t.app.db, { closedRecordMonths: 6, now: () => NOW });
    expect(codeOf(await sixMonths.repushRecord(state("REJECTED", { closedAt: "2026-05-01T00:00:00Z" }), { reason: "Other" }, call()))).toBe(1047);
  });

  it("refuses the transitions its trainee fixtures name, and those only", async () => {
    expect(codeOf(await agora.changeRecordStatus(state("SETUP", {}, "REFUS"), { status: "VALIDATED", reason: null }, call()))).toBe(1056);
    expect(codeOf(await agora.changeRecordStatus(state("SETUP", {}, "REFUS"), { status: "TERMINATED_NOT_DONE", reason: null }, call()))).toBe(
      "accepted",
    );
    expect(codeOf(await agora.changeRecordStatus(state("START_OF_TRAINING", {}, "SansDate"), { status: "END_OF_TRAINING", reason: null }, call()))).toBe(
      1027,
    );
  });
});

describe("AGORA simulator: re-push", () => {
  it("re-sends every status but SETUP (1024)", async () => {
    for (const status of STATUSES) {
      const outcome = await agora.repushRecord(state(status), { reason: status === "REJECTED" ? "Other" : null }, call());
      expect(codeOf(outcome), status).toBe(status === "SETUP" ? 1024 : "accepted");
    }
  });

  it("asks the reason of a rejected record again (209), and refuses DESYNCHRO (1024)", async () => {
    expect(codeOf(await agora.repushRecord(state("REJECTED"), { reason: null }, call()))).toBe(209);
    expect(codeOf(await agora.repushRecord(state("VALIDATED", {}, "DESYNCHRO"), { reason: null }, call()))).toBe(1024);
  });

  it("lists fixtures whose codes are all in the catalogue", async () => {
    const { AGORA_ERRORS } = await import("../../resources/records/agora-errors");
    for (const fixture of Object.values(AGORA_RECORD_FIXTURES.traineeLastNames)) expect(AGORA_ERRORS).toHaveProperty(String(fixture.code));
  });
});


describe("AGORA simulator: what it keeps", () => {
  it("holds the status it accepted and judges the next call by it, not by what the product sends", async () => {
    const record = state("SETUP");
    expect(codeOf(await agora.changeRecordStatus(record, { status: "VALIDATED", reason: null }, call()))).toBe("accepted");
    expect(await held(record.agoraId)).toEqual({ status: "VALIDATED" });
    // The product still says SETUP (it lost the answer): AGORA knows the record is validated.
    expect(codeOf(await agora.changeRecordStatus(record, { status: "VALIDATED", reason: null }, call()))).toBe(1029);
    expect(codeOf(await agora.changeRecordStatus(record, { status: "START_OF_TRAINING", reason: null }, call()))).toBe("accepted");
  });

  it("answers a key it knows as it did the first time, and changes nothing", async () => {
    const record = state("SETUP");
    const same = call();
    const first = await agora.changeRecordStatus(record, { status: "VALIDATED", reason: null }, same);
    expect(await agora.changeRecordStatus(record, { status: "VALIDATED", reason: null }, same)).toEqual(first);
    expect(await held(record.agoraId)).toEqual({ status: "VALIDATED" });
    expect(await agora.getRecord(same)).toEqual({ answer: first, record: { agoraId: record.agoraId, status: "VALIDATED", closedAt: null } });
    // A refusal is kept under its key too.
    const refused = call();
    const refusal = await agora.changeRecordStatus(record, { status: "TERMINATED_FULLY_DONE", reason: null }, refused);
    expect(codeOf(refusal)).toBe(145);
    expect((await agora.getRecord(refused)).answer).toEqual(refusal);
  });

  it("makes one file of a creation sent twice, under one key or two", async () => {
    const sent = file("SALL", "F2026099");
    const key = call();
    const first = await agora.pushRecord(sent, key);
    expect(await agora.pushRecord(sent, key)).toEqual(first);
    expect(await agora.pushRecord(sent, call())).toEqual(first);
    const agoraId = first.ok ? first.value.agoraId : "";
    expect(await t.query("select count(*)::int as files from agora_sim.files where agora_id = $1", [agoraId])).toEqual([{ files: 1 }]);
  });

  it("knows nothing of a key it never received", async () => {
    expect(await agora.getRecord({ idempotencyKey: randomUUID() })).toEqual({ answer: null, record: null });
  });
});

describe("AGORA simulator: timing fixtures (LENT, MUET, COUPURE)", () => {
  const noAnswer = async (promise: Promise<unknown>) => {
    const error = await promise.then(() => undefined, (e: unknown) => e);
    expect(isAgoraNoAnswer(error) || (error instanceof DOMException && error.name === "AbortError"), String(error)).toBe(true);
  };

  it("LENT: answers late, after having recorded the change", async () => {
    const record = state("SETUP", {}, "Lent");
    const key = call();
    const started = Date.now();
    expect(codeOf(await agora.changeRecordStatus(record, { status: "VALIDATED", reason: null }, key))).toBe("accepted");
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(await held(record.agoraId)).toEqual({ status: "VALIDATED" });
  });

  it("MUET: records the change and never answers (until the caller stops waiting); COUPURE: records it and drops the call", async () => {
    const silent = state("SETUP", {}, "MUET");
    const gaveUp = new AbortController();
    const waiting = agora.changeRecordStatus(silent, { status: "VALIDATED", reason: null }, { ...call(), signal: gaveUp.signal });
    await expect.poll(() => held(silent.agoraId)).toEqual({ status: "VALIDATED" });
    gaveUp.abort();
    await noAnswer(waiting);
    const cut = state("SETUP", {}, "coupure");
    await noAnswer(agora.changeRecordStatus(cut, { status: "VALIDATED", reason: null }, call()));
    expect(await held(cut.agoraId)).toEqual({ status: "VALIDATED" });
  });
});

const held = async (agoraId: string) => (await t.query("select status from agora_sim.files where agora_id = $1", [agoraId]))[0];
