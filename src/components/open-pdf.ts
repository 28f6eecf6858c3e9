/**
 * Opens a PDF the API serves (spec part 2 §7: GET /api/sessions/{sid}/medias/{mid}) in a new tab: fetched with the bearer
 * token (a plain link would carry none), checked to be `application/pdf` ('Le fichier n'est pas un PDF !' otherwise), shown
 * through an object address released after 1 s.
 *
 *   const pdf = useOpenPdf();
 *   <Button onClick={() => pdf.open(`/sessions/${sessionId}/medias/${media.id}`)} loading={pdf.opening === media.id}>…</Button>
 *   {pdf.error && <Alert color="red">{pdf.error}</Alert>}
 *
 * The tab is opened at the click, before the download: a tab opened once a slow download ended would be taken for a
 * pop-up and blocked. A failed download closes it again.
 */
import { useCallback, useState } from "react";
import { apiFetch } from "../../providers/data-provider";
import { MEDIA_MSG } from "../../resources/medias/schema";

export const OPEN_PDF_TEXTS = {
  /** Spec part 2 §8, verbatim. */
  notPdf: MEDIA_MSG.notPdf,
  /** The spec's 'Unable to download media' is English: the product says it in French (README, "Décisions"). */
  failed: "Impossible de télécharger le document",
  /** Shown in the new tab while the document downloads. */
  loading: "Chargement du document…",
} as const;

/** How long the object address outlives the tab's navigation to it (spec §7). */
export const OBJECT_URL_LIFETIME_MS = 1000;

/** A download refused, with its French message; `status` is the API's answer (0 for a network failure or a non-PDF). */
export class PdfDownloadError extends Error {
  constructor(
    message: string,
    readonly status = 0,
  ) {
    super(message);
    this.name = "PdfDownloadError";
  }
}

/** The PDF at `path` (under /api, e.g. `/sessions/{sid}/medias/{mid}`), or a PdfDownloadError. */
export async function fetchPdf(path: string): Promise<Blob> {
  let response: Response;
  try {
    response = await apiFetch(path);
  } catch {
    throw new PdfDownloadError(OPEN_PDF_TEXTS.failed);
  }
  if (!response.ok) throw new PdfDownloadError(OPEN_PDF_TEXTS.failed, response.status);
  const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/pdf") throw new PdfDownloadError(OPEN_PDF_TEXTS.notPdf);
  return response.blob();
}

/** Opens a tab at once (inside the click), showing a French waiting line until the document is there. */
function openWaitingTab(): Window | null {
  const tab = window.open("", "_blank");
  if (!tab) return null;
  // The tab shows our own document: it needs no way back to this page.
  tab.opener = null;
  tab.document.title = OPEN_PDF_TEXTS.loading;
  tab.document.body.textContent = OPEN_PDF_TEXTS.loading;
  return tab;
}

/** Downloads the PDF at `path` and shows it in a new tab; rejects with a PdfDownloadError (the tab then closes). */
export async function openPdf(path: string): Promise<void> {
  const tab = openWaitingTab();
  let blob: Blob;
  try {
    blob = await fetchPdf(path);
  } catch (error) {
    tab?.close();
    throw error;
  }
  const url = URL.createObjectURL(new Blob([blob], { type: "application/pdf" }));
  if (tab) tab.location.href = url;
  // Blocked tab: the browser may still allow a tab opened now.
  else window.open(url, "_blank", "noopener");
  window.setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}

/**
 * openPdf for a screen: which document is downloading (`opening`, the key given to open), the French message of the last
 * failure (`error`). A 401 signs out as any call does (apiFetch).
 */
export function useOpenPdf() {
  const [opening, setOpening] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const open = useCallback(
    (path: string, key: string = path) => {
      setOpening(key);
      setError(null);
      openPdf(path)
        .catch((failure: unknown) => {
          setError(failure instanceof PdfDownloadError ? failure.message : OPEN_PDF_TEXTS.failed);
        })
        .finally(() => setOpening(null));
    },
    [],
  );

  return { open, opening, error, clearError: () => setError(null) };
}
