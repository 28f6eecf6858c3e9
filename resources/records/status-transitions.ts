/**
 * The record lifecycle (design.md "Record lifecycle": our table where the spec says "not shown"), as data: read by the SPA
 * (status modal, 'Mise à jour Agora' menu) and by the server (the AGORA simulator applies it). Changing the lifecycle means
 * changing this file only.
 */
import type { RecordStatus } from "../common/record-statuses";

/** Allowed targets of each status, in the order the status modal lists them. */
export const RECORD_TRANSITIONS: Readonly<Record<RecordStatus, readonly RecordStatus[]>> = {
  SETUP: ["VALIDATED", "REJECTED", "TERMINATED_NOT_DONE"],
  VALIDATED: ["START_OF_TRAINING", "REJECTED"],
  START_OF_TRAINING: ["END_OF_TRAINING", "TERMINATED_NOT_DONE"],
  END_OF_TRAINING: ["TERMINATED_FULLY_DONE", "TERMINATED_PARTIALLY_DONE", "TERMINATED_NOT_DONE"],
  TERMINATED_FULLY_DONE: [],
  TERMINATED_PARTIALLY_DONE: [],
  TERMINATED_NOT_DONE: [],
  REJECTED: [],
};

/** A status a record can be moved to: every status but SETUP, where records start. */
export type RecordTargetStatus = Exclude<RecordStatus, "SETUP">;

/** The action label of each target (spec part 2 §4: Valider, Clôturer with full / partial / no realisation, Rejeter, …). */
export const RECORD_ACTION_LABELS: Readonly<Record<RecordTargetStatus, string>> = {
  VALIDATED: "Valider",
  START_OF_TRAINING: "Entrer en formation",
  END_OF_TRAINING: "Sortir de formation",
  TERMINATED_FULLY_DONE: "Clôturer avec réalisation totale",
  TERMINATED_PARTIALLY_DONE: "Clôturer avec réalisation partielle",
  TERMINATED_NOT_DONE: "Clôturer sans réalisation",
  REJECTED: "Rejeter",
};

/** Statuses that close a record: no transition leaves them, and after CLOSED_RECORD_MONTHS nothing can be done on it (code 1047). */
const CLOSED_RECORD_STATUSES: readonly RecordStatus[] = [
  "TERMINATED_FULLY_DONE",
  "TERMINATED_PARTIALLY_DONE",
  "TERMINATED_NOT_DONE",
  "REJECTED",
];

/** Months after closing during which a record can still be operated (design.md; the server reads CLOSED_RECORD_MONTHS, this default otherwise). */
export const CLOSED_RECORD_MONTHS = 12;

export const allowedTargets = (from: RecordStatus): readonly RecordStatus[] => RECORD_TRANSITIONS[from];

export const canTransition = (from: RecordStatus, to: RecordStatus): boolean => RECORD_TRANSITIONS[from].includes(to);

/** Whether the status menu shows at all (spec §2: hidden when no transition exists). */
export const hasTransitions = (from: RecordStatus): boolean => RECORD_TRANSITIONS[from].length > 0;

export const isClosedStatus = (status: RecordStatus): boolean => CLOSED_RECORD_STATUSES.includes(status);

/** A status change to this target, or a re-push in this status, needs a rejection reason. */
export const needsRejectionReason = (status: RecordStatus): boolean => status === "REJECTED";

/** 'Mise à jour Agora' (re-push) is offered for every status but SETUP: a record in preparation has nothing to re-send. */
export const canRepush = (status: RecordStatus): boolean => status !== "SETUP";

/**
 * Whether a record closed at `closedAt` is past the period during which it can be operated: more than `months` whole months
 * (calendar months, so closed on 15 March with 12 months: operable until 15 March of the next year included).
 */
export function closedTooLongAgo(closedAt: Date, now: Date, months: number = CLOSED_RECORD_MONTHS): boolean {
  const limit = new Date(closedAt.getTime());
  limit.setUTCMonth(limit.getUTCMonth() + months);
  return now.getTime() > limit.getTime();
}
