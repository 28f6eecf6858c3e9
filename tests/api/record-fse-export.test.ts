/** FSE export (issue 14): the XLSX read back with exceljs (headings, a known row, French labels, real dates, view), CSV, filters, scope. */
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FSE_MSG, type RecordFse } from "../../resources/fse/schema";
import { ROLE_IDS, can } from "../../resources/permissions";
import { createTrainee, recordRow, trainingWithSession } from "./support/records";
import { fseInformation } from "./support/record-fse";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";

let t: TestApp;
let admin: TestEmployee;
const org = { of: "", cdc: "", otherCdc: "" };
const agora = { web: "", soins: "", other: "" };
/** Hélène Lefèvre's NIR, which no export may hold. */
const FIRST_SSN = "2900775012345";

async function exportAs(as: TestEmployee, query = "") {
  return t.app.inject({ method: "GET", url: `/api/recordFse/export${query}`, headers: await t.auth(as) });
}

/** The sheet's rows as text (dates DD/MM/YYYY as shown), the heading first. */
async function readXlsx(payload: Buffer) {
  const workbook = new ExcelJS.Workbook();
  // exceljs types its input as an ArrayBuffer-backed Buffer: a copy of the bytes is one.
  await workbook.xlsx.load(new Uint8Array(payload).buffer);
  const sheet = workbook.worksheets[0]!;
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow((row) => rows.push(row));
  return { sheet, rows };
}
const texts = (row: ExcelJS.Row) => (row.values as unknown[]).slice(1).map((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v ?? ""));
const agoraIds = async (res: { rawPayload: Buffer }) => (await readXlsx(res.rawPayload)).rows.slice(1).map((row) => String(row.getCell(1).value)).sort();

async function surveyed(sessionId: string, trainee: Parameters<typeof createTrainee>[2], periods: ("INPUT" | "OUTPUT")[]) {
  const recordId = await recordRow(t, { traineeId: await createTrainee(t, admin, trainee), sessionId });
  const surveys: RecordFse[] = [];
  for (const period of periods) {
    const information = fseInformation(period, period === "OUTPUT" ? { employed: false, employedDetail: null, lookingForJob: true, unemployedDate: "2026-04-01", rsa: false, noAid: true } : {});
    const res = await t.app.inject({ method: "POST", url: "/api/recordFse", headers: await t.auth(admin), payload: { recordId, information } });
    expect(res.statusCode, res.body).toBe(201);
    surveys.push(res.json().data as RecordFse);
  }
  const [{ agora_id }] = (await t.query<{ agora_id: string }>("select agora_id from records where id = $1", [recordId])) as [{ agora_id: string }];
  return { recordId, agoraId: agora_id, surveys };
}

beforeAll(async () => {
  t = await createTestApp();
  for (const key of ["of", "cdc", "otherCdc"] as const) org[key] = await t.organization();
  admin = await t.employee("rol_admin", []);
  const web = await trainingWithSession(t, admin, { educational: org.of, contracting: org.cdc }, { name: "Développeur web", fse: true }, { startDate: "2026-02-02", endDate: "2026-06-30" });
  const soins = await trainingWithSession(t, admin, { educational: org.of, contracting: org.cdc }, { name: "Aide-soignant", fse: true, device: "HEALTHCARE_SOCIAL_TRAINING_SUBSIDY" });
  const other = await trainingWithSession(t, admin, { educational: org.of, contracting: org.otherCdc }, { name: "Maçon", fse: true });
  const first = await surveyed(web.sessionId, { lastName: "Lefèvre", firstName: "Hélène", birthDate: "1990-07-14", gender: "FEMALE", ssn: FIRST_SSN }, ["INPUT", "OUTPUT"]);
  agora.web = first.agoraId;
  // The exit survey changed on 11 March in France (23:30 UTC on the 10th): the date range reads days in France.
  await t.query("update record_fse set updated_at = '2026-03-10T23:30:00Z' where id = $1", [first.surveys[1]!.id]);
  await t.query("update record_fse set updated_at = '2026-01-05T10:00:00Z' where id = $1", [first.surveys[0]!.id]);
  agora.soins = (await surveyed(soins.sessionId, {}, ["INPUT"])).agoraId;
  agora.other = (await surveyed(other.sessionId, {}, ["INPUT"])).agoraId;
});
afterAll(() => t.close());

