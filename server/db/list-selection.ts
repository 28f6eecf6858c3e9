import { and, asc, desc, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { ListCursor, SortKind, SortOrder } from "../../resources/common/list-query";
import { french } from "./collation";

/**
 * What a list's call selects (list-page.ts reads its page, list-export.ts its export): the caller's scope and filters, the
 * search, the sort, and which page.
 */
export type ListedTable = PgTable & { id: PgColumn; updatedAt: PgColumn };

export const listOrder = (table: ListedTable) => [desc(table.updatedAt), desc(table.id)];

/** A list's sort: one NOT NULL column of its table (`kind` says how its cursor key is written), the id breaking ties. */
export interface ListSort {
  /** The sort's name (the answer's field), naming its prepared rows statement. */
  field: string;
  /** The column, or for a text the column in French order (`french`): ORDER BY, cursor and index then agree. */
  column: PgColumn | SQL;
  kind: SortKind;
  order: SortOrder;
}

/** The default sort: most recently updated first (its cursor is the former `updatedAt~id` one). */
export const defaultSort = (table: ListedTable): ListSort => ({ field: "updatedDate", column: table.updatedAt, kind: "timestamp", order: "desc" });

/** The ORDER BY of a sort: the column then the id, both in the sort's direction (one index on (column, id) serves both ways). */
export const sortOrder = (table: ListedTable, sort: ListSort) => {
  const direction = sort.order === "asc" ? asc : desc;
  return [direction(sort.column), direction(table.id)];
};

/**
 * A list's selection for a caller and a parsed query: its conditions (scope, filters, search) and its sort. The list's page
 * and its export (the same rows in the same order) are both read from it.
 */
export interface ListSelection {
  where: ListWhere;
  sort: ListSort;
}

export interface ListWhere {
  where: SQL | undefined;
  /** The list is filtered by a search: its count stops at SEARCH_COUNT_LIMIT. */
  searched: boolean;
  /** An index meeting the filtered rows most recently updated first, for the default order (`recentPageIds`). */
  recent?: RecentFirst;
}

/**
 * A GiST index that meets a filter's rows most recently updated first, whatever the filter: records in a session period
 * (schema/records.ts `periodPoint`). The order's B-tree walks the later rows before the period's when the two go together.
 */
export interface RecentFirst {
  /** The index's condition for the filter, no row updated after `before` (a cursor's key) when given. */
  within: (before: SQL | undefined) => SQL;
  /** The ordering the index serves, ascending: most recently updated first (ties possible, the id is not in it). */
  recency: SQL;
}

/**
 * The sort a query asks among a list's sortable columns (`columns[field]`); the query's schema has checked the field. A text
 * is sorted in French order, as its index is built (migration 0025).
 */
export function sortOf<F extends string>(columns: Record<F, { column: PgColumn; kind: SortKind }>, query: { sort: F; order: SortOrder }): ListSort {
  const chosen = columns[query.sort];
  const column = chosen.kind === "text" ? french(chosen.column) : chosen.column;
  return { field: query.sort, column, kind: chosen.kind, order: query.order };
}

/** The list's conditions: the caller's scope and the list's filters (`filters`, undefined when none applies), and its search. */
export const whereOf = (filters: readonly (SQL | undefined)[], search: SQL | undefined, recent?: RecentFirst): ListWhere => ({
  where: and(...filters, search),
  searched: search !== undefined,
  ...(recent ? { recent } : {}),
});

/** Which page: `offset` rows skipped, or, with `after`, the rows following that cursor (`offset` then only numbers the page). */
export interface PageQuery {
  offset: number;
  limit: number;
  after?: ListCursor;
}

