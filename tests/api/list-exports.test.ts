/**
 * « Exporter » of every list (issue 25): GET /api/<list>/export answers the list's rows — for every role exactly the rows its
 * list shows, with the list's search and filters, in its order — as XLSX (read back with exceljs) and CSV; French headings, dates
 * DD/MM/YYYY, formula-like text neutralised, the NIR only in the trainees' export for the roles that manage trainees.
 */
import type ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_MSG } from "../../resources/common/export";
import { can, ROLE_IDS, type ResourceName, type RoleId } from "../../resources/permissions";
import { csvColumn, csvRows, xlsxSheet } from "./support/exports";
import { createTrainee, recordRow, trainingWithSession } from "./support/records";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";

let t: TestApp;
let admin: TestEmployee;
const callers = {} as Record<RoleId, TestEmployee>;
const ssns: string[] = [];
const FORMULA = '=HYPERLINK("http://x";"clic")';

/** A list item as the test reads it: the few fields that tell rows apart. */
interface Item {
  email: string;
  siret: string;
  agoraId: string;
  information: { number: string };
  training: { information: { number: string } };
}

/** Per list: its heading, file name, and how a row is told apart in the list's answer and in the export. */
const LISTS: Record<ResourceName, { stem: string; sheet: string; header: string; key: (item: Item) => string }> = {
  employees: { stem: "employes", sheet: "Employés", header: "E-mail", key: (e) => e.email },
  organizations: { stem: "organismes", sheet: "Organismes", header: "SIRET", key: (o) => o.siret },
  trainees: { stem: "stagiaires", sheet: "Stagiaires", header: "E-mail", key: (s) => s.email },
  trainings: { stem: "formations", sheet: "Formations", header: "N° de formation", key: (f) => f.information.number },
  sessions: { stem: "sessions", sheet: "Sessions", header: "N° de formation", key: (s) => s.training.information.number },
  records: { stem: "dossiers-de-formation", sheet: "Dossiers de formation", header: "N° de dossier", key: (r) => r.agoraId },
};
const LIST_NAMES = Object.keys(LISTS) as ResourceName[];

const get = async (url: string, as: TestEmployee) => t.app.inject({ method: "GET", url, headers: await t.auth(as) });

/** Every row of the list as its pages answer them (100 a page), in order. */
async function listKeys(list: ResourceName, as: TestEmployee, query = ""): Promise<string[]> {
  const keys: string[] = [];
  for (let offset = 0; ; offset += 100) {
    const res = await get(`/api/${list}?limit=100&offset=${offset}${query}`, as);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json() as { data: Item[] };
    keys.push(...data.map(LISTS[list].key));
    if (data.length < 100) return keys;
  }
}

async function exportCsv(list: ResourceName, as: TestEmployee, query = "") {
  const res = await get(`/api/${list}/export?format=csv${query}`, as);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return csvRows(res.rawPayload);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.employee("rol_sup-admin", []);
  const [of, cdc, otherOf, otherCdc] = [await t.organization(), await t.organization(), await t.organization(), await t.organization()];
  for (const role of ROLE_IDS) callers[role] = await t.employee(role, ["rol_resp-of", "rol_gest-of"].includes(role) ? [of] : role.includes("cdc") ? [cdc] : []);
  await t.employee("rol_gest-of", [otherOf]);
  const mine = await trainingWithSession(t, admin, { educational: of, contracting: cdc }, { name: "Soudeur" }, { startDate: "2026-02-02", endDate: "2026-06-30" });
  const care = await trainingWithSession(t, admin, { educational: of, contracting: cdc }, { name: "Aide-soignant", device: "HEALTHCARE_SOCIAL_TRAINING_SUBSIDY" });
  const theirs = await trainingWithSession(t, admin, { educational: otherOf, contracting: otherCdc }, { name: "Maçon" });
  const trainee = async (lastName: string, sessionId: string | null, fields: Parameters<typeof recordRow>[2] = {}) => {
    const ssn = `2900775${String(10_000 + ssns.length).slice(-5)}1`.slice(0, 13);
    ssns.push(ssn);
    const id = await createTrainee(t, admin, { lastName, birthName: lastName, ssn, birthDate: "1990-07-14" });
    if (sessionId) await recordRow(t, { traineeId: id, sessionId }, fields);
    return id;
  };
  await trainee("Lefèvre", mine.sessionId, { realStartDate: "2026-02-03" });
  await trainee("Martin", care.sessionId, { lastExchangeFailed: true });
  await trainee("Durand", theirs.sessionId);
  await trainee("Sanssession", null);
  // A formula typed (or stored before any check) in a training's name: the exports must not run it.
  await t.query("update trainings set name = $1 where id = $2", [FORMULA, theirs.trainingId]);
});
afterAll(() => t.close());

