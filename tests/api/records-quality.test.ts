/**
 * The data-quality gate (issue 15) on the records API: creation, status change and re-push refused by a blocking check answer 422
 * with details.agora {type: 'quality'}, reach no AGORA call and change nothing; fixing the field lets the push through.
 * GET /api/records/{recordId}/quality lists every failing check; GET /api/communes answers a postal code's communes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sessionInformationSchema, type SessionInformationInput } from "../../resources/sessions/schema";
import type { TraineeInput } from "../../resources/trainees/schema";
import type { AgoraClient } from "../../server/agora/types";
import { refreshQualityFlags, uncheckedRecords } from "../../server/quality/record-flags";
import { createTrainee, recordRow, trainingWithSession } from "./support/records";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";
import { traineeBody } from "./support/trainees";

let t: TestApp;
let admin: TestEmployee;
let resp: TestEmployee;
let sessionId = "";
const agoraCalls: string[] = [];

const call = async (method: "GET" | "POST" | "PATCH", url: string, payload?: object, as: TestEmployee = resp) =>
  t.app.inject({ method, url, headers: await t.auth(as), ...(payload ? { payload } : {}) });

/** PATCH /api/trainees/{id} with a whole valid body (the NIR is not part of it) and these fields. */
async function patchTrainee(id: string, fields: Partial<TraineeInput>) {
  const { ssn: _ssn, ...body } = traineeBody(fields);
  const res = await call("PATCH", `/api/trainees/${id}`, body, admin);
  expect(res.statusCode, res.body).toBe(200);
}

/** Everything a refusal must leave as it was: the record rows of the trainee and their history. */
const snapshot = (traineeId: string) =>
  t.query(
    `select row_to_json(r) as record, (select count(*)::int from record_events e where e.record_id = r.id) as events
       from records r where r.trainee_id = $1`,
    [traineeId],
  );

beforeAll(async () => {
  t = await createTestApp();
  const organizations = { educational: await t.organization(), contracting: await t.organization() };
  admin = await t.employee("rol_admin", []);
  resp = await t.employee("rol_resp-of", [organizations.educational]);
  ({ sessionId } = await trainingWithSession(t, admin, organizations));
  // Every AGORA record call is counted: a push the gate refuses must reach none.
  const agora = t.app.agora as AgoraClient;
  for (const method of ["pushRecord", "changeRecordStatus", "repushRecord"] as const) {
    const real = agora[method].bind(agora) as (...args: unknown[]) => Promise<unknown>;
    (agora as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      agoraCalls.push(method);
      return real(...args);
    };
  }
});
afterAll(() => t.close());
beforeEach(() => {
  agoraCalls.length = 0;
});

describe("creation", () => {
  it("a NIR against the gender: 422 quality, no AGORA call, no record; the fixed gender goes through", async () => {
    // A man's NIR (sex digit 1) on a trainee recorded as a woman.
    const traineeId = await createTrainee(t, admin, { gender: "FEMALE", ssn: "1800175056871" });
    const res = await call("POST", "/api/records", { traineeId, sessionId });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({
      message: "Le premier chiffre du NIR ne correspond pas au genre du stagiaire",
      details: { agora: { type: "quality", code: 4, message: ["Le premier chiffre du NIR ne correspond pas au genre du stagiaire"] } },
    });
    expect(agoraCalls).toEqual([]);
    expect(await snapshot(traineeId)).toEqual([]);

    await patchTrainee(traineeId, { gender: "MALE" });
    const fixed = await call("POST", "/api/records", { traineeId, sessionId });
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect(agoraCalls).toEqual(["pushRecord"]);
  });

  it("lists every blocking failure, the first one's catalogue code giving the hint", async () => {
    const traineeId = await createTrainee(t, admin, {
      ssn: "2810175056872",
      address: { streetName: "de la Gare", zipCode: "69007", city: "Lyon", address1: "Résidence des Tilleuls, bâtiment C, escalier 4" },
    });
    const res = await call("POST", "/api/records", { traineeId, sessionId });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().details.agora).toEqual({
      type: "quality",
      code: 4,
      message: [
        "Le premier chiffre du NIR ne correspond pas au genre du stagiaire",
        "L'année de naissance du NIR ne correspond pas à la date de naissance du stagiaire",
        "La ligne d'adresse 1 du stagiaire ne doit pas dépasser 38 caractères pour AGORA",
        "Le code postal 69007 n'est pas dans le département 75 du stagiaire",
      ],
    });
    expect(agoraCalls).toEqual([]);
  });
});

