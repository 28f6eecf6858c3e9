import type { Address } from "../../resources/common/address";
import type { AgoraErrorDetails } from "../../resources/records/agora-errors";
import type { RecordStatus, RejectionReason } from "../../resources/records/enums";

/**
 * The external national training-file system (AGORA). No public API documentation exists: this is our interface,
 * with the embedded simulator (default) and an HTTP adapter (AGORA_URL) behind it (design.md "The external system").
 */

/** A person as the external system knows them (spec part 1 §3 "Person found in the external system", without the product id). */
export interface AgoraPerson {
  firstName1: string;
  lastName: string;
  birthName: string;
  /** YYYY-MM-DD */
  birthDate: string;
  ssn: string;
}

export interface AgoraOrganization {
  name: string;
  siret: string;
  address: Address | null;
}

/** A training as the external system knows it (spec part 2 §3 "Import result", without product ids). */
export interface AgoraTraining {
  name: string;
  number: string;
  actionNumber: string;
  address: Address | null;
  educationalOrganization: AgoraOrganization;
  contractingOrganization: AgoraOrganization;
}

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
