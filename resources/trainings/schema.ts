/**
 * Trainings and their funders (spec part 2 §3, §5): enumerations with French labels, the information and funder schemas shared by
 * the wizard/edit forms and the API body, and the messages quoted verbatim from the spec. Pure TS: the server imports it.
 */
import { z } from "zod";
import { addressSchema, emptyAddress, type Address } from "../common/address";
import { enumOptions, enumValues } from "../common/enum";
import { MSG } from "../common/messages";
import { emptyToNull, optionalText } from "../common/strings";
import { CDC_ROLES, isRoleId, OF_ROLES } from "../permissions";

export const TRAINING_MSG = {
  hoursInteger: "La durée doit être représentée par un entier",
  hoursMin: "La durée ne doit pas être inférieure à 0",
  hoursMax: "La durée ne doit pas dépasser 99999 heures",
  siret: "Le SIRET doit être composé de 14 chiffres",
  tooManyFunders: "Une formation compte au plus 20 financeurs",
  importNotFound: "Aucune formation n'a été trouvée",
  importAlreadyExists: "Cette formation existe déjà dans l'application : elle ne peut pas être importée une seconde fois.",
  importError: "Une erreur est survenue lors de la recherche",
  organizationCreateError: "Une erreur est survenue lors de la création de l'organisme",
  prefilled: "Champs pré-rempli par l'import Agora",
  createError: "Une erreur est survenue lors de la création",
  saveError: "Une erreur est survenue lors de la sauvegarde",
  notFound: "La formation n'existe pas",
  showError: "Une erreur est survenue lors de la consultation de la formation",
  deleteConflict: "Attention ! Cette formation est utilisée dans une ou plusieurs sessions.",
  deleteError: "Une erreur est survenue lors de la suppression",
  duplicate: "Une formation avec ce numéro et ce numéro d'action existe déjà",
  duplicateFunder: "Ce financeur est déjà associé à cette formation",
  contractingLocked: "Vous ne pouvez pas modifier l'organisme contractant de cette formation.",
  educationalLocked: "Vous ne pouvez pas modifier l'organisme de formation de cette formation.",
  outOfScope: "La formation doit rester rattachée à l'un de vos organismes",
  unknownOrganization: "Cet organisme n'existe pas",
  agoraUnavailable: "Le système Agora ne répond pas, veuillez réessayer plus tard",
} as const;

/** Names used by the amount messages ('Le montant estimé HT ne doit pas être inférieur à 0'). */
export const AMOUNT_NAMES = {
  estimatedAmountCoveredTaxFree: "Le montant estimé HT",
  estimatedAmountCoveredIncludingTaxes: "Le montant estimé TTC",
  actualAmountCoveredTaxFree: "Le montant réel HT",
  actualAmountCoveredIncludingTaxes: "Le montant réel TTC",
  estimatedAmountOfSubsidy: "Le montant estimé de la subvention",
  actualAmountOfSubsidy: "Le montant réel de la subvention",
  coverageOfEducationalCostsForCPFHours: "Le montant de prise en charge des frais pédagogiques",
} as const;
export type AmountField = keyof typeof AMOUNT_NAMES;

export const amountMessages = (field: AmountField) => ({
  min: `${AMOUNT_NAMES[field]} ne doit pas être inférieur à 0`,
  decimals: `${AMOUNT_NAMES[field]} ne doit pas avoir plus de 2 décimales`,
  // The external system's amount format: 6 digits, 2 decimals (spec §8).
  max: `${AMOUNT_NAMES[field]} ne doit pas dépasser 999 999,99 €`,
  number: `${AMOUNT_NAMES[field]} doit être un nombre`,
});

/* ---------- Enumerations ---------- */

export const TRAINING_OBJECTIVES = {
  ProjectSupport: "Aide à l'élaboration de projet professionnel",
  BasicSkills: "Acquisition des savoirs de base",
  PreEmploymentSkills: "Compétences préalables à l'emploi",
  QualificationPreparation: "Préparation à la qualification",
  CertifiedTraining: "Formation certifiante",
  JobRetention: "Maintien dans l'emploi",
  ProfessionalDevelopment: "Perfectionnement professionnel",
  CareerChange: "Reconversion professionnelle",
  BusinessSupport: "Création ou reprise d'entreprise",
  Other: "Autre",
} as const;
export type TrainingObjective = keyof typeof TRAINING_OBJECTIVES;

/** The healthcare-and-social training subsidy: choosing it makes the training healthcare-social. */
export const HEALTHCARE_SOCIAL_DEVICE = "HEALTHCARE_SOCIAL_TRAINING_SUBSIDY";

