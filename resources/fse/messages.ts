/**
 * The FSE survey's texts: those the spec quotes are verbatim (part 2 §2 "Survey screen", §8 "Survey save"), typography included
 * ('Etes-vous' without its accent); the other questions, the server's refusals and the export's texts are ours, in French
 * (the spec shows none; its export error 'Unable to download media' is English, design.md "Media").
 */
import { EXPORT_MSG } from "../common/export";
import { MSG } from "../common/messages";
import { FSE_NO_AID_LABEL } from "./enums";

export const FSE_MSG = {
  // The screen (spec §2, verbatim).
  headerPrefix: "Modification du dossier de formation de",
  statusPrefix: "Statut :",
  agoraIdPrefix: "- N° AGORA :",
  lastUpdatePrefix: "Dernière mise à jour le",
  tabInput: "Entrée en formation",
  tabOutput: "Sortie de formation",
  tabAfterSixMonth: "6 mois après la sortie",
  formTitle: "Bilan de la formation",
  cancel: "Annuler",
  save: "Sauvegarder",
  saveError: "Une erreur est survenue lors de la sauvegarde",
  /** A save based on an older version (another save came first): 409, shown instead of the generic error. */
  concurrentChange: "Le questionnaire a été modifié entre-temps : rechargez la page avant de recommencer",
  // The server's refusals (ours).
  notFound: "Le questionnaire FSE n'existe pas",
  recordNotFound: "Le dossier de formation n'existe pas",
  trainingWithoutFse: "La formation de ce dossier n'est pas concernée par le FSE : aucun questionnaire ne peut y être saisi",
  outputNeedsInput: "Le questionnaire de sortie ne peut être saisi qu'après celui d'entrée en formation",
  afterSixMonthNeedsBoth: "Le questionnaire à 6 mois ne peut être saisi qu'après ceux d'entrée et de sortie de formation",
  periodExists: "Un questionnaire FSE existe déjà pour ce dossier et cette période",
  periodUnchangeable: "La période d'un questionnaire FSE ne peut pas être modifiée",
  noAidWithAllowance: `« ${FSE_NO_AID_LABEL} » ne peut pas être coché avec une aide`,
  // The export (the menu's name is the spec's: RECORD_MSG.fseExport).
  exportAllPeriods: "Toutes les périodes",
  exportStartDate: "Mis à jour à partir du",
  exportEndDate: "Mis à jour jusqu'au",
  exportDownload: "Télécharger",
  exportError: "Une erreur est survenue lors du téléchargement de l'export FSE",
  exportBadPeriod: "La période doit être INPUT (Entrée), OUTPUT (Sortie) ou AFTER_SIX_MONTH (6 mois)",
  exportBadFormat: EXPORT_MSG.badFormat,
  exportEndBeforeStart: MSG.endBeforeStart,
  exportSheetName: "Questionnaires FSE",
} as const;

/** The survey's questions: the form's labels and the export's headings (the spec's own wording where it gives one). */
export const FSE_QUESTIONS = {
  period: "Période",
  frenchNationality: "Êtes-vous de nationalité française ?",
  europeanNationality: "Êtes-vous ressortissant d'un pays de l'Union européenne ?",
  currentSituation: "Etes-vous actuellement ?",
  employed: "Occupez-vous un emploi ?",
  employedDetail: "Précisez votre emploi",
  inProfessionalTraining: "Êtes-vous en formation professionnelle ou en stage ?",
  lookingForJob: "Recherchez-vous activement un emploi et êtes-vous disponible sous 15 jours ?",
  unemployedDate: "Date de début",
  registeredPoleEmploi: "Êtes-vous inscrit(e) à France Travail (ex-Pôle emploi) ?",
  poleEmploiDate: "Si Oui, depuis quelle date ?",
  level: "Quel est votre plus haut niveau de diplôme obtenu ?",
  handicap: "Bénéficiez-vous d'une reconnaissance officielle de handicap ?",
  aids: "Etes-vous bénéficiaire des aides suivantes ?",
  noAid: FSE_NO_AID_LABEL,
  homeless: "Êtes-vous sans domicile fixe ou en situation d'exclusion du logement ?",
  parentBornInEurope: "L'un de vos parents est-il né hors de l'Union européenne ?",
} as const;
