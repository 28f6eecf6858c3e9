/** Sessions as the API answers them (spec part 2 §3; resources/common/wire.ts): the SPA's types are these schemas' outputs. */
import { z } from "zod";
import { enumValues } from "../common/enum";
import { RECORD_STATUSES } from "../common/record-statuses";
import { isoDate, isoTimestamp } from "../common/wire";
import { todoReasonAnswer } from "../todo/reasons";
import { EDUCATIONAL_COSTS, PURCHASING_UNITS, RESULT_LEVELS, RESULT_TEXT_FIELDS, TITLED_MEDIA_LISTS, type TitledMediaList, type ResultTextField } from "./enums";

const organizationAnswer = z.strictObject({ id: z.string(), name: z.string(), siret: z.string() });

/** The session's training: what the lists, the detail and the edit heading show of it. */
export const sessionTrainingAnswer = z.strictObject({
  id: z.string(),
  information: z.strictObject({
    name: z.string(),
    number: z.string(),
    marketNumber: z.string().nullable(),
    actionNumber: z.string(),
    healthcareSocial: z.boolean(),
    fse: z.boolean(),
    educationalOrganization: organizationAnswer,
    contractingOrganization: organizationAnswer,
  }),
});

export const sessionInformationAnswer = z.strictObject({
  startDate: isoDate,
  endDate: isoDate,
  capacity: z.number().int().nullable(),
  totalPricePerPersonIncludingTaxes: z.number(),
  totalPricePerPersonTaxFree: z.number(),
  purchasingUnit: z.enum(enumValues(PURCHASING_UNITS)),
  actualOrCalculatedEducationalCost: z.enum(enumValues(EDUCATIONAL_COSTS)),
});

const resultTextAnswers = Object.fromEntries(Object.keys(RESULT_TEXT_FIELDS).map((field) => [field, z.string().nullable()])) as Record<
  ResultTextField,
  z.ZodNullable<z.ZodString>
>;

/** The bilan, and once validated who validated it (their name is kept should the employee be deleted) and when. */
export const sessionResultAnswer = z.strictObject({
  validatedAssessment: z.boolean(),
  validatedDate: isoTimestamp.nullable(),
  validatedBy: z.strictObject({ id: z.string().nullable(), name: z.string() }).nullable(),
  ...resultTextAnswers,
  level: z.enum(enumValues(RESULT_LEVELS)).nullable(),
});

const storedMediaAnswer = z.strictObject({ id: z.string(), name: z.string() });
const titledMediaAnswer = z.strictObject({ id: z.string(), title: z.string(), name: z.string() });
const titledListAnswers = Object.fromEntries(Object.keys(TITLED_MEDIA_LISTS).map((list) => [list, z.array(titledMediaAnswer)])) as Record<
  TitledMediaList,
  z.ZodArray<typeof titledMediaAnswer>
>;

/** The documents: attendance sheets keyed by month `YYYY-MM`. */
export const sessionMediasAnswer = z.strictObject({
  kairosCertificate: storedMediaAnswer.nullable(),
  ...titledListAnswers,
  attendanceSheets: z.record(z.string(), storedMediaAnswer),
});

/** A trainee of the session with their record (its id, to open it, and its status). */
export const sessionTraineeAnswer = z.strictObject({
  id: z.string(),
  recordId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: z.enum(enumValues(RECORD_STATUSES)),
});

/** An item of GET /api/sessions. */
export const sessionListItemAnswer = z.strictObject({
  id: z.string(),
  training: sessionTrainingAnswer,
  traineesCount: z.number().int(),
  information: sessionInformationAnswer,
  createdDate: isoTimestamp,
  updatedDate: isoTimestamp,
  /** « Motif »: only in an « À traiter » list (`todo=bilans-late|bilans-soon`). */
  reason: todoReasonAnswer.optional(),
});
export type SessionListItem = z.output<typeof sessionListItemAnswer>;
export type SessionListItemInput = z.input<typeof sessionListItemAnswer>;

/** GET /api/sessions/{sessionId}, and the answer of POST and PATCH. */
export const sessionAnswer = sessionListItemAnswer.extend({
  trainees: z.array(sessionTraineeAnswer),
  result: sessionResultAnswer,
  medias: sessionMediasAnswer,
});
export type Session = z.output<typeof sessionAnswer>;
export type SessionAnswerInput = z.input<typeof sessionAnswer>;
