/**
 * « Exporter » on every list (issue 25): with the list searched to rows of its own, the workbook and the CSV downloaded (one by
 * mouse, one by keyboard), read back with exceljs, hold the rows the screen shows, in its order; the request carries the list's
 * search; the menu is axe clean; a download shows its progress, and a failed one says so in French.
 */
import fs from "node:fs";
import ExcelJS from "exceljs";
import type { Download, Page } from "@playwright/test";
import { EXPORT_MSG } from "../../resources/common/export";
import type { ApiRecords } from "./support/api-records";
import { lettersOnly, uniqueSuffix } from "./support/api-records";
import { audit } from "./support/axe";
import { expect, test } from "./support/fixtures";
import { listRows, search } from "./support/resource-list";

interface ListCase {
  path: string;
  /** The screen's column compared, and the export's columns that make the same text. */
  column: string;
  exported: string[];
  /** Three rows found by `tag` alone. */
  make: (api: ApiRecords, tag: string) => Promise<unknown>;
}

const three = async (make: (i: number) => Promise<unknown>) => {
  for (const i of [1, 2, 3]) await make(i);
};

const LISTS: ListCase[] = [
  { path: "/employees", column: "Nom", exported: ["Nom", "Prénom"], make: (api, tag) => three((i) => api.createEmployee({ lastName: `${tag}${i}` })) },
  { path: "/organizations", column: "Nom", exported: ["Nom"], make: (api, tag) => three((i) => api.createOrganization(`ORGANISME ${tag} ${i}`)) },
  { path: "/trainees", column: "Nom de naissance", exported: ["Nom de naissance"], make: (api, tag) => three((i) => api.createTrainee(lettersOnly(`${tag}${i}`))) },
  { path: "/trainings", column: "Intitulé", exported: ["Intitulé"], make: (api, tag) => three((i) => api.createTraining({ name: `Formation ${tag} ${i}` })) },
  {
    path: "/sessions",
    column: "Début",
    exported: ["Début"],
    make: async (api, tag) => {
      const training = await api.createTraining({ name: `Formation ${tag}` });
      await three((i) => api.createSession({ startDate: `2026-0${i}-02`, endDate: `2026-0${i + 3}-30` }, training.id));
    },
  },
  { path: "/records", column: "N° de dossier", exported: ["N° de dossier"], make: (api, tag) => three((i) => api.createRecord({ traineeLastName: lettersOnly(`${tag}${i}`) })) },
];

/** The texts of a column of the rows on screen, by its heading. */
async function screenColumn(page: Page, header: string): Promise<string[]> {
  const headers = await page.locator("thead th").allInnerTexts();
  const index = headers.findIndex((text) => text.replace(/\s+/g, " ").trim() === header);
  expect(index, headers.join(" | ")).toBeGreaterThanOrEqual(0);
  return (await listRows(page).locator(`td:nth-child(${index + 1})`).allInnerTexts()).map((text) => text.replace(/\s+/g, " ").trim());
}

const frenchDay = (date: Date) => date.toISOString().slice(0, 10).split("-").reverse().join("/");

/** The workbook's columns joined as the screen shows them (a date as DD/MM/YYYY). */
async function xlsxColumn(download: Download, headers: string[]): Promise<string[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const rows: ExcelJS.Row[] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push(row));
  const headings = (rows[0]!.values as unknown[]).slice(1);
  const indexes = headers.map((header) => headings.indexOf(header) + 1);
  return rows.slice(1).map((row) => indexes.map((i) => row.getCell(i).value).map((v) => (v instanceof Date ? frenchDay(v) : String(v))).join(" "));
}

/** The CSV's columns joined the same way (its dates are DD/MM/YYYY already). */
async function csvColumn(download: Download, headers: string[]): Promise<string[]> {
  const text = fs.readFileSync(await download.path(), "utf8");
  expect(text.startsWith("\uFEFF")).toBe(true);
  const [heading, ...lines] = text.slice(1).split("\r\n").filter(Boolean).map((line) => line.split(";"));
  const indexes = headers.map((header) => heading!.indexOf(header));
  return lines.map((cells) => indexes.map((i) => cells[i]).join(" "));
}

for (const list of LISTS) {
  test(`${list.path} : « Exporter » en XLSX (souris) et CSV (clavier) donne les lignes de l'écran`, async ({ page, signIn, api }) => {
    // Letters only: a trainee's name holds no digit (docs/decisions/0001-noms-alphabet-latin.md).
    const tag = lettersOnly(`EXP${uniqueSuffix()}`);
    await list.make(api, tag);
    await signIn("rol_sup-admin", list.path);
    await search(page, tag.toLowerCase());
    await expect(listRows(page)).toHaveCount(3);
    const shown = await screenColumn(page, list.column);

    const asked = page.waitForRequest((req) => new URL(req.url()).pathname === `/api${list.path}/export`);
    const xlsx = page.waitForEvent("download");
    await page.getByRole("button", { name: EXPORT_MSG.menu }).click();
    await expect(page.getByRole("menuitem", { name: EXPORT_MSG.xlsx })).toBeVisible();
    await audit(page, `${list.path} – menu « Exporter »`);
    await page.getByRole("menuitem", { name: EXPORT_MSG.xlsx }).click();
    const query = new URL((await asked).url()).searchParams;
    expect(query.get("search")).toBe(tag.toLowerCase());
    expect(query.get("format")).toBe("xlsx");
    const workbook = await xlsx;
    expect(workbook.suggestedFilename()).toMatch(/^[a-z-]+-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(await xlsxColumn(workbook, list.exported)).toEqual(shown);

    // By keyboard: the button, Enter opens the menu, the arrows reach « Fichier CSV », Enter downloads it.
    const csv = page.waitForEvent("download");
    await page.getByRole("button", { name: EXPORT_MSG.menu }).focus();
    await page.keyboard.press("Enter");
    const csvItem = page.getByRole("menuitem", { name: EXPORT_MSG.csv });
    await expect(csvItem).toBeVisible();
    // The menu takes the focus once open, on its first item (WAI-ARIA's menu button): the arrows are read from there.
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="menu"]') !== null)).toBe(true);
    await expect(page.getByRole("menuitem", { name: EXPORT_MSG.xlsx })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(csvItem).toBeFocused();
    await page.keyboard.press("Enter");
    const file = await csv;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    expect(await csvColumn(file, list.exported)).toEqual(shown);
  });
}

test("pendant le téléchargement, la progression s'affiche ; un échec le dit en français", async ({ page, signIn }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/trainees/export**", async (route) => {
    await held;
    await route.fulfill({ status: 500, json: { statusCode: 500, message: "Panne" } });
  });
  await signIn("rol_gest-of", "/trainees");
  await page.getByRole("button", { name: EXPORT_MSG.menu }).click();
  await page.getByRole("menuitem", { name: EXPORT_MSG.csv }).click();
  await expect(page.getByRole("status").filter({ hasText: "Téléchargement de l'export…" })).toBeVisible();
  await audit(page, "/trainees – export en cours");
  release();
  await expect(page.getByRole("alert").filter({ hasText: EXPORT_MSG.failed })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Téléchargement de l'export…" })).toHaveCount(0);
});
