/** Session messages quoted verbatim from the spec (part 2 §5, §8), and the server's own refusals about sessions, in French. */

import { MSG } from "../common/messages";

export const SESSION_MSG = {
  endBeforeStart: MSG.endBeforeStart,
  capacityInteger: "La capacité doit être représentée par un entier",
  capacityMin: "La capacité ne doit pas être inférieure à 0",
  capacityMax: "La capacité ne doit pas dépasser 99999",
  /** Bounds of our choice (the spec gives none): a mistyped year would make months of documents by the hundred thousand. */
  dateRange: "La date doit être comprise entre le 01/01/2000 et le 31/12/2100",
  tooLong: "Une session dure au plus 4 ans",
  priceMin: "Le prix ne doit pas être inférieur à 0",
  priceDecimals: "Le prix ne doit pas avoir plus de 2 décimales",
  // The external system's amount format: 6 digits, 2 decimals (spec §8).
  priceMax: "Le prix ne doit pas dépasser 999 999,99 €",
  priceNumber: "Le prix doit être un nombre",
  empty: "Aucune session disponible",
  createError: "Une erreur est survenue lors de la création",
  saveError: "Une erreur est survenue lors de la sauvegarde",
  uploadError: "Une erreur est survenue lors du chargement du fichier",
  notFound: "La session n'existe pas",
  showError: "Une erreur est survenue lors de la consultation de la session",
  deleteConflict: "Suppression impossible ! Cette session est associée à des dossiers de formation et ne peut pas être supprimée.",
  trainingNotFound: "La formation n'existe pas",
  resultLocked: "Le bilan de cette session a été validé : il ne peut plus être modifié.",
  validateWarning:
    "Une fois le bilan validé, ses champs ne seront plus modifiables et un e-mail sera envoyé à l'autorité de financement.",
  monthOutsideSession: "Ce mois est en dehors de la période de la session",
  monthFormat: "Le mois doit être au format AAAA-MM",
  mediaUsedTwice: "Un même fichier ne peut occuper qu'un seul emplacement",
  tooManyMedias: "Une liste compte au plus 50 fichiers",
} as const;
