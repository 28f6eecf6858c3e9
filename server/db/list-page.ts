import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { EXACT_COUNT_LIMIT } from "../../resources/common/list-count";
import type { Executor } from "./connection";

/**
 * What every list shares so that it stays fast at any size (design.md "API contract"):
 *  - one order, most recently updated first with the id as tie-breaker, served by each table's `*_updated_idx`
 *    (`updated_at desc, id desc`, NULLS FIRST like the ORDER BY, else PostgreSQL sorts the whole table);
 *  - late row lookup: the page's ids are taken in that order (the index alone), then only those rows are read with their
 *    columns and per-row subqueries, so offset 100,000 does not build 100,000 rows it throws away;
 *  - keyset paging: a full page answers the cursor of its last row (`nextCursor`); the next page asked `after` it starts
 *    there in the index instead of walking the offset's entries (a scoped list's deep page walked every row of the order,
 *    other scopes' included);
 *  - a count exact up to EXACT_COUNT_LIMIT, and beyond it PostgreSQL's estimate, flagged as such; a list filtered by its
 *    search alone asks the estimate first, and does not count when it is far past the limit (see `countRows`).
 */
type ListedTable = PgTable & { id: PgColumn; updatedAt: PgColumn };

/** The count a list answers: `capped` when there are more than EXACT_COUNT_LIMIT rows and `count` is an estimate. */
export interface ListTotal {
  count: number;
  capped: boolean;
}

export const listOrder = (table: ListedTable) => [desc(table.updatedAt), desc(table.id)];

/** A row's place in the list's order: its updated_at to the microsecond (a JS Date keeps milliseconds) and its id. */
export interface ListCursor {
  updatedAt: string;
  id: string;
}

/**
 * An estimate this far past EXACT_COUNT_LIMIT is trusted without counting, for a list filtered by its search alone. The planner
 * estimates one search condition closely (its column's statistics are fine-grained, migration 0011): 41,054 for the 41,116
 * trainees matching 'martin' in the bench. With the caller's scope or a filter, it would multiply selectivities as if they were
 * independent: the rows are counted then.
 */
const TRUSTED_ESTIMATE = 3 * EXACT_COUNT_LIMIT;

/** The list's conditions: the caller's scope and the list's filters (`filters`, undefined when none applies), and its search. */
export const whereOf = (filters: readonly (SQL | undefined)[], search: SQL | undefined) => ({
  where: and(...filters, search),
  searchAlone: search !== undefined && filters.every((filter) => filter === undefined),
});

/** Which page: `offset` rows skipped, or, with `after`, the rows following that cursor (`offset` then only numbers the page). */
export interface PageQuery {
  offset: number;
  limit: number;
  after?: ListCursor;
}

/** The cursor on the wire: `2026-11-24T09:15:02.123456Z~<id>` (URL-safe as it is). */
const LIST_CURSOR_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)~([0-9a-z]{1,64})$/;

/** The cursor, or undefined when malformed or not a real instant (2026-02-30 or year 0 would make PostgreSQL fail, not answer 400). */
export function parseListCursor(text: string): ListCursor | undefined {
  const match = LIST_CURSOR_PATTERN.exec(text);
  if (!match) return undefined;
  const [, updatedAt, id] = match as unknown as [string, string, string];
  const instant = new Date(`${updatedAt.slice(0, 23)}Z`);
  if (Number.isNaN(instant.getTime()) || instant.getUTCFullYear() < 1 || instant.toISOString().slice(0, 19) !== updatedAt.slice(0, 19)) return undefined;
  return { updatedAt, id };
}

/** The row strictly after the cursor in the list's order; the row comparison is an index condition of `*_updated_idx`. */
const followsCursor = (table: ListedTable, after: ListCursor) =>
  sql`(${table.updatedAt}, ${table.id}) < (${after.updatedAt}::timestamptz, ${after.id})`;

const cursorText = (table: ListedTable) =>
  sql<string>`to_char(${table.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '~' || ${table.id}`;

/**
 * `table.id = any(array(the page's ids))`: filter the outer select with it, and order it again with `listOrder`.
 * The array form makes the ids an InitPlan read by one primary-key index scan: with `in (subquery)` the planner may
 * instead hash-join a sequential scan of the whole table for a small table (organisations).
 */
