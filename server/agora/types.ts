import type { Address } from "../../resources/common/address";

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

export interface AgoraClient {
  /** null when the pair (NIR, birth name) does not match a person. */
  findPerson(ssn: string, birthName: string): Promise<AgoraPerson | null>;
  /** null when no training has this number and action number. */
  findTraining(number: string, actionNumber: string): Promise<AgoraTraining | null>;
}
