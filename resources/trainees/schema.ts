import { z } from "zod";
import { traineeAddressAnswer, traineeAddressSchema } from "../common/address";
import { requiredDateOnly, toDateOnly } from "../common/date-only";
import { RECORD_STATUSES } from "../common/record-statuses";
import { departmentValues } from "../common/departments";
import { enumOptions, enumValues } from "../common/enum";
import { MSG } from "../common/messages";
import { CIVIL_STATUS_NAME_MESSAGE, composed, isCivilStatusName } from "../common/person-name";
import { capitalizeWords, emptyToNull, optionalExact, requiredEmail, requiredText, toUpper } from "../common/strings";
import { GENDERS, type Gender } from "../common/gender";
import { isoDate, isoTimestamp } from "../common/wire";

export { DEPARTMENTS, departmentOptions, type Department } from "../common/departments";
export { GENDERS, type Gender } from "../common/gender";

/** Messages of the trainee screens and API (spec part 1 §5, §8), verbatim where the spec quotes them. */
export const TRAINEE_MSG = {
  emailTaken: "Ce mail est déjà utilisé pour un autre stagiaire.",
  ssnTaken: "Ce numéro de sécurité sociale est déjà utilisé pour un autre stagiaire.",
  createFailed: "Une erreur est survenue lors de la création.",
  saveFailed: "Une erreur est survenue lors de la sauvegarde.",
  notFound: "Le stagiaire n'existe pas",
  showFailed: "Une erreur est survenue lors de la consultation du stagiaire",
  searchFailed: "Une erreur est survenue lors de la recherche de stagiaires",
  personNotMatched: "La recherche du titulaire n'a pu aboutir. Le nom ne correspond pas au numéro de sécurité sociale saisi.",
  personExists: "Le stagiaire existe déjà dans le produit.",
  agoraUnavailable: "Le système externe ne répond pas, veuillez réessayer plus tard.",
  noDates: "Aucune date disponible",
  hasRecords: "Ce stagiaire a des dossiers de formation : il ne peut pas être supprimé.",
  birthDateInFuture: "La date de naissance ne peut pas être dans le futur",
  agoraNameNotLatin:
    "Le nom de cette personne dans AGORA n'est pas écrit en lettres de l'alphabet latin : elle ne peut pas être importée. Faites corriger son état civil dans AGORA.",
} as const;

export const SITUATIONS = {
  SINGLE: "Célibataire",
  MARRIED: "Marié(e)",
  DIVORCED: "Divorcé(e)",
  CIVIL_UNION: "Pacsé(e)",
  SEPARATED: "Séparé(e)",
  LIVING_WITH_PARTNER: "En concubinage",
  WIDOWED: "Veuf / veuve",
  NOT_DISCLOSED: "Ne souhaite pas répondre",
  NOT_SPECIFIED: "Non renseignée",
} as const;
export type Situation = keyof typeof SITUATIONS;
export const situationOptions = enumOptions(SITUATIONS);
export const genderOptions = enumOptions(GENDERS);

/** A name in the civil-status alphabet (resources/common/person-name.ts), stored composed. */
const civilStatusName = (text: ReturnType<typeof requiredText>) => text.transform(composed).refine(isCivilStatusName, CIVIL_STATUS_NAME_MESSAGE);

/** NIR as the import step asks for it: exactly 13 characters, with the spec's min and max messages. */
export const ssnSearchField = () =>
  z.string({ error: MSG.required }).trim().min(1, MSG.required).min(13, MSG.minLength(13)).max(13, MSG.maxLength(13));

/** Step 1 of the creation wizard and the query of GET /api/trainees/agora. */
export const agoraSearchSchema = z.object({
  ssn: ssnSearchField(),
  birthName: civilStatusName(requiredText(1, 50)).transform(toUpper),
});
export type AgoraSearchInput = z.input<typeof agoraSearchSchema>;
export type AgoraSearchValues = z.output<typeof agoraSearchSchema>;

const personName = (normalise: (v: string) => string) => civilStatusName(requiredText(2, 50)).transform(normalise);
const optionalEnum = <T extends string>(values: [T, ...T[]]) =>
  z.preprocess(emptyToNull, z.enum(values, { error: MSG.required }).nullable().default(null));

const birthDate = requiredDateOnly().refine((v) => v <= toDateOnly(new Date()), TRAINEE_MSG.birthDateInFuture);

const fields = {
  firstName: personName(capitalizeWords),
  /** The usage name; the birth name is separate. */
  lastName: personName(toUpper),
  birthName: personName(toUpper),
  // E-mails are compared and stored lower-cased.
  email: requiredEmail().transform((v) => v.toLowerCase()),
  phoneNumber: optionalExact(10),
  gender: z.enum(enumValues(GENDERS), { error: MSG.required }),
  birthDate,
  // Every optional part travels as null rather than missing, so that the stored address always has the same shape.
  address: traineeAddressSchema.transform((a) => ({
    address1: a.address1 ?? null,
    address2: a.address2 ?? null,
    address3: a.address3 ?? null,
    streetNumber: a.streetNumber ?? null,
    streetNumberExtension: a.streetNumberExtension ?? null,
    streetType: a.streetType ?? null,
    streetName: a.streetName,
    zipCode: a.zipCode,
    city: a.city,
  })),
  department: optionalEnum(departmentValues),
  situation: optionalEnum(enumValues(SITUATIONS)),
  bornInFrance: z.boolean().default(false),
};

