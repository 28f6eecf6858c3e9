import { createHash } from "node:crypto";
import { AGORA_ERRORS, agoraMessage, type AgoraErrorDetails } from "../../../resources/records/agora-errors";
import { RECORD_STATUSES, type RecordStatus } from "../../../resources/records/enums";
import {
  CLOSED_RECORD_MONTHS,
  canRepush,
  canTransition,
  closedTooLongAgo,
  needsRejectionReason,
} from "../../../resources/records/status-transitions";
import type { AgoraClient, AgoraOutcome, AgoraRecordAccepted, AgoraRecordFile, AgoraRecordState } from "../types";
import { withoutAccents } from "../../../resources/common/text";

type Operation = "push" | "status" | "repush";

/**
 * How a user makes the simulator refuse (README lists this constant). Trainees are matched on their usage last name (accents and
 * case ignored), trainings on their number. Besides these, the simulator's rules answer on their own: 145 for a transition the
 * lifecycle forbids, 1029 for the same answer (validation, rejection) given twice, 1024 for a re-push of a record in SETUP,
 * 1047 for a record closed more than CLOSED_RECORD_MONTHS ago, 209 for a rejection without its reason.
 */
export const AGORA_RECORD_FIXTURES = {
  traineeLastNames: {
    INCONNU: { operations: ["push"], code: 5, description: "Création refusée : titulaire inconnu d'Agora" },
    NIRFAUX: { operations: ["push"], code: 4, description: "Création refusée : NIR mal formé" },
    PANNE: { operations: ["push", "status", "repush"], code: 99999, description: "Toute opération : erreur technique d'Agora" },
    REFUS: { operations: ["status"], target: "VALIDATED", code: 1056, description: "Validation refusée : titulaire non éligible" },
    SANSDATE: { operations: ["status"], target: "END_OF_TRAINING", code: 1027, description: "Sortie de formation refusée : date de sortie manquante" },
    DESYNCHRO: { operations: ["repush"], code: 1024, description: "Mise à jour Agora refusée : statut incompatible" },
  },
  /** A training number `ERREUR-<code>` makes the creation fail with that catalogue code (e.g. ERREUR-1003 formation, ERREUR-1015 session, ERREUR-1043 financeurs). */
  trainingNumberPrefix: "ERREUR-",
  /** A training number making the creation fail with a list of messages (one line each under 'Erreurs Agora'). */
  trainingNumberWithMessageList: "ERREUR-LISTE",
} as const satisfies {
  traineeLastNames: Record<string, { operations: readonly Operation[]; target?: RecordStatus; code: number; description: string }>;
  trainingNumberPrefix: string;
  trainingNumberWithMessageList: string;
};

type TraineeFixture = { operations: readonly Operation[]; target?: RecordStatus; code: number };

/** A name compared as AGORA compares it: case and accents aside. */
export const normalizeName = (value: string) => withoutAccents(value).trim().toUpperCase();

const refused = (code: number, fill: Parameters<typeof agoraMessage>[1] = {}): { ok: false; error: AgoraErrorDetails } => ({
  ok: false,
  error: { type: code === 99999 ? "technical" : "functional", code, message: agoraMessage(code, fill) },
});

const accepted = (agoraId: string, status: RecordStatus): AgoraOutcome<AgoraRecordAccepted> => ({ ok: true, value: { agoraId, status } });

/** The refusal a trainee fixture gives for this operation (and target), if any. */
function traineeFixture(file: AgoraRecordFile, operation: Operation, target?: RecordStatus) {
  const fixtures: Record<string, TraineeFixture> = AGORA_RECORD_FIXTURES.traineeLastNames;
  const fixture = fixtures[normalizeName(file.trainee.lastName)];
  if (!fixture || !fixture.operations.includes(operation)) return undefined;
  if (fixture.target !== undefined && fixture.target !== target) return undefined;
  return refused(fixture.code);
}

/** A training-number fixture's refusal of a creation, if any. */
function trainingFixture(file: AgoraRecordFile): { ok: false; error: AgoraErrorDetails } | undefined {
  const number = normalizeName(file.training.number);
  if (number === AGORA_RECORD_FIXTURES.trainingNumberWithMessageList) {
    return { ok: false, error: { type: "functional", code: 1005, message: [agoraMessage(1005), agoraMessage(1006), agoraMessage(1045)] } };
  }
  if (!number.startsWith(AGORA_RECORD_FIXTURES.trainingNumberPrefix)) return undefined;
  const code = Number(number.slice(AGORA_RECORD_FIXTURES.trainingNumberPrefix.length));
  return code in AGORA_ERRORS ? refused(code) : undefined;
}

/** The same file always gets the same number: `DF` and ten digits. */
function fileNumber(file: AgoraRecordFile): string {
  const key = [file.trainee.ssn, file.training.number, file.training.actionNumber, file.session.startDate].join("|");
  const digits = BigInt(`0x${createHash("sha256").update(key).digest("hex").slice(0, 15)}`) % 10_000_000_000n;
  return `DF${digits.toString().padStart(10, "0")}`;
}

export interface SimulatorOptions {
  closedRecordMonths?: number;
  now?: () => Date;
}

/** The record calls of the simulator: the lifecycle of resources/records/status-transitions.ts, the catalogue's codes, the fixtures. */
export function simulatedRecordCalls(options: SimulatorOptions = {}): Pick<AgoraClient, "pushRecord" | "changeRecordStatus" | "repushRecord"> {
  const months = options.closedRecordMonths ?? CLOSED_RECORD_MONTHS;
  const now = options.now ?? (() => new Date());
  const closedTooLong = (record: AgoraRecordState) =>
    record.closedAt !== null && closedTooLongAgo(new Date(record.closedAt), now(), months) ? refused(1047, { months }) : undefined;

  return {
    async pushRecord(file) {
      return traineeFixture(file, "push") ?? trainingFixture(file) ?? accepted(fileNumber(file), "SETUP");
    },

    async changeRecordStatus(record, { status, reason }) {
      const refusal =
        traineeFixture(record, "status", status) ??
        closedTooLong(record) ??
        // Validating or rejecting is AGORA's answer to the request: giving it again is 1029, not a forbidden transition.
        (status === record.status && (status === "VALIDATED" || status === "REJECTED") ? refused(1029) : undefined) ??
        (canTransition(record.status, status) ? undefined : refused(145, { state: RECORD_STATUSES[record.status] })) ??
        (needsRejectionReason(status) && !reason ? refused(209) : undefined);
      return refusal ?? accepted(record.agoraId, status);
    },

    async repushRecord(record, { reason }) {
      const refusal =
        traineeFixture(record, "repush") ??
        closedTooLong(record) ??
        (canRepush(record.status) ? undefined : refused(1024)) ??
        (needsRejectionReason(record.status) && !reason ? refused(209) : undefined);
      return refusal ?? accepted(record.agoraId, record.status);
    },
  };
}
