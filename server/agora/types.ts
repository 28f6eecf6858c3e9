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
 * calls send it whole, so the simulator needs no memory of its own (a restart or a second process answers the same).
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

export interface AgoraClient {
  /** null when the pair (NIR, birth name) does not match a person. */
  findPerson(ssn: string, birthName: string): Promise<AgoraPerson | null>;
  /** null when no training has this number and action number. */
  findTraining(number: string, actionNumber: string): Promise<AgoraTraining | null>;
  /** Creates the record; accepted in SETUP with its file number. */
  pushRecord(file: AgoraRecordFile): Promise<AgoraOutcome<AgoraRecordAccepted>>;
  /** Moves the record to `status` (a rejection carries its reason). */
  changeRecordStatus(
    record: AgoraRecordState,
    change: { status: RecordStatus; reason: RejectionReason | null },
  ): Promise<AgoraOutcome<AgoraRecordAccepted>>;
  /** Re-sends the record in its current status ('Mise à jour Agora'); a rejected one carries its reason again. */
  repushRecord(record: AgoraRecordState, options: { reason: RejectionReason | null }): Promise<AgoraOutcome<AgoraRecordAccepted>>;
}
