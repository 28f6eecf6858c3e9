/**
 * Uploads a PDF for a session's documents (spec part 2 §7: POST /api/medias/temporary, multipart `file`): the answer is a
 * temporary media the next save of the session keeps. Sent by apiUpload (XMLHttpRequest rather than fetch, for the upload's
 * progress); a 401 signs out as any call does.
 *
 *   const upload = usePdfUpload();
 *   const media = await upload.send(file);   // null when refused: upload.error then holds the French message
 *   upload.progress                          // 0–100 while sending, null otherwise
 */
import { useCallback, useState } from "react";
import { apiUpload } from "../../../providers/data-provider";
import { MEDIA_MAX_BYTES, MEDIA_MSG, type TemporaryMedia } from "../../medias/schema";
import { SESSION_MSG } from "../schema";

/** What a refused upload shows: the spec's message, and the server's reason when it is about the file (not a PDF, too large). */
export interface UploadError {
  message: string;
  detail?: string;
}

/** The statuses whose French message tells the user what is wrong with their file. */
const FILE_REFUSALS = new Set([413, 415]);

class UploadFailure extends Error {
  constructor(
    readonly status: number,
    readonly reason?: string,
  ) {
    super(reason ?? `Erreur ${status}`);
  }
}

const reasonOf = (text: string): string | undefined => {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body.message === "string" ? body.message : undefined;
  } catch {
    return undefined;
  }
};

const PDF_SIGNATURE = "%PDF-";

/**
 * What the server would refuse, told at once (the 20 MB message before any upload; a file that is not a PDF, judged by its first
 * bytes as the server judges it): undefined when the file may be sent.
 */
export async function refusalOf(file: Blob): Promise<string | undefined> {
  if (file.size > MEDIA_MAX_BYTES) return MEDIA_MSG.tooLarge;
  const head = new Uint8Array(await file.slice(0, PDF_SIGNATURE.length).arrayBuffer());
  return String.fromCharCode(...head) === PDF_SIGNATURE ? undefined : MEDIA_MSG.notPdf;
}

async function postPdf(file: File, onProgress: (percent: number) => void): Promise<TemporaryMedia> {
  const body = new FormData();
  body.append("file", file, file.name);
  let answer: { status: number; text: string };
  try {
    answer = await apiUpload("/medias/temporary", body, onProgress);
  } catch {
    throw new UploadFailure(0);
  }
  if (answer.status !== 201) throw new UploadFailure(answer.status, reasonOf(answer.text));
  try {
    return (JSON.parse(answer.text) as { data: TemporaryMedia }).data;
  } catch {
    throw new UploadFailure(answer.status);
  }
}

export function usePdfUpload() {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<UploadError | null>(null);

  const send = useCallback(
    async (file: File): Promise<TemporaryMedia | null> => {
      setError(null);
      const refusal = await refusalOf(file);
      if (refusal) {
        setError({ message: SESSION_MSG.uploadError, detail: refusal });
        return null;
      }
      setProgress(0);
      try {
        return await postPdf(file, setProgress);
      } catch (failure) {
        const { status, reason } = failure instanceof UploadFailure ? failure : new UploadFailure(0);
        setError({ message: SESSION_MSG.uploadError, detail: FILE_REFUSALS.has(status) ? reason : undefined });
        return null;
      } finally {
        setProgress(null);
      }
    },
    [],
  );

  return { send, progress, error, clearError: () => setError(null) };
}