describe("status change and re-push", () => {
  async function recordOf(traineeFields: Partial<TraineeInput>, status: "SETUP" | "VALIDATED") {
    const traineeId = await createTrainee(t, admin, traineeFields);
    return { traineeId, recordId: await recordRow(t, { traineeId, sessionId }, { status }) };
  }

  it("a postal code of another département: 422 quality, nothing sent nor written; the right département goes through", async () => {
    const { traineeId, recordId } = await recordOf({ address: { streetName: "Nationale", zipCode: "59000", city: "Lille" }, department: "D75" }, "SETUP");
    const before = await snapshot(traineeId);
    const res = await call("PATCH", `/api/records/${recordId}/status`, { status: "VALIDATED" });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().details.agora).toEqual({ type: "quality", code: 1022, message: ["Le code postal 59000 n'est pas dans le département 75 du stagiaire"] });
    expect(agoraCalls).toEqual([]);
    expect(await snapshot(traineeId)).toEqual(before);

    await patchTrainee(traineeId, { address: { streetName: "Nationale", zipCode: "59000", city: "Lille" }, department: "D59" });
    const fixed = await call("PATCH", `/api/records/${recordId}/status`, { status: "VALIDATED" });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(agoraCalls).toEqual(["changeRecordStatus"]);
  });

  it("a birth date against the NIR blocks the re-push; the right birth date goes through", async () => {
    const { traineeId, recordId } = await recordOf({ birthDate: "1979-01-15" }, "VALIDATED");
    const before = await snapshot(traineeId);
    const res = await call("PATCH", `/api/records/${recordId}/reengineering`, { status: "VALIDATED" });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().details.agora).toEqual({
      type: "quality",
      code: 29,
      message: ["L'année de naissance du NIR ne correspond pas à la date de naissance du stagiaire"],
    });
    expect(agoraCalls).toEqual([]);
    expect(await snapshot(traineeId)).toEqual(before);

    await patchTrainee(traineeId, { birthDate: "1980-01-15" });
    const fixed = await call("PATCH", `/api/records/${recordId}/reengineering`, { status: "VALIDATED" });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(agoraCalls).toEqual(["repushRecord"]);
  });
});

