/** Training-record statuses (spec part 2 §3) with their French labels; shared by the records screens and the trainee's records card. */
export const RECORD_STATUSES = {
  SETUP: "En cours d'élaboration",
  VALIDATED: "Validé",
  START_OF_TRAINING: "Entrée en formation",
  END_OF_TRAINING: "Sortie de formation",
  TERMINATED_FULLY_DONE: "Terminé, réalisé entièrement",
  TERMINATED_PARTIALLY_DONE: "Terminé, réalisé partiellement",
  TERMINATED_NOT_DONE: "Terminé, non réalisé",
  REJECTED: "Rejeté",
} as const;
export type RecordStatus = keyof typeof RECORD_STATUSES;

/** The statuses in the order of a record's life (RECORD_STATUSES' order): the « Statut » sort follows it, not the codes' alphabet. */
export const RECORD_STATUS_ORDER = Object.keys(RECORD_STATUSES) as RecordStatus[];

/** A status's rank in RECORD_STATUS_ORDER, from 1: the value of records.status_rank, which the status filter reads (its indexes). */
export const recordStatusRank = (status: RecordStatus): number => RECORD_STATUS_ORDER.indexOf(status) + 1;

export const recordStatusLabel = (status: string): string =>
  status in RECORD_STATUSES ? RECORD_STATUSES[status as RecordStatus] : status;
