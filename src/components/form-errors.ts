/**
 * What a failed save shows: the API's 400 field messages go onto the form's fields (`body.address.city` → `address.city`);
 * a 409 shows the screen's conflict message (spec §8: "Ce mail est déjà utilisé…", "Ce SIRET ne peut pas être modifié."),
 * the API's message alone where it is the screen's conflict message (trainees: e-mail or NIR taken), else the generic
 * failure message with the API's reason underneath; a 403 the generic failure with the server's reason underneath;
 * anything else the screen's generic failure message.
 */
import type { HttpError } from "@refinedev/core";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";

export interface SaveMessages {
  /** Shown on 409; when omitted, the failure message with the API's reason underneath. */
  conflict?: string;
  /** On 409 the API's own message, alone: it is the spec's message for what is taken (e-mail or NIR of a trainee). */
  conflictFromApi?: boolean;
  failed: string;
}

export interface SaveError {
  message: string;
  detail?: string;
}

export function applyServerErrors<T extends FieldValues>(setError: UseFormSetError<T>, error: HttpError): void {
  const fields = (error as { details?: { fields?: { path?: unknown; message?: unknown }[] } }).details?.fields ?? [];
  for (const field of fields) {
    if (typeof field.path !== "string" || typeof field.message !== "string") continue;
    setError(field.path.replace(/^body\./, "") as Path<T>, { type: "server", message: field.message });
  }
}

export function saveError(error: HttpError, messages: SaveMessages): SaveError {
  // A refusal the server explains (an employee shared with organisations outside the caller's scope, a training's other side).
  if (error.statusCode === 403) return { message: messages.failed, detail: error.message };
  if (error.statusCode !== 409) return { message: messages.failed };
  if (messages.conflict) return { message: messages.conflict };
  return messages.conflictFromApi ? { message: error.message } : { message: messages.failed, detail: error.message };
}