describe.each(LIST_NAMES)("GET /api/%s/export", (list) => {
  it("answers a workbook of the list's rows, in its order, French headings, named in French with the day", async () => {
    const res = await get(`/api/${list}/export?format=xlsx`, admin);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers["content-disposition"]).toMatch(new RegExp(`^attachment; filename="${LISTS[list].stem}-\\d{4}-\\d{2}-\\d{2}\\.xlsx"`));
    const { sheet, rows } = await xlsxSheet(res.rawPayload);
    expect(sheet.name).toBe(LISTS[list].sheet);
    const headings = (rows[0]!.values as unknown[]).slice(1);
    expect(headings).toContain(LISTS[list].header);
    expect(headings).toContain("Dernière mise à jour");
    const keyColumn = headings.indexOf(LISTS[list].header) + 1;
    expect(rows.slice(1).map((row) => String(row.getCell(keyColumn).value))).toEqual(await listKeys(list, admin));
    // The last update: a real date and time, shown DD/MM/YYYY HH:mm.
    const updated = rows[1]!.getCell(headings.indexOf("Dernière mise à jour") + 1);
    expect(updated.value).toBeInstanceOf(Date);
    expect(updated.numFmt).toBe("dd/mm/yyyy hh:mm");
  });

  it("answers CSV with the same rows (BOM, ';', dates DD/MM/YYYY HH:mm)", async () => {
    const rows = await exportCsv(list, admin);
    expect(csvColumn(rows, LISTS[list].header)).toEqual(await listKeys(list, admin));
    for (const value of csvColumn(rows, "Dernière mise à jour")) expect(value).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  });

  it.each(ROLE_IDS)("as %s, holds exactly the rows the list shows (or is refused like the list)", async (role) => {
    const as = callers[role];
    if (!can(role, list, "list")) {
      const res = await get(`/api/${list}/export`, as);
      expect(res.statusCode).toBe(403);
      return;
    }
    const shown = await listKeys(list, as);
    expect(csvColumn(await exportCsv(list, as), LISTS[list].header)).toEqual(shown);
  });

  it("refuses an unknown format with 400 in French", async () => {
    const res = await get(`/api/${list}/export?format=pdf`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields).toEqual([{ path: "querystring.format", message: EXPORT_MSG.badFormat }]);
  });
});

describe("the list's query", () => {
  it("the search and filters the screen shows: records searched and blocking, trainees without a record", async () => {
    expect(csvColumn(await exportCsv("records", admin, "&search=lefevre"), "N° de dossier")).toEqual(await listKeys("records", admin, "&search=lefevre"));
    expect(await listKeys("records", admin, "&search=lefevre")).toHaveLength(1);
    const blocking = await listKeys("records", admin, "&filterAnomalies=true");
    expect(blocking.length).toBeGreaterThan(0);
    expect(csvColumn(await exportCsv("records", admin, "&filterAnomalies=true"), "N° de dossier")).toEqual(blocking);
    const free = await listKeys("trainees", admin, "&freeTrainees=true");
    expect(free.length).toBeGreaterThan(0);
    expect(csvColumn(await exportCsv("trainees", admin, "&freeTrainees=true"), "E-mail")).toEqual(free);
  });

  it("the list's sort and filters: the same rows in the same order as the list asked with them", async () => {
    for (const [list, query] of [
      ["records", "&status=SETUP&sort=status&order=asc"],
      ["records", "&agoraFailed=true"],
      ["trainees", "&sort=lastName&order=asc"],
      ["trainees", "&sort=lastName&order=desc"],
      ["sessions", "&sort=startDate&order=asc"],
      ["trainings", "&sort=name&order=desc"],
    ] as const) {
      const shown = await listKeys(list, admin, query);
      expect(shown.length, `${list}${query}`).toBeGreaterThan(0);
      expect(csvColumn(await exportCsv(list, admin, query), LISTS[list].header), `${list}${query}`).toEqual(shown);
    }
    const refused = await get("/api/trainees/export?sort=ssn", admin);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.fields).toEqual([{ path: "querystring.sort", message: "Tri impossible sur ce champ : ssn" }]);
  });

  it("a page's parameters are not the export's: the whole selection comes whatever offset or limit says", async () => {
    const all = await listKeys("trainees", admin);
    expect(csvColumn(await exportCsv("trainees", admin, "&offset=2&limit=1"), "E-mail")).toEqual(all);
  });
});

