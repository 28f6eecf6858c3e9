/** The FSE export's download (resources/fse/export/download-export.ts): the query asked, the file's name, a refusal. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { downloadFseExport, fileNameOf, fseExportPath, FseExportError } from "../../resources/fse/export/download-export";

describe("export FSE : téléchargement", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("demande la période et les dates choisies, rien pour « toutes » et sans dates", () => {
    expect(fseExportPath({ period: null, startDate: null, endDate: null })).toBe("/api/recordFse/export");
    expect(fseExportPath({ period: "AFTER_SIX_MONTH", startDate: "2026-01-01", endDate: "2026-01-31" })).toBe(
      "/api/recordFse/export?period=AFTER_SIX_MONTH&startDate=2026-01-01&endDate=2026-01-31",
    );
    expect(fseExportPath({ period: null, startDate: null, endDate: "2026-01-31" })).toBe("/api/recordFse/export?endDate=2026-01-31");
  });

  it("garde le nom de fichier donné par le serveur", () => {
    expect(fileNameOf('attachment; filename="export-fse-2026-01-31.xlsx"')).toBe("export-fse-2026-01-31.xlsx");
    expect(fileNameOf("attachment; filename*=UTF-8''questionnaires%20FSE.xlsx")).toBe("questionnaires FSE.xlsx");
    expect(fileNameOf(null)).toBeNull();
  });

  it("rejette avec le statut de la réponse, ou 0 quand le serveur est injoignable", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response("{}", { status: 403 })));
    await expect(downloadFseExport({ period: "INPUT", startDate: null, endDate: null })).rejects.toEqual(new FseExportError(403));
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    await expect(downloadFseExport({ period: null, startDate: null, endDate: null })).rejects.toMatchObject({ status: 0 });
  });
});
