/**
 * The FSE export written as it is read, batch by batch, to the answer's stream: XLSX with exceljs's streaming WorkbookWriter (each
 * row committed, so written and dropped at once), or CSV. Neither holds the export in memory; both wait while the client lags.
 */
import { once } from "node:events";
import type { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import { FSE_MSG } from "../../resources/fse/schema";
import { FSE_EXPORT_COLUMNS, type FseExportCell, type FseExportRow } from "./export-columns";

export type FseExportFormat = "xlsx" | "csv";

/**
 * Between two batches: lets the event loop turn (the XLSX is zipped on its own ticks: without this pause a fast source would
 * be written whole into exceljs's buffers before a byte reaches the client), then waits while the answer's buffer is full
 * (the client reads slower than we write). False once the answer is closed (the client left).
 */
async function drained(out: PassThrough): Promise<boolean> {
  await new Promise((resolve) => setImmediate(resolve));
  while (out.writableNeedDrain && !out.destroyed) {
    await Promise.race([once(out, "drain"), once(out, "close")]);
  }
  return !out.destroyed;
}

/** `YYYY-MM-DD` → the day as a spreadsheet date (exceljs converts a Date by its UTC value). */
const utcDay = (value: string) => new Date(`${value}T00:00:00Z`);
const frenchDay = (value: string) => `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}`;

async function writeXlsx(rows: AsyncIterable<FseExportRow[]>, out: PassThrough): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(FSE_MSG.exportSheetName, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = FSE_EXPORT_COLUMNS.map((column, index) => ({
    key: String(index),
    header: column.header,
    width: column.width,
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.alignment = { wrapText: true, vertical: "top" };
  header.commit();
  let lastRow = 1;
  for await (const batch of rows) {
    for (const row of batch) {
      const values = FSE_EXPORT_COLUMNS.map((column) => xlsxValue(column.cell(row)));
      const line = sheet.addRow(values);
      // A real date, shown DD/MM/YYYY whatever the reader's locale.
      values.forEach((value, index) => {
        if (value instanceof Date) line.getCell(index + 1).numFmt = "dd/mm/yyyy";
      });
      line.commit();
      lastRow = line.number;
    }
    if (!(await drained(out))) return;
  }
  // Filters on the whole table (written with the sheet's end, so known only now).
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: lastRow, column: FSE_EXPORT_COLUMNS.length } };
  sheet.commit();
  // The zip's end waits for the client to read it: if the client leaves meanwhile, this would never settle.
  await Promise.race([workbook.commit(), once(out, "close")]);
}

/**
 * What XML 1.0 cannot hold (C0 controls but tab and line breaks, lone surrogates) and the non-characters: left out of the
 * workbook whatever is stored (a row written before the API refused them, or by hand), since one of them makes the whole file
 * unreadable (exceljs writes them as they are).
 */
// eslint-disable-next-line no-control-regex -- the control characters are precisely what this pattern removes.
const NOT_XML_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|\p{Noncharacter_Code_Point}|\p{Cs}/gu;

const xlsxValue = (cell: FseExportCell): string | Date | null => {
  if (cell === null) return null;
  return "day" in cell ? utcDay(cell.day) : cell.text.replace(NOT_XML_TEXT, "");
};

/**
 * A CSV field: quoted when it holds the separator, a quote or a line break; a leading = + - @ (a formula to a spreadsheet that
 * opens the file) is neutralised with an apostrophe, since names and training titles are typed by users.
 */
function csvField(cell: FseExportCell): string {
  if (cell === null) return "";
  const raw = "day" in cell ? frenchDay(cell.day) : /^[=+\-@\t\r]/.test(cell.text) ? `'${cell.text}` : cell.text;
  return /[;"\r\n]/.test(raw) ? `"${raw.replace(/"/g, '""')}"` : raw;
}

async function writeCsv(rows: AsyncIterable<FseExportRow[]>, out: PassThrough): Promise<void> {
  // UTF-8 with BOM (spreadsheets then read the accents right), ';' as French spreadsheets expect, CRLF line ends.
  out.write(`\uFEFF${FSE_EXPORT_COLUMNS.map((column) => csvField({ text: column.header })).join(";")}\r\n`);
  for await (const batch of rows) {
    const lines = batch.map((row) => `${FSE_EXPORT_COLUMNS.map((column) => csvField(column.cell(row))).join(";")}\r\n`);
    out.write(lines.join(""));
    if (!(await drained(out))) return;
  }
  out.end();
}

export function writeFseExport(format: FseExportFormat, rows: AsyncIterable<FseExportRow[]>, out: PassThrough): Promise<void> {
  return format === "csv" ? writeCsv(rows, out) : writeXlsx(rows, out);
}
