/**
 * Record messages quoted verbatim from the spec (part 2 §2, §5, §8; typos included: 'Ce champs est obligatoire'), and the
 * server's own refusals about records, in French.
 */
import { MSG } from "../common/messages";

export const RECORD_MSG = {
  // List (spec §2 "Records").
  listTitle: "Dossiers de formation",
  blockingListTitle: "Dossiers de formation bloquants",
  blockingToggle: "Rechercher les dossiers bloquants",
  empty: "Aucun dossier de formation disponible",
  listError: "Une erreur est survenue lors de la recherche",
  fseExport: "Export FSE",
  // Detail (spec §8).
  notFound: "Le dossier de formation n'existe pas",
  showError: "Une erreur est survenue lors de la consultation du dossier de formation",
  // Creation wizard (spec §2, §5, §8).
  createTitle: "Création d'un dossier de formation",
  stepTrainee: "Stagiaire",
  stepSession: "Session",
  stepSummary: "Récapitulatif",
  sessionsLoadError: "Une erreur est survenue lors de la récupération de sessions",
  trainingsLoadError: "Une erreur est survenue lors de la récupération de formations",
  // Entry/exit and internship forms (spec §5).
  saveError: "Une erreur est survenue lors de la sauvegarde",
  endBeforeStart: MSG.endBeforeStart,
  // Status modal and re-push (spec §2, §5, §8).
  statusModalTitle: "Mise à jour du statut du dossier de formation",
  reasonRequired: "Ce champs est obligatoire",
  statusError: "Une erreur est survenue lors de la mise à jour du statut",
  repushMenu: "Mise à jour Agora",
  repushSuccess: "Le dossier a été mis à jour avec succès",
  close: "Fermer",
  agoraErrorsTitle: "Erreurs Agora",
  // The server's refusals (ours: the spec shows none).
  traineeHasRecord: "Ce stagiaire a déjà un dossier de formation",
  traineeNotFound: "Le stagiaire n'existe pas",
  sessionNotFound: "La session n'existe pas",
  concurrentChange: "Le dossier a été modifié entre-temps : rechargez la page avant de recommencer",
  repushStatusMismatch: "Le statut envoyé n'est pas celui du dossier : rechargez la page avant de recommencer",
  // Why a record is blocking (design.md "Record lifecycle"; shown on the detail).
  blockingLastExchangeFailed: "Le dernier échange avec Agora a échoué",
  blockingQuality: "Un contrôle avant envoi à AGORA est bloquant : voir « Contrôles avant envoi à AGORA »",
  blockingNotStarted: "La session a commencé depuis plus de 3 jours ouvrés et le dossier n'est pas entré en formation",
  blockingNotEnded: "La session est terminée depuis plus de 3 jours ouvrés et le dossier n'est pas sorti de formation",
} as const;

/** The confirmation of the status modal, naming the action chosen (the spec asks for a confirmation, without its wording). */
export const confirmStatusChange = (actionLabel: string) => `Confirmez-vous l'action « ${actionLabel} » sur ce dossier de formation ?`;

/** Under the confirmation when the target closes the record (TERMINATED_*, REJECTED): no status can follow it. */
export const FINAL_STATUS_NOTE = "Cette action est définitive : le dossier sera clos et son statut ne pourra plus changer.";
