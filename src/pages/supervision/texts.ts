/**
 * The /supervision screen's French texts and the few formatters only it needs (issue 38; docs/queue.md « Écran de supervision »).
 * The API's own sentences (reason required, already settled…) stay in resources/supervision/schema.ts SUPERVISION_MSG.
 */
import dayjs from "dayjs";
import { NC } from "../../lib/format";

export const SUPERVISION_TEXTS = {
  title: "Supervision",
  refresh: "Actualiser",
  loading: "Chargement de la supervision",
  loadFailed: "La supervision n'a pas pu être chargée.",
  retryLoad: "Réessayer",
  queues: "Files d'attente",
  queue: "File d'attente",
  pending: "En attente",
  active: "En cours",
  failed: "En échec",
  nextRun: "Prochaine exécution",
  noQueue: "Aucune tâche en attente, en cours ou en échec",
  failedJobs: "Tâches en échec",
  failedMails: "E-mails en échec",
  noFailedJob: "Aucune tâche en échec",
  noFailedMail: "Aucun e-mail en échec",
  reason: "Raison",
  attempts: "Essais",
  finishedAt: "Fin",
  subject: "Objet",
  actions: "Actions",
  retry: "Relancer",
  retryJob: (what: string, when: string) => `Relancer : ${what} en échec depuis le ${when}`,
  retried: "Tâche relancée : elle s'exécutera dans un instant.",
  retriedMail: "E-mail relancé : le même message sera renvoyé dans un instant.",
  exchanges: "Échanges avec AGORA à régler",
  noExchange: "Aucun échange à régler",
  exchange: "Échange",
  state: "État",
  age: "Ancienneté",
  by: (name: string) => `par ${name}`,
  since: (when: string) => `depuis le ${when}`,
  record: "Dossier",
  blocking: "Bloque les créations",
  openRecord: "Ouvrir le dossier",
  openTrainee: "Ouvrir le stagiaire",
  openSession: "Ouvrir la session",
  askAgora: "Demander à AGORA",
  asked: "Demande envoyée à AGORA : l'échange sera réglé dès sa réponse.",
  abandon: "Abandonner",
  abandonTitle: "Abandonner l'échange avec AGORA",
  abandonWhat:
    "L'échange ne sera plus réessayé : il passe en échec, le dossier est libéré et la raison est inscrite dans son historique. Une création bloquante cesse de bloquer.",
  abandonReason: "Raison de l'abandon",
  abandonConfirm: "Abandonner l'échange",
  abandoned: "Échange abandonné : la raison est inscrite dans l'historique du dossier.",
  cancel: "Annuler",
  actionFailed: "L'action n'a pas pu être effectuée.",
} as const;

/** Queues as an operator knows them; a queue added later shows its technical name until it gets one here. */
const QUEUE_LABELS: Record<string, string> = {
  "agora.exchange": "Envois à AGORA",
  "agora.reconcile": "Réconciliation avec AGORA",
  "mail.send": "E-mails",
  "todo.digest": "Récapitulatif « À traiter »",
  "queue.cleanup": "Nettoyage des tâches",
  "media-purge": "Purge des fichiers temporaires",
  "throttles-sweep": "Nettoyage des limites de connexion",
};

export const MAIL_QUEUE = "mail.send";

export const queueLabel = (queue: string) => QUEUE_LABELS[queue] ?? queue;

/** Brief's format for the screen's instants: the minute is what an operator compares. */
export const formatMinute = (value: string | null) => (value ? dayjs(value).format("DD/MM/YYYY HH:mm") : NC);

/** « il y a 3 h »: how long an exchange has waited, in the largest unit that says it. */
export function formatAge(seconds: number): string {
  if (seconds < 60) return "il y a moins d'une minute";
  if (seconds < 3600) return `il y a ${Math.floor(seconds / 60)} min`;
  if (seconds < 86_400) return `il y a ${Math.floor(seconds / 3600)} h`;
  const days = Math.floor(seconds / 86_400);
  return `il y a ${days} jour${days > 1 ? "s" : ""}`;
}
