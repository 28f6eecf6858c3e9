/** The sessions list's query (GET /sessions, its export, the SPA's filter bar): sorts and filters, see resources/common/list-query.ts. */
import type { z } from "zod";
import { sessionTodoParam } from "../todo/schema";
import { dayParam, flagParam, idFilter, LIST_QUERY_MSG, listQuerySchema, periodInOrder, type SortFields } from "../common/list-query";

/** The columns the sessions list sorts by (each served by an index at scale): the start, the training's number and name. */
export const SESSION_SORT_FIELDS = { updatedDate: "timestamp", startDate: "date", trainingNumber: "text", trainingName: "text" } as const satisfies SortFields;
export type SessionSortField = keyof typeof SESSION_SORT_FIELDS;

/**
 * - `periodFrom`, `periodTo`: the session overlaps the period (either bound may be absent);
 * - `organizationId`: the session's training's educational or contracting organisation;
 * - `bilanNotValidated=true`: the session's bilan (result) is not validated yet;
 * - `todo=bilans-late|bilans-soon`: the sessions an « À traiter » counter counts (server/todo/rules.ts).
 */
export const sessionListQuery = listQuerySchema(SESSION_SORT_FIELDS, {
  periodFrom: dayParam("periodFrom"),
  periodTo: dayParam("periodTo"),
  organizationId: idFilter,
  bilanNotValidated: flagParam("bilanNotValidated"),
  // « À traiter » (issue 25): the sessions a « Bilans à valider » counter counts.
  todo: sessionTodoParam,
}).refine((q) => periodInOrder(q.periodFrom, q.periodTo), { path: ["periodTo"], message: LIST_QUERY_MSG.periodInvalid });

export type SessionListQuery = z.output<typeof sessionListQuery>;
