import { emptyAddress, type Address } from "../../../resources/common/address";
import {
  HEALTHCARE_SOCIAL_DEVICE,
  type FundingSource,
  type FundingType,
  type TeachingMethod,
  type TrainingDevice,
  type TrainingObjective,
  type TrainingType,
} from "../../../resources/trainings/schema";
import type { DemoOrganizationKey } from "./organizations";

/**
 * Demo trainings. The AGORA simulator derives its fixtures from this list (server/agora/simulator/trainings.ts), so every demo
 * training can be looked up by number and action number and answers as "already in the product".
 * 26 trainings, 8 healthcare-social. of-main (AFPA, resp-of/gest-of) is the educational organisation of 9; cdc-main (Région IDF,
 * resp-cdc/gest-cdc/gest-cdcss) the contracting organisation of 13, 4 of them healthcare-social.
 */

export const fullAddress = (address: Partial<Address>): Address => ({ ...emptyAddress(), ...address });

export interface DemoFunder {
  fundingType: FundingType;
  fundingSource: FundingSource;
  vat?: boolean;
  siret?: string;
  /** Estimated and actual amounts: tax-free ones for ordinary trainings (including-tax = +20 % when vat), subsidies for healthcare-social ones. */
  estimated: number;
  actual?: number;
}

export interface DemoTraining {
  number: string;
  actionNumber: string;
  marketNumber?: string;
  name: string;
  educational: DemoOrganizationKey;
  contracting: DemoOrganizationKey;
  objective: TrainingObjective;
  device: TrainingDevice;
  type: TrainingType;
  teachingMethods?: TeachingMethod;
  /** Forecast hours at the centre and in company; actual ones once the training has run. */
  hours: [center: number, company: number];
  actualHours?: [center: number, company: number];
  skillsAssessment?: boolean;
  skillsValidation?: boolean;
  fse?: boolean;
  address: Partial<Address>;
  funders: DemoFunder[];
}

const HS = HEALTHCARE_SOCIAL_DEVICE;
const PARIS_11 = { streetNumber: "12", streetType: "RUE", streetName: "de la Formation", zipCode: "75011", city: "Paris" } as const;
const MONTREUIL = { streetNumber: "45", streetType: "AV", streetName: "de la Résistance", zipCode: "93100", city: "Montreuil" } as const;
const LILLE = { streetNumber: "2", streetType: "AV", streetName: "Oscar Lambret", zipCode: "59000", city: "Lille" } as const;
const ROUEN = { streetNumber: "14", streetNumberExtension: "BIS", streetType: "CHE", streetName: "des Compagnons", zipCode: "76000", city: "Rouen" } as const;
const TOULOUSE = { streetNumber: "5", streetType: "ALL", streetName: "Jean Jaurès", zipCode: "31000", city: "Toulouse", address1: "3e étage" } as const;
const NANTES = { streetNumber: "8", streetType: "BD", streetName: "Gustave Roch", zipCode: "44200", city: "Nantes" } as const;
const LYON = { streetNumber: "41", streetType: "RUE", streetName: "Pasteur", zipCode: "69007", city: "Lyon", address2: "Bâtiment B" } as const;
const BORDEAUX = { streetNumber: "10", streetType: "PL", streetName: "de la Bourse", zipCode: "33000", city: "Bordeaux" } as const;
const PARIS_3 = { streetNumber: "292", streetType: "RUE", streetName: "Saint-Martin", zipCode: "75003", city: "Paris" } as const;

const REGION_IDF_SIRET = "23750007900312";
const AGEFIPH_SIRET_TYPO = "32451872600180";

