import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RoleId } from "../../resources/permissions";
import { SESSION_MSG, type Session, type SessionListItem, type SessionPatchBodyInput } from "../../resources/sessions/schema";
import { TRAINING_MSG } from "../../resources/trainings/schema";
import { mediaTestKit } from "./support/media";
import { sessionBody, sessionInformation, temporaryMedia } from "./support/sessions";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";
import { trainingBody } from "./support/trainings";

let t: TestApp;
let admin: TestEmployee;
const org = { of: "", cdc: "", ofOther: "" };
const training = { web: "", soins: "", unused: "" };

async function call(method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown, as: { id: string; roleId: RoleId } = admin) {
  return t.app.inject({ method, url, headers: await t.auth(as), ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function createTraining(info: Parameters<typeof trainingBody>[1]) {
  const res = await call("POST", "/api/trainings", trainingBody({ educational: org.of, contracting: org.cdc }, info));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

async function createSession(trainingId: string, info: Parameters<typeof sessionInformation>[0] = {}) {
  const res = await call("POST", "/api/sessions", sessionBody(trainingId, info));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Session;
}

const patch = (id: string, body: SessionPatchBodyInput) => call("PATCH", `/api/sessions/${id}`, body);
const fieldMessages = (res: { json: () => unknown }) =>
  ((res.json() as { details?: { fields?: { path: string; message: string }[] } }).details?.fields ?? []).map((f) => `${f.path}: ${f.message}`);
const sessionRow = async (id: string) => (await t.query("select * from sessions where id = $1", [id]))[0];
const countSessions = async () => (await t.query<{ n: number }>("select count(*)::int as n from sessions"))[0]!.n;
const mediaRow = async (id: string) => (await t.query("select promoted_at from medias where id = $1", [id]))[0];
const mediaFiles = () => mediaTestKit(t, admin).filesOnDisk();

beforeAll(async () => {
  t = await createTestApp();
  org.of = await t.organization({ name: "ÉCOLE DES MÉTIERS" });
  org.ofOther = await t.organization({ name: "LYCÉE TECHNIQUE" });
  org.cdc = await t.organization({ name: "RÉGION OCCITANIE" });
  admin = await t.employee("rol_admin", []);
  training.web = await createTraining({ name: "Développeur web", number: "FWEB001", marketNumber: "MARCHE-77" });
  training.soins = await createTraining({ name: "Aide-soignant", number: "FSOIN02", educationalOrganizationId: org.ofOther });
  training.unused = await createTraining({ name: "Maçon" });
});
afterAll(() => t.close());

describe("POST /api/sessions", () => {
  it("creates a session of a training and answers it whole", async () => {
    const created = await createSession(training.web, { capacity: "15", totalPricePerPersonTaxFree: "3 500,5" });
    expect(created.id).toMatch(/^[0-9a-f]{32}$/);
    expect(created).toMatchObject({
      training: {
        id: training.web,
        information: {
          name: "Développeur web",
          number: "FWEB001",
          marketNumber: "MARCHE-77",
          healthcareSocial: false,
          fse: true,
          educationalOrganization: { id: org.of, name: "ÉCOLE DES MÉTIERS" },
          contractingOrganization: { id: org.cdc, name: "RÉGION OCCITANIE" },
        },
      },
      traineesCount: 0,
      trainees: [],
      information: {
        startDate: "2026-01-12",
        endDate: "2026-03-20",
        capacity: 15,
        totalPricePerPersonIncludingTaxes: 4200,
        totalPricePerPersonTaxFree: 3500.5,
        purchasingUnit: "PACKAGE_COURSE",
        actualOrCalculatedEducationalCost: "ACTUAL_COST",
      },
      result: { validatedAssessment: false, validatedDate: null, validatedBy: null, objective: null, level: null },
      medias: {
        kairosCertificate: null,
        positioningReports: [],
        qualitativeAssessments: [],
        traineesQualityQuestionnaires: [],
        companyAttendanceSheets: [],
        attendanceSheets: {},
      },
    });
    expect(Date.parse(created.createdDate)).not.toBeNaN();
  });

  it("accepts an empty capacity", async () => {
    expect((await createSession(training.web, { capacity: "" })).information.capacity).toBeNull();
  });

  it.each([
    ["an end before the start", { startDate: "2026-03-02", endDate: "2026-03-01" }, "body.information.endDate", "La date de fin doit être postérieure ou égale à la date de début"],
    ["a decimal capacity", { capacity: 1.5 }, "body.information.capacity", "La capacité doit être représentée par un entier"],
    ["a negative price", { totalPricePerPersonTaxFree: -1 }, "body.information.totalPricePerPersonTaxFree", "Le prix ne doit pas être inférieur à 0"],
    ["three decimals", { totalPricePerPersonIncludingTaxes: 10.125 }, "body.information.totalPricePerPersonIncludingTaxes", "Le prix ne doit pas avoir plus de 2 décimales"],
    ["a missing price", { totalPricePerPersonIncludingTaxes: null }, "body.information.totalPricePerPersonIncludingTaxes", "Ce champ est obligatoire"],
    ["no purchasing unit", { purchasingUnit: null }, "body.information.purchasingUnit", "Ce champ est obligatoire"],
    ["an unknown educational cost", { actualOrCalculatedEducationalCost: "FREE" }, "body.information.actualOrCalculatedEducationalCost", "Ce champ est obligatoire"],
    ["no start date", { startDate: "" }, "body.information.startDate", "Ce champ est obligatoire"],
  ])("refuses %s with the spec's message, writing nothing", async (_case, info, path, message) => {
    const before = await countSessions();
    const res = await call("POST", "/api/sessions", sessionBody(training.web, info as Parameters<typeof sessionInformation>[0]));
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res)).toContain(`${path}: ${message}`);
    expect(await countSessions()).toBe(before);
  });

  it.each([null, "2026", []])("answers 400, not 500, when the information is %j", async (information) => {
    const res = await call("POST", "/api/sessions", { trainingId: training.web, information });
    expect(res.statusCode, res.body).toBe(400);
  });

  it.each([
    ["1000-01-01 to 9999-12-31", "1000-01-01", "9999-12-31", [
      "body.information.startDate: La date doit être comprise entre le 01/01/2000 et le 31/12/2100",
      "body.information.endDate: La date doit être comprise entre le 01/01/2000 et le 31/12/2100",
      "body.information.endDate: Une session dure au plus 4 ans",
    ]],
    ["1999-12-31 to 2000-06-30", "1999-12-31", "2000-06-30", ["body.information.startDate: La date doit être comprise entre le 01/01/2000 et le 31/12/2100"]],
    ["2026-01-05 to 2030-01-06 (four years and a day)", "2026-01-05", "2030-01-06", ["body.information.endDate: Une session dure au plus 4 ans"]],
  ])("refuses the dates %s (bounds of our choice, in French), creates nothing", async (_name, startDate, endDate, messages) => {
    const before = await countSessions();
    const res = await call("POST", "/api/sessions", sessionBody(training.web, { startDate, endDate }));
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res)).toEqual(messages);
    expect(await countSessions()).toBe(before);
  });

  it("accepts a session of exactly four years, at the bounds' edges", async () => {
    expect((await call("POST", "/api/sessions", sessionBody(training.web, { startDate: "2000-01-01", endDate: "2004-01-01" }))).statusCode).toBe(201);
    expect((await call("POST", "/api/sessions", sessionBody(training.web, { startDate: "2096-12-31", endDate: "2100-12-31" }))).statusCode).toBe(201);
  });

  it("answers 404 for a training that does not exist", async () => {
    const res = await call("POST", "/api/sessions", sessionBody("0".repeat(32)));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(SESSION_MSG.trainingNotFound);
  });
});

