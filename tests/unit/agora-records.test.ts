import { describe, expect, it } from "vitest";
import { RECORD_STATUSES, type RecordStatus } from "../../resources/records/enums";
import { canTransition } from "../../resources/records/status-transitions";
import { createAgoraHttpClient } from "../../server/agora/http-client";
import { createAgoraSimulator } from "../../server/agora/simulator/index";
import { AGORA_RECORD_FIXTURES } from "../../server/agora/simulator/records";
import type { AgoraRecordFile, AgoraRecordState } from "../../server/agora/types";

const STATUSES = Object.keys(RECORD_STATUSES) as RecordStatus[];
const NOW = new Date("2026-11-24T12:00:00Z");
const agora = createAgoraSimulator({ closedRecordMonths: 12, now: () => NOW });

const file = (lastName = "SALL", trainingNumber = "F2026001"): AgoraRecordFile => ({
  trainee: { firstName: "Awa", lastName, birthName: "N'DIAYE", ssn: "2000793215067", birthDate: "2000-07-21" },
  session: { startDate: "2026-01-12", endDate: "2026-03-20" },
  training: { name: "Agent de restauration", number: trainingNumber, actionNumber: "A01" },
});
const state = (status: RecordStatus, fields: Partial<AgoraRecordState> = {}, lastName = "SALL"): AgoraRecordState => ({
  ...file(lastName),
  agoraId: "DF0000000001",
  status,
  closedAt: null,
  ...fields,
});
const codeOf = (outcome: { ok: boolean; error?: { code: number } }) => (outcome.ok ? "accepted" : outcome.error!.code);

describe("AGORA simulator: creation", () => {
  it("accepts a record in SETUP with a file number that depends on the file only", async () => {
    const first = await agora.pushRecord(file());
    expect(first).toEqual({ ok: true, value: { agoraId: expect.stringMatching(/^DF\d{10}$/), status: "SETUP" } });
    expect(await agora.pushRecord(file())).toEqual(first);
    const other = await agora.pushRecord({ ...file(), trainee: { ...file().trainee, ssn: "1921169381042" } });
    expect(other.ok && first.ok && other.value.agoraId !== first.value.agoraId).toBe(true);
  });

  it("refuses an unknown holder (5) and a malformed NIR (4), whatever the case and accents of the name", async () => {
    expect(await agora.pushRecord(file("Inconnu"))).toEqual({
      ok: false,
      error: { type: "functional", code: 5, message: "Titulaire non trouvé" },
    });
    expect(codeOf(await agora.pushRecord(file("nirfaux")))).toBe(4);
  });

  it("refuses with the code a training number ERREUR-<code> names, and with a list for ERREUR-LISTE", async () => {
    expect(await agora.pushRecord(file("SALL", "ERREUR-1015"))).toEqual({
      ok: false,
      error: { type: "functional", code: 1015, message: "La session est complète" },
    });
    expect(codeOf(await agora.pushRecord(file("SALL", "erreur-1043")))).toBe(1043);
    // Not a catalogue code: an ordinary training.
    expect(codeOf(await agora.pushRecord(file("SALL", "ERREUR-777")))).toBe("accepted");
    const list = await agora.pushRecord(file("SALL", "ERREUR-LISTE"));
    expect(list.ok ? [] : list.error.message).toHaveLength(3);
  });

  it("fails every operation for PANNE, as a technical error", async () => {
    const pushed = await agora.pushRecord(file("Panne"));
    expect(pushed.ok ? undefined : pushed.error).toMatchObject({ type: "technical", code: 99999 });
    expect(codeOf(await agora.changeRecordStatus(state("SETUP", {}, "PANNE"), { status: "VALIDATED", reason: null }))).toBe(99999);
    expect(codeOf(await agora.repushRecord(state("VALIDATED", {}, "PANNE"), { reason: null }))).toBe(99999);
  });
});

