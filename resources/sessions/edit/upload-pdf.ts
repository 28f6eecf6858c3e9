/**
 * Uploads a PDF for a session's documents (spec part 2 §7: POST /api/medias/temporary, multipart `file`): the answer is a
 * temporary media the next save of the session keeps. XMLHttpRequest rather than fetch, for the upload's progress.
 *
 *   const upload = usePdfUpload();
 *   const media = await upload.send(file);   // null when refused: upload.error then holds the French message
 *   upload.progress                          // 0–100 while sending, null otherwise
 */
import { useOnError, type HttpError } from "@refinedev/core";
import { useCallback, useState } from "react";
import { API_URL, authorizationHeader } from "../../../providers/data-provider";
import type { TemporaryMedia } from "../../medias/schema";
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

function postPdf(file: File, onProgress: (percent: number) => void): Promise<TemporaryMedia> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `${API_URL}/medias/temporary`);
    for (const [name, value] of Object.entries({ Accept: "application/json", ...authorizationHeader() })) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      if (request.status !== 201) return reject(new UploadFailure(request.status, reasonOf(request.responseText)));
      try {
        resolve((JSON.parse(request.responseText) as { data: TemporaryMedia }).data);
      } catch {
        reject(new UploadFailure(request.status));
      }
    };
    request.onerror = () => reject(new UploadFailure(0));
    const body = new FormData();
    body.append("file", file, file.name);
    request.send(body);
  });
}

export function usePdfUpload() {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<UploadError | null>(null);
  const { mutate: checkError } = useOnError();

  const send = useCallback(
    async (file: File): Promise<TemporaryMedia | null> => {
      setError(null);
      setProgress(0);
      try {
        return await postPdf(file, setProgress);
      } catch (failure) {
        const { status, reason } = failure instanceof UploadFailure ? failure : new UploadFailure(0);
        if (status === 401) checkError({ statusCode: 401, message: SESSION_MSG.uploadError } satisfies HttpError);
        setError({ message: SESSION_MSG.uploadError, detail: FILE_REFUSALS.has(status) ? reason : undefined });
        return null;
      } finally {
        setProgress(null);
      }
    },
    [checkError],
  );

  return { send, progress, error, clearError: () => setError(null) };
}
