import { createHash } from "node:crypto";
import { AGORA_ERRORS, agoraMessage, type AgoraErrorDetails } from "../../../resources/records/agora-errors";
import { RECORD_STATUSES, type RecordStatus } from "../../../resources/records/enums";
import {
  CLOSED_RECORD_MONTHS,
  canRepush,
  canTransition,
  closedTooLongAgo,
  isClosedStatus,
  needsRejectionReason,
} from "../../../resources/records/status-transitions";
import {
  AgoraNoAnswerError,
  type AgoraCall,
  type AgoraClient,
  type AgoraHeldRecord,
  type AgoraOutcome,
  type AgoraRecordAccepted,
  type AgoraRecordFile,
  type AgoraRecordState,
} from "../types";
import type { SimulatorStore } from "./store";
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

/**
 * How a user makes AGORA slow or silent (README lists them): AGORA records the call as usual, then answers after AGORA_TIMEOUT_MS
 * (`LENT`), never (`MUET`), or drops the connection before answering (`COUPURE`). The product gets no answer in time: the exchange
 * stays « Envoi à AGORA en cours » and reconciliation finds AGORA's answer by its key.
 */
export const AGORA_TIMING_FIXTURES = {
  LENT: { behaviour: "slow", description: "Toute opération : réponse après le délai d'attente (AGORA_TIMEOUT_MS)" },
  MUET: { behaviour: "silent", description: "Toute opération : aucune réponse" },
  COUPURE: { behaviour: "cut", description: "Toute opération : connexion coupée avant la réponse" },
} as const satisfies Record<string, { behaviour: "slow" | "silent" | "cut"; description: string }>;

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
  /** How late a `LENT` trainee's calls are answered: beyond the caller's timeout (AGORA_TIMEOUT_MS). */
  slowAnswerMs?: number;
}

