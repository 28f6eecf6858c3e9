/** The trainings list's query (GET /trainings, its export, the SPA's filter bar): sorts and filters, see resources/common/list-query.ts. */
import type { z } from "zod";
import { booleanParam, idFilter, listQuerySchema, type SortFields } from "../common/list-query";

/** The columns the trainings list sorts by (each served by an index at scale): `number` « N° de formation ». */
export const TRAINING_SORT_FIELDS = { updatedDate: "timestamp", name: "text", number: "text" } as const satisfies SortFields;
export type TrainingSortField = keyof typeof TRAINING_SORT_FIELDS;

/**
 * - `organizationId`: the training's educational or contracting organisation;
 * - `fse=true|false`, `healthcare=true|false` (sanitaire et social): the training's flags; absent, no filter.
 */
export const trainingListQuery = listQuerySchema(TRAINING_SORT_FIELDS, {
  organizationId: idFilter,
  fse: booleanParam("fse"),
  healthcare: booleanParam("healthcare"),
});

export type TrainingListQuery = z.output<typeof trainingListQuery>;