describe("GET /api/recordFse/export (XLSX)", () => {
  it("answers a workbook with French headings, one row per survey, labels in French and real dates", async () => {
    const res = await exportAs(admin);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="export-fse-toutes-periodes-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const { sheet, rows } = await readXlsx(res.rawPayload);
    expect(rows).toHaveLength(1 + 4);
    const heading = texts(rows[0]!);
    expect(heading.slice(0, 8)).toEqual(["N° AGORA", "Nom", "Prénom", "Date de naissance", "Formation", "Début de la session", "Fin de la session", "Période"]);
    expect(heading).toEqual(expect.arrayContaining(["Occupez-vous un emploi ?", "Etes-vous actuellement ?", "Revenu de solidarité active (RSA)", "Non, je ne bénéficie d'aucune de ces aides", "Si Oui, depuis quelle date ?"]));
    expect(heading.join(" ")).not.toMatch(/sécurité sociale|NIR/i);
    expect(rows.flatMap((row) => texts(row).map(String)).filter((cell) => cell.includes(FIRST_SSN))).toEqual([]);

    // Oldest change first: the entry survey of Hélène Lefèvre (5 January), with every answer as a French label.
    const known = rows[1]!;
    const cell = (header: string) => known.getCell(heading.indexOf(header) + 1);
    expect(texts(known).slice(0, 8)).toEqual([agora.web, "LEFÈVRE", "Hélène", "1990-07-14", "Développeur web", "2026-02-02", "2026-06-30", "Entrée"]);
    expect(cell("Date de naissance").value).toEqual(new Date("1990-07-14T00:00:00Z"));
    expect(cell("Date de naissance").numFmt).toBe("dd/mm/yyyy");
    expect(cell("Occupez-vous un emploi ?").value).toBe("Oui");
    expect(cell("Précisez votre emploi").value).toBe("Emploi durable (CDI, CDD de 6 mois ou plus)");
    expect(cell("Etes-vous actuellement ?").value).toBe("Autre");
    expect(cell("Revenu de solidarité active (RSA)").value).toBe("Oui");
    expect(cell("Si Oui, depuis quelle date ?").value).toEqual(new Date("2025-11-03T00:00:00Z"));
    expect(cell("Quel est votre plus haut niveau de diplôme obtenu ?").value).toBe("Lycée ou post-bac non supérieur : CAP, BEP, baccalauréat, DAEU (CITE 3 et 4)");
    expect(cell("L'un de vos parents est-il né hors de l'Union européenne ?").value).toBe("Ne souhaite pas répondre");
    // A question not asked (not employed → no detail) is empty.
    const exit = rows[2]!;
    expect(texts(exit)[7]).toBe("Sortie");
    expect(exit.getCell(heading.indexOf("Précisez votre emploi") + 1).value).toBeNull();
    expect(exit.getCell(heading.indexOf("Date de début") + 1).value).toEqual(new Date("2026-04-01T00:00:00Z"));

    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    expect(sheet.getColumn(5).width).toBeGreaterThan(20);
  });

  it("filters by period and by days of change in France, inclusive", async () => {
    expect(await agoraIds(await exportAs(admin, "?period=OUTPUT"))).toEqual([agora.web]);
    expect((await agoraIds(await exportAs(admin, "?period=INPUT"))).length).toBe(3);
    expect(await agoraIds(await exportAs(admin, "?startDate=2026-03-11&endDate=2026-03-11"))).toEqual([agora.web]);
    expect(await agoraIds(await exportAs(admin, "?startDate=2026-03-01&endDate=2026-03-10"))).toEqual([]);
    expect(await agoraIds(await exportAs(admin, "?endDate=2026-03-11"))).toEqual([agora.web, agora.web]);
    expect((await agoraIds(await exportAs(admin, "?startDate=2026-03-12"))).length).toBe(2);
    const named = await exportAs(admin, "?period=AFTER_SIX_MONTH");
    expect(named.headers["content-disposition"]).toMatch(/filename="export-fse-6-mois-/);
    expect((await readXlsx(named.rawPayload)).rows).toHaveLength(1);
  });

  it("exports the caller's scope only: contracting organisation, healthcare-social for gest-cdcss", async () => {
    const gestCdc = await t.employee("rol_gest-cdc", [org.cdc]);
    const gestCdcss = await t.employee("rol_gest-cdcss", [org.cdc]);
    const respCdcOther = await t.employee("rol_resp-cdc", [org.otherCdc]);
    expect(await agoraIds(await exportAs(gestCdc))).toEqual([agora.web, agora.web, agora.soins].sort());
    expect(await agoraIds(await exportAs(gestCdcss))).toEqual([agora.soins]);
    expect(await agoraIds(await exportAs(respCdcOther))).toEqual([agora.other]);
  });

  it("is for the export roles only (403 otherwise)", async () => {
    for (const role of ROLE_IDS) {
      const caller = await t.employee(role, [role.includes("-of") ? org.of : org.cdc]);
      expect((await exportAs(caller)).statusCode, role).toBe(can(role, "records", "exportFse") ? 200 : 403);
    }
    expect(["rol_sup-admin", "rol_admin", "rol_resp-cdc", "rol_gest-cdc", "rol_gest-cdcss"].every((role) => can(role, "records", "exportFse"))).toBe(true);
  });

  it("refuses bad parameters with a French 400", async () => {
    const messages = async (query: string) => {
      const res = await exportAs(admin, query);
      expect(res.statusCode).toBe(400);
      return (res.json() as { details: { fields: { message: string }[] } }).details.fields.map((f) => f.message);
    };
    expect(await messages("?period=SORTIE")).toEqual([FSE_MSG.exportBadPeriod]);
    expect(await messages("?format=pdf")).toEqual([FSE_MSG.exportBadFormat]);
    expect(await messages("?startDate=2026-02-30")).toEqual(["Cette date n'est pas valide"]);
    expect(await messages("?startDate=2026-03-02&endDate=2026-03-01")).toEqual([FSE_MSG.exportEndBeforeStart]);
  });
});

describe("GET /api/recordFse/export?format=csv", () => {
  it("answers the same columns as UTF-8 CSV with a BOM and ';', dates DD/MM/YYYY", async () => {
    const res = await exportAs(admin, "?format=csv&period=INPUT");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/filename="export-fse-entree-\d{4}-\d{2}-\d{2}\.csv"/);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.rawPayload.toString("utf8").slice(1).split("\r\n");
    expect(lines.at(-1)).toBe("");
    const heading = lines[0]!.split(";");
    const xlsxHeading = texts((await readXlsx((await exportAs(admin)).rawPayload)).rows[0]!);
    expect(heading).toEqual(xlsxHeading);
    const known = lines.find((line) => line.startsWith(`${agora.web};`))!.split(";");
    expect(known.slice(0, 8)).toEqual([agora.web, "LEFÈVRE", "Hélène", "14/07/1990", "Développeur web", "02/02/2026", "30/06/2026", "Entrée"]);
    expect(known[heading.indexOf("Si Oui, depuis quelle date ?")]).toBe("03/11/2025");
    expect(lines).toHaveLength(1 + 3 + 1);
    // No NIR in the file (FSE reporting does not need it): not as a column, nor as a value in any row.
    expect(res.rawPayload.toString("utf8")).not.toContain(FIRST_SSN);
  });
});

