/** The exports' shared pieces: the cells written to CSV and XLSX, the query the « Exporter » menu sends, the progress's sizes. */
import { PassThrough } from "node:stream";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { listQueryString } from "../../providers/data-provider";
import { dateTimeCell, dayCell, labelCell, numberCell, textCell, yesNoCell, type ExportLayout } from "../../server/export/cells";
import { writeExport } from "../../server/export/writers";
import { formatBytes } from "../../src/components/resource-list/ExportMenu";

interface Row {
  name: string;
  day: string | null;
  at: string;
  hours: number | string | null;
  status: string;
  ok: boolean | null;
}

const layout: ExportLayout<Row> = {
  sheetName: "Essai",
  columns: [
    { header: "Nom", width: 10, cell: (r) => textCell(r.name) },
    { header: "Jour", width: 10, cell: (r) => dayCell(r.day) },
    { header: "Mis à jour", width: 10, cell: (r) => dateTimeCell(r.at) },
    { header: "Heures", width: 10, cell: (r) => numberCell(r.hours) },
    { header: "Statut", width: 10, cell: (r) => labelCell({ SETUP: "En cours d'élaboration" }, r.status) },
    { header: "Oui ?", width: 10, cell: (r) => yesNoCell(r.ok) },
  ],
};

const rows: Row[] = [
  { name: "+33 6 12", day: "2026-11-25", at: "2026-11-25T09:15", hours: "12.5", status: "SETUP", ok: true },
  { name: "Dupont; fils", day: null, at: "2026-01-02T23:59", hours: null, status: "UNKNOWN", ok: null },
];

async function written(format: "csv" | "xlsx"): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => out.on("end", resolve));
  async function* batches() {
    yield rows;
  }
  await writeExport(format, layout, batches(), out);
  await ended;
  return Buffer.concat(chunks);
}

describe("writeExport", () => {
  it("CSV: French dates and times, decimal comma, labels, empty cells, a formula-like text neutralised", async () => {
    const lines = (await written("csv")).toString("utf8").slice(1).split("\r\n");
    expect(lines).toEqual([
      "Nom;Jour;Mis à jour;Heures;Statut;Oui ?",
      "'+33 6 12;25/11/2026;25/11/2026 09:15;12,5;En cours d'élaboration;Oui",
      '"Dupont; fils";;02/01/2026 23:59;;UNKNOWN;',
      "",
    ]);
  });

  it("XLSX: real dates with their format, numbers as numbers, text as text", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(await written("xlsx")).buffer);
    const sheet = workbook.getWorksheet("Essai")!;
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe("+33 6 12");
    expect(row.getCell(2).value).toEqual(new Date("2026-11-25T00:00:00Z"));
    expect(row.getCell(2).numFmt).toBe("dd/mm/yyyy");
    expect(row.getCell(3).value).toEqual(new Date("2026-11-25T09:15:00Z"));
    expect(row.getCell(3).numFmt).toBe("dd/mm/yyyy hh:mm");
    expect(row.getCell(4).value).toBe(12.5);
    expect(sheet.getRow(3).getCell(2).value).toBeNull();
  });
});

describe("the « Exporter » menu", () => {
  it("sends the list's query without its page: search, filters, sort, and the format", () => {
    expect(
      listQueryString(
        [
          { field: "search", operator: "contains", value: " dupont " },
          { field: "filterAnomalies", operator: "eq", value: true },
          { field: "freeTrainees", operator: "eq", value: "" },
          { field: "format", operator: "eq", value: "csv" },
        ],
        [{ field: "startDate", order: "asc" }],
      ),
    ).toBe("?search=dupont&filterAnomalies=true&format=csv&sort=startDate&order=asc");
    expect(listQueryString([{ field: "search", operator: "contains", value: "" }])).toBe("");
  });

  it("says how much has come in ko, then Mo", () => {
    expect(formatBytes(0)).toBe("0 ko");
    expect(formatBytes(12_345)).toBe("12,1 ko");
    expect(formatBytes(3_456_789)).toBe("3,3 Mo");
  });
});