export const TRAINING_DEVICES = {
  CPF: "Compte personnel de formation (CPF)",
  POEI: "Préparation opérationnelle à l'emploi individuelle (POEI)",
  POEC: "Préparation opérationnelle à l'emploi collective (POEC)",
  AFPR: "Action de formation préalable au recrutement (AFPR)",
  AIF: "Aide individuelle à la formation (AIF)",
  APPRENTICESHIP_CONTRACT: "Contrat d'apprentissage",
  PROFESSIONALIZATION_CONTRACT: "Contrat de professionnalisation",
  PRO_A: "Reconversion ou promotion par alternance (Pro-A)",
  SKILLS_DEVELOPMENT_PLAN: "Plan de développement des compétences",
  TRANSITION_PROJECT: "Projet de transition professionnelle",
  REGIONAL_TRAINING_PROGRAM: "Programme régional de formation",
  INDIVIDUAL_REGIONAL_AID: "Aide individuelle régionale à la formation",
  [HEALTHCARE_SOCIAL_DEVICE]: "Subvention des formations sanitaires et sociales",
  SELF_FINANCING: "Autofinancement",
  OTHER: "Autre",
} as const;
export type TrainingDevice = keyof typeof TRAINING_DEVICES;

export const TRAINING_TYPES = {
  PRE_QUALIFYING: "Préqualifiante",
  CERTIFYING: "Certifiante",
  INSERTION_ORIENTED: "Visant l'insertion professionnelle",
  PROFESSIONALIZATION: "Professionnalisante",
} as const;
export type TrainingType = keyof typeof TRAINING_TYPES;

export const TEACHING_METHODS = {
  FULLY_IN_PERSON_TRAINING: "Formation entièrement en présentiel",
  BLENDED_TRAINING: "Formation mixte (présentiel et distance)",
  FULLY_REMOTE_TRAINING: "Formation entièrement à distance",
} as const;
export type TeachingMethod = keyof typeof TEACHING_METHODS;

/** Funding organisations (fundingType). */
export const FUNDING_TYPES = {
  REGION: "Région",
  STATE: "État",
  FRANCE_TRAVAIL: "France Travail",
  OPCO: "Opérateur de compétences (OPCO)",
  AGEFIPH: "Agefiph",
  DEPARTMENT: "Département",
  MUNICIPALITY: "Commune ou intercommunalité",
  CAISSE_DES_DEPOTS: "Caisse des Dépôts (CPF)",
  TRANSITIONS_PRO: "Transitions Pro",
  EUROPEAN_UNION: "Union européenne",
  COMPANY: "Entreprise",
  TRAINEE: "Stagiaire (autofinancement)",
  OTHER: "Autre",
} as const;
export type FundingType = keyof typeof FUNDING_TYPES;

/** Funds (fundingSource). */
export const FUNDING_SOURCES = {
  REGIONAL_OWN_FUNDS: "Fonds propres régionaux",
  ESF: "Fonds social européen (FSE)",
  PIC: "Plan d'investissement dans les compétences (PIC)",
  PRIC: "Pacte régional d'investissement dans les compétences (PRIC)",
  STATE_FUNDS: "Crédits de l'État",
  UNEMPLOYMENT_INSURANCE: "Assurance chômage",
  CPF_FUNDS: "Fonds du compte personnel de formation",
  OPCO_MUTUALISED_FUNDS: "Fonds mutualisés des OPCO",
  AGEFIPH_FUNDS: "Fonds de l'Agefiph",
  DEPARTMENT_FUNDS: "Fonds départementaux",
  COMPANY_FUNDS: "Fonds de l'entreprise",
  PERSONAL_FUNDS: "Fonds personnels",
  OTHER: "Autres",
} as const;
export type FundingSource = keyof typeof FUNDING_SOURCES;

export const CPF_FUNDING_ORGANIZATIONS = {
  CAISSE_DES_DEPOTS: "Caisse des Dépôts",
  FRANCE_TRAVAIL: "France Travail",
  REGION: "Région",
  OPCO: "Opérateur de compétences (OPCO)",
  TRANSITIONS_PRO: "Transitions Pro",
  OTHER: "Autre",
} as const;
export type CpfFundingOrganization = keyof typeof CPF_FUNDING_ORGANIZATIONS;