/** A wait that ends early, rejecting with the signal's reason, when the caller stops waiting; forever when `ms` is undefined. */
function answerAfter(ms: number | undefined, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = ms === undefined ? undefined : setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

/** How a timing fixture delivers an answer AGORA has already recorded: late, never, or not at all (the connection drops). */
async function deliver<T>(answer: T, lastName: string, call: AgoraCall, slowAnswerMs: number): Promise<T> {
  const timing = AGORA_TIMING_FIXTURES[normalizeName(lastName) as keyof typeof AGORA_TIMING_FIXTURES];
  if (timing === undefined) return answer;
  if (timing.behaviour === "cut") throw new AgoraNoAnswerError("La connexion avec AGORA a été coupée avant sa réponse");
  await answerAfter(timing.behaviour === "slow" ? slowAnswerMs : undefined, call.signal);
  return answer;
}

/**
 * The record calls of the simulator, stateful (store.ts): the lifecycle of resources/records/status-transitions.ts applied to the
 * status AGORA holds, the catalogue's codes, the fixtures, and the idempotency keys (a key already answered gets the same answer
 * and changes nothing). A file AGORA has never seen (records loaded in bulk, or made before the simulator kept state) is taken as
 * the product describes it.
 */
export function simulatedRecordCalls(
  store: SimulatorStore,
  options: SimulatorOptions = {},
): Pick<AgoraClient, "pushRecord" | "changeRecordStatus" | "repushRecord" | "getRecord"> {
  const months = options.closedRecordMonths ?? CLOSED_RECORD_MONTHS;
  const now = options.now ?? (() => new Date());
  const slowAnswerMs = options.slowAnswerMs ?? 11_000;
  const closedTooLong = (record: AgoraHeldRecord) =>
    record.closedAt !== null && closedTooLongAgo(new Date(record.closedAt), now(), months) ? refused(1047, { months }) : undefined;

  /** One call that changes a file: its key's answer if already given, else `decide` on the held file, kept with its key. */
  async function change(
    operation: "status" | "repush",
    record: AgoraRecordState,
    call: AgoraCall,
    decide: (held: AgoraHeldRecord) => AgoraOutcome<AgoraRecordAccepted>,
  ) {
    const answer = await store.transaction(async (tx) => {
      await store.logCall(tx, operation, call.idempotencyKey, record.agoraId);
      await store.lockNumber(tx, record.agoraId);
      const known = await store.answerOf(tx, call.idempotencyKey);
      if (known) return known.answer;
      let held = await store.file(tx, record.agoraId);
      if (!held) {
        held = { agoraId: record.agoraId, status: record.status, closedAt: record.closedAt, file: fileOf(record) };
        await store.create(tx, held);
      }
      const outcome = decide(held);
      if (outcome.ok && outcome.value.status !== held.status) {
        const closedAt = isClosedStatus(outcome.value.status) ? now().toISOString() : held.closedAt;
        await store.move(tx, held.agoraId, outcome.value.status, closedAt);
      }
      await store.keep(tx, call.idempotencyKey, operation, record.agoraId, outcome);
      return outcome;
    });
    return deliver(answer, record.trainee.lastName, call, slowAnswerMs);
  }

  return {
    async pushRecord(file, call) {
      const agoraId = fileNumber(file);
      const answer = await store.transaction(async (tx) => {
        await store.logCall(tx, "push", call.idempotencyKey, agoraId);
        await store.lockNumber(tx, agoraId);
        const known = await store.answerOf(tx, call.idempotencyKey);
        if (known) return known.answer;
        const refusal = traineeFixture(file, "push") ?? trainingFixture(file);
        // The same file (holder, training, start date) is one file: asked again under another key, AGORA answers with it.
        const held = refusal ? undefined : await store.file(tx, agoraId);
        if (!refusal && !held) await store.create(tx, { agoraId, status: "SETUP", closedAt: null, file: fileOf(file) });
        const outcome = refusal ?? accepted(agoraId, held?.status ?? "SETUP");
        await store.keep(tx, call.idempotencyKey, "push", refusal ? null : agoraId, outcome);
        return outcome;
      });
      return deliver(answer, file.trainee.lastName, call, slowAnswerMs);
    },

    changeRecordStatus: (record, { status, reason }, call) =>
      change("status", record, call, (held) =>
        traineeFixture(record, "status", status) ??
          closedTooLong(held) ??
          // Validating or rejecting is AGORA's answer to the request: giving it again is 1029, not a forbidden transition.
          (status === held.status && (status === "VALIDATED" || status === "REJECTED") ? refused(1029) : undefined) ??
          (canTransition(held.status, status) ? undefined : refused(145, { state: RECORD_STATUSES[held.status] })) ??
          (needsRejectionReason(status) && !reason ? refused(209) : undefined) ??
          accepted(held.agoraId, status),
      ),

    repushRecord: (record, { reason }, call) =>
      change("repush", record, call, (held) =>
        traineeFixture(record, "repush") ??
          closedTooLong(held) ??
          (canRepush(held.status) ? undefined : refused(1024)) ??
          (needsRejectionReason(held.status) && !reason ? refused(209) : undefined) ??
          accepted(held.agoraId, held.status),
      ),

    async getRecord(ref) {
      return store.transaction(async (tx) => {
        const key = "idempotencyKey" in ref ? ref.idempotencyKey : null;
        const known = key === null ? undefined : await store.answerOf(tx, key);
        const agoraId = "agoraId" in ref ? ref.agoraId : known?.agoraId;
        await store.logCall(tx, "lookup", key, agoraId ?? null);
        const held = agoraId ? await store.file(tx, agoraId) : undefined;
        return {
          answer: known?.answer ?? null,
          record: held ? { agoraId: held.agoraId, status: held.status, closedAt: held.closedAt } : null,
        };
      });
    },
  };
}

/** The file part of what the product sends (the state it adds is AGORA's to keep). */
const fileOf = ({ trainee, session, training }: AgoraRecordFile): AgoraRecordFile => ({ trainee, session, training });
