/**
 * An export's download, shared by « Exporter » on every list and 'Export FSE': fetched with the bearer token the data provider
 * uses (a plain link would carry none), read chunk by chunk so that the page can show how much has come (`onProgress`, in
 * bytes: the file is streamed, its size is not known in advance), then handed to the browser as a file through an object
 * address released after 1 s, under the name the server gives (Content-Disposition) or the fallback.
 */
import { apiFetch } from "../../providers/data-provider";
import { OBJECT_URL_LIFETIME_MS } from "./open-pdf";

/** A refused or failed download; `status` is the API's answer (0 for a network failure). */
export class ExportDownloadError extends Error {
  constructor(readonly status: number) {
    super(`Échec du téléchargement de l'export (${status})`);
    this.name = "ExportDownloadError";
  }
}

/** The file name of `Content-Disposition: attachment; filename="…"`, if any. */
export function fileNameOf(disposition: string | null): string | null {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? "");
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

async function bodyOf(response: Response, onProgress?: (bytes: number) => void): Promise<Blob> {
  const type = response.headers.get("content-type") ?? "";
  if (!response.body || !onProgress) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    chunks.push(chunk.value);
    received += chunk.value.byteLength;
    onProgress(received);
  }
  return new Blob(chunks as BlobPart[], { type });
}

export async function downloadExport(path: string, fallbackName: string, onProgress?: (bytes: number) => void): Promise<void> {
  let blob: Blob;
  let name: string;
  try {
    const response = await apiFetch(path);
    if (!response.ok) throw new ExportDownloadError(response.status);
    name = fileNameOf(response.headers.get("content-disposition")) ?? fallbackName;
    blob = await bodyOf(response, onProgress);
  } catch (error) {
    // A cut transfer (the server failed mid-file) or no network: nothing is saved.
    throw error instanceof ExportDownloadError ? error : new ExportDownloadError(0);
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.target = "_blank";
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}
