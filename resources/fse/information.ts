/**
 * The FSE survey's answers (spec part 2 §2 "Survey screen", §3 "Record FSE", §4 "Survey periods", §5 "Survey"): the `information`
 * of POST /api/recordFse (period inside) and of PATCH /api/recordFse/{recordFseId}, and the form 'Bilan de la formation'.
 *
 * Display rules, said once in `fseVisibility` for the form (what to show) and the schema (what to ask): the EU nationality only when
 * not French; employed → the employment detail (required); not employed → in training or internship, and looking for a job;
 * looking → 'Date de début'; registered with the agency → 'Si Oui, depuis quelle date ?'.
 *
 * A hidden field is **normalised**, not refused: the schema outputs it as null (or false for a yes/no), whatever the body held.
 * Why: a hidden answer is one the user no longer sees, so refusing it would block a save over something they cannot correct
 * (answer yes, pick a detail, answer no, save), while the stored survey must never keep a stale answer — the transform guarantees
 * that for every client, the SPA included. The records' entry form does the same (resources/records/information.ts).
 * A *contradiction* the user can see is refused instead: 'no aid' checked together with an allowance (which one is true?).
 */
import { z } from "zod";
import { enumValues } from "../common/enum";
import { MSG } from "../common/messages";
import { optionalDateOnly } from "../records/information";
import { requiredEnum, optionalEnum } from "../trainings/field-schemas";
import {
  FSE_ALLOWANCE_KEYS,
  FSE_CURRENT_SITUATIONS,
  FSE_EMPLOYED_DETAILS,
  FSE_LEVELS,
  FSE_PERIODS,
  FSE_YES_NO_ANSWERS,
  type FseAllowance,
  type FsePeriod,
} from "./enums";
import { FSE_MSG } from "./messages";

const yesNo = () => z.boolean({ error: MSG.required });
const optionalYesNo = () => z.boolean({ error: MSG.required }).nullable();

const allowanceFields = Object.fromEntries(FSE_ALLOWANCE_KEYS.map((key) => [key, yesNo()])) as Record<
  FseAllowance,
  ReturnType<typeof yesNo>
>;

/** Every answer, field by field, before the display rules (no period: PATCH cannot move a survey to another period). */
export const fseAnswerFields = z.object({
  frenchNationality: yesNo(),
  europeanNationality: optionalYesNo().optional(),
  currentSituation: requiredEnum(enumValues(FSE_CURRENT_SITUATIONS)),
  employed: yesNo(),
  employedDetail: optionalEnum(enumValues(FSE_EMPLOYED_DETAILS)).optional(),
  inProfessionalTraining: yesNo(),
  lookingForJob: yesNo(),
  unemployedDate: optionalDateOnly().optional(),
  registeredPoleEmploi: yesNo(),
  poleEmploiDate: optionalDateOnly().optional(),
  level: requiredEnum(enumValues(FSE_LEVELS)),
  handicap: yesNo(),
  ...allowanceFields,
  noAid: yesNo(),
  homeless: requiredEnum(enumValues(FSE_YES_NO_ANSWERS)),
  parentBornInEurope: requiredEnum(enumValues(FSE_YES_NO_ANSWERS)),
});
export type FseAnswersInput = z.input<typeof fseAnswerFields>;
type FseAnswerFields = z.output<typeof fseAnswerFields>;

/** The answers as stored and answered: every key present, hidden ones null or false. */
export type FseAnswers = { [K in keyof FseAnswerFields]-?: Exclude<FseAnswerFields[K], undefined> };

export interface FseVisibility {
  europeanNationality: boolean;
  employedDetail: boolean;
  /** 'in professional training or internship' and 'actively looking, available within 15 days'. */
  unemployedQuestions: boolean;
  unemployedDate: boolean;
  poleEmploiDate: boolean;
}

