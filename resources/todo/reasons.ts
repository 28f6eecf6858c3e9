/**
 * « Motif » (issue 40): why a row is in an « À traiter » list — the records of a counter's link (`todo=…`) or the blocking ones
 * (`filterAnomalies=true`), the sessions whose bilan is due. The API answers it on each row of those lists (`reason`), with
 * its French text (`label`, written by `todoReasonLabel`, which the SPA may call on its own too).
 */
import { z } from "zod";
import { isoDate, isoTimestamp } from "../common/wire";

const blockingCode = z.enum(["lastExchangeFailed", "qualityBlocking", "notStarted", "notEnded"]);
const FSE_PERIODS = ["INPUT", "OUTPUT", "AFTER_SIX_MONTH"] as const;

/** A reason's members, each with its French text (`label`). */
const member = <S extends z.ZodRawShape>(shape: S) => z.strictObject({ ...shape, label: z.string() });

/** A row's « Motif »: its facts, by kind, and their French text. */
export const todoReasonAnswer = z.discriminatedUnion("kind", [
  /** A « dossier bloquant »: its reasons, in the record page's order (recordBlockingReasonAnswer's codes and messages). */
  member({ kind: z.literal("blocking"), codes: z.array(blockingCode), messages: z.array(z.string()) }),
  /** An FSE survey to fill: which one, and the day it is late from (`late`: that day has come). */
  member({ kind: z.literal("fseSurvey"), period: z.enum(FSE_PERIODS), dueDate: isoDate, late: z.boolean() }),
  /** A bilan to validate: due since its session's end (`late`: more than 10 working days ago). */
  member({ kind: z.literal("bilan"), dueSince: isoDate, late: z.boolean() }),
  /** The record's last exchange with AGORA was refused (AGORA's error code and message) or failed (no code: a technical failure). */
  member({ kind: z.literal("agoraFailed"), code: z.number().int().nullable(), message: z.string().nullable() }),
  /** An exchange with AGORA under way since `since`. */
  member({ kind: z.literal("agoraPending"), since: isoTimestamp.nullable() }),
]);
export type TodoReason = z.output<typeof todoReasonAnswer>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A reason's facts, before its text. */
export type TodoReasonFacts = DistributiveOmit<z.input<typeof todoReasonAnswer>, "label">;

const PERIOD_TEXTS: Record<string, string> = { INPUT: "d'entrée", OUTPUT: "de sortie", AFTER_SIX_MONTH: "à 6 mois" };

/** `YYYY-MM-DD` → `DD/MM/YYYY`. */
const day = (iso: string) => iso.split("-").reverse().join("/");

const instant = (value: string | Date) =>
  new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", dateStyle: "short", timeStyle: "short" }).format(new Date(value)).replace(" ", " à ");

/** The « Motif » text of a reason. */
export function todoReasonLabel(reason: TodoReasonFacts): string {
  switch (reason.kind) {
    case "blocking":
      return reason.messages.join(" ; ");
    case "fseSurvey":
      return `Questionnaire FSE ${PERIOD_TEXTS[reason.period] ?? reason.period} ${reason.late ? "en retard depuis le" : "à saisir avant le"} ${day(reason.dueDate)}`;
    case "bilan":
      return `Bilan à valider depuis le ${day(reason.dueSince)} (fin de la session)${reason.late ? ", en retard" : ""}`;
    case "agoraFailed":
      return reason.code === null ? "Échec technique de l'échange avec AGORA" : `Échange refusé par AGORA : code ${reason.code}`;
    case "agoraPending":
      return reason.since === null ? "Envoi à AGORA en cours" : `Envoi à AGORA en cours depuis le ${instant(reason.since)}`;
  }
}

/** The reason with its text, as the API answers it. */
export const withLabel = <R extends TodoReasonFacts>(reason: R): R & { label: string } => ({ ...reason, label: todoReasonLabel(reason) });
