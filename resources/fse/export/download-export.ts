/**
 * The FSE export's download (spec part 2 §7: GET /api/recordFse/export, "the file answer is opened in a new tab and its address
 * released after 1 second"): the exports' shared download (src/components/download-export.ts). A workbook cannot be shown in a
 * tab: the browser saves it, under the name the server gives (Content-Disposition) or ours.
 */
import { API_URL } from "../../../providers/data-provider";
import { toDateOnly } from "../../common/date-only";
import { downloadExport, ExportDownloadError, fileNameOf } from "../../../src/components/download-export";
import type { FsePeriod } from "../schema";

export { fileNameOf, ExportDownloadError as FseExportError };

export interface FseExportChoice {
  period: FsePeriod | null;
  startDate: string | null;
  endDate: string | null;
}

export function fseExportPath({ period, startDate, endDate }: FseExportChoice): string {
  const query = new URLSearchParams();
  if (period) query.set("period", period);
  if (startDate) query.set("startDate", startDate);
  if (endDate) query.set("endDate", endDate);
  const text = query.toString();
  return `${API_URL}/recordFse/export${text ? `?${text}` : ""}`;
}

export const downloadFseExport = (choice: FseExportChoice): Promise<void> => downloadExport(fseExportPath(choice), `export-fse-${toDateOnly(new Date())}.xlsx`);
