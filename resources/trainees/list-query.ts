/** The trainees list's query (GET /trainees, its export, the SPA's filter bar): sorts and filters, see resources/common/list-query.ts. */
import { z } from "zod";
import { departmentValues } from "../common/departments";
import { flagParam, listQuerySchema, type SortFields } from "../common/list-query";

/** The columns the trainees list sorts by (each served by an index at scale): usage name, birth name, first name. */
export const TRAINEE_SORT_FIELDS = { updatedDate: "timestamp", lastName: "text", birthName: "text", firstName: "text" } as const satisfies SortFields;
export type TraineeSortField = keyof typeof TRAINEE_SORT_FIELDS;

export const TRAINEE_FILTER_MSG = { departmentInvalid: "Département inconnu" } as const;

/**
 * - `department`: the trainee's département code (D01…);
 * - `withoutRecord=true` (« sans dossier »): the trainee has no record; `freeTrainees=true` is the same filter under the name the
 *   record creation's trainee picker has always used.
 */
export const traineeListQuery = listQuerySchema(TRAINEE_SORT_FIELDS, {
  department: z.enum(departmentValues, { error: TRAINEE_FILTER_MSG.departmentInvalid }).optional(),
  withoutRecord: flagParam("withoutRecord"),
  freeTrainees: flagParam("freeTrainees"),
});

export type TraineeListQuery = z.output<typeof traineeListQuery>;