export const trainingObjectiveOptions = enumOptions(TRAINING_OBJECTIVES);
export const trainingDeviceOptions = enumOptions(TRAINING_DEVICES);
export const trainingTypeOptions = enumOptions(TRAINING_TYPES);
export const teachingMethodOptions = enumOptions(TEACHING_METHODS);
export const fundingTypeOptions = enumOptions(FUNDING_TYPES);
export const fundingSourceOptions = enumOptions(FUNDING_SOURCES);
export const cpfFundingOrganizationOptions = enumOptions(CPF_FUNDING_ORGANIZATIONS);

export const isHealthcareSocialDevice = (device: string | null | undefined) => device === HEALTHCARE_SOCIAL_DEVICE;

/* ---------- Forced values (spec §5 "On training save") ---------- */

export const FORCED_CPF_CODE = "999999999999";
export const FORCED_CPF_COVERAGE = 0;

/* ---------- Field schemas ---------- */

const blankToNull = (value: unknown) => (value === undefined || value === "" ? null : emptyToNull(value));

/** A plain decimal, comma or point: Number() alone would also read "1e3", "0x10" or "Infinity". */
const PLAIN_DECIMAL = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/;

/** Form inputs hold text ("1 234,5"): blank → null, a plain decimal → number, anything else kept (then refused). */
export const toNumberOrNull = (value: unknown): unknown => {
  const blank = blankToNull(value);
  if (typeof blank !== "string") return blank;
  const compact = blank.replace(/\s/g, "");
  return PLAIN_DECIMAL.test(compact) ? Number(compact.replace(",", ".")) : blank;
};

const hours = (blankMessage: string) =>
  z
    .number({ error: (issue) => (issue.input === null || issue.input === undefined ? blankMessage : TRAINING_MSG.hoursInteger) })
    .int(TRAINING_MSG.hoursInteger)
    .min(0, TRAINING_MSG.hoursMin)
    .max(99_999, TRAINING_MSG.hoursMax);
const requiredHours = () => z.preprocess(toNumberOrNull, hours(MSG.required));
const optionalHours = () => z.preprocess(toNumberOrNull, hours(TRAINING_MSG.hoursInteger).nullable());

const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** An optional amount in euros: ≥ 0, at most 2 decimals, messages naming the amount. */
export const amount = (field: AmountField) => {
  const msg = amountMessages(field);
  return z.preprocess(
    toNumberOrNull,
    z
      .number({ error: msg.number })
      .min(0, msg.min)
      .max(999_999.99, msg.max)
      .refine(hasAtMostTwoDecimals, msg.decimals)
      .nullable(),
  );
};

// Preprocessed so that a form may hold null while nothing is chosen yet.
/** Required, trimmed, bounded: one message per failure ('Ce champ est obligatoire' when blank). */
const requiredText = (max: number) =>
  z.string({ error: MSG.required }).trim().min(1, MSG.required).max(max, MSG.maxLength(max));

const requiredEnum = <T extends string>(values: [T, ...T[]]) => z.preprocess(blankToNull, z.enum(values, { error: MSG.required }));
const optionalEnum = <T extends string>(values: [T, ...T[]]) => z.preprocess(blankToNull, z.enum(values, { error: MSG.required }).nullable());

const organizationRef = z.object(
  { id: z.string({ error: MSG.required }).min(1, MSG.required), name: z.string(), siret: z.string() },
  { error: MSG.required },
);
export type OrganizationRef = z.output<typeof organizationRef>;
/** An organisation chosen in a form (by search) or imported: sent as its id. Null while none is chosen. */
export const organizationRefSchema = z.preprocess((v) => v ?? null, organizationRef);

const informationFields = {
  name: requiredText(255),
  number: requiredText(50),
  marketNumber: optionalText(50),
  actionNumber: requiredText(50),
  address: addressSchema.nullable(),
  objective: requiredEnum(enumValues(TRAINING_OBJECTIVES)),
  device: requiredEnum(enumValues(TRAINING_DEVICES)),
  type: requiredEnum(enumValues(TRAINING_TYPES)),
  teachingMethods: optionalEnum(enumValues(TEACHING_METHODS)),
  skillsAssessment: z.boolean().default(false),
  skillsValidation: z.boolean().default(false),
  fse: z.boolean().default(false),
  forecastedCenterHourDuration: requiredHours(),
  forecastedCompanyHourDuration: requiredHours(),
  actualCenterHourDuration: optionalHours(),
  actualCompanyHourDuration: optionalHours(),
  cpfCode: optionalText(12),
  fundingOrganizationForCPFHours: optionalEnum(enumValues(CPF_FUNDING_ORGANIZATIONS)),
  coverageOfEducationalCostsForCPFHours: amount("coverageOfEducationalCostsForCPFHours"),
};

