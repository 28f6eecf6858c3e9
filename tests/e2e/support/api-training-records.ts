/**
 * Training records made through the API for a test's own use: each with its own trainee (a record per trainee at most), training
 * and session, then moved along the lifecycle to the status the test needs. Bound to a request context by `apiRecords` (the
 * `api` fixture): `await api.createRecord({ status: "START_OF_TRAINING", traineeLastName: "SANSDATE" })`.
 */
import { expect, type APIRequestContext } from "@playwright/test";
import type { RecordStatus, RejectionReason } from "../../../resources/records/enums";
import { HEALTHCARE_SOCIAL_DEVICE } from "../../../resources/trainings/enums";
import { apiHeaders } from "./auth";

export interface ApiTrainingRecord {
  id: string;
  agoraId: string;
  status: RecordStatus;
  version: number;
  trainee: { id: string; firstName: string; lastName: string; birthDate: string; ssn: string };
  session: { id: string; startDate: string; endDate: string; training: { id: string; name: string; number: string; fse: boolean; educationalOrganization: { name: string } } };
}

export interface RecordOverrides {
  /** The trainee's last name: an AGORA simulator fixture (REFUS, SANSDATE, PANNE, DESYNCHRO…) makes its calls fail. */
  traineeLastName?: string;
  /** The trainee's NIR (consistentNir() by default: its birth commune is made up, which the gate only warns about). */
  ssn?: string;
  /** The training's FSE flag (the row menu's FSE entry). */
  fse?: boolean;
  /** A healthcare-social training: in every role's scope (gest-cdcss sees no other). */
  healthcareSocial?: boolean;
  /** The session's dates, `YYYY-MM-DD` (default from 05/01/2026 to 20/03/2026). */
  startDate?: string;
  endDate?: string;
  /** An existing session to join (several trainees' records on one training), instead of a fresh training and session. */
  sessionId?: string;
  /** Where the record ends up (SETUP by default), reached through the lifecycle's allowed transitions. */
  status?: RecordStatus;
}

/** The transitions from SETUP to each status (resources/records/status-transitions.ts). */
const PATH_TO: Readonly<Record<RecordStatus, readonly RecordStatus[]>> = {
  SETUP: [],
  VALIDATED: ["VALIDATED"],
  START_OF_TRAINING: ["VALIDATED", "START_OF_TRAINING"],
  END_OF_TRAINING: ["VALIDATED", "START_OF_TRAINING", "END_OF_TRAINING"],
  TERMINATED_FULLY_DONE: ["VALIDATED", "START_OF_TRAINING", "END_OF_TRAINING", "TERMINATED_FULLY_DONE"],
  TERMINATED_PARTIALLY_DONE: ["VALIDATED", "START_OF_TRAINING", "END_OF_TRAINING", "TERMINATED_PARTIALLY_DONE"],
  TERMINATED_NOT_DONE: ["TERMINATED_NOT_DONE"],
  REJECTED: ["REJECTED"],
};

export const E2E_REJECTION_REASON: RejectionReason = "IncompleteFile";

/** What createRecord needs of the other helpers: a trainee named as asked, a training, a session of it. */
export interface RecordMakers {
  createTrainee: (lastName?: string, ssn?: string) => Promise<{ id: string }>;
  createTraining: (information: { fse?: boolean; device?: string; address?: object }) => Promise<{ id: string }>;
  createSession: (information: { startDate?: string; endDate?: string }, trainingId: string) => Promise<{ id: string }>;
}

async function send(request: APIRequestContext, method: "post" | "patch", path: string, data: object, expected: number) {
  const res = await request[method](path, { headers: await apiHeaders(request, "rol_admin"), data });
  expect(res.status(), `${method.toUpperCase()} ${path} : ${await res.text()}`).toBe(expected);
  return ((await res.json()) as { data: ApiTrainingRecord }).data;
}

/**
 * A NIR the data-quality gate accepts for the helpers' trainee (Zoé, a woman born in May 1990 in the Rhône): sex 2, year 90,
 * month 05, département 69, a commune 9xx (none exists in the Rhône, so no demo trainee, born in real communes, holds it: the
 * gate only warns) and an order number. The commune's middle digit is the worker's parallel slot and the rest a counter, so
 * no two trainees of one run share a NIR (clock and random digits collided once in a few hundred trainees).
 */
let nirCount = Math.floor(Math.random() * 5_000);
export const consistentNir = () => {
  const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 10;
  const k = nirCount++ % 9_990;
  return `29005699${slot}${Math.floor(k / 999)}${String((k % 999) + 1).padStart(3, "0")}`;
};

/** A training place the gate accepts (an existing postal code). */
export const TRAINING_PLACE = { streetNumber: "12", streetType: "RUE", streetName: "de la Paix", zipCode: "75002", city: "Paris" };

async function freshSession(make: RecordMakers, overrides: RecordOverrides) {
  const training = await make.createTraining({
    fse: overrides.fse ?? false,
    address: TRAINING_PLACE,
    ...(overrides.healthcareSocial ? { device: HEALTHCARE_SOCIAL_DEVICE } : {}),
  });
  const dates = { ...(overrides.startDate ? { startDate: overrides.startDate } : {}), ...(overrides.endDate ? { endDate: overrides.endDate } : {}) };
  return make.createSession(dates, training.id);
}

export async function createRecord(request: APIRequestContext, make: RecordMakers, overrides: RecordOverrides = {}): Promise<ApiTrainingRecord> {
  const trainee = await make.createTrainee(overrides.traineeLastName, overrides.ssn ?? consistentNir());
  const sessionId = overrides.sessionId ?? (await freshSession(make, overrides)).id;
  let record = await send(request, "post", "/api/records", { traineeId: trainee.id, sessionId }, 201);
  for (const status of PATH_TO[overrides.status ?? "SETUP"]) {
    const options = status === "REJECTED" ? { options: { reason: E2E_REJECTION_REASON } } : {};
    record = await send(request, "patch", `/api/records/${record.id}/status`, { status, ...options, version: record.version }, 200);
  }
  return record;
}
