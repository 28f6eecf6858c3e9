/** The shared list's own French texts (spec part 1 "Lists"). */
export const LIST_TEXTS = {
  search: "Rechercher",
  searchFailed: "Une erreur est survenue lors de la recherche",
  retry: "Réessayer",
  rowsPerPage: "Lignes par page",
  empty: "Aucun résultat",
  actions: "Actions",
  loading: "Chargement…",
  openRow: (label: string) => `Ouvrir la fiche : ${label}`,
} as const;