describe("characters XML cannot hold, whatever is stored", () => {
  it("are left out of the workbook, which stays readable (one such name made every export of its funder unreadable)", async () => {
    const [{ trainee_id: traineeId, first_name: firstName, last_name: lastName }] = (await t.query<{ trainee_id: string; first_name: string; last_name: string }>(
      "select r.trainee_id, e.first_name, e.last_name from records r join trainees e on e.id = r.trainee_id where r.agora_id = $1",
      [agora.other],
    )) as [{ trainee_id: string; first_name: string; last_name: string }];
    // Written before the API refused them (or by hand): a non-character, a control character, a plane-end non-character.
    await t.query("update trainees set first_name = $2, last_name = $3 where id = $1", [traineeId, "Ro\uFFFFse\u0001", "DU\u{1FFFE}PONT\u000B"]);
    try {
      const res = await exportAs(admin);
      expect(res.statusCode).toBe(200);
      const { rows } = await readXlsx(res.rawPayload);
      const row = rows.find((r) => String(r.getCell(1).value) === agora.other)!;
      expect(texts(row).slice(1, 3)).toEqual(["DUPONT", "Rose"]);
    } finally {
      await t.query("update trainees set first_name = $2, last_name = $3 where id = $1", [traineeId, firstName, lastName]);
    }
  });
});
