/** Session enumerations with their French labels (spec part 2 §3), and the French names of the bilan's fields. */

export const PURCHASING_UNITS = {
  HOUR_PER_TRAINEE: "Heure par stagiaire",
  HOUR_PER_GROUP: "Heure par groupe",
  HOUR_PER_TRAINER: "Heure par formateur",
  DAY_PER_TRAINEE: "Jour par stagiaire",
  DAY_PER_GROUP: "Jour par groupe",
  DAY_PER_TRAINER: "Jour par formateur",
  PACKAGE_COURSE: "Forfait parcours",
  PACKAGE_GROUP: "Forfait groupe",
  MULTIPLE: "Multiple",
  BALANCE_SUBSIDY: "Subvention d'équilibre",
  OTHER: "Autre",
} as const;
export type PurchasingUnit = keyof typeof PURCHASING_UNITS;

export const EDUCATIONAL_COSTS = {
  ACTUAL_COST: "Coût réel",
  RECALCULATED_COST_BY_FUNDER: "Coût recalculé par le financeur",
} as const;
export type EducationalCost = keyof typeof EDUCATIONAL_COSTS;

export const RESULT_LEVELS = {
  UNSPECIFIED_INFORMATION: "Information non communiquée",
  LEVEL_1: "Niveau 1",
  LEVEL_2: "Niveau 2",
  LEVEL_3: "Niveau 3 (CAP, BEP)",
  LEVEL_4: "Niveau 4 (baccalauréat)",
  LEVEL_5: "Niveau 5 (bac + 2)",
  LEVEL_6: "Niveau 6 (bac + 3, bac + 4)",
  LEVEL_7: "Niveau 7 (bac + 5)",
  LEVEL_8: "Niveau 8 (doctorat)",
  NO_RECOGNIZED_CERTIFICATION: "Sans certification reconnue",
} as const;
export type ResultLevel = keyof typeof RESULT_LEVELS;

/** The bilan's text fields in the form's order (spec §2), with their French labels and maximum lengths (spec §5). */
export const RESULT_TEXT_FIELDS = {
  objective: { label: "Objectif", max: 1024 },
  targetedQualification: { label: "Qualification visée", max: 244 },
  accessModalities: { label: "Modalités d'accès", max: 1024 },
  positioning: { label: "Positionnement", max: 1024 },
  recruitment: { label: "Phases de recrutement", max: 1024 },
  program: { label: "Programme réalisé", max: 1024 },
  methodsAndTools: { label: "Méthodes et outils", max: 1024 },
  objectiveOfTheWorkStudyProgram: { label: "Objectif de l'alternance", max: 1024 },
  companySelection: { label: "Choix des entreprises", max: 1024 },
  inCompanyMonitoring: { label: "Suivi en entreprise", max: 1024 },
  evaluation: { label: "Évaluation", max: 1024 },
  successPoint: { label: "Points de réussite", max: 1024 },
  contributions: { label: "Apports", max: 1024 },
  improvements: { label: "Axes d'amélioration", max: 1024 },
} as const;
export type ResultTextField = keyof typeof RESULT_TEXT_FIELDS;
export const RESULT_LEVEL_LABEL = "Niveau";

/** The four titled document lists of the Documents tab (spec §2), with their French headings. */
export const TITLED_MEDIA_LISTS = {
  positioningReports: "Comptes rendus de positionnement",
  qualitativeAssessments: "Bilans qualitatifs des périodes en entreprise",
  traineesQualityQuestionnaires: "Questionnaires qualité des stagiaires",
  companyAttendanceSheets: "Feuilles d'émargement en entreprise",
} as const;
export type TitledMediaList = keyof typeof TITLED_MEDIA_LISTS;
