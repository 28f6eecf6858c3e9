/**
 * The bilan mail's deliveries (design.md "Background work"): the mail sent to the funding authority when a session's bilan is
 * validated, and each re-send, as the Bilan tab shows them. Pure TS: the server's route answers with this schema.
 */
import { z } from "zod";
import { isoTimestamp, namedRef } from "../common/wire";

export const BILAN_MAIL_STATES = ["pending", "active", "done", "failed"] as const;

/** One delivery: sent (`sentAt`), waiting for its next try (`nextAttemptAt`, after `lastError`), or failed for good (`lastError`). */
export const bilanMailAnswer = z.strictObject({
  id: z.string(),
  state: z.enum(BILAN_MAIL_STATES),
  attempts: z.number().int(),
  createdAt: isoTimestamp,
  sentAt: isoTimestamp.nullable(),
  nextAttemptAt: isoTimestamp.nullable(),
  lastError: z.string().nullable(),
  /** Who asked for a re-send; null for the mail sent at the validation. */
  requestedBy: namedRef.nullable(),
});
export type BilanMail = z.output<typeof bilanMailAnswer>;
export type BilanMailInput = z.input<typeof bilanMailAnswer>;

export const BILAN_MAIL_MSG = {
  title: "E-mail à l'autorité de financement",
  resend: "Renvoyer l'e-mail",
  resent: "L'e-mail sera renvoyé dans un instant",
  notValidated: "Le bilan de cette session n'est pas validé : il n'y a pas d'e-mail à renvoyer.",
  alreadyPending: "Un envoi de cet e-mail est déjà en attente.",
  noRecipient: "L'organisme contractant n'a ni e-mail ni responsable CDC : aucun e-mail n'a pu être envoyé.",
  loadError: "Une erreur est survenue lors de la lecture de l'état de l'e-mail",
} as const;
