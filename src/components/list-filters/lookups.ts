/** The lookups the lists' filter bars share: an organisation, a training, by id. */
import type { BaseRecord } from "@refinedev/core";
import type { ListFilterField } from "./filter-fields";

export const LOOKUP_TEXTS = {
  organizationsFailed: "Une erreur est survenue lors de la recherche d'organismes",
  trainingsFailed: "Une erreur est survenue lors de la recherche de formations",
} as const;

export const organizationLookup = (param: string, label: string): ListFilterField => ({
  kind: "lookup",
  param,
  label,
  resource: "organizations",
  describe: (o: BaseRecord) => String(o.name),
  errorMessage: LOOKUP_TEXTS.organizationsFailed,
});

/** A training as its list names it: number and title ("F2025005 Diplôme d'État…"). */
export const trainingLookup = (param: string, label: string): ListFilterField => ({
  kind: "lookup",
  param,
  label,
  resource: "trainings",
  describe: (t: BaseRecord) => {
    const information = t.information as { number: string; name: string } | undefined;
    return information ? `${information.number} ${information.name}` : String(t.id);
  },
  errorMessage: LOOKUP_TEXTS.trainingsFailed,
});
