/** Records as the API answers them (spec part 2 §3; resources/common/wire.ts): the SPA's types are these schemas' outputs. */
import { z } from "zod";
import { enumValues } from "../common/enum";
import { isoDate, isoTimestamp } from "../common/wire";
import { todoReasonAnswer } from "../todo/reasons";
import { agoraErrorDetails } from "./agora-errors";
import { recordExchangeAnswer } from "./exchanges";
import {
  CONTRACT_TYPES,
  EMPLOYER_CATEGORIES,
  EMPLOYMENT_OBLIGATIONS,
  EXIT_REASONS,
  JOB_STATUSES,
  PROFESSIONAL_CATEGORIES,
  PROFESSIONAL_SITUATIONS,
  RECORD_EVENT_KINDS,
  RECORD_STATUSES,
  REJECTION_REASONS,
  STUDY_GRADES,
  STUDY_LEVELS,
} from "./enums";

const status = z.enum(enumValues(RECORD_STATUSES));
const nullableEnum = <T extends string>(labels: Readonly<Record<T, string>>) => z.enum(enumValues(labels)).nullable();

/** The record's trainee as the list shows it (no NIR: no column shows it; the search finds it in the database). */
const recordListTraineeAnswer = z.strictObject({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  birthDate: isoDate,
});

/** The record's trainee in its detail: the NIR too (design.md "API contract": lists answer no NIR). */
export const recordTraineeAnswer = recordListTraineeAnswer.extend({ ssn: z.string() });

/** The record's session and training: what the list, the detail, the FSE header and the 'Erreurs Agora' links need. */
export const recordSessionAnswer = z.strictObject({
  id: z.string(),
  startDate: isoDate,
  endDate: isoDate,
  training: z.strictObject({
    id: z.string(),
    name: z.string(),
    number: z.string(),
    fse: z.boolean(),
    healthcareSocial: z.boolean(),
    educationalOrganization: z.strictObject({ id: z.string(), name: z.string(), siret: z.string() }),
  }),
});

/** An item of GET /api/records: the list's columns. */
export const recordListItemAnswer = z.strictObject({
  id: z.string(),
  agoraId: z.string(),
  status,
  trainee: recordListTraineeAnswer,
  session: recordSessionAnswer,
  fsesCount: z.number().int(),
  lastExchangeFailed: z.boolean(),
  /**
   * Closed (TERMINATED_* or REJECTED) for more than CLOSED_RECORD_MONTHS: AGORA refuses any operation on it (code 1047), so no
   * 'Mise à jour Agora' is offered. The server's rule and setting, told rather than repeated by the SPA.
   */
  pastClosingLimit: z.boolean(),
  createdDate: isoTimestamp,
  updatedDate: isoTimestamp,
  /** « Motif »: only in an « À traiter » list (`todo=…`) or the blocking records' (`filterAnomalies=true`). */
  reason: todoReasonAnswer.optional(),
});
export type RecordListItem = z.output<typeof recordListItemAnswer>;
export type RecordListItemInput = z.input<typeof recordListItemAnswer>;

/** What AGORA answered to one exchange, as kept in the history. */
export const recordEventAnswer = z.union([
  z.strictObject({ accepted: z.strictObject({ agoraId: z.string(), status }) }),
  z.strictObject({ refused: agoraErrorDetails }),
]);

/** One entry of the record's history: who (their name is kept should the employee be deleted), when, what, and AGORA's answer. */
export const recordEventItemAnswer = z.strictObject({
  id: z.string(),
  at: isoTimestamp,
  employee: z.strictObject({ id: z.string().nullable(), name: z.string() }),
  kind: z.enum(enumValues(RECORD_EVENT_KINDS)),
  fromStatus: status.nullable(),
  toStatus: status.nullable(),
  success: z.boolean(),
  answer: recordEventAnswer.nullable(),
  /** The reason an operator gave (an exchange abandoned in supervision); absent otherwise. */
  note: z.string().optional(),
});
export type RecordEvent = z.output<typeof recordEventItemAnswer>;

/** Why the record is a "dossier bloquant" (design.md "Record lifecycle"), in the order the page lists them; empty when it is not. */
export const recordBlockingReasonAnswer = z.strictObject({
  code: z.enum(["lastExchangeFailed", "qualityBlocking", "notStarted", "notEnded"]),
  message: z.string(),
});
export type RecordBlockingReason = z.output<typeof recordBlockingReasonAnswer>;

/** GET /api/records/{recordId}, and the answer of POST, PATCH, PATCH …/status and …/reengineering. */
export const recordAnswer = recordListItemAnswer.extend({
  trainee: recordTraineeAnswer,
  version: z.number().int(),
  plannedStartDate: isoDate,
  plannedEndDate: isoDate,
  realStartDate: isoDate.nullable(),
  realEndDate: isoDate.nullable(),
  startDateSession: isoDate,
  endDateSession: isoDate,
  employmentObligation: nullableEnum(EMPLOYMENT_OBLIGATIONS),
  studyLevel: nullableEnum(STUDY_LEVELS),
  studyGrade: nullableEnum(STUDY_GRADES),
  professionalSituation: nullableEnum(PROFESSIONAL_SITUATIONS),
  jobStatus: nullableEnum(JOB_STATUSES),
  contractType: nullableEnum(CONTRACT_TYPES),
  professionalCategory: nullableEnum(PROFESSIONAL_CATEGORIES),
  employerCategory: nullableEnum(EMPLOYER_CATEGORIES),
  employerSiret: z.string().nullable(),
  codeUrssaf: z.string().nullable(),
  exitReason: nullableEnum(EXIT_REASONS),
  rejectionReason: nullableEnum(REJECTION_REASONS),
  rejectionDate: isoTimestamp.nullable(),
  closedDate: isoTimestamp.nullable(),
  internshipStartDate: isoDate.nullable(),
  internshipEndDate: isoDate.nullable(),
  internshipCompanyName: z.string().nullable(),
  internshipTutorAssessment: z.string().nullable(),
  internshipTrainingResult: z.string().nullable(),
  internshipProspects: z.string().nullable(),
  blockingReasons: z.array(recordBlockingReasonAnswer),
  events: z.array(recordEventItemAnswer),
  /** Its exchanges with AGORA, newest first (the last 50): an unsettled one is « Envoi à AGORA en cours ». */
  exchanges: z.array(recordExchangeAnswer),
});
export type TrainingRecord = z.output<typeof recordAnswer>;
export type RecordAnswerInput = z.input<typeof recordAnswer>;
