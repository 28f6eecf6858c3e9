/** The record page's 'Contrôles avant envoi à AGORA' block (RecordQuality.tsx), in French; read by its Playwright spec too. */
export const RECORD_QUALITY_TEXTS = {
  title: "Contrôles avant envoi à AGORA",
  blocking: "Bloquant",
  warning: "Avertissement",
  allPassed: "Tous les contrôles sont satisfaits : rien n'empêche l'envoi du dossier à AGORA.",
  blockingNote: "Un point bloquant empêche l'envoi à AGORA (création, changement de statut, mise à jour) tant qu'il n'est pas corrigé.",
  loadError: "Une erreur est survenue lors de la récupération des contrôles du dossier",
} as const;
