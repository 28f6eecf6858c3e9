/** Uploaded PDF files (design.md "Media"): limits, messages and the upload's answer, shared by the SPA and the server. */
import { z } from "zod";

/** The largest file accepted, in bytes (20 Mo). */
export const MEDIA_MAX_BYTES = 20 * 1024 * 1024;
/** Longest stored file name, in characters. */
export const MEDIA_FILE_NAME_MAX = 255;
/** A temporary media not referenced by a session within this delay is purged. */
export const TEMPORARY_MEDIA_TTL_MS = 24 * 60 * 60 * 1000;

export const MEDIA_MSG = {
  /** Spec part 2, error catalogue ("Media download"; the same check guards uploads). */
  notPdf: "Le fichier n'est pas un PDF !",
  tooLarge: "Le fichier dépasse la taille maximale de 20 Mo.",
  missingFile: "Aucun fichier reçu : joignez un fichier PDF dans le champ « file ».",
  oneFileOnly: "Un seul fichier est attendu, dans le champ « file ».",
  notMultipart: "Le fichier doit être envoyé en multipart/form-data.",
  malformed: "Le contenu multipart de la requête n'est pas valide.",
  tooManyParts: "La requête contient trop de champs ou de fichiers : un seul fichier est attendu.",
  unavailable: "Un fichier joint n'est plus disponible (expiré ou déjà utilisé) : déposez-le à nouveau.",
  notFound: "Fichier introuvable",
  // Issue 23: what one user may leave waiting to be attached, and the server's disk.
  tooManyPending: "Vous avez trop de fichiers déposés en attente : enregistrez la session concernée ou attendez leur expiration (24 h).",
  pendingTooLarge: "Vos fichiers déposés en attente dépassent la place permise : enregistrez la session concernée ou attendez leur expiration (24 h).",
  diskFull: "Le serveur manque d'espace disque : le fichier ne peut pas être déposé pour l'instant. Réessayez plus tard.",
} as const;

/** POST /api/medias/temporary → 201 `{data: temporaryMediaAnswer}`. */
export const temporaryMediaAnswer = z.strictObject({
  id: z.string(),
  name: z.string(),
  size: z.number().int().nonnegative(),
});
export type TemporaryMedia = z.output<typeof temporaryMediaAnswer>;
