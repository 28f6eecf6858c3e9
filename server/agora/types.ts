import { z } from "zod";
import { addressAnswer } from "../../resources/common/address";
import { isoDate } from "../../resources/common/wire";
import type { AgoraErrorDetails } from "../../resources/records/agora-errors";
import type { RecordStatus, RejectionReason } from "../../resources/records/enums";

/**
 * The external national training-file system (AGORA). No public API documentation exists: this is our interface,
 * with the embedded simulator (default) and an HTTP adapter (AGORA_URL) behind it (design.md "The external system").
 */

/*
 * The look-ups' answers as zod schemas: the HTTP adapter parses AGORA's JSON with them (a malformed answer is a failure of the
 * external system, never a value passed on), as it parses the record calls' answers.
 */

/** A person as the external system knows them (spec part 1 §3 "Person found in the external system", without the product id). */
export const agoraPersonSchema = z.object({
  firstName1: z.string(),
  lastName: z.string(),
  birthName: z.string(),
  birthDate: isoDate,
  ssn: z.string(),
});
export type AgoraPerson = z.output<typeof agoraPersonSchema>;

/**
 * An address reduced to the parts the product knows (the answers are strict, resources/common/wire.ts: a part the external
 * system adds must not turn the import into an error); a malformed one is left out, the user fills it in.
 */
const agoraAddress = z.object(addressAnswer.shape).nullable().catch(null);

const agoraOrganizationSchema = z.object({ name: z.string(), siret: z.string(), address: agoraAddress });
export type AgoraOrganization = z.output<typeof agoraOrganizationSchema>;

/** A training as the external system knows it (spec part 2 §3 "Import result", without product ids). */
export const agoraTrainingSchema = z.object({
  name: z.string(),
  number: z.string(),
  actionNumber: z.string(),
  address: agoraAddress,
  educationalOrganization: agoraOrganizationSchema,
  contractingOrganization: agoraOrganizationSchema,
});
export type AgoraTraining = z.output<typeof agoraTrainingSchema>;

/** What AGORA is told of a record to create it: its holder, its session and the session's training. */
export interface AgoraRecordFile {
  trainee: { firstName: string; lastName: string; birthName: string; ssn: string; birthDate: string };
  session: { startDate: string; endDate: string };
  training: { name: string; number: string; actionNumber: string };
}

/**
 * A record AGORA holds, as the product knows it: the file, its number, its status and when it was closed (ISO instant). The later
 * calls send it whole; AGORA (and the simulator) judge by what they hold, the product's view only tells them of a file they never saw.
 */
export interface AgoraRecordState extends AgoraRecordFile {
  agoraId: string;
  status: RecordStatus;
  closedAt: string | null;
}

/** AGORA's acceptance: the file number and the status it now holds. */
export interface AgoraRecordAccepted {
  agoraId: string;
  status: RecordStatus;
}

/** An exchange's outcome: accepted, or refused with `details.agora` (the route answers 422 and keeps it in the history). */
export type AgoraOutcome<T> = { ok: true; value: T } | { ok: false; error: AgoraErrorDetails };

/**
 * Every call that changes AGORA carries an idempotency key (the `Idempotency-Key` header and the body's `idempotencyKey`): AGORA
 * answers a call whose key it already knows with the answer it gave the first time, and changes nothing. `signal` ends the wait.
 */
export interface AgoraCall {
  idempotencyKey: string;
  signal?: AbortSignal;
}

/** What AGORA holds of a file. */
export interface AgoraHeldRecord {
  agoraId: string;
  status: RecordStatus;
  closedAt: string | null;
}

/** getRecord's answer: what AGORA answered to the call with this key (null: it never received it), and the file as it holds it. */
export interface AgoraRecordLookup {
  answer: AgoraOutcome<AgoraRecordAccepted> | null;
  record: AgoraHeldRecord | null;
}

/**
 * The call got no answer: a timeout (AGORA_TIMEOUT_MS), a connection cut after the request left, an answer that cannot be read, or
 * the server stopping. AGORA may or may not have applied it: an unknown outcome, settled by asking AGORA (getRecord), never by
 * reading it as a refusal. `reason` is French, for the exchange's history.
 */
export class AgoraNoAnswerError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "AgoraNoAnswerError";
  }
}

export const isAgoraNoAnswer = (error: unknown): error is AgoraNoAnswerError => error instanceof AgoraNoAnswerError;

export interface AgoraClient {
  /** null when the pair (NIR, birth name) does not match a person. */
  findPerson(ssn: string, birthName: string, options?: { signal?: AbortSignal }): Promise<AgoraPerson | null>;
  /** null when no training has this number and action number. */
  findTraining(number: string, actionNumber: string, options?: { signal?: AbortSignal }): Promise<AgoraTraining | null>;
  /** Creates the record; accepted in SETUP with its file number. */
  pushRecord(file: AgoraRecordFile, call: AgoraCall): Promise<AgoraOutcome<AgoraRecordAccepted>>;
  /** Moves the record to `status` (a rejection carries its reason). */
  changeRecordStatus(
    record: AgoraRecordState,
    change: { status: RecordStatus; reason: RejectionReason | null },
    call: AgoraCall,
  ): Promise<AgoraOutcome<AgoraRecordAccepted>>;
  /** Re-sends the record in its current status ('Mise à jour Agora'); a rejected one carries its reason again. */
  repushRecord(record: AgoraRecordState, options: { reason: RejectionReason | null }, call: AgoraCall): Promise<AgoraOutcome<AgoraRecordAccepted>>;
  /** Reconciliation: the answer given to a key, or a file by its number. Throws AgoraNoAnswerError when AGORA does not answer. */
  getRecord(ref: { idempotencyKey: string } | { agoraId: string }, options?: { signal?: AbortSignal }): Promise<AgoraRecordLookup>;
  /** Releases what the client holds (the simulator's database connections). */
  close?(): Promise<void>;
}
