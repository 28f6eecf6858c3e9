/** Training messages quoted verbatim from the spec (part 2 §3, §5), and the amount messages built from each amount's French name. */

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