describe("the blocking records filter (filterAnomalies=true)", () => {
  // END_OF_TRAINING: no status lag on these records, so only the data-quality gate can make them blocking.
  const ended = async (traineeId: string) => recordRow(t, { traineeId, sessionId }, { status: "END_OF_TRAINING" });
  const blockingIds = async () =>
    ((await call("GET", "/api/records?filterAnomalies=true&limit=100")).json().data as { id: string }[]).map((r) => r.id);
  const reasonsOf = async (recordId: string) =>
    ((await call("GET", `/api/records/${recordId}`)).json().data.blockingReasons as { code: string }[]).map((r) => r.code);
  const lille = (department: "D59" | "D75") => ({ address: { streetName: "Nationale", zipCode: "59000", city: "Lille" }, department });
  const stored = (recordId: string) => t.query("select quality_blocking, version, updated_at from records where id = $1", [recordId]);

  it("lists a record whose trainee fails a blocking check, with the reason, until the trainee is fixed", async () => {
    const traineeId = await createTrainee(t, admin);
    const recordId = await ended(traineeId);
    await patchTrainee(traineeId, lille("D75"));
    expect(await blockingIds()).toContain(recordId);
    expect(await reasonsOf(recordId)).toEqual(["qualityBlocking"]);
    expect((await call("GET", `/api/records/${recordId}`)).json().data.blockingReasons[0].message).toBe(
      "Un contrôle avant envoi à AGORA est bloquant : voir « Contrôles avant envoi à AGORA »",
    );

    await patchTrainee(traineeId, lille("D59"));
    expect(await blockingIds()).not.toContain(recordId);
    expect(await reasonsOf(recordId)).toEqual([]);
  });

  it("follows the record's own fields: an employer SIRET with a wrong key blocks, the right one clears it", async () => {
    const recordId = await ended(await createTrainee(t, admin));
    const patchSiret = async (employerSiret: string) => {
      const [{ version }] = (await t.query("select version from records where id = $1", [recordId])) as [{ version: number }];
      const information = {
        ...{ realStartDate: "2026-02-02", realEndDate: "2026-06-30", employmentObligation: "NO", studyLevel: "LEVEL_4", studyGrade: "FINAL_YEAR" },
        ...{ professionalSituation: null, jobStatus: "Employee", contractType: "CDI", professionalCategory: "Worker", exitReason: null },
        ...{ employerCategory: "O", employerSiret, codeUrssaf: null },
      };
      return call("PATCH", `/api/records/${recordId}`, { version, information });
    };
    const wrongKey = await patchSiret("73282932000075");
    expect(wrongKey.statusCode, wrongKey.body).toBe(200);
    expect(await reasonsOf(recordId)).toEqual(["qualityBlocking"]);
    expect(await blockingIds()).toContain(recordId);
    expect((await patchSiret("73282932000074")).statusCode).toBe(200);
    expect(await reasonsOf(recordId)).toEqual([]);
  });

  it("re-checks a session's records when its dates change, not on a save that keeps them (the checks read nothing else of a session)", async () => {
    const recordId = await ended(await createTrainee(t, admin));
    // A verdict the checks would not give (the record passes them all): a re-check is seen as it puts false back.
    await t.query("update records set quality_blocking = true where id = $1", [recordId]);
    const read = (await call("GET", `/api/sessions/${sessionId}`, undefined, admin)).json().data as { information: SessionInformationInput };
    const information = Object.fromEntries(Object.keys(sessionInformationSchema.shape).map((key) => [key, read.information[key as keyof SessionInformationInput]]));
    const save = (changes: Partial<SessionInformationInput>) => call("PATCH", `/api/sessions/${sessionId}`, { information: { ...information, ...changes } }, admin);

    expect((await save({})).statusCode).toBe(200);
    expect(await stored(recordId)).toMatchObject([{ quality_blocking: true }]);
    const later = new Date(Date.parse(`${String(information.endDate)}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect((await save({ endDate: later })).statusCode).toBe(200);
    expect(await stored(recordId)).toMatchObject([{ quality_blocking: false }]);
  });

  it("checks the records never checked (a database from before the flag, bulk loads) once, without touching what the user wrote", async () => {
    // Written straight to the table, as an older version or the bench generator did: no verdict yet, so not in the filter.
    const recordId = await ended(await createTrainee(t, admin, { gender: "FEMALE", ssn: "1800175056899" }));
    const [before] = await stored(recordId);
    expect(before).toMatchObject({ quality_blocking: null });
    expect(await blockingIds()).not.toContain(recordId);

    expect(await refreshQualityFlags(t.app.db, uncheckedRecords())).toBeGreaterThanOrEqual(1);
    expect(await stored(recordId)).toEqual([{ ...before, quality_blocking: true }]);
    expect(await blockingIds()).toContain(recordId);
    expect(await refreshQualityFlags(t.app.db, uncheckedRecords())).toBe(0);
  });
});

describe("GET /api/records/{recordId}/quality", () => {
  it("lists every failing check, blocking first, with its source and field; none for a clean record", async () => {
    const traineeId = await createTrainee(t, admin, { bornInFrance: false, address: { streetName: "Nationale", zipCode: "59000", city: "Lile" }, department: "D62" });
    const recordId = await recordRow(t, { traineeId, sessionId });
    const res = await call("GET", `/api/records/${recordId}/quality`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      { level: "blocking", code: "postal.department", agoraCode: 1022, message: "Le code postal 59000 n'est pas dans le département 62 du stagiaire", source: "trainee", field: "address.zipCode" },
      { level: "warning", code: "nir.bornInFrance", agoraCode: 4, message: "Le NIR indique une naissance en France alors que le stagiaire n'est pas déclaré né en France", source: "trainee", field: "bornInFrance" },
      { level: "warning", code: "postal.city", agoraCode: 1022, message: "La commune « Lile » ne correspond pas au code postal 59000 (Lille)", source: "trainee", field: "address.city" },
    ]);
    const clean = await recordRow(t, { traineeId: await createTrainee(t, admin), sessionId });
    expect((await call("GET", `/api/records/${clean}/quality`)).json()).toEqual({ data: [] });
  });

  it("answers 404 for a record out of the caller's scope", async () => {
    const other = await t.organization();
    const { sessionId: otherSession } = await trainingWithSession(t, admin, { educational: other, contracting: other });
    const recordId = await recordRow(t, { traineeId: await createTrainee(t, admin), sessionId: otherSession });
    const res = await call("GET", `/api/records/${recordId}/quality`);
    expect([res.statusCode, res.json().message]).toEqual([404, "Le dossier de formation n'existe pas"]);
  });
});

describe("GET /api/communes", () => {
  it("answers the communes of a postal code as INSEE spells them, the city of Paris rather than its arrondissement", async () => {
    const res = await call("GET", "/api/communes?postalCode=75005");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: [{ code: "75056", name: "Paris", department: "75" }] });
    const corsica = await call("GET", "/api/communes?postalCode=20000");
    expect(corsica.json()).toEqual({ data: [{ code: "2A004", name: "Ajaccio", department: "2A" }] });
    const several = (await call("GET", "/api/communes?postalCode=01400")).json().data as { name: string }[];
    expect(several.length).toBeGreaterThan(1);
    expect((await call("GET", "/api/communes?postalCode=99999")).json()).toEqual({ data: [] });
  });

  it("refuses a malformed postal code in French and an anonymous caller", async () => {
    for (const query of ["postalCode=7500", "postalCode=75OO5", ""]) {
      const res = await call("GET", `/api/communes?${query}`);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().details.fields[0].message).toBe(query ? "Le code postal doit comporter 5 chiffres" : "Ce champ est obligatoire");
    }
    expect((await t.app.inject({ method: "GET", url: "/api/communes?postalCode=75005" })).statusCode).toBe(401);
  });
});
