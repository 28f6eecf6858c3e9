/** Training and funder enumerations with their French labels (spec part 2 §3), and the select options built from them. */
import { enumOptions } from "../common/enum";

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
