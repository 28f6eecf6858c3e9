/** The sessions list's filter bar (issue 25; server: resources/sessions/list-query.ts). */
import type { ListFilterField } from "../../src/components/list-filters/filter-fields";
import { organizationLookup } from "../../src/components/list-filters/lookups";

export const SESSION_FILTER_LABELS = {
  periodFrom: "Période à partir du",
  periodTo: "Période jusqu'au",
  organization: "Organisme de formation",
  bilanNotValidated: "Bilan non validé",
} as const;

export const sessionFilterFields: readonly ListFilterField[] = [
  {
    kind: "dateRange",
    from: { param: "periodFrom", label: SESSION_FILTER_LABELS.periodFrom },
    to: { param: "periodTo", label: SESSION_FILTER_LABELS.periodTo },
  },
  organizationLookup("organizationId", SESSION_FILTER_LABELS.organization),
  { kind: "flag", param: "bilanNotValidated", label: SESSION_FILTER_LABELS.bilanNotValidated },
];
