/**
 * What a list's filter bar offers (issue 25), by the API's parameter names (the list's query schema): each list names its
 * fields, the bar (ListFilterBar) draws them. Values travel as the URL spells them: "true", "VALIDATED,SETUP", "2025-01-31".
 */
import type { BaseRecord } from "@refinedev/core";

export interface FilterOption {
  value: string;
  label: string;
}

export type ListFilterField =
  /** Several values, comma-separated in one parameter (`status=VALIDATED,SETUP`). */
  | { kind: "multi"; param: string; label: string; options: readonly FilterOption[] }
  /** One value among a short list (`department=75`). */
  | { kind: "select"; param: string; label: string; options: readonly FilterOption[] }
  /** Oui / Non / either (`fse=true`, `fse=false`, absent). */
  | { kind: "yesNo"; param: string; label: string }
  /** A box to tick: `param=true`, or absent. */
  | { kind: "flag"; param: string; label: string }
  /** Two days, `YYYY-MM-DD`, either may be left empty. */
  | { kind: "dateRange"; from: { param: string; label: string }; to: { param: string; label: string } }
  /** A record of another resource, searched on the server as the user types; the parameter holds its id. */
  | { kind: "lookup"; param: string; label: string; resource: string; describe: (record: BaseRecord) => string; errorMessage: string };

/** The URL parameters a field writes. */
export const fieldParams = (field: ListFilterField): string[] =>
  field.kind === "dateRange" ? [field.from.param, field.to.param] : [field.param];

export const FILTER_TEXTS = {
  toggle: "Filtres",
  reset: "Réinitialiser les filtres",
  yes: "Oui",
  no: "Non",
  either: "Tous",
  lookupPlaceholder: "Rechercher…",
  nothingFound: "Aucun résultat",
  loading: "Chargement...",
  datePlaceholder: "JJ/MM/AAAA",
} as const;