function pageCondition(db: Executor, table: ListedTable, where: SQL | undefined, page: PageQuery): SQL {
  const ordered = db
    .select({ id: table.id })
    .from(table)
    .where(page.after ? and(where, followsCursor(table, page.after)) : where)
    .orderBy(...listOrder(table))
    .limit(page.limit);
  return sql`${table.id} = any(array(${page.after ? ordered : ordered.offset(page.offset)}))`;
}

/**
 * One page of a list: `rowsOf(pageCondition)` reads its rows in the list's order while the rows are counted, then a full
 * page gets the cursor of its last row, `lastOf` giving that row's id and `updatedAt` as read. The cursor is read back from
 * the database for the microseconds; a row changed in between (its updated_at no longer the one read) gives no cursor,
 * and the next page is then asked by offset.
 */
export async function listPage<R>(
  db: Executor,
  table: ListedTable,
  { where, searchAlone }: { where: SQL | undefined; searchAlone: boolean },
  page: PageQuery,
  rowsOf: (condition: SQL) => PromiseLike<R[]>,
  lastOf: (row: R) => { id: string; updatedAt: Date },
): Promise<{ rows: R[]; total: ListTotal; nextCursor: string | undefined }> {
  // The cursor is read while the count still runs (the count is the slower statement of a list).
  const rowsAndCursor = Promise.resolve(rowsOf(pageCondition(db, table, where, page))).then(async (rows) => {
    const last = rows.length === page.limit ? rows[rows.length - 1] : undefined;
    return { rows, nextCursor: last === undefined ? undefined : await cursorOf(db, table, lastOf(last)) };
  });
  const [{ rows, nextCursor }, total] = await Promise.all([rowsAndCursor, countRows(db, table, where, searchAlone)]);
  return { rows, total, nextCursor };
}

/** `lastOf` for rows shaped as answers, whose `updatedDate` is the row's updated_at. */
export const answeredPlace = (row: { id: string; updatedDate: Date }) => ({ id: row.id, updatedAt: row.updatedDate });

async function cursorOf(db: Executor, table: ListedTable, last: { id: string; updatedAt: Date }): Promise<string | undefined> {
  // Within a millisecond either way: the Date read kept the milliseconds only, truncated or rounded.
  const at = last.updatedAt.toISOString();
  const oneMs = sql`interval '1 millisecond'`;
  const [row] = await db
    .select({ cursor: cursorText(table) })
    .from(table)
    .where(and(eq(table.id, last.id), sql`${table.updatedAt} between ${at}::timestamptz - ${oneMs} and ${at}::timestamptz + ${oneMs}`));
  return row?.cursor;
}

/**
 * Counts at most EXACT_COUNT_LIMIT + 1 matching rows (the scan stops there); past the limit, answers the planner's estimate
 * of the matching rows, never below the limit. A search alone is estimated first: a common term's 10,001 rows cost a bitmap
 * of every match and thousands of table pages (26 ms alone, over 100 ms at the bench's load), its estimate a plan.
 */
async function countRows(db: Executor, table: ListedTable, where: SQL | undefined, searchAlone: boolean): Promise<ListTotal> {
  // A fresh builder each time: drizzle's builders are mutable, `.limit()` would change the estimated query too.
  const matching = () => db.select({ one: sql`1` }).from(table).where(where);
  const estimateFirst = searchAlone ? await estimatedRows(db, matching()) : undefined;
  if (estimateFirst !== undefined && estimateFirst >= TRUSTED_ESTIMATE) return { count: estimateFirst, capped: true };
  const [row] = await db.select({ n: count() }).from(matching().limit(EXACT_COUNT_LIMIT + 1).as("capped"));
  const counted = row?.n ?? 0;
  if (counted <= EXACT_COUNT_LIMIT) return { count: counted, capped: false };
  return { count: Math.max(counted, estimateFirst ?? (await estimatedRows(db, matching()))), capped: true };
}

/** The planner's estimate of the rows a query returns (EXPLAIN plans the query without running it). */
async function estimatedRows(db: Executor, query: { getSQL(): SQL }): Promise<number> {
  const result = await db.execute<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }>(sql`explain (format json) ${query.getSQL()}`);
  return Math.round(result.rows[0]?.["QUERY PLAN"][0].Plan["Plan Rows"] ?? 0);
}
