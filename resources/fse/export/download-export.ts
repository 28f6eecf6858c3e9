/**
 * The FSE export's download (spec part 2 §7: GET /api/recordFse/export, "the file answer is opened in a new tab and its address
 * released after 1 second"): fetched with the bearer token the data provider uses (a plain link would carry none), handed to
 * the browser as a file through an object address, released after 1 s. A workbook cannot be shown in a tab: the browser saves
 * it, under the name the server gives (Content-Disposition) or ours.
 */
import { API_URL, apiFetch } from "../../../providers/data-provider";
import { toDateOnly } from "../../common/date-only";
import { OBJECT_URL_LIFETIME_MS } from "../../../src/components/open-pdf";
import type { FsePeriod } from "../schema";

export interface FseExportChoice {
  period: FsePeriod | null;
  startDate: string | null;
  endDate: string | null;
}

/** A refused or failed download; `status` is the API's answer (0 for a network failure). */
export class FseExportError extends Error {
  constructor(readonly status: number) {
    super(`Échec de l'export FSE (${status})`);
    this.name = "FseExportError";
  }
}

export function fseExportPath({ period, startDate, endDate }: FseExportChoice): string {
  const query = new URLSearchParams();
  if (period) query.set("period", period);
  if (startDate) query.set("startDate", startDate);
  if (endDate) query.set("endDate", endDate);
  const text = query.toString();
  return `${API_URL}/recordFse/export${text ? `?${text}` : ""}`;
}

/** The file name of `Content-Disposition: attachment; filename="…"`, if any. */
export function fileNameOf(disposition: string | null): string | null {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? "");
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

export async function downloadFseExport(choice: FseExportChoice): Promise<void> {
  let response: Response;
  try {
    response = await apiFetch(fseExportPath(choice));
  } catch {
    throw new FseExportError(0);
  }
  if (!response.ok) throw new FseExportError(response.status);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileNameOf(response.headers.get("content-disposition")) ?? `export-fse-${toDateOnly(new Date())}.xlsx`;
  link.target = "_blank";
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}
