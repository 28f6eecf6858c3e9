/**
 * Every export written as it is read, batch by batch, to the answer's stream: XLSX with exceljs's streaming WorkbookWriter (each
 * row committed, so written and dropped at once), or CSV. Neither holds the export in memory; both wait while the client lags.
 * Imported lazily by send.ts: exceljs weighs about 30 MiB once loaded, only a server that exports loads it.
 */
import { once } from "node:events";
import type { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import type { ExportFormat } from "../../resources/common/export";
import type { ExportCell, ExportLayout } from "./cells";

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

/** `YYYY-MM-DD` (`THH:mm`) → a spreadsheet date: exceljs writes a Date by its UTC value, so the wall clock is given as UTC. */
const utcDate = (value: string) => new Date(value.length === 10 ? `${value}T00:00:00Z` : `${value}:00Z`);
const frenchDay = (value: string) => `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}`;
const frenchDateTime = (value: string) => `${frenchDay(value)} ${value.slice(11, 16)}`;

async function writeXlsx<R>(layout: ExportLayout<R>, rows: AsyncIterable<R[]>, out: PassThrough): Promise<void> {
  const { columns } = layout;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(layout.sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = columns.map((column, index) => ({ key: String(index), header: column.header, width: column.width }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.alignment = { wrapText: true, vertical: "top" };
  header.commit();
  let lastRow = 1;
  for await (const batch of rows) {
    for (const row of batch) {
      const cells = columns.map((column) => column.cell(row));
      const line = sheet.addRow(cells.map(xlsxValue));
      // Real dates, shown DD/MM/YYYY whatever the reader's locale.
      cells.forEach((cell, index) => {
        if (cell && "day" in cell) line.getCell(index + 1).numFmt = "dd/mm/yyyy";
        else if (cell && "dateTime" in cell) line.getCell(index + 1).numFmt = "dd/mm/yyyy hh:mm";
      });
      line.commit();
      lastRow = line.number;
    }
    if (!(await drained(out))) return;
  }
  // Filters on the whole table (written with the sheet's end, so known only now).
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: lastRow, column: columns.length } };
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

/**
 * A text is written as a string cell, never a formula: a typed '=HYPERLINK(…)' stays text in the workbook (exceljs writes a
 * formula only from a `{formula}` value).
 */
const xlsxValue = (cell: ExportCell): string | number | Date | null => {
  if (cell === null) return null;
  if ("day" in cell) return utcDate(cell.day);
  if ("dateTime" in cell) return utcDate(cell.dateTime);
  if ("number" in cell) return cell.number;
  return cell.text.replace(NOT_XML_TEXT, "");
};

/** A text a spreadsheet would read as a formula when it opens the CSV (= + - @, or a tab or carriage return before one). */
const FORMULA_LIKE = /^[=+\-@\t\r]/;

/**
 * A CSV field: quoted when it holds the separator, a quote or a line break; a formula-like text is neutralised with a leading
 * apostrophe, since names and training titles are typed by users.
 */
function csvField(cell: ExportCell): string {
  if (cell === null) return "";
  let raw: string;
  if ("day" in cell) raw = frenchDay(cell.day);
  else if ("dateTime" in cell) raw = frenchDateTime(cell.dateTime);
  // A French spreadsheet reads '1,5' as a number, '1.5' as text.
  else if ("number" in cell) raw = String(cell.number).replace(".", ",");
  else raw = FORMULA_LIKE.test(cell.text) ? `'${cell.text}` : cell.text;
  return /[;"\r\n]/.test(raw) ? `"${raw.replace(/"/g, '""')}"` : raw;
}

async function writeCsv<R>({ columns }: ExportLayout<R>, rows: AsyncIterable<R[]>, out: PassThrough): Promise<void> {
  // UTF-8 with BOM (spreadsheets then read the accents right), ';' as French spreadsheets expect, CRLF line ends.
  out.write(`\uFEFF${columns.map((column) => csvField({ text: column.header })).join(";")}\r\n`);
  for await (const batch of rows) {
    const lines = batch.map((row) => `${columns.map((column) => csvField(column.cell(row))).join(";")}\r\n`);
    out.write(lines.join(""));
    if (!(await drained(out))) return;
  }
  out.end();
}

export function writeExport<R>(format: ExportFormat, layout: ExportLayout<R>, rows: AsyncIterable<R[]>, out: PassThrough): Promise<void> {
  return format === "csv" ? writeCsv(layout, rows, out) : writeXlsx(layout, rows, out);
}
