import { describe, expect, it } from "vitest";
import { createAgoraHttpClient } from "../../server/agora/http-client";
import { isAgoraNoAnswer, type AgoraRecordFile, type AgoraRecordState } from "../../server/agora/types";

const file = (): AgoraRecordFile => ({
  trainee: { firstName: "Awa", lastName: "SALL", birthName: "N'DIAYE", ssn: "2000793215067", birthDate: "2000-07-21" },
  session: { startDate: "2026-01-12", endDate: "2026-03-20" },
  training: { name: "Agent de restauration", number: "F2026001", actionNumber: "A01" },
});
const state = (status: AgoraRecordState["status"]): AgoraRecordState => ({ ...file(), agoraId: "DF0000000001", status, closedAt: null });
const call = { idempotencyKey: "0b6c1e4e-2f0a-4c55-9d1b-3c0f1f7b9a11" };

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
    expect(await client.pushRecord(file(), call)).toEqual({ ok: true, value: { agoraId: "DF1", status: "SETUP" } });
    expect(calls[0]).toMatchObject({ url: "https://agora.example/api/records", init: { method: "POST" } });
    // The idempotency key travels in the header and in the body.
    expect(calls[0]!.init!.headers).toMatchObject({ "idempotency-key": call.idempotencyKey });
    expect(JSON.parse(String(calls[0]!.init!.body))).toEqual({ ...file(), idempotencyKey: call.idempotencyKey });
  });

  it("patches the status and the re-push under the file number, and reads a refusal", async () => {
    const error = { type: "functional", code: 145, message: "Opération non autorisée sur le dossier à l'état Validé" };
    const { client, calls } = answering(422, { error });
    expect(await client.changeRecordStatus(state("VALIDATED"), { status: "VALIDATED", reason: null }, call)).toEqual({ ok: false, error });
    expect(await client.repushRecord(state("VALIDATED"), { reason: null }, call)).toEqual({ ok: false, error });
    expect(calls.map((c) => [c.init?.method, c.url])).toEqual([
      ["PATCH", "https://agora.example/api/records/DF0000000001/status"],
      ["PATCH", "https://agora.example/api/records/DF0000000001/reengineering"],
    ]);
  });

  it("reads a 5xx, an unreadable answer or a connection cut as no answer: an unknown outcome, not a refusal", async () => {
    const noAnswer = async (promise: Promise<unknown>) => expect(isAgoraNoAnswer(await promise.catch((e: unknown) => e))).toBe(true);
    await noAnswer(answering(500, { error: { type: "functional", code: 5, message: "x" } }).client.pushRecord(file(), call));
    await noAnswer(answering(200, "<html>").client.pushRecord(file(), call));
    await noAnswer(answering(422, { error: { code: "x" } }).client.pushRecord(file(), call));
    const cut = createAgoraHttpClient("https://agora.example", (async () => {
      throw new TypeError("fetch failed", { cause: { code: "UND_ERR_SOCKET" } });
    }) as unknown as typeof fetch);
    await noAnswer(cut.pushRecord(file(), call));
  });

  it("reads a connection refused as a technical refusal (1058): nothing reached AGORA", async () => {
    const offline = createAgoraHttpClient("https://agora.example", (async () => {
      throw new TypeError("fetch failed", { cause: { code: "ECONNREFUSED" } });
    }) as unknown as typeof fetch);
    expect(await offline.pushRecord(file(), call)).toEqual({
      ok: false,
      error: { type: "technical", code: 1058, message: "Le service Agora est momentanément indisponible" },
    });
  });

  it("asks AGORA by key or by file number (reconciliation); 404 means it never received the call", async () => {
    const known = { answer: { ok: true, value: { agoraId: "DF1", status: "VALIDATED" } }, record: { agoraId: "DF1", status: "VALIDATED", closedAt: null } };
    const { client, calls } = answering(200, { data: known });
    expect(await client.getRecord(call)).toEqual(known);
    expect(await client.getRecord({ agoraId: "DF1" })).toEqual(known);
    expect(calls.map((c) => c.url)).toEqual([`https://agora.example/api/records?idempotencyKey=${call.idempotencyKey}`, "https://agora.example/api/records/DF1"]);
    expect(await answering(404, {}).client.getRecord(call)).toEqual({ answer: null, record: null });
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
