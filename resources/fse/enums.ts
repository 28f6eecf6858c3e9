/**
 * The FSE survey's enumerations with their French labels (spec part 2 §2 "Survey screen", §3 "Record FSE"). The spec gives the
 * values and, for the situation and the employment detail, the meaning of each label; the wording is ours (README "Décisions").
 */
import { enumOptions } from "../common/enum";

/** The three moments of the survey, in their order (spec §4 "Survey periods": each unlocks the next). */
export const FSE_PERIODS = {
  INPUT: "Entrée",
  OUTPUT: "Sortie",
  AFTER_SIX_MONTH: "6 mois",
} as const;
export type FsePeriod = keyof typeof FSE_PERIODS;
/** The periods in the order they are filled: not alphabetical, so no `enumOptions` here. */
export const FSE_PERIOD_ORDER: readonly FsePeriod[] = ["INPUT", "OUTPUT", "AFTER_SIX_MONTH"];
export const fsePeriodOptions = FSE_PERIOD_ORDER.map((value) => ({ value, label: FSE_PERIODS[value] }));

/** The periods a survey of `period` needs first (spec §4: no exit without entry, no six-month without both). */
export const fsePeriodsBefore = (period: FsePeriod): FsePeriod[] => FSE_PERIOD_ORDER.slice(0, FSE_PERIOD_ORDER.indexOf(period));

/** 'Etes-vous actuellement ?' (spec: in school, minor not in school, retired, other). */
export const FSE_CURRENT_SITUATIONS = {
  IN_SCHOOL: "Scolarisé(e)",
  MINOR: "Mineur(e) non scolarisé(e)",
  RETIREMENT: "Retraité(e)",
  OTHER: "Autre",
} as const;
export type FseCurrentSituation = keyof typeof FSE_CURRENT_SITUATIONS;
export const fseCurrentSituationOptions = enumOptions(FSE_CURRENT_SITUATIONS);

/** The employment detail, asked when employed (spec: self-employed, permanent, temporary, work-study, other aided). */
export const FSE_EMPLOYED_DETAILS = {
  SELF_EMPLOYED: "Travailleur indépendant, chef d'entreprise",
  PERMANENT: "Emploi durable (CDI, CDD de 6 mois ou plus)",
  TEMPORARY: "Emploi temporaire (CDD de moins de 6 mois, intérim)",
  WORK_STUDY: "Alternance (apprentissage, contrat de professionnalisation)",
  ANOTHER: "Autre contrat aidé",
} as const;
export type FseEmployedDetail = keyof typeof FSE_EMPLOYED_DETAILS;
export const fseEmployedDetailOptions = enumOptions(FSE_EMPLOYED_DETAILS);

/** The highest diploma level, in the international standard classification of education (CITE) the FSE reports in. */
export const FSE_LEVELS = {
  CITE_0: "Aucun diplôme, école primaire non achevée (CITE 0)",
  CITE_1_2: "École primaire ou collège, brevet (CITE 1 et 2)",
  CITE_3_4: "Lycée ou post-bac non supérieur : CAP, BEP, baccalauréat, DAEU (CITE 3 et 4)",
  CITE_5_8: "Enseignement supérieur : bac + 2 et au-delà (CITE 5 à 8)",
} as const;
export type FseLevel = keyof typeof FSE_LEVELS;
/** Levels in their own order (lowest first): a ranking reads badly sorted alphabetically. */
export const fseLevelOptions = (Object.keys(FSE_LEVELS) as FseLevel[]).map((value) => ({ value, label: FSE_LEVELS[value] }));

/** Yes / no / no answer: homelessness and a parent born outside the EU, which a trainee may decline to answer. */
export const FSE_YES_NO_ANSWERS = {
  YES: "Oui",
  NO: "Non",
  NO_ANSWER: "Ne souhaite pas répondre",
} as const;
export type FseYesNoAnswer = keyof typeof FSE_YES_NO_ANSWERS;
/** Oui, Non, then the refusal: the natural order of the question. */
export const fseYesNoAnswerOptions = (Object.keys(FSE_YES_NO_ANSWERS) as FseYesNoAnswer[]).map((value) => ({
  value,
  label: FSE_YES_NO_ANSWERS[value],
}));

/** The eight allowances of 'Etes-vous bénéficiaire des aides suivantes ?', in the spec's order. */
export const FSE_ALLOWANCES = {
  rsa: "Revenu de solidarité active (RSA)",
  solidarityAllowance: "Allocation de solidarité spécifique (ASS)",
  handicapAllowance: "Allocation aux adultes handicapés (AAH)",
  elderlySolidarityAllowance: "Allocation de solidarité aux personnes âgées (ASPA)",
  solidarityIncome: "Revenu de solidarité (RSO)",
  widowAllowance: "Allocation veuvage",
  invaliditySupplementAllowance: "Allocation supplémentaire d'invalidité (ASI)",
  asylumSeekerAllowance: "Allocation pour demandeur d'asile (ADA)",
} as const;
export type FseAllowance = keyof typeof FSE_ALLOWANCES;
export const FSE_ALLOWANCE_KEYS = Object.keys(FSE_ALLOWANCES) as FseAllowance[];

/** The ninth box, exclusive with the eight (spec §2, verbatim). */
export const FSE_NO_AID_LABEL = "Non, je ne bénéficie d'aucune de ces aides";

/** Yes/no answers as the export and the summaries print them. */
export const yesNoLabel = (value: boolean) => (value ? "Oui" : "Non");
