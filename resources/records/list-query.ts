/** The records list's query (GET /records, its export, the SPA's filter bar): sorts and filters, see resources/common/list-query.ts. */
import { z } from "zod";
import { recordTodoParam } from "../todo/schema";
import { dayParam, flagParam, idFilter, LIST_QUERY_MSG, listQuerySchema, periodInOrder, type SortFields } from "../common/list-query";
import { RECORD_STATUSES, type RecordStatus } from "../common/record-statuses";

/**
 * The columns the records list sorts by (each served by an index at scale); the status in the order of a record's life;
 * `agoraId` « N° de dossier », `traineeName` « Stagiaire » (usage name then first name, as the list shows it),
 * `sessionStartDate` « Session » (its start).
 */
export const RECORD_SORT_FIELDS = {
  updatedDate: "timestamp",
  createdDate: "timestamp",
  status: "rank",
  agoraId: "text",
  traineeName: "text",
  sessionStartDate: "date",
} as const satisfies SortFields;
export type RecordSortField = keyof typeof RECORD_SORT_FIELDS;

export const RECORD_FILTER_MSG = {
  statusInvalid: (status: string) => `Statut inconnu : ${status}`,
} as const;

/** `status=SETUP,VALIDATED`: any of these statuses. */
const statusList = z
  .string()
  .optional()
  .transform((text, ctx) => {
    if (text === undefined || text.trim() === "") return undefined;
    const statuses = [...new Set(text.split(",").map((s) => s.trim()))];
    const unknown = statuses.find((s) => !(s in RECORD_STATUSES));
    if (unknown !== undefined) return (ctx.addIssue({ code: "custom", message: RECORD_FILTER_MSG.statusInvalid(unknown) }), z.NEVER);
    return statuses as RecordStatus[];
  });

/**
 * - `status`: comma-separated statuses, any of them;
 * - `educationalOrganizationId`, `trainingId`: the record's training's;
 * - `sessionFrom`, `sessionTo`: the record's session overlaps the period (either bound may be absent);
 * - `withoutFse=true`: the record's training is FSE and the record has no FSE survey at all (« sans questionnaire FSE »: the
 *   surveys staff still have to enter; a non-FSE training has none to enter);
 * - `agoraFailed=true`: the record's latest exchange with AGORA failed (the « Erreurs Agora » badge, records.last_exchange_failed);
 * - `filterAnomalies=true`: the blocking records (« dossiers bloquants »);
 * - `todo=fse-late|fse-soon|agora-failed|agora-pending`: the records an « À traiter » counter counts (server/todo/rules.ts).
 */
export const recordListQuery = listQuerySchema(RECORD_SORT_FIELDS, {
  status: statusList,
  educationalOrganizationId: idFilter,
  trainingId: idFilter,
  sessionFrom: dayParam("sessionFrom"),
  sessionTo: dayParam("sessionTo"),
  withoutFse: flagParam("withoutFse"),
  agoraFailed: flagParam("agoraFailed"),
  filterAnomalies: flagParam("filterAnomalies"),
  // « À traiter » (issue 25): the records a counter counts.
  todo: recordTodoParam,
}).refine((q) => periodInOrder(q.sessionFrom, q.sessionTo), { path: ["sessionTo"], message: LIST_QUERY_MSG.periodInvalid });

export type RecordListQuery = z.output<typeof recordListQuery>;