/** The 'Informations' step / tab: organisations are objects chosen by search. */
export const trainingInformationFormSchema = z.object({
  ...informationFields,
  healthcareSocial: z.boolean().default(false),
  educationalOrganization: organizationRefSchema,
  contractingOrganization: organizationRefSchema,
});

/** The API body's information: organisation ids instead of objects; healthcareSocial is derived from the device by the server. */
export const trainingInformationBodySchema = z.object({
  ...informationFields,
  healthcareSocial: z.boolean().optional(),
  educationalOrganizationId: z.string({ error: MSG.required }).min(1, MSG.required).max(64),
  contractingOrganizationId: z.string({ error: MSG.required }).min(1, MSG.required).max(64),
});

export const funderSchema = z.object({
  id: z.string().max(64).optional(),
  siret: z.preprocess(
    (v) => blankToNull(typeof v === "string" ? v.replace(/\s/g, "") : v),
    z.string().regex(/^\d{14}$/, TRAINING_MSG.siret).nullable(),
  ),
  vat: z.boolean().default(false),
  fundingType: requiredEnum(enumValues(FUNDING_TYPES)),
  fundingSource: requiredEnum(enumValues(FUNDING_SOURCES)),
  estimatedAmountCoveredTaxFree: amount("estimatedAmountCoveredTaxFree"),
  estimatedAmountCoveredIncludingTaxes: amount("estimatedAmountCoveredIncludingTaxes"),
  actualAmountCoveredTaxFree: amount("actualAmountCoveredTaxFree"),
  actualAmountCoveredIncludingTaxes: amount("actualAmountCoveredIncludingTaxes"),
  estimatedAmountOfSubsidy: amount("estimatedAmountOfSubsidy"),
  actualAmountOfSubsidy: amount("actualAmountOfSubsidy"),
});
export type FunderForm = z.input<typeof funderSchema>;
export type Funder = z.output<typeof funderSchema>;

const funders = z.array(funderSchema).max(20, TRAINING_MSG.tooManyFunders);

/** The wizard and edit form values. */
export const trainingFormSchema = z.object({ information: trainingInformationFormSchema, funders });
export type TrainingFormValues = z.input<typeof trainingFormSchema>;
export type TrainingFormOutput = z.output<typeof trainingFormSchema>;

/** POST and PATCH /api/trainings body. */
export const trainingBodySchema = z.object({ information: trainingInformationBodySchema, funders });
export type TrainingBody = z.output<typeof trainingBodySchema>;
export type TrainingBodyInput = z.input<typeof trainingBodySchema>;

/* ---------- Values derived on save ---------- */

const TAX_AMOUNTS = [
  "estimatedAmountCoveredTaxFree",
  "estimatedAmountCoveredIncludingTaxes",
  "actualAmountCoveredTaxFree",
  "actualAmountCoveredIncludingTaxes",
] as const;
const SUBSIDY_AMOUNTS = ["estimatedAmountOfSubsidy", "actualAmountOfSubsidy"] as const;

/** Which funder amounts apply: subsidies for a healthcare-social training, tax-free/including-tax amounts otherwise. */
export const funderAmountFields = (healthcareSocial: boolean) => (healthcareSocial ? SUBSIDY_AMOUNTS : TAX_AMOUNTS);

/** Clears the amounts that do not apply to the training's case, so that a device change leaves no stale amounts. */
export function keepApplicableAmounts<F extends Funder>(funder: F, healthcareSocial: boolean): F {
  const cleared = healthcareSocial ? TAX_AMOUNTS : SUBSIDY_AMOUNTS;
  return { ...funder, ...Object.fromEntries(cleared.map((k) => [k, null])) };
}

/** The information as stored: forced CPF values (spec §5) and healthcareSocial derived from the device. */
export function withForcedValues<I extends { device: TrainingDevice }>(information: I) {
  return {
    ...information,
    healthcareSocial: isHealthcareSocialDevice(information.device),
    cpfCode: FORCED_CPF_CODE,
    coverageOfEducationalCostsForCPFHours: FORCED_CPF_COVERAGE,
    fundingOrganizationForCPFHours: null,
  };
}

/** Form values (validated) → API body: organisation ids instead of objects, forced values, applicable amounts only. */
export function toTrainingBody(values: TrainingFormOutput): TrainingBody {
  const { educationalOrganization, contractingOrganization, ...information } = values.information;
  const forced = withForcedValues(information);
  return {
    information: {
      ...forced,
      educationalOrganizationId: educationalOrganization.id,
      contractingOrganizationId: contractingOrganization.id,
    },
    funders: values.funders.map((f) => keepApplicableAmounts(f, forced.healthcareSocial)),
  };
}

