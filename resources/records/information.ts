/**
 * A record's entry/exit information (spec part 2 §2 "Record entry form rules of display", §5 "Record entry"): the edit form and
 * the `information` of PATCH /api/records/{recordId}. Which fields show depends on the training (healthcare-social or not) and
 * on other answers; `recordInformationVisibility` says it once, for the form (what to show) and for the schema (what to ask,
 * and hidden fields stored as null).
 */
import { z } from "zod";
import { endNotBeforeStart, requiredDateOnly } from "../common/date-only";
import { enumValues } from "../common/enum";
import { MSG } from "../common/messages";
import { optionalExact } from "../common/strings";
import { blankToNull, optionalEnum, requiredEnum } from "../trainings/field-schemas";
import {
  CONTRACT_TYPES,
  EMPLOYEE_JOB_STATUS,
  EMPLOYER_CATEGORIES,
  EMPLOYMENT_OBLIGATIONS,
  EXIT_REASONS,
  JOB_STATUSES,
  PROFESSIONAL_CATEGORIES,
  PROFESSIONAL_SITUATIONS,
  STUDY_GRADES,
  STUDY_LEVELS,
  jobStatusesFor,
  type ProfessionalSituation,
} from "./enums";

/** A date-only field that may stay empty (blank → null). */
export const optionalDateOnly = () => z.preprocess(blankToNull, requiredDateOnly().nullable());

/** Every field of the form, before the display rules: what the API body accepts whatever the training. */
export const recordInformationFields = z.object({
  realStartDate: requiredDateOnly(),
  realEndDate: optionalDateOnly(),
  employmentObligation: requiredEnum(enumValues(EMPLOYMENT_OBLIGATIONS)),
  studyLevel: requiredEnum(enumValues(STUDY_LEVELS)),
  studyGrade: optionalEnum(enumValues(STUDY_GRADES)),
  professionalSituation: optionalEnum(enumValues(PROFESSIONAL_SITUATIONS)),
  jobStatus: requiredEnum(enumValues(JOB_STATUSES)),
  contractType: optionalEnum(enumValues(CONTRACT_TYPES)),
  professionalCategory: optionalEnum(enumValues(PROFESSIONAL_CATEGORIES)),
  employerCategory: optionalEnum(enumValues(EMPLOYER_CATEGORIES)),
  employerSiret: optionalExact(14),
  codeUrssaf: optionalExact(14),
  exitReason: optionalEnum(enumValues(EXIT_REASONS)),
});
export type RecordInformationInput = z.input<typeof recordInformationFields>;
type RecordInformationFields = z.output<typeof recordInformationFields>;

export interface RecordInformationVisibility {
  professionalSituation: boolean;
  studyGrade: boolean;
  /** Contract type, professional category and employer category. */
  employeeFields: boolean;
  employerSiret: boolean;
  codeUrssaf: boolean;
}

/** Which fields show (spec §2), from the training and the answers so far. */
export function recordInformationVisibility(
  values: { professionalSituation?: unknown; jobStatus?: unknown; employerCategory?: unknown },
  healthcareSocial: boolean,
): RecordInformationVisibility {
  const employeeFields = values.jobStatus === EMPLOYEE_JOB_STATUS;
  return {
    professionalSituation: healthcareSocial,
    studyGrade: !healthcareSocial || values.professionalSituation === "Looking",
    employeeFields,
    employerSiret: employeeFields && values.employerCategory === "O",
    codeUrssaf: employeeFields && values.employerCategory === "N",
  };
}

/** The information as stored: hidden fields are null, whatever the form still held for them. */
export type RecordInformation = { [K in keyof RecordInformationFields]-?: Exclude<RecordInformationFields[K], undefined> };

function withoutHidden(values: RecordInformationFields, healthcareSocial: boolean): RecordInformation {
  const shown = recordInformationVisibility(values, healthcareSocial);
  return {
    ...values,
    realEndDate: values.realEndDate ?? null,
    professionalSituation: shown.professionalSituation ? (values.professionalSituation ?? null) : null,
    studyGrade: shown.studyGrade ? (values.studyGrade ?? null) : null,
    contractType: shown.employeeFields ? (values.contractType ?? null) : null,
    professionalCategory: shown.employeeFields ? (values.professionalCategory ?? null) : null,
    employerCategory: shown.employeeFields ? (values.employerCategory ?? null) : null,
    employerSiret: shown.employerSiret ? (values.employerSiret ?? null) : null,
    codeUrssaf: shown.codeUrssaf ? (values.codeUrssaf ?? null) : null,
  };
}

/**
 * The information with the display rules of a training: the professional situation is required when shown (healthcare-social),
 * the job status must be one its situation offers, the real end date not before the start; hidden fields come out as null.
 */
export const recordInformationSchema = (healthcareSocial: boolean) =>
  recordInformationFields
    .refine((info) => info.realEndDate === null || info.realEndDate === undefined || info.realEndDate >= info.realStartDate, endNotBeforeStart("realStartDate", "realEndDate"))
    // Checked even while other fields are invalid, like a required field: a first "Sauvegarder" flags it with the others.
    .refine((info) => !healthcareSocial || Boolean(info.professionalSituation), {
      path: ["professionalSituation"],
      message: MSG.required,
      when: ({ value }) => typeof value === "object" && value !== null,
    })
    .superRefine((info, ctx) => {
      const situation: ProfessionalSituation | null = healthcareSocial ? (info.professionalSituation ?? null) : null;
      if (!jobStatusesFor(situation).includes(info.jobStatus)) {
        // The select no longer offers it (the situation changed): asked again.
        ctx.addIssue({ code: "custom", path: ["jobStatus"], message: MSG.required });
      }
    })
    .transform((info) => withoutHidden(info, healthcareSocial));

/** The form's starting values: the record's answers, the real dates defaulting to the session's (spec §2). */
export function recordInformationFormValues(
  record: { [K in keyof RecordInformationInput]?: RecordInformationInput[K] | null },
  session: { startDate: string; endDate: string },
): RecordInformationInput {
  return {
    realStartDate: record.realStartDate || session.startDate,
    realEndDate: record.realEndDate || session.endDate,
    employmentObligation: record.employmentObligation ?? null,
    studyLevel: record.studyLevel ?? null,
    studyGrade: record.studyGrade ?? null,
    professionalSituation: record.professionalSituation ?? null,
    jobStatus: record.jobStatus ?? null,
    contractType: record.contractType ?? null,
    professionalCategory: record.professionalCategory ?? null,
    employerCategory: record.employerCategory ?? null,
    employerSiret: record.employerSiret ?? null,
    codeUrssaf: record.codeUrssaf ?? null,
    exitReason: record.exitReason ?? null,
  };
}
