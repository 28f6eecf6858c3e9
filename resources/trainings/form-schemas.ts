/**
 * The training's information schemas and the whole-training schemas: the wizard/edit form values, the API body (POST and PATCH),
 * the conversions between them with the values forced on save (spec part 2 §5), and the import search form.
 */
import { z } from "zod";
import { addressSchema, emptyAddress } from "../common/address";
import { enumValues } from "../common/enum";
import { MSG } from "../common/messages";
import { optionalText } from "../common/strings";
import type { Training } from "./api-answers";
import { CPF_FUNDING_ORGANIZATIONS, isHealthcareSocialDevice, TEACHING_METHODS, TRAINING_DEVICES, TRAINING_OBJECTIVES, TRAINING_TYPES, type TrainingDevice } from "./enums";
import { amount, optionalEnum, optionalHours, requiredEnum, requiredHours, requiredText } from "./field-schemas";
import { defaultFunder, fundersSchema, keepApplicableAmounts } from "./funders";

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

/** The wizard and edit form values. */
export const trainingFormSchema = z.object({ information: trainingInformationFormSchema, funders: fundersSchema });
export type TrainingFormValues = z.input<typeof trainingFormSchema>;
export type TrainingFormOutput = z.output<typeof trainingFormSchema>;

/** POST and PATCH /api/trainings body. */
export const trainingBodySchema = z.object({ information: trainingInformationBodySchema, funders: fundersSchema });
export type TrainingBody = z.output<typeof trainingBodySchema>;
export type TrainingBodyInput = z.input<typeof trainingBodySchema>;

/* ---------- Forced values (spec §5 "On training save") ---------- */

export const FORCED_CPF_CODE = "999999999999";
export const FORCED_CPF_COVERAGE = 0;

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
