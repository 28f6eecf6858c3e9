/** The trainees list's filter bar (issue 25; server: resources/trainees/list-query.ts). */
import type { ListFilterField } from "../../src/components/list-filters/filter-fields";
import { departmentOptions } from "../common/departments";

export const TRAINEE_FILTER_LABELS = {
  department: "Département",
  withoutRecord: "Sans dossier",
} as const;

export const traineeFilterFields: readonly ListFilterField[] = [
  { kind: "select", param: "department", label: TRAINEE_FILTER_LABELS.department, options: departmentOptions },
  { kind: "flag", param: "withoutRecord", label: TRAINEE_FILTER_LABELS.withoutRecord },
];
