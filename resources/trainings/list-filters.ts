/** The trainings list's filter bar (issue 25; server: resources/trainings/list-query.ts). */
import type { ListFilterField } from "../../src/components/list-filters/filter-fields";
import { organizationLookup } from "../../src/components/list-filters/lookups";

export const TRAINING_FILTER_LABELS = {
  organization: "Organisme de formation",
  fse: "FSE",
  healthcare: "Sanitaire et social",
} as const;

export const trainingFilterFields: readonly ListFilterField[] = [
  organizationLookup("organizationId", TRAINING_FILTER_LABELS.organization),
  { kind: "yesNo", param: "fse", label: TRAINING_FILTER_LABELS.fse },
  { kind: "yesNo", param: "healthcare", label: TRAINING_FILTER_LABELS.healthcare },
];