describe("GET /api/sessions/:id", () => {
  it("answers 404 'La session n'existe pas' for an unknown id", async () => {
    const res = await call("GET", `/api/sessions/${"f".repeat(32)}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("La session n'existe pas");
  });
});

describe("GET /api/sessions", () => {
  const list = async (query: string) => {
    const res = await call("GET", `/api/sessions?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: SessionListItem[]; metadata: { pagination: { offset: number; limit: number; totalCount: number } } };
  };

  it("lists the most recently updated first, with the columns' data", async () => {
    const first = await createSession(training.soins, { startDate: "2025-09-01", endDate: "2025-12-19" });
    const second = await createSession(training.soins);
    const { data } = await list("limit=2");
    expect(data.map((s) => s.id)).toEqual([second.id, first.id]);
    expect(data[0]).toMatchObject({
      training: { information: { number: "FSOIN02", name: "Aide-soignant", educationalOrganization: { name: "LYCÉE TECHNIQUE" } } },
      traineesCount: 0,
      information: { startDate: "2026-01-12", endDate: "2026-03-20", capacity: 12 },
    });
    expect(data[0]).not.toHaveProperty("result");
  });

  it.each([
    ["the training number", "fsoin02"],
    ["the training name, accents aside", "aide soignant"],
    ["the market number", "marche-77"],
    ["the educational organisation", "lycee"],
    ["words from the training and its organisation", "soignant technique"],
  ])("searches %s", async (_case, search) => {
    const { data } = await list(`search=${encodeURIComponent(search)}`);
    expect(data.length).toBeGreaterThan(0);
    const expected = search === "marche-77" ? "FWEB001" : "FSOIN02";
    for (const session of data) expect(session.training.information.number).toBe(expected);
  });

  it("follows a renamed training and a renamed organisation", async () => {
    const trainingId = await createTraining({ name: "Menuisier agenceur", educationalOrganizationId: org.ofOther });
    const session = await createSession(trainingId);
    const renamed = await call("PATCH", `/api/trainings/${trainingId}`, trainingBody({ educational: org.ofOther, contracting: org.cdc }, { name: "Ébéniste" }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await list("search=ebeniste")).data.map((s) => s.id)).toEqual([session.id]);
    expect((await list("search=menuisier")).data).toEqual([]);
    await t.query("update organizations set name = 'LYCÉE DES COMPAGNONS' where id = $1", [org.ofOther]);
    expect((await list("search=compagnons ebeniste")).data.map((s) => s.id)).toEqual([session.id]);
    expect((await list("search=lycee technique")).data).toEqual([]);
    await t.query("update organizations set name = 'LYCÉE TECHNIQUE' where id = $1", [org.ofOther]);
  });

  it("finds nothing for a term no session carries", async () => {
    const { data, metadata } = await list("search=introuvable");
    expect(data).toEqual([]);
    expect(metadata.pagination.totalCount).toBe(0);
  });

  it("pages with offset and limit and counts every match", async () => {
    const all = await list("limit=100");
    const page = await list("offset=1&limit=2");
    expect(page.metadata.pagination).toEqual({ offset: 1, limit: 2, totalCount: all.data.length, nextCursor: expect.any(String) });
    expect(page.data.map((s) => s.id)).toEqual(all.data.slice(1, 3).map((s) => s.id));
  });

  it("refuses a limit above 100", async () => {
    expect((await call("GET", "/api/sessions?limit=101")).statusCode).toBe(400);
  });
});

describe("PATCH /api/sessions/:id", () => {
  it("changes the information and the bilan", async () => {
    const session = await createSession(training.web);
    const res = await patch(session.id, {
      information: sessionInformation({ capacity: 8, endDate: "2026-04-30", purchasingUnit: "HOUR_PER_GROUP" }),
      result: { objective: "  Former des développeurs  ", targetedQualification: "", level: "LEVEL_5", validatedAssessment: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json().data as Session;
    expect(updated.information).toMatchObject({ capacity: 8, endDate: "2026-04-30", purchasingUnit: "HOUR_PER_GROUP" });
    expect(updated.result).toMatchObject({ objective: "Former des développeurs", targetedQualification: null, level: "LEVEL_5", validatedAssessment: false });
    expect(Date.parse(updated.updatedDate)).toBeGreaterThanOrEqual(Date.parse(session.updatedDate));
  });

  it("refuses a bilan text over its limit with the spec's length message", async () => {
    const session = await createSession(training.web);
    const res = await patch(session.id, { result: { targetedQualification: "x".repeat(245), level: null } });
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res)).toContain("body.result.targetedQualification: Le nombre de caractères est limité à 244");
  });

  it("answers 404 for an unknown session", async () => {
    const res = await patch("f".repeat(32), { information: sessionInformation() });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(SESSION_MSG.notFound);
  });
});

describe("PATCH /api/sessions/:id medias", () => {
  it("promotes the new files, names them, and deletes the files left out", async () => {
    const session = await createSession(training.web);
    const certificate = await temporaryMedia(t, admin.id, "attestation kairos.pdf");
    const report = await temporaryMedia(t, admin.id, "positionnement.pdf");
    const january = await temporaryMedia(t, admin.id, "emargement-janvier.pdf");
    const res = await patch(session.id, {
      medias: {
        kairosCertificate: { id: certificate },
        positioningReports: [{ id: report, title: "Positionnement initial" }],
        attendanceSheets: { "2026-01": { id: january } },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as Session).medias).toEqual({
      kairosCertificate: { id: certificate, name: "attestation kairos.pdf" },
      positioningReports: [{ id: report, title: "Positionnement initial", name: "positionnement.pdf" }],
      qualitativeAssessments: [],
      traineesQualityQuestionnaires: [],
      companyAttendanceSheets: [],
      attendanceSheets: { "2026-01": { id: january, name: "emargement-janvier.pdf" } },
    });
    expect((await mediaRow(certificate))?.promoted_at).not.toBeNull();

    // The same set resent with the report's title changed and the certificate left out.
    const again = await patch(session.id, {
      medias: { positioningReports: [{ id: report, title: "Positionnement revu" }], attendanceSheets: { "2026-01": { id: january } } },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json().data as Session).medias).toMatchObject({
      kairosCertificate: null,
      positioningReports: [{ id: report, title: "Positionnement revu", name: "positionnement.pdf" }],
    });
    await t.app.mailer.flush();
    // Removed before the answer, row and file.
    expect(await mediaRow(certificate)).toBeUndefined();
    expect(await mediaFiles()).not.toContain(certificate);
    expect(await mediaRow(report)).toBeDefined();
  });

  it("refuses an unknown file with 400 and changes nothing, not even the information sent with it", async () => {
    const session = await createSession(training.web);
    const fresh = await temporaryMedia(t, admin.id);
    const before = await sessionRow(session.id);
    const res = await patch(session.id, {
      information: sessionInformation({ capacity: 99 }),
      medias: { kairosCertificate: { id: fresh }, companyAttendanceSheets: [{ id: "a".repeat(32), title: "Entreprise Dupont" }] },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res)).toEqual([`body.medias.companyAttendanceSheets.0.id: Un fichier joint n'est plus disponible (expiré ou déjà utilisé) : déposez-le à nouveau.`]);
    expect(await sessionRow(session.id)).toEqual(before);
    expect((await mediaRow(fresh))?.promoted_at).toBeNull();
  });

  it("refuses a file that already belongs to another session", async () => {
    const owner = await createSession(training.web);
    const file = await temporaryMedia(t, admin.id);
    expect((await patch(owner.id, { medias: { kairosCertificate: { id: file } } })).statusCode).toBe(200);
    const other = await createSession(training.web);
    const res = await patch(other.id, { medias: { kairosCertificate: { id: file } } });
    expect(res.statusCode).toBe(400);
    expect((await sessionRow(other.id))?.medias).toEqual({});
  });

  it("refuses a new monthly sheet outside the session's months, even in a month whose stored sheet it would replace", async () => {
    const session = await createSession(training.web);
    const april = await temporaryMedia(t, admin.id);
    const res = await patch(session.id, { medias: { attendanceSheets: { "2026-04": { id: april } } } });
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res)).toEqual([`body.medias.attendanceSheets.2026-04: ${SESSION_MSG.monthOutsideSession}`]);

    // March's sheet is kept apart once the dates leave March out; another file for March is a new sheet outside the session.
    const march = await temporaryMedia(t, admin.id);
    expect((await patch(session.id, { medias: { attendanceSheets: { "2026-03": { id: march } } } })).statusCode).toBe(200);
    expect((await patch(session.id, { information: sessionInformation({ endDate: "2026-02-27" }) })).statusCode).toBe(200);
    const replacement = await temporaryMedia(t, admin.id);
    const replaced = await patch(session.id, { medias: { attendanceSheets: { "2026-03": { id: replacement } } } });
    expect(replaced.statusCode).toBe(400);
    expect(fieldMessages(replaced)).toEqual([`body.medias.attendanceSheets.2026-03: ${SESSION_MSG.monthOutsideSession}`]);
    expect(((await sessionRow(session.id))?.medias as Session["medias"]).attendanceSheets["2026-03"]?.id).toBe(march);
  });

  it("never deletes a signed sheet on a date change: kept outside the dates, answered, back in place once the dates cover it again", async () => {
    const session = await createSession(training.web, { startDate: "2026-01-05", endDate: "2026-03-20" });
    const january = await temporaryMedia(t, admin.id, "emargement-janvier.pdf");
    expect((await patch(session.id, { medias: { attendanceSheets: { "2026-01": { id: january } } } })).statusCode).toBe(200);
    const sheet = { "2026-01": { id: january, name: "emargement-janvier.pdf" } };

    // The dates alone, then the dates with the whole set of documents resent as the edit page does.
    const moved = await patch(session.id, { information: sessionInformation({ startDate: "2026-02-02", endDate: "2026-03-20" }) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json().data as Session).medias.attendanceSheets).toEqual(sheet);
    const resent = await patch(session.id, {
      information: sessionInformation({ startDate: "2026-02-09", endDate: "2026-03-20" }),
      medias: { attendanceSheets: { "2026-01": { id: january } } },
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect((resent.json().data as Session).medias.attendanceSheets).toEqual(sheet);

    const restored = await patch(session.id, { information: sessionInformation({ startDate: "2026-01-04", endDate: "2026-03-20" }) });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((restored.json().data as Session).medias.attendanceSheets).toEqual(sheet);
    expect((await mediaRow(january))?.promoted_at).not.toBeNull();

    // Removed on purpose (left out of the set): then it goes.
    const removed = await patch(session.id, { information: sessionInformation({ startDate: "2026-02-02", endDate: "2026-03-20" }), medias: { attendanceSheets: {} } });
    expect((removed.json().data as Session).medias.attendanceSheets).toEqual({});
    await t.app.mailer.flush();
    expect(await mediaRow(january)).toBeUndefined();
    expect(await mediaFiles()).not.toContain(january);
  });

  it("refuses a title shorter than 2 characters and one file in two slots", async () => {
    const session = await createSession(training.web);
    const file = await temporaryMedia(t, admin.id);
    const res = await patch(session.id, {
      medias: { positioningReports: [{ id: file, title: "A" }], qualitativeAssessments: [{ id: file, title: "Bilan" }] },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res)).toEqual(
      expect.arrayContaining([
        "body.medias.positioningReports.0.title: Le nombre de caractères minimum est 2",
        `body.medias.qualitativeAssessments.0.id: ${SESSION_MSG.mediaUsedTwice}`,
      ]),
    );
  });
});

describe("DELETE /api/sessions/:id", () => {
  it("deletes the session and its files", async () => {
    const session = await createSession(training.web);
    const file = await temporaryMedia(t, admin.id);
    expect((await patch(session.id, { medias: { kairosCertificate: { id: file } } })).statusCode).toBe(200);
    expect(await mediaFiles()).toContain(file);
    expect((await call("DELETE", `/api/sessions/${session.id}`)).statusCode).toBe(204);
    expect(await sessionRow(session.id)).toBeUndefined();
    // Removed before the answer, row and file.
    expect(await mediaRow(file)).toBeUndefined();
    expect(await mediaFiles()).not.toContain(file);
    expect((await call("DELETE", `/api/sessions/${session.id}`)).statusCode).toBe(404);
  });

  it("answers the spec's 409 when a row still references the session", async () => {
    // Records do not exist yet; a table referencing sessions as records will (ON DELETE RESTRICT) takes their place.
    const session = await createSession(training.web);
    await t.query("create table record_stand_ins (session_id text not null references sessions(id) on delete restrict)");
    await t.query("insert into record_stand_ins values ($1)", [session.id]);
    const res = await call("DELETE", `/api/sessions/${session.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Suppression impossible ! Cette session est associée à des dossiers de formation et ne peut pas être supprimée.");
    expect(await sessionRow(session.id)).toBeDefined();
    await t.query("drop table record_stand_ins");
  });
});

describe("trainings and their sessions", () => {
  it("counts a training's sessions and refuses its deletion while it has some", async () => {
    const trainingId = await createTraining({ name: "Électricien" });
    const session = await createSession(trainingId);
    await createSession(trainingId);
    expect((await call("GET", `/api/trainings/${trainingId}`)).json().data.sessionsCount).toBe(2);
    const refused = await call("DELETE", `/api/trainings/${trainingId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("Attention ! Cette formation est utilisée dans une ou plusieurs sessions.");
    expect(refused.json().message).toBe(TRAINING_MSG.deleteConflict);
    expect((await call("DELETE", `/api/sessions/${session.id}`)).statusCode).toBe(204);
    const listed = (await call("GET", "/api/trainings?search=electricien")).json().data as { id: string; sessionsCount: number }[];
    expect(listed.find((x) => x.id === trainingId)?.sessionsCount).toBe(1);
  });

  it("deletes a training without sessions", async () => {
    expect((await call("DELETE", `/api/trainings/${training.unused}`)).statusCode).toBe(204);
  });
});