describe("AGORA simulator: status changes", () => {
  const pairs = STATUSES.flatMap((from) => STATUSES.filter((to) => to !== "SETUP").map((to) => [from, to] as const));
  const reasonFor = (to: RecordStatus) => (to === "REJECTED" ? "IncompleteFile" : null);

  it.each(pairs.filter(([from, to]) => canTransition(from, to)))("accepts %s → %s", async (from, to) => {
    expect(await agora.changeRecordStatus(state(from), { status: to, reason: reasonFor(to) })).toEqual({
      ok: true,
      value: { agoraId: "DF0000000001", status: to },
    });
  });

  it.each(pairs.filter(([from, to]) => !canTransition(from, to) && !(from === to && (to === "VALIDATED" || to === "REJECTED"))))(
    "refuses %s → %s with 145 naming the state",
    async (from, to) => {
      const outcome = await agora.changeRecordStatus(state(from), { status: to, reason: reasonFor(to) });
      expect(outcome).toEqual({
        ok: false,
        error: { type: "functional", code: 145, message: `Opération non autorisée sur le dossier à l'état ${RECORD_STATUSES[from]}` },
      });
    },
  );

  it("answers 1029 to a validation or a rejection given twice", async () => {
    expect(codeOf(await agora.changeRecordStatus(state("VALIDATED"), { status: "VALIDATED", reason: null }))).toBe(1029);
    expect(codeOf(await agora.changeRecordStatus(state("REJECTED"), { status: "REJECTED", reason: "Other" }))).toBe(1029);
  });

  it("refuses a rejection without its reason (209)", async () => {
    expect(codeOf(await agora.changeRecordStatus(state("SETUP"), { status: "REJECTED", reason: null }))).toBe(209);
  });

  it("refuses any operation on a record closed more than 12 months ago (1047), not before", async () => {
    const longAgo = state("TERMINATED_FULLY_DONE", { closedAt: "2025-11-24T11:59:59Z" });
    const outcome = await agora.repushRecord(longAgo, { reason: null });
    expect(outcome).toEqual({
      ok: false,
      error: { type: "functional", code: 1047, message: "Opération impossible sur un dossier clos depuis plus de 12 mois" },
    });
    expect(codeOf(await agora.changeRecordStatus(longAgo, { status: "TERMINATED_NOT_DONE", reason: null }))).toBe(1047);
    expect(codeOf(await agora.repushRecord(state("TERMINATED_FULLY_DONE", { closedAt: "2025-11-24T12:00:00Z" }), { reason: null }))).toBe(
      "accepted",
    );
    const sixMonths = createAgoraSimulator({ closedRecordMonths: 6, now: () => NOW });
    expect(codeOf(await sixMonths.repushRecord(state("REJECTED", { closedAt: "2026-05-01T00:00:00Z" }), { reason: "Other" }))).toBe(1047);
  });

  it("refuses the transitions its trainee fixtures name, and those only", async () => {
    expect(codeOf(await agora.changeRecordStatus(state("SETUP", {}, "REFUS"), { status: "VALIDATED", reason: null }))).toBe(1056);
    expect(codeOf(await agora.changeRecordStatus(state("SETUP", {}, "REFUS"), { status: "TERMINATED_NOT_DONE", reason: null }))).toBe(
      "accepted",
    );
    expect(codeOf(await agora.changeRecordStatus(state("START_OF_TRAINING", {}, "SansDate"), { status: "END_OF_TRAINING", reason: null }))).toBe(
      1027,
    );
  });
});

describe("AGORA simulator: re-push", () => {
  it("re-sends every status but SETUP (1024)", async () => {
    for (const status of STATUSES) {
      const outcome = await agora.repushRecord(state(status), { reason: status === "REJECTED" ? "Other" : null });
      expect(codeOf(outcome), status).toBe(status === "SETUP" ? 1024 : "accepted");
    }
  });

  it("asks the reason of a rejected record again (209), and refuses DESYNCHRO (1024)", async () => {
    expect(codeOf(await agora.repushRecord(state("REJECTED"), { reason: null }))).toBe(209);
    expect(codeOf(await agora.repushRecord(state("VALIDATED", {}, "DESYNCHRO"), { reason: null }))).toBe(1024);
  });

  it("lists fixtures whose codes are all in the catalogue", async () => {
    const { AGORA_ERRORS } = await import("../../resources/records/agora-errors");
    for (const fixture of Object.values(AGORA_RECORD_FIXTURES.traineeLastNames)) expect(AGORA_ERRORS).toHaveProperty(String(fixture.code));
  });
});