describe("what the cells hold", () => {
  it("records: French status labels, dates DD/MM/YYYY in CSV and real dates in XLSX, empty when missing", async () => {
    const rows = await exportCsv("records", admin, "&search=lefevre");
    const [heading, row] = rows as [string[], string[]];
    const cell = (name: string) => row[heading.indexOf(name)];
    expect(cell("Nom")).toBe("LEFÈVRE");
    expect(cell("Date de naissance")).toBe("14/07/1990");
    expect(cell("Début de la session")).toBe("02/02/2026");
    expect(cell("Entrée réelle")).toBe("03/02/2026");
    expect(cell("Sortie réelle")).toBe("");
    expect(cell("Statut")).toBe("En cours d'élaboration");
    const { rows: sheetRows } = await xlsxSheet((await get("/api/records/export?search=lefevre", admin)).rawPayload);
    const headings = (sheetRows[0]!.values as unknown[]).slice(1);
    const birth = sheetRows[1]!.getCell(headings.indexOf("Date de naissance") + 1);
    expect(birth.value).toEqual(new Date("1990-07-14T00:00:00Z"));
    expect(birth.numFmt).toBe("dd/mm/yyyy");
  });

  it("a formula-like text is neutralised in CSV (leading apostrophe) and stays a text cell, not a formula, in XLSX", async () => {
    const rows = await exportCsv("trainings", admin);
    expect(csvColumn(rows, "Intitulé")).toContain(`'${FORMULA}`);
    const { rows: sheetRows } = await xlsxSheet((await get("/api/sessions/export", admin)).rawPayload);
    const headings = (sheetRows[0]!.values as unknown[]).slice(1);
    const cells = sheetRows.slice(1).map((row) => row.getCell(headings.indexOf("Intitulé de la formation") + 1));
    const formulaLike = cells.find((cell) => cell.text === FORMULA) as ExcelJS.Cell;
    expect(formulaLike).toBeDefined();
    expect(formulaLike.type).toBe(3); // ExcelJS.ValueType.String
    expect(formulaLike.formula).toBeUndefined();
  });
});

describe("the NIR", () => {
  it.each(ROLE_IDS)("as %s: in the trainees' export only for the roles that manage trainees, in no other export", async (role) => {
    const as = callers[role];
    const trainees = await exportCsv("trainees", as);
    const manages = ["rol_sup-admin", "rol_admin", "rol_resp-of", "rol_gest-of"].includes(role);
    expect(trainees[0]!.includes("NIR")).toBe(manages);
    if (manages) expect(csvColumn(trainees, "NIR").every((ssn) => ssns.includes(ssn))).toBe(true);
    else expect(trainees.flat().some((cell) => ssns.includes(cell))).toBe(false);
    for (const list of LIST_NAMES.filter((name) => name !== "trainees" && can(role, name, "list"))) {
      const res = await get(`/api/${list}/export?format=csv`, as);
      const text = res.rawPayload.toString("utf8");
      expect(ssns.some((ssn) => text.includes(ssn)), list).toBe(false);
      expect(text).not.toContain("NIR");
    }
  });
});
