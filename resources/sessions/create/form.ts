/**
 * The creation wizard's form (spec part 2 §2 "/sessions/create", §5): the training chosen among those in the caller's scope,
 * then the information; POST /api/sessions takes `{trainingId, information}`.
 */
import { z } from "zod";
import { MSG } from "../../common/messages";
import type { TrainingListItem } from "../../trainings/schema";
import { emptySessionInformation, sessionInformationSchema, type SessionCreateBodyInput, type SessionInformationInput } from "../schema";
import type { SessionTrainingData } from "../SessionDetail";

export interface SessionCreateValues {
  training: SessionTrainingData | null;
  information: SessionInformationInput;
}

export const sessionCreateSchema = z.object({
  // Null until one is chosen: the form's input allows it, the output (the POST) never holds it.
  training: z.custom<SessionTrainingData | null>().refine((value): value is SessionTrainingData => value !== null && typeof value === "object", {
    error: MSG.required,
  }),
  information: sessionInformationSchema,
});
export type SessionCreateOutput = z.output<typeof sessionCreateSchema>;

/** What the wizard keeps of a training (an item of GET /api/trainings, or GET /api/trainings/{id}): the fields the session's training shows. */
export function toSessionTraining({ id, information }: TrainingListItem): SessionTrainingData {
  const { name, number, marketNumber, actionNumber, healthcareSocial, fse, educationalOrganization, contractingOrganization } = information;
  return {
    id,
    information: { name, number, marketNumber, actionNumber, healthcareSocial, fse, educationalOrganization, contractingOrganization },
  };
}

/** The wizard's first values: the training given (from the trainings' row menu) or none yet. */
export const emptySessionCreate = (training: SessionTrainingData | null = null): SessionCreateValues => ({
  training,
  information: emptySessionInformation(),
});

export const toSessionCreateBody = ({ training, information }: SessionCreateOutput): SessionCreateBodyInput => ({ trainingId: training.id, information });
