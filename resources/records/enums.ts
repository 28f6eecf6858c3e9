/**
 * Record enumerations with their French labels (spec part 2 §3, §2 "Record entry form rules of display"). Where the spec lists
 * only examples ("full list not shown", "and others"), the lists are completed with plausible values (README "Décisions").
 */
import { enumOptions } from "../common/enum";

export { RECORD_STATUSES, recordStatusLabel, type RecordStatus } from "../common/record-statuses";

export const REJECTION_REASONS = {
  NonEligibleTraining: "Formation non éligible",
  TrainingProjectNotValidated: "Projet de formation non validé",
  RefusalOfRemainingCost: "Refus du reste à charge",
  FundingNotGranted: "Financement non accordé",
  RequestOutsideCPF: "Demande hors CPF",
  IncompleteFile: "Dossier incomplet",
  TrainingCancelledByProvider: "Formation annulée par l'organisme",
  RequestOutsideDeadline: "Demande hors délai",
  Other: "Autre",
  DuplicateFile: "Dossier en doublon",
  DataEntryError: "Erreur de saisie",
  BeneficiaryError: "Erreur sur le bénéficiaire",
  TrainingNotAttended: "Formation non suivie",
  NoResponseFromHolder: "Absence de réponse du titulaire",
  NoResponseFromProvider: "Absence de réponse de l'organisme",
  // The spec's "cancellation-before-validation and cancellation-after-validation variants", completed.
  CancellationBeforeValidationByHolder: "Annulation avant validation par le titulaire",
  CancellationBeforeValidationByProvider: "Annulation avant validation par l'organisme",
  CancellationBeforeValidationByFunder: "Annulation avant validation par le financeur",
  CancellationBeforeValidationForHealthReasons: "Annulation avant validation pour raison de santé",
  CancellationBeforeValidationForForceMajeure: "Annulation avant validation pour cas de force majeure",
  CancellationAfterValidationByHolder: "Annulation après validation par le titulaire",
  CancellationAfterValidationByProvider: "Annulation après validation par l'organisme",
  CancellationAfterValidationByFunder: "Annulation après validation par le financeur",
  CancellationAfterValidationForHealthReasons: "Annulation après validation pour raison de santé",
  CancellationAfterValidationForForceMajeure: "Annulation après validation pour cas de force majeure",
} as const;
export type RejectionReason = keyof typeof REJECTION_REASONS;
export const rejectionReasonOptions = enumOptions(REJECTION_REASONS);

export const EXIT_REASONS = {
  ExclusionOfHolder: "Exclusion du titulaire",
  Other: "Autre",
  PlannedEndOfTrainingAction: "Fin prévue de l'action de formation",
  EntryIntoAnotherTraining: "Entrée dans une autre formation",
  HolderAbandonment: "Abandon du titulaire",
  Death: "Décès",
  UnknownReason: "Motif inconnu",
  ReturnToEmploymentBeforeEndOfTraining: "Reprise d'emploi avant la fin de la formation",
  ChangeOfTrainingProviderDuringTraining: "Changement d'organisme de formation en cours de formation",
  // The spec's "and others (not shown)", completed.
  HealthReasons: "Raisons de santé",
  MovingHouse: "Déménagement",
  FamilyReasons: "Raisons familiales",
  FinancialDifficulties: "Difficultés financières",
  TrainingCancelledByProvider: "Formation annulée par l'organisme",
} as const;
export type ExitReason = keyof typeof EXIT_REASONS;
export const exitReasonOptions = enumOptions(EXIT_REASONS);

/** Beneficiary of the employment obligation for disabled workers (spec: YES, NO, UNKNOWN, PENDING_RECOGNITION). */
export const EMPLOYMENT_OBLIGATIONS = {
  YES: "Oui",
  NO: "Non",
  UNKNOWN: "Ne sait pas",
  PENDING_RECOGNITION: "Reconnaissance en cours",
} as const;
export type EmploymentObligation = keyof typeof EMPLOYMENT_OBLIGATIONS;
export const employmentObligationOptions = enumOptions(EMPLOYMENT_OBLIGATIONS);

/** The professional situation, shown for healthcare-social trainings only (spec §2). */
export const PROFESSIONAL_SITUATIONS = {
  Employed: "En emploi",
  Looking: "En recherche d'emploi",
} as const;
export type ProfessionalSituation = keyof typeof PROFESSIONAL_SITUATIONS;
export const professionalSituationOptions = enumOptions(PROFESSIONAL_SITUATIONS);

/** Job statuses of a job seeker (spec §2: registered, not registered, status unknown, professional security contract). */
const LOOKING_JOB_STATUSES = {
  RegisteredJobSeeker: "Demandeur d'emploi inscrit à France Travail",
  UnregisteredJobSeeker: "Demandeur d'emploi non inscrit",
  UnknownStatus: "Statut inconnu",
  ProfessionalSecurityContract: "Contrat de sécurisation professionnelle",
} as const;

