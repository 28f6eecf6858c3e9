/** The records list's filter bar and the parameters its URL passes to the API (issue 25; server: resources/records/list-query.ts). */
import type { ListFilterField } from "../../src/components/list-filters/filter-fields";
import { organizationLookup, trainingLookup } from "../../src/components/list-filters/lookups";
import { enumOptions } from "../common/enum";
import { RECORD_STATUSES } from "../common/record-statuses";

export const RECORD_FILTER_LABELS = {
  status: "Statut",
  educationalOrganization: "Organisme de formation",
  training: "Formation",
  sessionFrom: "Session à partir du",
  sessionTo: "Session jusqu'au",
  withoutFse: "Sans questionnaire FSE",
  agoraFailed: "Échange AGORA en échec",
} as const;

export const recordFilterFields: readonly ListFilterField[] = [
  { kind: "multi", param: "status", label: RECORD_FILTER_LABELS.status, options: enumOptions(RECORD_STATUSES) },
  organizationLookup("educationalOrganizationId", RECORD_FILTER_LABELS.educationalOrganization),
  trainingLookup("trainingId", RECORD_FILTER_LABELS.training),
  {
    kind: "dateRange",
    from: { param: "sessionFrom", label: RECORD_FILTER_LABELS.sessionFrom },
    to: { param: "sessionTo", label: RECORD_FILTER_LABELS.sessionTo },
  },
  { kind: "flag", param: "withoutFse", label: RECORD_FILTER_LABELS.withoutFse },
  { kind: "flag", param: "agoraFailed", label: RECORD_FILTER_LABELS.agoraFailed },
];
