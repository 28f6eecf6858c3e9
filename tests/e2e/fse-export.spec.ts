/**
 * 'Export FSE' on /records (spec part 2 §2, §6, §7; issue 14): shown to sup-admin, admin, resp-cdc, gest-cdc and gest-cdcss
 * only; one period or all, surveys updated between two days; the workbook downloaded with the token and read back with exceljs
 * (French headings, a known survey's row with its labels, real dates); a failed download says so in French.
 */
import ExcelJS from "exceljs";
import type { Page } from "@playwright/test";
import { FSE_EMPLOYED_DETAILS, FSE_LEVELS, FSE_MSG } from "../../resources/fse/schema";
import { ROLE_IDS, type RoleId } from "../../resources/permissions";
import { expect, test } from "./support/fixtures";
import { Q, createSurvey } from "./support/fse";
import { field, fieldError } from "./support/resource-list";

const EXPORTERS: readonly RoleId[] = ["rol_sup-admin", "rol_admin", "rol_resp-cdc", "rol_gest-cdc", "rol_gest-cdcss"];
const EXPORT = "Export FSE";

/** Today in France, `YYYY-MM-DD` and as typed, DD/MM/YYYY. */
const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date());
const typed = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

async function openExport(page: Page) {
  await page.getByRole("button", { name: EXPORT }).click();
  const dialog = page.getByRole("dialog", { name: EXPORT });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function setDay(page: Page, label: string, day: string) {
  await field(page, label).fill(typed(day));
  await field(page, label).blur();
}

test.describe("export FSE", () => {
  test("menu réservé à sup-admin, admin, resp-cdc, gest-cdc et gest-cdcss", async ({ page, signIn }) => {
    for (const role of ROLE_IDS) {
      await signIn(role, "/records");
      await expect(page.getByRole("heading", { level: 1, name: "Dossiers de formation" })).toBeVisible();
      await expect(page.getByRole("button", { name: EXPORT }), role).toHaveCount(EXPORTERS.includes(role) ? 1 : 0);
    }
  });

  test("dates dans l'ordre ; un téléchargement en échec le dit en français", async ({ page, signIn }) => {
    await page.route("**/api/recordFse/export**", (route) => route.fulfill({ status: 500, json: { message: "Panne" } }));
    await signIn("rol_gest-cdc", "/records");
    const dialog = await openExport(page);
    await setDay(page, FSE_MSG.exportStartDate, "2026-02-10");
    await setDay(page, FSE_MSG.exportEndDate, "2026-02-09");
    await dialog.getByRole("button", { name: FSE_MSG.exportDownload }).click();
    await expect(fieldError(page, FSE_MSG.exportEndDate)).toHaveText("La date de fin doit être postérieure ou égale à la date de début");
    await setDay(page, FSE_MSG.exportEndDate, "2026-02-10");
    await dialog.getByRole("button", { name: FSE_MSG.exportDownload }).click();
    await expect(dialog.getByRole("alert")).toHaveText(FSE_MSG.exportError);
  });

  test("une nouvelle date de début met à jour le message de la date de fin", async ({ page, signIn }) => {
    await signIn("rol_gest-cdc", "/records");
    const dialog = await openExport(page);
    await setDay(page, FSE_MSG.exportStartDate, "2026-02-10");
    await setDay(page, FSE_MSG.exportEndDate, "2026-02-09");
    await expect(fieldError(page, FSE_MSG.exportEndDate)).toHaveText(FSE_MSG.exportEndBeforeStart);
    await setDay(page, FSE_MSG.exportStartDate, "2026-02-08");
    await expect(fieldError(page, FSE_MSG.exportEndDate)).toHaveCount(0);
    await setDay(page, FSE_MSG.exportStartDate, "2026-02-11");
    await expect(fieldError(page, FSE_MSG.exportEndDate)).toHaveText(FSE_MSG.exportEndBeforeStart);
    await expect(dialog).toBeVisible();
  });

  test("classeur téléchargé et relu : en-têtes, ligne d'un questionnaire connu, libellés en français", async ({ page, signIn, api }) => {
    // Healthcare-social: in every exporting role's scope.
    const record = await api.createRecord({ fse: true, healthcareSocial: true });
    await createSurvey(page.request, record.id, "INPUT");
    await signIn("rol_gest-cdcss", "/records");
    const dialog = await openExport(page);
    await dialog.getByRole("radio", { name: "Entrée", exact: true }).check();
    await setDay(page, FSE_MSG.exportStartDate, today);
    await setDay(page, FSE_MSG.exportEndDate, today);
    const asked = page.waitForRequest((req) => new URL(req.url()).pathname === "/api/recordFse/export");
    const downloaded = page.waitForEvent("download");
    await dialog.getByRole("button", { name: FSE_MSG.exportDownload }).click();
    const query = new URL((await asked).url()).searchParams;
    expect(Object.fromEntries(query)).toEqual({ period: "INPUT", startDate: today, endDate: today });
    const download = await downloaded;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    await expect(dialog).toHaveCount(0);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.getWorksheet(FSE_MSG.exportSheetName);
    expect(sheet).toBeDefined();
    const headings = (sheet!.getRow(1).values as unknown[]).slice(1);
    for (const heading of ["N° AGORA", "Nom", "Prénom", "Date de naissance", "Formation", "Début de la session", "Fin de la session", Q.period, Q.employed, Q.employedDetail, Q.level, Q.noAid]) {
      expect(headings).toContain(heading);
    }
    expect(headings.join(" ")).not.toMatch(/NIR|sécurité sociale/i);
    const column = (heading: string) => headings.indexOf(heading) + 1;
    const rows: ExcelJS.Row[] = [];
    sheet!.eachRow((row, index) => {
      if (index > 1) rows.push(row);
    });
    // Only entry surveys.
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.getCell(column(Q.period)).value).toBe("Entrée");
    const known = rows.find((row) => row.getCell(column("N° AGORA")).value === record.agoraId);
    expect(known, "la ligne du questionnaire créé").toBeDefined();
    const cell = (heading: string) => known!.getCell(column(heading));
    expect(cell("Nom").value).toBe(record.trainee.lastName);
    expect(cell("Prénom").value).toBe(record.trainee.firstName);
    expect(cell("Formation").value).toBe(record.session.training.name);
    expect(cell(Q.employed).value).toBe("Oui");
    expect(cell(Q.employedDetail).value).toBe(FSE_EMPLOYED_DETAILS.PERMANENT);
    expect(cell(Q.level).value).toBe(FSE_LEVELS.CITE_3_4);
    expect(cell(Q.noAid).value).toBe("Oui");
    // A real date, shown DD/MM/YYYY.
    expect(cell("Date de naissance").value).toBeInstanceOf(Date);
    expect((cell("Date de naissance").value as Date).toISOString().slice(0, 10)).toBe(record.trainee.birthDate);
    expect(cell("Début de la session").numFmt).toBe("dd/mm/yyyy");
  });
});