describe("AGORA HTTP adapter: record calls", () => {
  const answering = (status: number, body: unknown) => {
    const calls: { url: string; init?: RequestInit }[] = [];
    const fetchImpl = (async (url: URL, init?: RequestInit) => {
      calls.push({ url: url.toString(), init });
      return new Response(typeof body === "string" ? body : JSON.stringify(body), { status });
    }) as unknown as typeof fetch;
    return { client: createAgoraHttpClient("https://agora.example/api", fetchImpl), calls };
  };

  it("posts a creation and reads the acceptance", async () => {
    const { client, calls } = answering(201, { data: { agoraId: "DF1", status: "SETUP" } });
    expect(await client.pushRecord(file())).toEqual({ ok: true, value: { agoraId: "DF1", status: "SETUP" } });
    expect(calls[0]).toMatchObject({ url: "https://agora.example/api/records", init: { method: "POST" } });
    expect(JSON.parse(String(calls[0]!.init!.body))).toEqual(file());
  });

  it("patches the status and the re-push under the file number, and reads a refusal", async () => {
    const error = { type: "functional", code: 145, message: "Opération non autorisée sur le dossier à l'état Validé" };
    const { client, calls } = answering(422, { error });
    expect(await client.changeRecordStatus(state("VALIDATED"), { status: "VALIDATED", reason: null })).toEqual({ ok: false, error });
    expect(await client.repushRecord(state("VALIDATED"), { reason: null })).toEqual({ ok: false, error });
    expect(calls.map((c) => [c.init?.method, c.url])).toEqual([
      ["PATCH", "https://agora.example/api/records/DF0000000001/status"],
      ["PATCH", "https://agora.example/api/records/DF0000000001/reengineering"],
    ]);
  });

  it("turns a failure, an unreadable answer or no answer into a technical refusal", async () => {
    const technical = { ok: false, error: { type: "technical", code: 1058, message: "Le service Agora est momentanément indisponible" } };
    expect(await answering(500, { error: { type: "functional", code: 5, message: "x" } }).client.pushRecord(file())).toEqual(technical);
    expect(await answering(200, "<html>").client.pushRecord(file())).toEqual(technical);
    expect(await answering(422, { error: { code: "x" } }).client.pushRecord(file())).toEqual(technical);
    const offline = createAgoraHttpClient("https://agora.example", (async () => {
      throw new TypeError("fetch failed");
    }) as unknown as typeof fetch);
    expect(await offline.pushRecord(file())).toEqual(technical);
  });
});

describe("AGORA HTTP adapter: look-ups (parsed like the record calls)", () => {
  const answering = (status: number, body: unknown) =>
    createAgoraHttpClient("https://agora.example/api", (async () =>
      new Response(typeof body === "string" ? body : JSON.stringify(body), { status })) as unknown as typeof fetch);
  const person = { firstName1: "Marie", lastName: "DURAND", birthName: "DURAND", birthDate: "1985-02-11", ssn: "2850275123456" };
  const organization = { name: "CNAM PARIS", siret: "19753471200017", address: null };
  const training = { name: "Soudure", number: "F1", actionNumber: "A01", address: null, educationalOrganization: organization, contractingOrganization: organization };

  it("reads a person and a training, and null when not found", async () => {
    expect(await answering(200, { data: person }).findPerson("2850275123456", "DURAND")).toEqual(person);
    expect(await answering(200, { data: training }).findTraining("F1", "A01")).toEqual(training);
    expect(await answering(404, { error: "absent" }).findPerson("1", "X")).toBeNull();
  });

  it("refuses a malformed answer (a failure of the external system, answered 502) instead of passing it on", async () => {
    await expect(answering(200, { data: { ...person, ssn: 2850275123456 } }).findPerson("2850275123456", "DURAND")).rejects.toThrow();
    await expect(answering(200, { data: { ...person, birthDate: "11/02/1985" } }).findPerson("2850275123456", "DURAND")).rejects.toThrow();
    await expect(answering(200, { data: { ...training, educationalOrganization: null } }).findTraining("F1", "A01")).rejects.toThrow();
    await expect(answering(200, "<html>").findTraining("F1", "A01")).rejects.toThrow();
  });

  it("keeps the address parts the product knows, and leaves a malformed address out", async () => {
    const address = { streetNumber: "3", streetName: "des Lilas", zipCode: "75019", city: "Paris" };
    const withExtra = { ...training, address: { ...address, pays: "FR" } };
    expect((await answering(200, { data: withExtra }).findTraining("F1", "A01"))?.address).toEqual(address);
    const malformed = { ...training, address: { zipCode: 75019 } };
    expect((await answering(200, { data: malformed }).findTraining("F1", "A01"))?.address).toBeNull();
  });
});
