import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_MSG } from "../../resources/medias/schema";
import type { RoleId } from "../../resources/permissions";
import type { Session, SessionMediasInput } from "../../resources/sessions/schema";
import { SESSION_MSG } from "../../resources/sessions/schema";
import type { Training } from "../../resources/trainings/schema";
import { loadDemoData } from "../../server/db/demo/index";
import { mediaStorageIn } from "../../server/media/plugin";
import { frenchDate } from "../../server/sessions/session-days";
import { pdfUpload, SMALL_PDF } from "./support/multipart";
import { pdfText } from "./support/pdf-text";
import { createTrainee, recordRow } from "./support/records";
import { sessionInformation } from "./support/sessions";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";
import { trainingBody } from "./support/trainings";

let t: TestApp;
const staff = {} as Record<"admin" | "ofInScope" | "cdcInScope" | "ofElsewhere", TestEmployee>;
let training: Training;
let session: Session;
let otherSession: Session;

// 7 January to 20 March 2026: three monthly sheets, the first and last cut mid-month.
const SPAN = { startDate: "2026-01-07", endDate: "2026-03-20" };

async function call(method: "GET" | "POST" | "PATCH", url: string, employee: TestEmployee | null, payload?: object) {
  const headers = employee ? await t.auth(employee) : {};
  return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

async function createSession(dates: { startDate: string; endDate: string }): Promise<Session> {
  const res = await call("POST", "/api/sessions", staff.admin, { trainingId: training.id, information: sessionInformation(dates) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Session }>().data;
}

/** POST /api/medias/temporary: the new temporary media's id. */
async function uploadPdf(content: Buffer, fileName: string): Promise<string> {
  const upload = pdfUpload(content, fileName);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/medias/temporary",
    payload: upload.payload,
    headers: { ...upload.headers, ...(await t.auth(staff.admin)) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: string } }>().data.id;
}

/** Uploads a PDF and attaches it to the session as that month's signed sheet (the documents tab's way). */
async function attachSignedSheet(target: Session, month: string, content: Buffer, fileName: string): Promise<string> {
  const id = await uploadPdf(content, fileName);
  const medias: SessionMediasInput = { attendanceSheets: { [month]: { id } } };
  const patched = await call("PATCH", `/api/sessions/${target.id}`, staff.admin, { medias });
  expect(patched.statusCode, patched.body).toBe(200);
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  const [educational, contracting, elsewhere] = [await t.organization(), await t.organization(), await t.organization()];
  staff.admin = await t.employee("rol_admin" satisfies RoleId, [elsewhere]);
  staff.ofInScope = await t.employee("rol_gest-of", [educational]);
  staff.cdcInScope = await t.employee("rol_gest-cdc", [contracting]);
  staff.ofElsewhere = await t.employee("rol_resp-of", [elsewhere]);
  const created = await call("POST", "/api/trainings", staff.admin, trainingBody({ educational, contracting }, { name: "Vitrail : techniques anciennes" }));
  expect(created.statusCode, created.body).toBe(201);
  training = created.json<{ data: Training }>().data;
  session = await createSession(SPAN);
  otherSession = await createSession({ startDate: "2026-01-05", endDate: "2026-01-30" });
});
afterAll(() => t.close());

const sheetUrl = (sessionId: string, month: string) => `/api/sessions/${sessionId}/attendance-sheets/${month}`;
const dayHeadings = (lines: string[]) => lines.filter((line) => /^(lun|mar|mer|jeu|ven)\. \d+$/.test(line));