/** Which fields show (spec §2, §4), from the answers so far. */
export function fseVisibility(values: {
  frenchNationality?: unknown;
  employed?: unknown;
  lookingForJob?: unknown;
  registeredPoleEmploi?: unknown;
}): FseVisibility {
  const unemployedQuestions = values.employed === false;
  return {
    europeanNationality: values.frenchNationality === false,
    employedDetail: values.employed === true,
    unemployedQuestions,
    unemployedDate: unemployedQuestions && values.lookingForJob === true,
    poleEmploiDate: values.registeredPoleEmploi === true,
  };
}

function withoutHidden(values: FseAnswerFields): FseAnswers {
  const shown = fseVisibility(values);
  return {
    ...values,
    europeanNationality: shown.europeanNationality ? (values.europeanNationality ?? null) : null,
    employedDetail: shown.employedDetail ? (values.employedDetail ?? null) : null,
    inProfessionalTraining: shown.unemployedQuestions && values.inProfessionalTraining,
    lookingForJob: shown.unemployedQuestions && values.lookingForJob,
    unemployedDate: shown.unemployedDate ? (values.unemployedDate ?? null) : null,
    poleEmploiDate: shown.poleEmploiDate ? (values.poleEmploiDate ?? null) : null,
  };
}

const isObject = ({ value }: { value: unknown }) => typeof value === "object" && value !== null;

/**
 * The display rules on top of the fields. The refinements run even while other fields are invalid (`when`), so a first
 * 'Sauvegarder' flags every problem at once: their inputs may then be anything, hence the plain comparisons.
 */
const withRules = <S extends z.ZodType<FseAnswerFields>>(schema: S) =>
  schema
    .refine((info) => !(info.frenchNationality === false && typeof info.europeanNationality !== "boolean"), {
      path: ["europeanNationality"],
      message: MSG.required,
      when: isObject,
    })
    .refine((info) => !(info.employed === true && !info.employedDetail), {
      path: ["employedDetail"],
      message: MSG.required,
      when: isObject,
    })
    .refine((info) => !(info.noAid === true && FSE_ALLOWANCE_KEYS.some((key) => info[key] === true)), {
      path: ["noAid"],
      message: FSE_MSG.noAidWithAllowance,
      when: isObject,
    });

/** PATCH's answers: the rules applied, hidden fields normalised. */
export const fseAnswersSchema = withRules(fseAnswerFields).transform(withoutHidden);

/** POST's `information`: the period and the answers (spec §3: the period is part of the survey's entity). */
export const fseInformationFields = fseAnswerFields.extend({ period: requiredEnum(enumValues(FSE_PERIODS)) });
export type FseInformationInput = z.input<typeof fseInformationFields>;
export const fseInformationSchema = withRules(fseInformationFields).transform((info) => ({
  ...withoutHidden(info),
  period: info.period,
}));
export type FseInformation = z.output<typeof fseInformationSchema>;

/** The form's starting values for a new survey: every yes/no false (spec §5 "default false"), every choice empty. */
export function fseFormDefaults(period: FsePeriod): FseInformationInput {
  return {
    period,
    frenchNationality: false,
    europeanNationality: null,
    currentSituation: null,
    employed: false,
    employedDetail: null,
    inProfessionalTraining: false,
    lookingForJob: false,
    unemployedDate: null,
    registeredPoleEmploi: false,
    poleEmploiDate: null,
    level: null,
    handicap: false,
    ...(Object.fromEntries(FSE_ALLOWANCE_KEYS.map((key) => [key, false])) as Record<FseAllowance, boolean>),
    noAid: false,
    homeless: null,
    parentBornInEurope: null,
  };
}

/**
 * The aid boxes after one is (un)checked (spec §2, §4): checking 'no aid' clears the eight; checking an allowance clears 'no aid'.
 */
export function toggleAid<T extends Record<FseAllowance | "noAid", boolean>>(values: T, box: FseAllowance | "noAid", checked: boolean): T {
  if (!checked) return { ...values, [box]: false };
  if (box === "noAid") {
    return { ...values, ...Object.fromEntries(FSE_ALLOWANCE_KEYS.map((key) => [key, false])), noAid: true };
  }
  return { ...values, [box]: true, noAid: false };
}
