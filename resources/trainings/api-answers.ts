/**
 * Trainings as the API answers them (resources/common/wire.ts): a training with its funders, and the Agora import result
 * (spec part 2 §3). The SPA's types are these schemas' outputs.
 */
import { z } from "zod";
import { addressAnswer } from "../common/address";
import { enumValues } from "../common/enum";
import { isoTimestamp } from "../common/wire";
import { organizationRefAnswer } from "../organizations/schema";
import {
  CPF_FUNDING_ORGANIZATIONS,
  FUNDING_SOURCES,
  FUNDING_TYPES,
  TEACHING_METHODS,
  TRAINING_DEVICES,
  TRAINING_OBJECTIVES,
  TRAINING_TYPES,
} from "./enums";

const amount = z.number().nullable();
const hours = z.number().int();

export const trainingFunderAnswer = z.strictObject({
  id: z.string(),
  siret: z.string().nullable(),
  vat: z.boolean(),
  fundingType: z.enum(enumValues(FUNDING_TYPES)),
  fundingSource: z.enum(enumValues(FUNDING_SOURCES)),
  estimatedAmountCoveredTaxFree: amount,
  estimatedAmountCoveredIncludingTaxes: amount,
  actualAmountCoveredTaxFree: amount,
  actualAmountCoveredIncludingTaxes: amount,
  estimatedAmountOfSubsidy: amount,
  actualAmountOfSubsidy: amount,
});
export type TrainingFunder = z.output<typeof trainingFunderAnswer>;

export const trainingInformationAnswer = z.strictObject({
  name: z.string(),
  number: z.string(),
  marketNumber: z.string().nullable(),
  actionNumber: z.string(),
  address: addressAnswer.nullable(),
  objective: z.enum(enumValues(TRAINING_OBJECTIVES)),
  device: z.enum(enumValues(TRAINING_DEVICES)),
  type: z.enum(enumValues(TRAINING_TYPES)),
  teachingMethods: z.enum(enumValues(TEACHING_METHODS)).nullable(),
  healthcareSocial: z.boolean(),
  skillsAssessment: z.boolean(),
  skillsValidation: z.boolean(),
  fse: z.boolean(),
  forecastedCenterHourDuration: hours,
  forecastedCompanyHourDuration: hours,
  actualCenterHourDuration: hours.nullable(),
  actualCompanyHourDuration: hours.nullable(),
  cpfCode: z.string().nullable(),
  fundingOrganizationForCPFHours: z.enum(enumValues(CPF_FUNDING_ORGANIZATIONS)).nullable(),
  coverageOfEducationalCostsForCPFHours: amount,
  educationalOrganization: organizationRefAnswer,
  contractingOrganization: organizationRefAnswer,
});

/**
 * An item of GET /api/trainings: the list's columns, and what the session wizard keeps of a training it searched
 * (toSessionTraining). The detail modal, the show and edit pages read GET /api/trainings/{id}: a list page carries neither the
 * funders nor the address and catalogue fields (a third of the bytes: 32 kB for 50 rows instead of 98 kB; no funders' statement).
 */
export const trainingListItemAnswer = z.strictObject({
  id: z.string(),
  sessionsCount: z.number().int(),
  information: trainingInformationAnswer.pick({
    name: true,
    number: true,
    marketNumber: true,
    actionNumber: true,
    healthcareSocial: true,
    fse: true,
    forecastedCenterHourDuration: true,
    forecastedCompanyHourDuration: true,
    actualCenterHourDuration: true,
    actualCompanyHourDuration: true,
    educationalOrganization: true,
    contractingOrganization: true,
  }),
});
export type TrainingListItem = z.output<typeof trainingListItemAnswer>;
export type TrainingListItemInput = z.input<typeof trainingListItemAnswer>;

/** GET /api/trainings/{id}, and the answer of POST and PATCH. */
export const trainingAnswer = z.strictObject({
  id: z.string(),
  sessionsCount: z.number().int(),
  fundersCount: z.number().int(),
  funders: z.array(trainingFunderAnswer),
  information: trainingInformationAnswer,
  createdDate: isoTimestamp,
  updatedDate: isoTimestamp,
});
export type Training = z.output<typeof trainingAnswer>;
/** A training as the server reads it (timestamps as Date), before its answer schema shapes it. */
export type TrainingRow = z.input<typeof trainingAnswer>;

export const importedOrganizationAnswer = z.strictObject({
  /** The product's organisation with this SIRET, when it exists. */
  id: z.string().optional(),
  name: z.string(),
  siret: z.string(),
  address: addressAnswer.nullable(),
});
export type ImportedOrganization = z.output<typeof importedOrganizationAnswer>;

/** GET /api/trainings/agora/{number}-{actionNumber} answer's data (spec §3 "Import result"). */
export const trainingImportAnswer = z.strictObject({
  /** The product's training with this number and action number, when it already exists. */
  id: z.string().optional(),
  information: z.strictObject({
    name: z.string(),
    number: z.string(),
    actionNumber: z.string(),
    address: addressAnswer.nullable(),
    educationalOrganization: importedOrganizationAnswer,
    contractingOrganization: importedOrganizationAnswer,
  }),
});
export type TrainingImportResult = z.output<typeof trainingImportAnswer>;