/** Body of PATCH /api/trainees/{id} and the edit form's values (the NIR is not editable). */
export const traineeUpdateSchema = z.object(fields);

/** Body of POST /api/trainees and the creation wizard's values. */
export const traineeSchema = z.object({
  ...fields,
  ssn: z
    .string({ error: MSG.required })
    .trim()
    .min(1, MSG.required)
    .min(2, MSG.minLength(2))
    .max(13, MSG.maxLength(13))
    .transform(toUpper),
});

/** The edit form: the update fields plus the NIR, shown locked (the PATCH body leaves it out). */
export const traineeEditSchema = traineeUpdateSchema.extend({ ssn: z.string() });
export type TraineeEditValues = z.output<typeof traineeEditSchema>;

export type TraineeAddress = z.output<typeof traineeUpdateSchema>["address"];
export type TraineeInput = z.input<typeof traineeSchema>;
export type TraineeValues = z.output<typeof traineeSchema>;
export type TraineeUpdateValues = z.output<typeof traineeUpdateSchema>;

/** The creation wizard's step 2 fields, validated by its "Suivant". */
export const TRAINEE_INFO_FIELDS = Object.keys(fields).concat("ssn") as (keyof TraineeInput)[];

export const emptyTrainee = (): TraineeInput => ({
  firstName: "",
  lastName: "",
  birthName: "",
  email: "",
  phoneNumber: "",
  // The selects need a value type; an empty string fails the enum with "Ce champ est obligatoire".
  gender: "" as Gender,
  birthDate: "",
  address: {
    address1: null,
    address2: null,
    address3: null,
    streetNumber: null,
    streetNumberExtension: null,
    streetType: null,
    streetName: "",
    zipCode: "",
    city: "",
  },
  department: null,
  situation: null,
  bornInFrance: false,
  ssn: "",
});

/* ---------- Answers (resources/common/wire.ts): the SPA's types are their outputs ---------- */

/** A training record of the trainee, as the detail page shows it (the records issue fills it). */
export const traineeRecordAnswer = z.strictObject({
  id: z.string(),
  title: z.string(),
  status: z.enum(enumValues(RECORD_STATUSES)),
  plannedStartDate: isoDate.nullable(),
  realStartDate: isoDate.nullable(),
  plannedEndDate: isoDate.nullable(),
  realEndDate: isoDate.nullable(),
  startDateSession: isoDate.nullable(),
  endDateSession: isoDate.nullable(),
});
export type TraineeRecord = z.output<typeof traineeRecordAnswer>;

/** The items of GET /api/trainees. */
export const traineeListItemAnswer = z.strictObject({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  birthName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  gender: z.enum(enumValues(GENDERS)),
  ssn: z.string(),
  ssnVerified: z.boolean(),
  birthDate: isoDate,
  address: traineeAddressAnswer,
  department: z.enum(departmentValues).nullable(),
  situation: z.enum(enumValues(SITUATIONS)).nullable(),
  bornInFrance: z.boolean(),
  createdDate: isoTimestamp,
  updatedDate: isoTimestamp,
});
export type TraineeListItem = z.output<typeof traineeListItemAnswer>;

/** GET /api/trainees/{id}, and the answer of POST and PATCH: the item with the trainee's records. */
export const traineeAnswer = traineeListItemAnswer.extend({ records: z.array(traineeRecordAnswer) });
export type Trainee = z.output<typeof traineeAnswer>;

/** GET /api/trainees/agora: a person found in the external system; `id` is the product's trainee with this NIR, when there is one. */
export const agoraPersonAnswer = z.strictObject({
  /** A trainee of the product holds the NIR; `id` only when the caller may see that trainee. */
  exists: z.boolean(),
  id: z.string().optional(),
  firstName1: z.string(),
  lastName: z.string(),
  birthName: z.string(),
  birthDate: isoDate,
  ssn: z.string(),
});
export type AgoraPersonFound = z.output<typeof agoraPersonAnswer>;

type DateLike = string | null;

/**
 * The dates a record card shows (spec: real dates, else planned, else session dates, else 'Aucune date disponible').
 * Each pair is taken as a whole so that a real start never mixes with a planned end.
 */
export function recordDates(record: TraineeRecord): { start: DateLike; end: DateLike } | null {
  const pairs: [DateLike, DateLike][] = [
    [record.realStartDate, record.realEndDate],
    [record.plannedStartDate, record.plannedEndDate],
    [record.startDateSession, record.endDateSession],
  ];
  const pair = pairs.find(([start, end]) => start || end);
  return pair ? { start: pair[0], end: pair[1] } : null;
}

/** The usage name shows in the list only when it differs from the birth name. */
export const usageNameIfDifferent = (t: Pick<Trainee, "lastName" | "birthName">) =>
  t.lastName.trim().toUpperCase() === t.birthName.trim().toUpperCase() ? null : t.lastName;
