/**
 * What an export's cell holds and how a column reads it from a row: shared by every export (the lists' « Exporter », the FSE
 * export), written once to XLSX and CSV by writers.ts. An empty cell stays empty (not 'NC.'): a spreadsheet then sorts, filters
 * and counts the column as it is (README « Décisions »).
 */
export type ExportCell =
  | { text: string }
  /** A calendar day `YYYY-MM-DD`: a real spreadsheet date, DD/MM/YYYY. */
  | { day: string }
  /** A wall-clock time in France `YYYY-MM-DDTHH:mm`: a spreadsheet date and time, DD/MM/YYYY HH:mm. */
  | { dateTime: string }
  | { number: number }
  | null;

export interface ExportColumn<R> {
  header: string;
  /** In characters, for the XLSX. */
  width: number;
  cell(row: R): ExportCell;
}

/** The sheet's name and its columns. */
export interface ExportLayout<R> {
  sheetName: string;
  columns: readonly ExportColumn<R>[];
}

export const textCell = (value: string | null | undefined): ExportCell => (value === null || value === undefined || value === "" ? null : { text: value });
export const dayCell = (value: string | null | undefined): ExportCell => (value ? { day: value } : null);
export const dateTimeCell = (value: string | null | undefined): ExportCell => (value ? { dateTime: value } : null);
/** Numbers may come from PostgreSQL as text (numeric columns). */
export const numberCell = (value: number | string | null | undefined): ExportCell => {
  if (value === null || value === undefined || value === "") return null;
  const number = Number(value);
  return Number.isFinite(number) ? { number } : { text: String(value) };
};
export const yesNoCell = (value: boolean | null | undefined): ExportCell => (value === null || value === undefined ? null : { text: value ? "Oui" : "Non" });
/** An enumeration's French label (the value itself if the label map lacks it). */
export const labelCell = <T extends string>(labels: Readonly<Record<T, string>>, value: T | string | null | undefined): ExportCell =>
  value === null || value === undefined ? null : { text: (labels as Record<string, string>)[value] ?? value };
