/** FSE survey API (issue 14): creation in the order of the periods, one per period, the rules and their messages, roles and scope. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FSE_MSG, type RecordFse } from "../../resources/fse/schema";
import { ROLE_IDS, can } from "../../resources/permissions";
import { createTrainee, recordRow, trainingWithSession } from "./support/records";
import { fseAnswers, fseInformation } from "./support/record-fse";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";

let t: TestApp;
let admin: TestEmployee;
let gestOf: TestEmployee;
let respOfOther: TestEmployee;
const org = { of: "", cdc: "", otherOf: "" };
const session = { fse: "", noFse: "" };

async function call(method: "GET" | "POST" | "PATCH", url: string, payload?: object, as: TestEmployee = gestOf) {
  return t.app.inject({ method, url, headers: await t.auth(as), ...(payload ? { payload } : {}) });
}
const fieldsOf = (res: { json: () => unknown }) =>
  ((res.json() as { details?: { fields?: { path: string; message: string }[] } }).details?.fields ?? []).map((f) => `${f.path}: ${f.message}`);
const countSurveys = async () => (await t.query<{ n: number }>("select count(*)::int as n from record_fse"))[0]!.n;
const newRecord = async (sessionId = session.fse) => recordRow(t, { traineeId: await createTrainee(t, admin), sessionId });

async function create(recordId: string, period: Parameters<typeof fseInformation>[0], fields: Parameters<typeof fseInformation>[1] = {}) {
  const res = await call("POST", "/api/recordFse", { recordId, information: fseInformation(period, fields) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as RecordFse;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const key of ["of", "cdc", "otherOf"] as const) org[key] = await t.organization();
  admin = await t.employee("rol_admin", []);
  gestOf = await t.employee("rol_gest-of", [org.of]);
  respOfOther = await t.employee("rol_resp-of", [org.otherOf]);
  const of = { educational: org.of, contracting: org.cdc };
  session.fse = (await trainingWithSession(t, admin, of, { name: "Soudeur FSE", fse: true })).sessionId;
  session.noFse = (await trainingWithSession(t, admin, of, { name: "Soudeur sans FSE", fse: false })).sessionId;
});
afterAll(() => t.close());

describe("POST /api/recordFse", () => {
  it("creates the entry survey, answered with its period and the answers as stored", async () => {
    const recordId = await newRecord();
    const survey = await create(recordId, "INPUT");
    expect(survey).toMatchObject({ recordId, period: "INPUT", information: { period: "INPUT", employedDetail: "PERMANENT", rsa: true, poleEmploiDate: "2025-11-03" } });
    expect(survey.id).toMatch(/^[0-9a-f]{32}$/);
  });

  it("stores hidden answers as null or false, never the stale value sent", async () => {
    const recordId = await newRecord();
    const survey = await create(recordId, "INPUT", {
      frenchNationality: true,
      europeanNationality: true,
      employed: true,
      lookingForJob: true,
      inProfessionalTraining: true,
      unemployedDate: "2026-01-05",
      registeredPoleEmploi: false,
      poleEmploiDate: "2025-11-03",
    });
    expect(survey.information).toMatchObject({ europeanNationality: null, lookingForJob: false, inProfessionalTraining: false, unemployedDate: null, poleEmploiDate: null });
    const [stored] = await t.query<{ information: Record<string, unknown> }>("select information from record_fse where id = $1", [survey.id]);
    expect(stored!.information).toMatchObject({ europeanNationality: null, lookingForJob: false, unemployedDate: null, poleEmploiDate: null });
  });

  it("enforces the order of the periods (409) and one survey per period (409)", async () => {
    const recordId = await newRecord();
    const before = await countSurveys();
    const exitFirst = await call("POST", "/api/recordFse", { recordId, information: fseInformation("OUTPUT") });
    expect([exitFirst.statusCode, exitFirst.json().message]).toEqual([409, FSE_MSG.outputNeedsInput]);
    const sixMonthsFirst = await call("POST", "/api/recordFse", { recordId, information: fseInformation("AFTER_SIX_MONTH") });
    expect([sixMonthsFirst.statusCode, sixMonthsFirst.json().message]).toEqual([409, FSE_MSG.afterSixMonthNeedsBoth]);
    expect(await countSurveys()).toBe(before);

    await create(recordId, "INPUT");
    const sixMonthsWithoutExit = await call("POST", "/api/recordFse", { recordId, information: fseInformation("AFTER_SIX_MONTH") });
    expect([sixMonthsWithoutExit.statusCode, sixMonthsWithoutExit.json().message]).toEqual([409, FSE_MSG.afterSixMonthNeedsBoth]);
    const twice = await call("POST", "/api/recordFse", { recordId, information: fseInformation("INPUT") });
    expect([twice.statusCode, twice.json().message]).toEqual([409, FSE_MSG.periodExists]);
    await create(recordId, "OUTPUT");
    await create(recordId, "AFTER_SIX_MONTH");
    expect(await countSurveys()).toBe(before + 3);
  });

  it("lets one of two simultaneous creations of a period win, the other 409", async () => {
    const recordId = await newRecord();
    const answers = await Promise.all([1, 2, 3].map(() => call("POST", "/api/recordFse", { recordId, information: fseInformation("INPUT") })));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it("refuses a training without FSE with a French 409", async () => {
    const recordId = await newRecord(session.noFse);
    const res = await call("POST", "/api/recordFse", { recordId, information: fseInformation("INPUT") });
    expect([res.statusCode, res.json().message]).toEqual([409, FSE_MSG.trainingWithoutFse]);
  });

  it("answers 400 with each field's French message, the display rules included", async () => {
    const recordId = await newRecord();
    const res = await call("POST", "/api/recordFse", {
      recordId: "court",
      information: { ...fseInformation("INPUT"), level: "CITE_9", homeless: undefined, handicap: "oui" },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toEqual(
      expect.arrayContaining([
        "body.recordId: Le nombre de caractères doit être 32",
        "body.information.level: Ce champ est obligatoire",
        "body.information.homeless: Ce champ est obligatoire",
        "body.information.handicap: Ce champ est obligatoire",
      ]),
    );
    const rules = await call("POST", "/api/recordFse", {
      recordId,
      information: fseInformation("INPUT", { employed: true, employedDetail: null, frenchNationality: false, noAid: true, widowAllowance: true }),
    });
    expect(rules.statusCode).toBe(400);
    expect(fieldsOf(rules).sort()).toEqual([
      "body.information.employedDetail: Ce champ est obligatoire",
      "body.information.europeanNationality: Ce champ est obligatoire",
      `body.information.noAid: ${FSE_MSG.noAidWithAllowance}`,
    ]);
  });
});

describe("GET /api/recordFse/{recordId} and PATCH /api/recordFse/{recordFseId}", () => {
  it("lists the record's surveys in the order of the periods", async () => {
    const recordId = await newRecord();
    await create(recordId, "INPUT");
    await create(recordId, "OUTPUT", { employed: false, employedDetail: null, lookingForJob: true, unemployedDate: "2026-04-01" });
    const res = await call("GET", `/api/recordFse/${recordId}`);
    expect(res.statusCode, res.body).toBe(200);
    const surveys = res.json().data as RecordFse[];
    expect(surveys.map((s) => s.period)).toEqual(["INPUT", "OUTPUT"]);
    expect(surveys[1]!.information).toMatchObject({ employed: false, employedDetail: null, lookingForJob: true, unemployedDate: "2026-04-01" });
    expect((await call("GET", `/api/recordFse/${await newRecord()}`)).json().data).toEqual([]);
  });

  it("changes the answers, normalising hidden ones; the period cannot change", async () => {
    const recordId = await newRecord();
    const survey = await create(recordId, "INPUT");
    const res = await call("PATCH", `/api/recordFse/${survey.id}`, { information: fseAnswers({ employed: false, noAid: true, rsa: false, lookingForJob: true }) });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().data as RecordFse;
    expect(saved.information).toMatchObject({ period: "INPUT", employed: false, employedDetail: null, noAid: true, rsa: false, lookingForJob: true });
    expect(Date.parse(saved.updatedDate)).toBeGreaterThanOrEqual(Date.parse(survey.updatedDate));
    const moved = await call("PATCH", `/api/recordFse/${survey.id}`, { information: { ...fseAnswers(), period: "OUTPUT" } });
    expect([moved.statusCode, moved.json().message]).toEqual([409, FSE_MSG.periodUnchangeable]);
    const samePeriod = await call("PATCH", `/api/recordFse/${survey.id}`, { information: { ...fseAnswers(), period: "INPUT" } });
    expect(samePeriod.statusCode).toBe(200);
    const contradiction = await call("PATCH", `/api/recordFse/${survey.id}`, { information: fseAnswers({ noAid: true }) });
    expect(fieldsOf(contradiction)).toEqual([`body.information.noAid: ${FSE_MSG.noAidWithAllowance}`]);
  });

  it("refuses a change once the training no longer asks for the FSE (409), and still shows the surveys", async () => {
    const recordId = await newRecord();
    const survey = await create(recordId, "INPUT");
    const [training] = await t.query<{ training_id: string }>("select s.training_id from records r join sessions s on s.id = r.session_id where r.id = $1", [recordId]);
    await t.query("update trainings set fse = false where id = $1", [training!.training_id]);
    try {
      const res = await call("PATCH", `/api/recordFse/${survey.id}`, { information: fseAnswers() });
      expect([res.statusCode, res.json().message]).toEqual([409, FSE_MSG.trainingWithoutFse]);
      expect((await call("GET", `/api/recordFse/${recordId}`)).json().data).toHaveLength(1);
    } finally {
      await t.query("update trainings set fse = true where id = $1", [training!.training_id]);
    }
  });

  it("answers 404 for an unknown record or survey", async () => {
    expect((await call("GET", `/api/recordFse/${"0".repeat(32)}`)).statusCode).toBe(404);
    const res = await call("PATCH", `/api/recordFse/${"0".repeat(32)}`, { information: fseAnswers() });
    expect([res.statusCode, res.json().message]).toEqual([404, FSE_MSG.notFound]);
    const post = await call("POST", "/api/recordFse", { recordId: "0".repeat(32), information: fseInformation("INPUT") });
    expect([post.statusCode, post.json().message]).toEqual([404, FSE_MSG.recordNotFound]);
  });
});

describe("concurrent saves (the survey's version)", () => {
  it("of two saves at once based on the same version, one applies (200) and the other is refused (409, in French)", async () => {
    const survey = await create(await newRecord(), "INPUT");
    expect(survey.version).toBe(1);
    const [first, second] = await Promise.all([
      call("PATCH", `/api/recordFse/${survey.id}`, { information: fseAnswers({ rsa: false }), version: survey.version }),
      call("PATCH", `/api/recordFse/${survey.id}`, { information: fseAnswers({ rsa: true }), version: survey.version }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const refused = first.statusCode === 409 ? first : second;
    expect(refused.json()).toMatchObject({ statusCode: 409, message: FSE_MSG.concurrentChange });
    const applied = (first.statusCode === 200 ? first : second).json().data as RecordFse;
    expect(applied.version).toBe(2);
    const [row] = await t.query<{ version: number; rsa: boolean }>("select version, (information->>'rsa')::boolean as rsa from record_fse where id = $1", [survey.id]);
    expect(row).toEqual({ version: 2, rsa: applied.information.rsa });
  });

  it("refuses a save based on an older version, nothing changed; without a version, the one read by the server", async () => {
    const survey = await create(await newRecord(), "INPUT");
    expect((await call("PATCH", `/api/recordFse/${survey.id}`, { information: fseAnswers({ rsa: false }), version: 1 })).statusCode).toBe(200);
    const stale = await call("PATCH", `/api/recordFse/${survey.id}`, { information: fseAnswers({ rsa: true }), version: 1 });
    expect([stale.statusCode, stale.json().message]).toEqual([409, FSE_MSG.concurrentChange]);
    expect((await t.query("select (information->>'rsa')::boolean as rsa from record_fse where id = $1", [survey.id]))[0]).toEqual({ rsa: false });
    expect((await call("PATCH", `/api/recordFse/${survey.id}`, { information: fseAnswers({ rsa: true }) })).json().data.version).toBe(3);
  });
});

describe("roles and scope", () => {
  it("lets only the four filling roles in (403 for the others), as the permission matrix says", async () => {
    const recordId = await newRecord();
    const survey = await create(recordId, "INPUT");
    for (const role of ROLE_IDS) {
      const caller = await t.employee(role, [role.includes("-of") ? org.of : org.cdc]);
      const expected = can(role, "records", "fillFse") ? 200 : 403;
      expect((await call("GET", `/api/recordFse/${recordId}`, undefined, caller)).statusCode, role).toBe(expected);
      expect((await call("PATCH", `/api/recordFse/${survey.id}`, { information: fseAnswers() }, caller)).statusCode, role).toBe(expected);
    }
    expect(["rol_sup-admin", "rol_admin", "rol_resp-of", "rol_gest-of"].every((role) => can(role, "records", "fillFse"))).toBe(true);
  });

  it("answers 404 for a record or survey outside the caller's scope, and writes nothing", async () => {
    const recordId = await newRecord();
    const survey = await create(recordId, "INPUT");
    const before = await countSurveys();
    expect((await call("GET", `/api/recordFse/${recordId}`, undefined, respOfOther)).statusCode).toBe(404);
    expect((await call("POST", "/api/recordFse", { recordId, information: fseInformation("OUTPUT") }, respOfOther)).statusCode).toBe(404);
    expect((await call("PATCH", `/api/recordFse/${survey.id}`, { information: fseAnswers({ rsa: false }) }, respOfOther)).statusCode).toBe(404);
    expect(await countSurveys()).toBe(before);
    expect((await call("GET", `/api/recordFse/${recordId}`)).json().data[0].information.rsa).toBe(true);
  });

  it("counts the record's surveys in the records list and detail", async () => {
    const recordId = await newRecord();
    const without = await newRecord();
    await create(recordId, "INPUT");
    await create(recordId, "OUTPUT");
    const detail = await call("GET", `/api/records/${recordId}`);
    expect(detail.json().data.fsesCount).toBe(2);
    const list = await call("GET", "/api/records?limit=100");
    const counts = new Map((list.json().data as { id: string; fsesCount: number }[]).map((r) => [r.id, r.fsesCount]));
    expect(counts.get(recordId)).toBe(2);
    expect(counts.get(without)).toBe(0);
  });
});
