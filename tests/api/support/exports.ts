/** Reading an export back: the CSV's cells (quotes and ';' as written), the XLSX's rows through exceljs. */
import ExcelJS from "exceljs";

/** The CSV's rows of cells, heading first; fails on a missing BOM. */
export function csvRows(payload: Buffer): string[][] {
  const text = payload.toString("utf8");
  if (!text.startsWith("\uFEFF")) throw new Error("CSV sans BOM");
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = "";
  };
  for (let i = 1; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') quoted = false;
    else if (quoted) cell += c;
    else if (c === '"') quoted = true;
    else if (c === ";") endCell();
    else if (c === "\r" && text[i + 1] === "\n") {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += c;
  }
  return rows;
}

export async function xlsxSheet(payload: Buffer) {
  const workbook = new ExcelJS.Workbook();
  // exceljs types its input as an ArrayBuffer-backed Buffer: a copy of the bytes is one.
  await workbook.xlsx.load(new Uint8Array(payload).buffer);
  const sheet = workbook.worksheets[0]!;
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow((row) => rows.push(row));
  return { sheet, rows };
}

/** A column's values by heading, from the CSV's rows. */
export function csvColumn(rows: string[][], header: string): string[] {
  const index = rows[0]!.indexOf(header);
  if (index < 0) throw new Error(`Pas de colonne « ${header} » : ${rows[0]!.join(", ")}`);
  return rows.slice(1).map((row) => row[index]!);
}