/** Job statuses of a person in employment ("the others" of spec §2, completed). */
const EMPLOYED_JOB_STATUSES = {
  Employee: "Salarié",
  PublicAgent: "Agent de la fonction publique",
  SelfEmployed: "Travailleur indépendant",
  Farmer: "Exploitant agricole",
  Other: "Autre",
} as const;

export const JOB_STATUSES = { ...LOOKING_JOB_STATUSES, ...EMPLOYED_JOB_STATUSES } as const;
export type JobStatus = keyof typeof JOB_STATUSES;

/**
 * The job statuses offered for a professional situation (spec §2). Without a situation (trainings that are not
 * healthcare-social, where the situation is not asked) every status is offered.
 */
export function jobStatusesFor(situation: ProfessionalSituation | null | undefined): JobStatus[] {
  if (situation === "Looking") return Object.keys(LOOKING_JOB_STATUSES) as JobStatus[];
  if (situation === "Employed") return Object.keys(EMPLOYED_JOB_STATUSES) as JobStatus[];
  return Object.keys(JOB_STATUSES) as JobStatus[];
}
export const jobStatusOptions = (situation: ProfessionalSituation | null | undefined) =>
  enumOptions(JOB_STATUSES).filter((option) => jobStatusesFor(situation).includes(option.value));

/** The job status that asks for the contract type, the professional and the employer categories (spec §2). */
export const EMPLOYEE_JOB_STATUS: JobStatus = "Employee";

export const CONTRACT_TYPES = {
  CDD: "Contrat à durée déterminée (CDD)",
  CDI: "Contrat à durée indéterminée (CDI)",
  Apprenticeship: "Contrat d'apprentissage",
  Professionalization: "Contrat de professionnalisation",
  Temporary: "Intérim",
  Other: "Autre",
  CDDT: "CDD tremplin",
  CMTT: "Contrat de mission de travail temporaire",
  InformationNotDisclosed: "Information non communiquée",
} as const;
export type ContractType = keyof typeof CONTRACT_TYPES;
export const contractTypeOptions = enumOptions(CONTRACT_TYPES);

/** Socio-professional category of an employee (the spec names the field, not its values). */
export const PROFESSIONAL_CATEGORIES = {
  Worker: "Ouvrier",
  Employee: "Employé",
  Technician: "Technicien, agent de maîtrise",
  Executive: "Cadre",
  Other: "Autre",
} as const;
export type ProfessionalCategory = keyof typeof PROFESSIONAL_CATEGORIES;
export const professionalCategoryOptions = enumOptions(PROFESSIONAL_CATEGORIES);

/** O: a company (asks for its SIRET); N: an individual employer (asks for the URSSAF number). */
export const EMPLOYER_CATEGORIES = {
  O: "Entreprise",
  N: "Particulier employeur",
} as const;
export type EmployerCategory = keyof typeof EMPLOYER_CATEGORIES;
export const employerCategoryOptions = enumOptions(EMPLOYER_CATEGORIES);

/** Highest level of education reached (national nomenclature of diploma levels). */
export const STUDY_LEVELS = {
  NO_DIPLOMA: "Sans diplôme",
  LEVEL_3: "Niveau 3 (CAP, BEP)",
  LEVEL_4: "Niveau 4 (baccalauréat)",
  LEVEL_5: "Niveau 5 (bac + 2)",
  LEVEL_6: "Niveau 6 (bac + 3, bac + 4)",
  LEVEL_7: "Niveau 7 (bac + 5)",
  LEVEL_8: "Niveau 8 (doctorat)",
} as const;
export type StudyLevel = keyof typeof STUDY_LEVELS;
export const studyLevelOptions = enumOptions(STUDY_LEVELS);

/** Last school grade attended: asked when the training is not healthcare-social or the trainee is looking for a job (spec §2). */
export const STUDY_GRADES = {
  PRIMARY: "Primaire",
  LOWER_SECONDARY: "Collège (de la 6e à la 4e)",
  THIRD_GRADE: "Troisième",
  UPPER_SECONDARY: "Seconde ou première",
  FINAL_YEAR: "Terminale",
  HIGHER_EDUCATION: "Enseignement supérieur",
} as const;
export type StudyGrade = keyof typeof STUDY_GRADES;
export const studyGradeOptions = enumOptions(STUDY_GRADES);

/** Kinds of entries in a record's history (record_events): what happened, shown on the record page. */
export const RECORD_EVENT_KINDS = {
  CREATION: "Création du dossier",
  STATUS: "Changement de statut",
  PUSH: "Envoi à Agora",
  REPUSH: "Mise à jour Agora",
  /** Supervision « Abandonner » (issue 38): the exchange under way given up by an operator, with their reason. */
  ABANDON: "Échange avec AGORA abandonné",
} as const;
export type RecordEventKind = keyof typeof RECORD_EVENT_KINDS;