export const DEMO_TRAININGS: readonly DemoTraining[] = [
  {
    number: "F2025001", actionNumber: "A01", marketNumber: "M2025-IDF-014", name: "Titre professionnel Développeur web et web mobile",
    educational: "of-main", contracting: "cdc-main", objective: "CertifiedTraining", device: "REGIONAL_TRAINING_PROGRAM", type: "CERTIFYING",
    teachingMethods: "BLENDED_TRAINING", hours: [665, 210], actualHours: [658, 210], fse: true, address: PARIS_11,
    funders: [
      { fundingType: "REGION", fundingSource: "REGIONAL_OWN_FUNDS", vat: true, siret: REGION_IDF_SIRET, estimated: 8400, actual: 8250.5 },
      { fundingType: "EUROPEAN_UNION", fundingSource: "ESF", estimated: 2100, actual: 2062.62 },
    ],
  },
  {
    number: "F2025002", actionNumber: "A01", marketNumber: "M2025-IDF-031", name: "Diplôme d'État d'aide-soignant",
    educational: "of-main", contracting: "cdc-main", objective: "QualificationPreparation", device: HS, type: "CERTIFYING",
    teachingMethods: "FULLY_IN_PERSON_TRAINING", hours: [770, 770], actualHours: [770, 735], fse: true, address: PARIS_11,
    funders: [{ fundingType: "REGION", fundingSource: "REGIONAL_OWN_FUNDS", vat: true, siret: REGION_IDF_SIRET, estimated: 6800, actual: 6800 }],
  },
  {
    number: "F2025002", actionNumber: "A02", marketNumber: "M2025-IDF-031", name: "Diplôme d'État d'aide-soignant – parcours partiel",
    educational: "of-main", contracting: "cdc-main", objective: "QualificationPreparation", device: HS, type: "CERTIFYING",
    teachingMethods: "FULLY_IN_PERSON_TRAINING", hours: [385, 420], fse: true, address: MONTREUIL,
    funders: [
      { fundingType: "REGION", fundingSource: "REGIONAL_OWN_FUNDS", vat: true, estimated: 3400 },
      { fundingType: "STATE", fundingSource: "PRIC", estimated: 1200 },
    ],
  },
  {
    number: "F2025003", actionNumber: "A01", name: "Remise à niveau en français et en mathématiques",
    educational: "of-main", contracting: "cdc-france-travail", objective: "BasicSkills", device: "AIF", type: "PRE_QUALIFYING",
    teachingMethods: "FULLY_IN_PERSON_TRAINING", hours: [280, 70], actualHours: [266, 70], address: MONTREUIL,
    funders: [{ fundingType: "FRANCE_TRAVAIL", fundingSource: "UNEMPLOYMENT_INSURANCE", vat: false, estimated: 2450, actual: 2327.5 }],
  },
  {
    number: "F2025004", actionNumber: "A01", marketNumber: "POEC-2025-77", name: "Préparation opérationnelle à l'emploi – agent logistique",
    educational: "of-main", contracting: "cdc-france-travail", objective: "PreEmploymentSkills", device: "POEC", type: "INSERTION_ORIENTED",
    hours: [399, 0], address: PARIS_11,
    funders: [
      { fundingType: "FRANCE_TRAVAIL", fundingSource: "UNEMPLOYMENT_INSURANCE", estimated: 3192 },
      { fundingType: "OPCO", fundingSource: "OPCO_MUTUALISED_FUNDS", vat: true, estimated: 800 },
    ],
  },
  {
    number: "F2025005", actionNumber: "A01", marketNumber: "M2025-IDF-044", name: "Diplôme d'État d'accompagnant éducatif et social",
    educational: "of-main", contracting: "cdc-main", objective: "QualificationPreparation", device: HS, type: "CERTIFYING",
    teachingMethods: "BLENDED_TRAINING", hours: [567, 840], actualHours: [560, 840], fse: true, address: MONTREUIL,
    funders: [
      { fundingType: "REGION", fundingSource: "REGIONAL_OWN_FUNDS", vat: true, siret: REGION_IDF_SIRET, estimated: 5950, actual: 5880 },
      { fundingType: "EUROPEAN_UNION", fundingSource: "ESF", estimated: 1500, actual: 1500 },
      { fundingType: "DEPARTMENT", fundingSource: "DEPARTMENT_FUNDS", estimated: 600 },
    ],
  },
  {
    number: "F2025006", actionNumber: "A01", marketNumber: "M2025-IDF-052", name: "Titre professionnel Comptable assistant",
    educational: "of-main", contracting: "cdc-main", objective: "CertifiedTraining", device: "REGIONAL_TRAINING_PROGRAM", type: "CERTIFYING",
    teachingMethods: "FULLY_IN_PERSON_TRAINING", hours: [595, 140], skillsValidation: true, address: PARIS_11,
    funders: [{ fundingType: "REGION", fundingSource: "PIC", vat: true, siret: REGION_IDF_SIRET, estimated: 7140 }],
  },
  {
    number: "F2025007", actionNumber: "A01", name: "Créer ou reprendre une entreprise",
    educational: "of-main", contracting: "cdc-region-ara", objective: "BusinessSupport", device: "INDIVIDUAL_REGIONAL_AID", type: "PROFESSIONALIZATION",
    teachingMethods: "FULLY_REMOTE_TRAINING", hours: [140, 0], actualHours: [140, 0], address: LYON,
    funders: [{ fundingType: "REGION", fundingSource: "REGIONAL_OWN_FUNDS", vat: true, estimated: 1680, actual: 1680 }],
  },
  {
    number: "F2025008", actionNumber: "A01", name: "Préparation à l'entrée en institut de formation en soins infirmiers",
    educational: "of-ifsi-lille", contracting: "cdc-region-hdf", objective: "ProjectSupport", device: HS, type: "PRE_QUALIFYING",
    teachingMethods: "BLENDED_TRAINING", hours: [210, 35], skillsAssessment: true, address: LILLE,
    funders: [{ fundingType: "REGION", fundingSource: "REGIONAL_OWN_FUNDS", vat: true, estimated: 1850 }],
  },
  {
    number: "F2025009", actionNumber: "A01", marketNumber: "M2025-IDF-060", name: "Diplôme d'État d'auxiliaire de puériculture",
    educational: "of-ifsi-lille", contracting: "cdc-main", objective: "QualificationPreparation", device: HS, type: "CERTIFYING",
    teachingMethods: "FULLY_IN_PERSON_TRAINING", hours: [770, 770], actualHours: [763, 770], fse: true, address: LILLE,
    funders: [
      { fundingType: "REGION", fundingSource: "REGIONAL_OWN_FUNDS", vat: true, siret: REGION_IDF_SIRET, estimated: 7200, actual: 7150.75 },
      { fundingType: "OPCO", fundingSource: "OPCO_MUTUALISED_FUNDS", estimated: 900 },
    ],
  },
  {
    number: "F2025010", actionNumber: "A01", name: "Diplôme d'État d'ambulancier",
    educational: "of-ifsi-lille", contracting: "cdc-region-hdf", objective: "QualificationPreparation", device: HS, type: "CERTIFYING",
    teachingMethods: "FULLY_IN_PERSON_TRAINING", hours: [556, 245], address: LILLE,
    funders: [{ fundingType: "REGION", fundingSource: "REGIONAL_OWN_FUNDS", vat: true, estimated: 4900 }],
  },
  {
    number: "F2025011", actionNumber: "A01", marketNumber: "M2025-IDF-071", name: "Titre professionnel Maçon",
    educational: "of-batiment-rouen", contracting: "cdc-main", objective: "CertifiedTraining", device: "PROFESSIONALIZATION_CONTRACT", type: "PROFESSIONALIZATION",
    teachingMethods: "FULLY_IN_PERSON_TRAINING", hours: [630, 1050], actualHours: [630, 1022], address: ROUEN,
    funders: [
      { fundingType: "OPCO", fundingSource: "OPCO_MUTUALISED_FUNDS", vat: true, estimated: 9450, actual: 9450 },
      { fundingType: "COMPANY", fundingSource: "COMPANY_FUNDS", vat: true, estimated: 1200, actual: 1180 },
    ],
  },
  {
    number: "F2025012", actionNumber: "A01", name: "Électricien d'équipement du bâtiment",
    educational: "of-batiment-rouen", contracting: "cdc-france-travail", objective: "PreEmploymentSkills", device: "AFPR", type: "PROFESSIONALIZATION",
    hours: [400, 0], address: ROUEN,
    funders: [{ fundingType: "FRANCE_TRAVAIL", fundingSource: "UNEMPLOYMENT_INSURANCE", estimated: 3200 }],
  },
  {
    number: "F2025013", actionNumber: "A01", name: "Titre professionnel Concepteur développeur d'applications",
    educational: "of-numerique-toulouse", contracting: "cdc-france-travail", objective: "CareerChange", device: "CPF", type: "CERTIFYING",
    teachingMethods: "FULLY_REMOTE_TRAINING", hours: [840, 280], actualHours: [820, 280], address: TOULOUSE,
    funders: [
      { fundingType: "CAISSE_DES_DEPOTS", fundingSource: "CPF_FUNDS", estimated: 6500, actual: 6500 },
      { fundingType: "TRAINEE", fundingSource: "PERSONAL_FUNDS", estimated: 1490, actual: 1490 },
    ],
  },
  {
    number: "F2025014", actionNumber: "A01", marketNumber: "M2025-IDF-083", name: "Technicien d'assistance informatique",
    educational: "of-numerique-toulouse", contracting: "cdc-main", objective: "PreEmploymentSkills", device: "POEI", type: "INSERTION_ORIENTED",
    teachingMethods: "BLENDED_TRAINING", hours: [400, 70], address: TOULOUSE,
    funders: [{ fundingType: "FRANCE_TRAVAIL", fundingSource: "UNEMPLOYMENT_INSURANCE", estimated: 3760 }],
  },
  {
    number: "F2025015", actionNumber: "A01", marketNumber: "M2025-IDF-090", name: "CAP Cuisine en apprentissage",
    educational: "of-cfa-nantes", contracting: "cdc-main", objective: "QualificationPreparation", device: "APPRENTICESHIP_CONTRACT", type: "CERTIFYING",
    teachingMethods: "FULLY_IN_PERSON_TRAINING", hours: [800, 2400], actualHours: [792, 2380], address: NANTES,
    funders: [{ fundingType: "OPCO", fundingSource: "OPCO_MUTUALISED_FUNDS", vat: true, estimated: 12000, actual: 11880 }],
  },
  {
    number: "F2025016", actionNumber: "A01", name: "Brevet technique des métiers Pâtissier",
    educational: "of-cfa-nantes", contracting: "cdc-region-ara", objective: "ProfessionalDevelopment", device: "PROFESSIONALIZATION_CONTRACT", type: "PROFESSIONALIZATION",
    teachingMethods: "FULLY_IN_PERSON_TRAINING", hours: [600, 1200], address: NANTES,
    funders: [
      { fundingType: "OPCO", fundingSource: "OPCO_MUTUALISED_FUNDS", vat: true, estimated: 8100 },
      { fundingType: "REGION", fundingSource: "REGIONAL_OWN_FUNDS", vat: true, estimated: 1500 },
    ],
  },
  {
    number: "F2025017", actionNumber: "A01", name: "Diplôme d'État de moniteur éducateur",
    educational: "of-greta-lyon", contracting: "cdc-region-ara", objective: "QualificationPreparation", device: HS, type: "CERTIFYING",
    teachingMethods: "BLENDED_TRAINING", hours: [950, 980], fse: true, address: LYON,
    funders: [
      { fundingType: "REGION", fundingSource: "REGIONAL_OWN_FUNDS", vat: true, estimated: 8900 },
      { fundingType: "EUROPEAN_UNION", fundingSource: "ESF", estimated: 2200 },
    ],
  },
  {
    number: "F2025018", actionNumber: "A01", name: "Titre professionnel Assistant de vie aux familles",
    educational: "of-greta-lyon", contracting: "cdc-opco-sante", objective: "CertifiedTraining", device: HS, type: "CERTIFYING",
    teachingMethods: "FULLY_IN_PERSON_TRAINING", hours: [525, 210], actualHours: [525, 196], address: LYON,
    funders: [{ fundingType: "OPCO", fundingSource: "OPCO_MUTUALISED_FUNDS", vat: true, estimated: 4300, actual: 4300 }],
  },
  {
    number: "F2025019", actionNumber: "A01", name: "Anglais professionnel – niveau B2",
    educational: "of-cci-bordeaux", contracting: "cdc-departement-gironde", objective: "ProfessionalDevelopment", device: "SKILLS_DEVELOPMENT_PLAN", type: "PROFESSIONALIZATION",
    teachingMethods: "FULLY_REMOTE_TRAINING", hours: [60, 0], actualHours: [58, 0], address: BORDEAUX,
    funders: [{ fundingType: "DEPARTMENT", fundingSource: "DEPARTMENT_FUNDS", vat: true, estimated: 1440, actual: 1392 }],
  },
  {
    number: "F2025020", actionNumber: "A01", marketNumber: "M2025-IDF-102", name: "Négociateur technico-commercial",
    educational: "of-cci-bordeaux", contracting: "cdc-main", objective: "CareerChange", device: "PRO_A", type: "CERTIFYING",
    teachingMethods: "BLENDED_TRAINING", hours: [560, 420], address: BORDEAUX,
    funders: [
      { fundingType: "OPCO", fundingSource: "OPCO_MUTUALISED_FUNDS", vat: true, estimated: 6720 },
      { fundingType: "COMPANY", fundingSource: "COMPANY_FUNDS", vat: true, estimated: 900 },
      { fundingType: "REGION", fundingSource: "PRIC", vat: true, estimated: 500 },
    ],
  },
  {
    number: "F2025021", actionNumber: "A01", marketNumber: "M2025-IDF-115", name: "Manager une équipe de proximité",
    educational: "of-cnam", contracting: "cdc-main", objective: "ProfessionalDevelopment", device: "TRANSITION_PROJECT", type: "PROFESSIONALIZATION",
    teachingMethods: "BLENDED_TRAINING", hours: [180, 0], actualHours: [180, 0], skillsAssessment: true, address: PARIS_3,
    funders: [{ fundingType: "TRANSITIONS_PRO", fundingSource: "CPF_FUNDS", vat: true, estimated: 3960, actual: 3960 }],
  },
  {
    number: "F2025022", actionNumber: "A01", name: "Gestion des ressources humaines",
    educational: "of-cnam", contracting: "cdc-agefiph", objective: "JobRetention", device: "OTHER", type: "CERTIFYING",
    teachingMethods: "FULLY_REMOTE_TRAINING", hours: [300, 0], skillsValidation: true, address: PARIS_3,
    funders: [
      // AGEFIPH's SIRET (32451872600108) with its last two digits swapped: a wrong key the data-quality gate refuses (issue 15).
      { fundingType: "AGEFIPH", fundingSource: "AGEFIPH_FUNDS", siret: AGEFIPH_SIRET_TYPO, estimated: 3600 },
      { fundingType: "TRAINEE", fundingSource: "PERSONAL_FUNDS", estimated: 450 },
    ],
  },
  {
    number: "F2025023", actionNumber: "A01", name: "Sauveteur secouriste du travail",
    educational: "of-main", contracting: "cdc-agefiph", objective: "JobRetention", device: "SELF_FINANCING", type: "PROFESSIONALIZATION",
    teachingMethods: "FULLY_IN_PERSON_TRAINING", hours: [14, 0], actualHours: [14, 0], address: PARIS_11,
    funders: [{ fundingType: "COMPANY", fundingSource: "COMPANY_FUNDS", vat: true, estimated: 320, actual: 320 }],
  },
  {
    number: "F2025024", actionNumber: "A01", marketNumber: "M2025-IDF-128", name: "Titre professionnel Conseiller en insertion professionnelle",
    educational: "of-cnam", contracting: "cdc-main", objective: "CareerChange", device: "CPF", type: "CERTIFYING",
    teachingMethods: "BLENDED_TRAINING", hours: [700, 280], address: PARIS_3,
    funders: [
      { fundingType: "CAISSE_DES_DEPOTS", fundingSource: "CPF_FUNDS", estimated: 5200 },
      { fundingType: "REGION", fundingSource: "REGIONAL_OWN_FUNDS", vat: true, siret: REGION_IDF_SIRET, estimated: 2300 },
    ],
  },
  {
    number: "F2025025", actionNumber: "A01", marketNumber: "M2025-IDF-133", name: "Découverte des métiers du soin et de l'accompagnement",
    educational: "of-greta-lyon", contracting: "cdc-main", objective: "ProjectSupport", device: "INDIVIDUAL_REGIONAL_AID", type: "PRE_QUALIFYING",
    teachingMethods: "FULLY_IN_PERSON_TRAINING", hours: [210, 105], actualHours: [203, 105], skillsAssessment: true, address: LYON,
    funders: [{ fundingType: "REGION", fundingSource: "REGIONAL_OWN_FUNDS", vat: true, siret: REGION_IDF_SIRET, estimated: 2150, actual: 2087.4 }],
  },
];