describe("GET /api/sessions/{sessionId}/attendance-sheets/{month}", () => {
  it.each([
    ["2026-01", "janvier 2026", 18, "mer. 7", "ven. 30"],
    ["2026-02", "février 2026", 20, "lun. 2", "ven. 27"],
    ["2026-03", "mars 2026", 15, "lun. 2", "ven. 20"],
  ])("answers %s's sheet: an inline A4 landscape PDF with the month's session days", async (month, label, dayCount, first, last) => {
    const res = await call("GET", sheetUrl(session.id, month), staff.ofInScope);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(
      `inline; filename="emargement-${training.information.number}-${month}.pdf"; filename*=UTF-8''emargement-${training.information.number}-${month}.pdf`,
    );
    expect(Number(res.headers["content-length"])).toBe(res.rawPayload.length);
    expect(res.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const pages = await pdfText(res.rawPayload);
    const headings = pages.flatMap((page) => dayHeadings(page.lines));
    expect(headings).toHaveLength(dayCount);
    expect([headings[0], headings.at(-1)]).toEqual([first, last]);
    expect(headings.some((heading) => /^(sam|dim)\./.test(heading))).toBe(false);
    for (const page of pages) {
      expect({ width: page.width, height: page.height }).toEqual({ width: 841.89, height: 595.28 });
      expect(page.lines).toEqual(
        expect.arrayContaining([
          `Feuille d'émargement – ${label}`,
          `Formation : ${training.information.number} – Vitrail : techniques anciennes`,
          `Organisme de formation : ${training.information.educationalOrganization.name}`,
          "Session : du 07/01/2026 au 20/03/2026",
          "Signature du formateur",
          "Total",
        ]),
      );
    }
  });

  it("has one row per trainee of the session (its records), by last name, and none of another session's", async () => {
    const withTrainees = await createSession(SPAN);
    for (const [lastName, firstName] of [["VIDAL", "Zoé"], ["ÉMERY", "François"]]) {
      await recordRow(t, { traineeId: await createTrainee(t, staff.admin, { lastName, firstName }), sessionId: withTrainees.id });
    }
    await recordRow(t, { traineeId: await createTrainee(t, staff.admin, { lastName: "AILLEURS", firstName: "Jean" }), sessionId: otherSession.id });
    const res = await call("GET", sheetUrl(withTrainees.id, "2026-02"), staff.ofInScope);
    expect(res.statusCode, res.body).toBe(200);
    const [page] = await pdfText(res.rawPayload);
    expect(page!.lines.filter((line) => /^(VIDAL|ÉMERY|AILLEURS) /.test(line))).toEqual(["ÉMERY François", "VIDAL Zoé"]);
  });

  it("lists the trainees attending that month: not a rejected record, nor one ended before the month", async () => {
    const withRecords = await createSession(SPAN);
    const records: [string, Partial<Parameters<typeof recordRow>[2]>][] = [
      ["PREVU", { status: "VALIDATED" }],
      ["ENCOURS", { status: "START_OF_TRAINING", realStartDate: "2026-01-07" }],
      ["REJETE", { status: "REJECTED", closedAt: new Date("2026-01-05T10:00:00Z") }],
      // Left training on 30 January (its real end date): on January's sheet, not on February's.
      ["SORTI", { status: "END_OF_TRAINING", realStartDate: "2026-01-07", realEndDate: "2026-01-30" }],
      // Closed on 1 February at 00:30 in France (31 January in UTC), no real end date: ended in February.
      ["CLOS", { status: "TERMINATED_NOT_DONE", closedAt: new Date("2026-01-31T23:30:00Z") }],
      ["FINI", { status: "TERMINATED_FULLY_DONE", realStartDate: "2026-01-07", realEndDate: "2026-02-20", closedAt: new Date("2026-02-21T09:00:00Z") }],
    ];
    for (const [lastName, fields] of records) {
      await recordRow(t, { traineeId: await createTrainee(t, staff.admin, { lastName, firstName: "Test" }), sessionId: withRecords.id }, fields);
    }
    const namesOn = async (month: string) => {
      const res = await call("GET", sheetUrl(withRecords.id, month), staff.ofInScope);
      expect(res.statusCode, res.body).toBe(200);
      return (await pdfText(res.rawPayload))[0]!.lines.filter((line) => line.endsWith(" Test")).map((line) => line.split(" ")[0]);
    };
    expect(await namesOn("2026-01")).toEqual(["CLOS", "ENCOURS", "FINI", "PREVU", "SORTI"]);
    expect(await namesOn("2026-02")).toEqual(["CLOS", "ENCOURS", "FINI", "PREVU"]);
    expect(await namesOn("2026-03")).toEqual(["ENCOURS", "PREVU"]);
  });

  it("answers the contracting side's roles too (the session is in scope through its training)", async () => {
    const res = await call("GET", sheetUrl(session.id, "2026-02"), staff.cdcInScope);
    expect(res.statusCode, res.body).toBe(200);
  });

  it("has no sheet for a month outside the session's period (404)", async () => {
    for (const month of ["2025-12", "2026-04"]) {
      const res = await call("GET", sheetUrl(session.id, month), staff.ofInScope);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, message: SESSION_MSG.monthOutsideSession });
    }
  });

  it("refuses a month that is not YYYY-MM (400, French)", async () => {
    const res = await call("GET", sheetUrl(session.id, "2026-13"), staff.ofInScope);
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields).toEqual([{ path: "params.month", message: SESSION_MSG.monthFormat }]);
  });

  it("answers 404 'La session n'existe pas' outside the caller's scope, as for an unknown session", async () => {
    for (const [employee, id] of [[staff.ofElsewhere, session.id], [staff.admin, "0".repeat(32)]] as const) {
      const res = await call("GET", sheetUrl(id, "2026-01"), employee);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: SESSION_MSG.notFound });
    }
  });

  it("needs a signed-in caller (401)", async () => {
    expect((await call("GET", sheetUrl(session.id, "2026-01"), null)).statusCode).toBe(401);
  });
});

