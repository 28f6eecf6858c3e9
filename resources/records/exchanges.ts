/**
 * Exchanges with AGORA as the record page shows them (design.md "Exchanges never diverge"): each call that changes AGORA (creation,
 * status change, re-push) is written before it is sent, and keeps its state until AGORA's answer is applied to the record.
 */
import { z } from "zod";
import { enumValues } from "../common/enum";
import { isoTimestamp } from "../common/wire";
import { RECORD_STATUSES } from "./enums";

export const EXCHANGE_KINDS = {
  CREATION: "Création du dossier",
  STATUS: "Changement de statut",
  REPUSH: "Mise à jour Agora",
} as const;
export type ExchangeKind = keyof typeof EXCHANGE_KINDS;

/**
 * pending: written, AGORA's answer not received (not sent yet, or no answer: timeout, connection cut), reconciled by asking AGORA;
 * answered: the answer is stored, being applied to the record; accepted / refused: applied (its event is in the history);
 * failed: AGORA accepted, but the product could not take the answer (a file number another record already holds).
 */
export const EXCHANGE_STATES = {
  pending: "Envoi à AGORA en cours",
  answered: "Réponse d'AGORA en cours d'enregistrement",
  accepted: "Accepté par AGORA",
  refused: "Refusé par AGORA",
  failed: "Réponse d'AGORA inapplicable",
} as const;
export type ExchangeState = keyof typeof EXCHANGE_STATES;
export const UNSETTLED_EXCHANGE_STATES = ["pending", "answered"] as const satisfies readonly ExchangeState[];

export const EXCHANGE_MSG = {
  /** The record while an exchange is unsettled (its page, and the 409 of any other change). */
  pending: "Envoi à AGORA en cours",
  recordLocked: "Envoi à AGORA en cours : le dossier ne peut pas être modifié avant la réponse d'AGORA. Réessayez dans un instant.",
  creationPending: "Envoi à AGORA en cours : un dossier de formation est déjà en cours de création pour ce stagiaire.",
  sessionDeletePending:
    "Suppression impossible : un dossier de formation de cette session est en cours d'envoi à AGORA. Réessayez après sa confirmation.",
  traineeDeletePending:
    "Suppression impossible : un dossier de formation de ce stagiaire est en cours d'envoi à AGORA. Réessayez après sa confirmation.",
  /** AGORA did not answer in time (AGORA_TIMEOUT_MS), or the answer was lost: the exchange is confirmed by reconciliation. */
  noAnswer: "AGORA ne répond pas ; l'envoi sera confirmé automatiquement",
  creationBlocked:
    "Création impossible : la précédente création de ce dossier a reçu d'AGORA le numéro d'un autre dossier. Un administrateur doit la régler dans la supervision avant une nouvelle création.",
  numberAlreadyHeld: (agoraId: string) =>
    `AGORA a attribué à ce dossier le numéro ${agoraId}, déjà celui d'un autre dossier du produit : rien n'a été enregistré. Signalez-le à l'assistance AGORA.`,
} as const;

const status = z.enum(enumValues(RECORD_STATUSES));

/** One exchange of the record page's history. */
export const recordExchangeAnswer = z.strictObject({
  id: z.string(),
  kind: z.enum(enumValues(EXCHANGE_KINDS)),
  state: z.enum(enumValues(EXCHANGE_STATES)),
  toStatus: status.nullable(),
  employee: z.strictObject({ id: z.string().nullable(), name: z.string() }),
  createdAt: isoTimestamp,
  settledAt: isoTimestamp.nullable(),
  /** Calls sent to AGORA so far (a re-send carries the same idempotency key). */
  attempts: z.number().int(),
  /** Why the last call got no answer, or why the answer could not be applied. */
  lastError: z.string().nullable(),
});
export type RecordExchange = z.output<typeof recordExchangeAnswer>;

/**
 * 202 of a creation, status change or re-push that AGORA did not answer in time: the exchange is kept and confirmed later
 * (the record shows « Envoi à AGORA en cours » meanwhile).
 */
export const exchangePendingAnswer = z.strictObject({
  data: z.strictObject({
    exchange: z.strictObject({ id: z.string(), kind: z.enum(enumValues(EXCHANGE_KINDS)), state: z.literal("pending") }),
    message: z.string(),
  }),
});
export type ExchangePendingAnswer = z.output<typeof exchangePendingAnswer>;
