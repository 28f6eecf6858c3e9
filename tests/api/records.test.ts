/** Records API (issue 13): creation through AGORA, list and search, detail, the entry/exit and internship forms, roles. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE_IDS, can, type RoleId } from "../../resources/permissions";
import type { TrainingRecord } from "../../resources/records/schema";
import { createTrainee, recordRow, trainingWithSession } from "./support/records";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";

let t: TestApp;
let admin: TestEmployee;
let gestOf: TestEmployee;
const org = { of: "", cdc: "", otherOf: "" };
const session = { web: "", soins: "", other: "", full: "" };

async function call(method: "GET" | "POST" | "PATCH", url: string, payload?: object, as: TestEmployee = admin) {
  return t.app.inject({ method, url, headers: await t.auth(as), ...(payload ? { payload } : {}) });
}
const fieldsOf = (res: { json: () => unknown }) =>
  ((res.json() as { details?: { fields?: { path: string; message: string }[] } }).details?.fields ?? []).map((f) => `${f.path}: ${f.message}`);
const countRecords = async () => (await t.query<{ n: number }>("select count(*)::int as n from records"))[0]!.n;

async function createRecord(sessionId: string, traineeFields: Parameters<typeof createTrainee>[2] = {}, as = gestOf) {
  const traineeId = await createTrainee(t, admin, traineeFields);
  const res = await call("POST", "/api/records", { traineeId, sessionId }, as);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as TrainingRecord;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const key of ["of", "cdc", "otherOf"] as const) org[key] = await t.organization();
  admin = await t.employee("rol_admin", [], { firstName: "Claire", lastName: "MARTIN" });
  gestOf = await t.employee("rol_gest-of", [org.of], { firstName: "Paul", lastName: "BERNARD" });
  const of = { educational: org.of, contracting: org.cdc };
  session.web = (await trainingWithSession(t, admin, of, { name: "Développeur web", number: "FWEB01" }, { startDate: "2026-02-02", endDate: "2026-06-30" })).sessionId;
  session.soins = (await trainingWithSession(t, admin, of, { name: "Aide-soignant", device: "HEALTHCARE_SOCIAL_TRAINING_SUBSIDY" })).sessionId;
  session.other = (await trainingWithSession(t, admin, { educational: org.otherOf, contracting: org.cdc }, { name: "Maçon" })).sessionId;
  session.full = (await trainingWithSession(t, admin, of, { name: "Session pleine", number: "ERREUR-1015" })).sessionId;
});
afterAll(() => t.close());

describe("POST /api/records", () => {
  it("creates the record in AGORA, in SETUP with the session's dates as planned dates, and keeps who did it", async () => {
    const record = await createRecord(session.web, { lastName: "Lefèvre", firstName: "Hélène" });
    expect(record).toMatchObject({
      status: "SETUP",
      agoraId: expect.stringMatching(/^DF\d{10}$/),
      version: 1,
      plannedStartDate: "2026-02-02",
      plannedEndDate: "2026-06-30",
      startDateSession: "2026-02-02",
      endDateSession: "2026-06-30",
      realStartDate: null,
      lastExchangeFailed: false,
      trainee: { lastName: "LEFÈVRE" },
      session: { id: session.web, training: { name: "Développeur web", healthcareSocial: false } },
    });
    expect(record.events.map((e) => [e.kind, e.toStatus, e.success, e.employee.name])).toEqual([
      ["PUSH", "SETUP", true, "Paul BERNARD"],
      ["CREATION", "SETUP", true, "Paul BERNARD"],
    ]);
    expect(record.events[0]!.answer).toEqual({ accepted: { agoraId: record.agoraId, status: "SETUP" } });
  });

  it("refuses a second record for a trainee (409) and creates nothing", async () => {
    const record = await createRecord(session.web);
    const before = await countRecords();
    const res = await call("POST", "/api/records", { traineeId: record.trainee.id, sessionId: session.soins }, gestOf);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Ce stagiaire a déjà un dossier de formation");
    expect(await countRecords()).toBe(before);
  });

  it("answers AGORA's refusal as a 422 with details.agora, and creates nothing", async () => {
    const before = await countRecords();
    const unknown = await call("POST", "/api/records", { traineeId: await createTrainee(t, admin, { lastName: "Inconnu" }), sessionId: session.web }, gestOf);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      message: "Titulaire non trouvé",
      details: { agora: { type: "functional", code: 5, message: "Titulaire non trouvé" } },
    });
    const full = await call("POST", "/api/records", { traineeId: await createTrainee(t, admin), sessionId: session.full }, gestOf);
    expect(full.json()).toMatchObject({ statusCode: 422, details: { agora: { code: 1015, message: "La session est complète" } } });
    expect(await countRecords()).toBe(before);
  });

  it("needs a trainee and a session, in the caller's scope (404 otherwise)", async () => {
    const empty = await call("POST", "/api/records", {}, gestOf);
    expect(empty.statusCode).toBe(400);
    expect(fieldsOf(empty)).toEqual(["body.traineeId: Ce champ est obligatoire", "body.sessionId: Ce champ est obligatoire"]);
    const traineeId = await createTrainee(t, admin);
    const foreign = await call("POST", "/api/records", { traineeId, sessionId: session.other }, gestOf);
    expect([foreign.statusCode, foreign.json().message]).toEqual([404, "La session n'existe pas"]);
    const missing = await call("POST", "/api/records", { traineeId: "0".repeat(32), sessionId: session.web }, gestOf);
    expect([missing.statusCode, missing.json().message]).toEqual([404, "Le stagiaire n'existe pas"]);
  });
});

describe("GET /api/records", () => {
  it("lists the records in scope, most recently updated first, searchable by name, NIR, AGORA number and training", async () => {
    const mine = await createRecord(session.web, { lastName: "Roché", firstName: "Amélie", ssn: "2950631555777", gender: "FEMALE", birthDate: "1995-06-14" });
    const foreign = await recordRow(t, { traineeId: await createTrainee(t, admin, { lastName: "Roché" }), sessionId: session.other });
    const ids = async (query: string, as: TestEmployee) => {
      const res = await call("GET", `/api/records?limit=100${query}`, undefined, as);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { id: string }[]).map((r) => r.id);
    };
    expect((await ids("", gestOf)).includes(foreign)).toBe(false);
    expect(await ids("&search=roche amelie", gestOf)).toEqual([mine.id]);
    expect(await ids("&search=roche", admin)).toEqual([foreign, mine.id]);
    expect(await ids("&search=2950631555777", gestOf)).toEqual([mine.id]);
    expect(await ids(`&search=${mine.agoraId.toLowerCase()}`, gestOf)).toEqual([mine.id]);
    expect((await ids("&search=developpeur", gestOf)).includes(mine.id)).toBe(true);
  });

  it("answers no NIR in the list (no column shows it; the search still finds it), the detail keeps it", async () => {
    const mine = await createRecord(session.web, { lastName: "Nirless", ssn: "1850375123489", birthDate: "1985-03-02" });
    const res = await call("GET", "/api/records?limit=100&search=1850375123489", undefined, gestOf);
    expect(res.statusCode, res.body).toBe(200);
    const [item] = res.json().data as { id: string; trainee: Record<string, unknown> }[];
    expect(item!.id).toBe(mine.id);
    expect(Object.keys(item!.trainee).sort()).toEqual(["birthDate", "firstName", "id", "lastName"]);
    expect(res.body).not.toContain("1850375123489");
    expect((await call("GET", `/api/records/${mine.id}`, undefined, gestOf)).json().data.trainee.ssn).toBe("1850375123489");
  });

  it("shows a record in scope, 404 otherwise", async () => {
    const foreign = await recordRow(t, { traineeId: await createTrainee(t, admin), sessionId: session.other });
    const res = await call("GET", `/api/records/${foreign}`, undefined, gestOf);
    expect([res.statusCode, res.json().message]).toEqual([404, "Le dossier de formation n'existe pas"]);
    expect((await call("GET", `/api/records/${foreign}`)).statusCode).toBe(200);
  });
});

describe("PATCH /api/records/{recordId}", () => {
  const information = (fields: Record<string, unknown> = {}) => ({
    realStartDate: "2026-02-02",
    realEndDate: "2026-06-30",
    employmentObligation: "NO",
    studyLevel: "LEVEL_4",
    studyGrade: "FINAL_YEAR",
    professionalSituation: null,
    jobStatus: "Employee",
    contractType: "CDI",
    professionalCategory: "Worker",
    employerCategory: "O",
    employerSiret: "12345678901234",
    codeUrssaf: "98765432109876",
    exitReason: null,
    ...fields,
  });

  it("saves the entry/exit information with the display rules: hidden fields stored as null", async () => {
    const record = await createRecord(session.web);
    const res = await call("PATCH", `/api/records/${record.id}`, { information: information() }, gestOf);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ version: 2, realStartDate: "2026-02-02", employerSiret: "12345678901234", codeUrssaf: null, studyGrade: "FINAL_YEAR" });
  });

  it("asks the professional situation of a healthcare-social training, and the job statuses it offers", async () => {
    const record = await createRecord(session.soins);
    const missing = await call("PATCH", `/api/records/${record.id}`, { information: information() }, gestOf);
    expect(missing.statusCode).toBe(400);
    expect(fieldsOf(missing)).toEqual(["body.information.professionalSituation: Ce champ est obligatoire"]);
    const looking = await call("PATCH", `/api/records/${record.id}`, { information: information({ professionalSituation: "Looking" }) }, gestOf);
    expect(fieldsOf(looking)).toEqual(["body.information.jobStatus: Ce champ est obligatoire"]);
    const employed = await call("PATCH", `/api/records/${record.id}`, { information: information({ professionalSituation: "Employed" }) }, gestOf);
    expect(employed.json().data).toMatchObject({ professionalSituation: "Employed", studyGrade: null, contractType: "CDI" });
  });

  it("saves the internship review, and refuses a change based on an older version (409) without writing", async () => {
    const record = await createRecord(session.web);
    const review = { internshipStartDate: "2026-03-02", internshipEndDate: "2026-03-27", internshipCompanyName: "Boulangerie Martin" };
    const saved = await call("PATCH", `/api/records/${record.id}`, { internship: review, version: 1 }, gestOf);
    expect(saved.json().data).toMatchObject({ version: 2, internshipCompanyName: "Boulangerie Martin", internshipProspects: null });
    const stale = await call("PATCH", `/api/records/${record.id}`, { internship: { ...review, internshipCompanyName: "Autre" }, version: 1 }, gestOf);
    expect([stale.statusCode, stale.json().message]).toEqual([409, "Le dossier a été modifié entre-temps : rechargez la page avant de recommencer"]);
    expect((await call("GET", `/api/records/${record.id}`)).json().data.internshipCompanyName).toBe("Boulangerie Martin");
    const long = await call("PATCH", `/api/records/${record.id}`, { internship: { ...review, internshipProspects: "x".repeat(1025) } }, gestOf);
    expect(fieldsOf(long)).toEqual(["body.internship.internshipProspects: Le nombre de caractères est limité à 1024"]);
  });
});

describe("roles", () => {
  it.each(ROLE_IDS)("%s: lists and reads; creates, edits, changes status and re-pushes only if the matrix says so", async (role: RoleId) => {
    const caller = await t.employee(role, role.includes("cdc") ? [org.cdc] : [org.of]);
    // A healthcare-social training of org.of contracted by org.cdc: in every role's scope.
    const record = await createRecord(session.soins);
    expect((await call("GET", "/api/records", undefined, caller)).statusCode).toBe(200);
    expect((await call("GET", `/api/records/${record.id}`, undefined, caller)).statusCode).toBe(200);
    const writes = [
      ["create", await call("POST", "/api/records", { traineeId: await createTrainee(t, admin), sessionId: session.soins }, caller), 201],
      ["edit", await call("PATCH", `/api/records/${record.id}`, { internship: { internshipStartDate: "2026-03-02", internshipEndDate: "2026-03-03" } }, caller), 200],
      ["changeStatus", await call("PATCH", `/api/records/${record.id}/status`, { status: "VALIDATED" }, caller), 200],
      ["repush", await call("PATCH", `/api/records/${record.id}/reengineering`, { status: "VALIDATED" }, caller), 200],
    ] as const;
    for (const [action, res, ok] of writes) expect(res.statusCode, `${action}: ${res.body}`).toBe(can(role, "records", action) ? ok : 403);
  });
});
