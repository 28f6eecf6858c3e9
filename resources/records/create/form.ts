/**
 * The record creation wizard's form (spec part 2 §2 "/records/create", §5 "Record creation"): a trainee without a record and a
 * session in the caller's scope, both required ('Ce champ est obligatoire'); POST /api/records takes their ids.
 */
import { z } from "zod";
import { MSG } from "../../common/messages";
import type { SessionListItem } from "../../sessions/schema";
import type { TraineeListItem } from "../../trainees/schema";
import type { Training } from "../../trainings/schema";
import type { RecordCreateBodyInput } from "../schema";

/** What the wizard keeps of the chosen trainee: what its option and the summary show. */
export type WizardTrainee = Pick<TraineeListItem, "id" | "firstName" | "lastName" | "birthDate" | "ssn">;

/** What the wizard keeps of the chosen session: its period and its training. */
export type WizardSession = Pick<SessionListItem, "id" | "training"> & { startDate: string; endDate: string };

/** The training the session step may narrow its sessions to (not sent: the session names its training). */
export type WizardTraining = Pick<Training, "id"> & Pick<Training["information"], "name" | "number" | "actionNumber">;

export interface RecordCreateValues {
  trainee: WizardTrainee | null;
  training: WizardTraining | null;
  session: WizardSession | null;
}

// Null until chosen: the form's input allows it, the output (the POST) never holds it.
const chosen = <T extends { id: string }>() =>
  z.custom<T | null>().refine((value): value is T => value !== null && typeof value === "object", { error: MSG.required });

export const recordCreateSchema = z.object({
  trainee: chosen<WizardTrainee>(),
  // Optional: it only narrows the sessions offered.
  training: z.custom<WizardTraining | null>(),
  session: chosen<WizardSession>(),
});
export type RecordCreateOutput = z.output<typeof recordCreateSchema>;

export const emptyRecordCreate = (): RecordCreateValues => ({ trainee: null, training: null, session: null });

export const toWizardTrainee = ({ id, firstName, lastName, birthDate, ssn }: TraineeListItem): WizardTrainee => ({ id, firstName, lastName, birthDate, ssn });

export const toWizardTraining = ({ id, information: { name, number, actionNumber } }: Training): WizardTraining => ({ id, name, number, actionNumber });

export const toWizardSession = ({ id, training, information }: SessionListItem): WizardSession => ({
  id,
  training,
  startDate: information.startDate,
  endDate: information.endDate,
});

export const toRecordCreateBody = ({ trainee, session }: RecordCreateOutput): RecordCreateBodyInput => ({ traineeId: trainee.id, sessionId: session.id });
