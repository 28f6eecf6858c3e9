/** Trainings as the API answers them: a training with its funders, and the Agora import result (spec part 2 §3). */
import type { Address } from "../common/address";
import type { CpfFundingOrganization, TeachingMethod, TrainingDevice, TrainingObjective, TrainingType } from "./enums";
import type { OrganizationRef } from "./form-schemas";
import type { Funder } from "./funders";

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