/** The first funder of a new training (spec §5): region funding type, regional own funds, VAT on. */
export const defaultFunder = (): FunderForm => ({
  siret: null,
  vat: true,
  fundingType: "REGION",
  fundingSource: "REGIONAL_OWN_FUNDS",
  estimatedAmountCoveredTaxFree: null,
  estimatedAmountCoveredIncludingTaxes: null,
  actualAmountCoveredTaxFree: null,
  actualAmountCoveredIncludingTaxes: null,
  estimatedAmountOfSubsidy: null,
  actualAmountOfSubsidy: null,
});

/** A funder added with the 'Ajouter un financeur' button: nothing chosen yet. */
export const emptyFunder = (): FunderForm => ({ ...defaultFunder(), vat: false, fundingType: null, fundingSource: null });

/** The wizard's starting values: nothing chosen, the first funder prefilled. */
export const emptyTraining = (): TrainingFormValues => ({
  information: {
    name: "",
    number: "",
    marketNumber: "",
    actionNumber: "",
    address: emptyAddress(),
    objective: null,
    device: null,
    type: null,
    teachingMethods: null,
    healthcareSocial: false,
    skillsAssessment: false,
    skillsValidation: false,
    fse: false,
    forecastedCenterHourDuration: "",
    forecastedCompanyHourDuration: "",
    actualCenterHourDuration: "",
    actualCompanyHourDuration: "",
    cpfCode: null,
    fundingOrganizationForCPFHours: null,
    coverageOfEducationalCostsForCPFHours: null,
    educationalOrganization: null,
    contractingOrganization: null,
  },
  funders: [defaultFunder()],
});

/* ---------- API answers ---------- */

export interface TrainingInformation {
  name: string;
  number: string;
  marketNumber: string | null;
  actionNumber: string;
  address: Address | null;
  objective: TrainingObjective;
  device: TrainingDevice;
  type: TrainingType;
  teachingMethods: TeachingMethod | null;
  healthcareSocial: boolean;
  skillsAssessment: boolean;
  skillsValidation: boolean;
  fse: boolean;
  forecastedCenterHourDuration: number;
  forecastedCompanyHourDuration: number;
  actualCenterHourDuration: number | null;
  actualCompanyHourDuration: number | null;
  cpfCode: string | null;
  fundingOrganizationForCPFHours: CpfFundingOrganization | null;
  coverageOfEducationalCostsForCPFHours: number | null;
  educationalOrganization: OrganizationRef;
  contractingOrganization: OrganizationRef;
}

export interface TrainingFunder extends Funder {
  id: string;
}

export interface Training {
  id: string;
  sessionsCount: number;
  fundersCount: number;
  funders: TrainingFunder[];
  information: TrainingInformation;
  createdDate: string;
  updatedDate: string;
}

export interface ImportedOrganization {
  /** The product's organisation with this SIRET, when it exists. */
  id?: string;
  name: string;
  siret: string;
  address: Address | null;
}

/**
 * The organisation a role may not change on an existing training (design.md "Roles and scope"): training-organisation roles own
 * the educational side, contracting-body roles the contracting side, admins both. The API enforces it; the edit form locks it.
 */
export function trainingSideLockedFor(role: string | undefined): "educationalOrganization" | "contractingOrganization" | undefined {
  if (!isRoleId(role)) return undefined;
  if (OF_ROLES.includes(role)) return "contractingOrganization";
  if (CDC_ROLES.includes(role)) return "educationalOrganization";
  return undefined;
}

/** GET /api/trainings/agora/{number}-{actionNumber} answer's data (spec §3 "Import result"). */
export interface TrainingImportResult {
  /** The product's training with this number and action number, when it already exists. */
  id?: string;
  information: {
    name: string;
    number: string;
    actionNumber: string;
    address: Address | null;
    educationalOrganization: ImportedOrganization;
    contractingOrganization: ImportedOrganization;
  };
}

/** The import search form (step 1). */
export const trainingImportSearchSchema = z.object({
  number: requiredText(50),
  actionNumber: requiredText(50),
});
export type TrainingImportSearch = z.input<typeof trainingImportSearchSchema>;

/** Form values for a training read from the API (edit page). */
export function trainingToFormValues(training: Training): TrainingFormValues {
  const { funders: list, information } = training;
  return {
    information: { ...information, address: information.address ?? emptyAddress() },
    funders: list.map((f) => ({ ...f })),
  };
}