describe("GET /api/sessions/{sessionId}/medias/{mediaId}", () => {
  const SIGNED = Buffer.concat([SMALL_PDF, Buffer.from("% feuille signée de janvier\n", "latin1")]);
  let signedId = "";
  let otherSessionMediaId = "";

  beforeAll(async () => {
    signedId = await attachSignedSheet(session, "2026-01", SIGNED, "Émargement signé janvier.pdf");
    otherSessionMediaId = await attachSignedSheet(otherSession, "2026-01", SMALL_PDF, "autre.pdf");
  });

  it("answers the stored bytes as an inline PDF with a safe file name (ASCII fallback and UTF-8 name)", async () => {
    const res = await call("GET", `/api/sessions/${session.id}/medias/${signedId}`, staff.ofInScope);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(
      `inline; filename="Emargement signe janvier.pdf"; filename*=UTF-8''%C3%89margement%20sign%C3%A9%20janvier.pdf`,
    );
    expect(Number(res.headers["content-length"])).toBe(SIGNED.length);
    expect(res.rawPayload.equals(SIGNED)).toBe(true);
  });

  it("answers 404 for the media of another session, though the caller may see both", async () => {
    const res = await call("GET", `/api/sessions/${session.id}/medias/${otherSessionMediaId}`, staff.ofInScope);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: MEDIA_MSG.notFound });
    // The same media through its own session opens.
    expect((await call("GET", `/api/sessions/${otherSession.id}/medias/${otherSessionMediaId}`, staff.ofInScope)).statusCode).toBe(200);
  });

  it("answers 404 for an unknown media and for a temporary upload no session holds", async () => {
    const temporaryId = await uploadPdf(SMALL_PDF, "jamais rattaché.pdf");
    for (const mediaId of ["f".repeat(32), temporaryId, "../../etc/passwd"]) {
      const res = await call("GET", `/api/sessions/${session.id}/medias/${encodeURIComponent(mediaId)}`, staff.ofInScope);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: MEDIA_MSG.notFound });
    }
  });

  it("answers 404 'La session n'existe pas' to a caller outside the session's scope", async () => {
    const res = await call("GET", `/api/sessions/${session.id}/medias/${signedId}`, staff.ofElsewhere);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: SESSION_MSG.notFound });
  });
});

describe("demo documents", () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await createTestApp();
    await loadDemoData(demo.app.db, mediaStorageIn(demo.config.dataDir));
  });
  afterAll(() => demo.close());

  it("attach PDFs to past sessions, validated bilans first, that open through the route as the Documents tab previews them", async () => {
    const documented = await demo.query<{ id: string; start_date: string; end_date: string; result_validated: boolean }>(
      `select id, to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date, result_validated
         from sessions where medias->'kairosCertificate' is not null order by end_date desc`,
    );
    expect(documented).toHaveLength(6);
    expect(documented.every((row) => row.end_date < new Date().toISOString().slice(0, 10))).toBe(true);
    expect(documented.some((row) => row.result_validated)).toBe(true);

    const [admin] = await demo.query<{ id: string }>("select id from employees where role_id = 'rol_sup-admin' limit 1");
    const headers = await demo.auth({ id: admin!.id, roleId: "rol_sup-admin" });
    const { id, start_date: startDate, end_date: endDate } = documented[0]!;
    const { medias } = (await demo.app.inject({ method: "GET", url: `/api/sessions/${id}`, headers })).json<{ data: Session }>().data;
    const months = Object.keys(medias.attendanceSheets);
    expect(months).toEqual([...months].sort());
    expect([months[0], months.at(-1)]).toEqual([startDate.slice(0, 7), endDate.slice(0, 7)]);

    const open = async (mediaId: string) => {
      const res = await demo.app.inject({ method: "GET", url: `/api/sessions/${id}/medias/${mediaId}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["content-type"]).toBe("application/pdf");
      return pdfText(res.rawPayload);
    };
    const [certificate] = await open(medias.kairosCertificate!.id);
    expect(certificate!.lines).toContain("Attestation d'inscription au programme");
    for (const media of [...medias.positioningReports, ...medias.traineesQualityQuestionnaires]) expect(await open(media.id)).toHaveLength(1);
    const sheet = await open(medias.attendanceSheets[months[0]!]!.id);
    expect(sheet[0]!.lines).toContain(`Session : du ${frenchDate(startDate)} au ${frenchDate(endDate)}`);
    expect(sheet.flatMap((page) => dayHeadings(page.lines)).length).toBeGreaterThan(0);
  });
});
