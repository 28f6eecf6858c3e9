/**
 * What a failed save shows: the API's 400 field messages go onto the form's fields (`body.address.city` → `address.city`);
 * a 409 shows the screen's conflict message (spec §8: "Ce mail est déjà utilisé…", "Ce SIRET ne peut pas être modifié.")
 * or, where the screen has none, the API's message alone; anything else the screen's generic failure message.
 */
import type { HttpError } from "@refinedev/core";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";

export interface SaveMessages {
  /** Shown on 409; when omitted, the API's own message alone (it says which value is taken, in French). */
  conflict?: string;
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
  if (error.statusCode === 409) return { message: messages.conflict ?? error.message };
  return { message: messages.failed };
}
