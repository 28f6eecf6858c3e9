import { and, desc, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { EXACT_COUNT_LIMIT, SEARCH_COUNT_LIMIT } from "../../resources/common/list-count";
import type { Executor } from "./connection";
import { preparedOnce } from "./prepared";

/**
 * What every list shares so that it stays fast at any size (design.md "API contract"):
 *  - one order, most recently updated first with the id as tie-breaker, served by each table's `*_updated_idx`
 *    (`updated_at desc, id desc`, NULLS FIRST like the ORDER BY, else PostgreSQL sorts the whole table);
 *  - late row lookup: the page's ids are taken in that order (the index alone), then only those rows are read with their
 *    columns and per-row subqueries, so offset 100,000 does not build 100,000 rows it throws away;
 *  - keyset paging: a full page answers the cursor of its last row (`nextCursor`); the next page asked `after` it starts
 *    there in the index instead of walking the offset's entries (a scoped list's deep page walked every row of the order,
 *    other scopes' included);
 *  - a count exact up to EXACT_COUNT_LIMIT, and beyond it PostgreSQL's estimate, flagged as such; a list filtered by a search
 *    counts up to SEARCH_COUNT_LIMIT only (see `countRows`).
 */
type ListedTable = PgTable & { id: PgColumn; updatedAt: PgColumn };

/**
 * The count a list answers: `capped` when it counted no further than its limit, `count` being then PostgreSQL's estimate
 * (past EXACT_COUNT_LIMIT, without a search) or SEARCH_COUNT_LIMIT + 1 (a search).
 */
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

/** The list's conditions: the caller's scope and the list's filters (`filters`, undefined when none applies), and its search. */
export const whereOf = (filters: readonly (SQL | undefined)[], search: SQL | undefined) => ({
  where: and(...filters, search),
  searched: search !== undefined,
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

/** A page row's cursor (the wire form parseListCursor reads), written from the ids subquery `page`. */
const pageCursor = sql<string>`to_char(page.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '~' || page.id`;

/*
 * The page's ids and the count are `sql` templates, not drizzle's query builder: built with the builder, the ids subquery,
 * the count and the former cursor lookup cost about 250 µs of CPU per list call (subquery aliases and selections), as
 * templates 20 µs. The rows statement is prepared once per list (server/db/prepared.ts).
 */
const whereClause = (where: SQL | undefined) => (where ? sql` where ${where}` : sql``);
const orderClause = (table: ListedTable) => sql.join(listOrder(table), sql`, `);

/**
 * The page's ids in the list's order, each with its cursor: after `page.after` (keyset), else past `page.offset` rows.
 * The cursors are written outside the limited subquery: in its select list, to_char would run for every row the offset skips.
 */
function pageIds(table: ListedTable, where: SQL | undefined, page: PageQuery): SQL {
  const select = sql`select ${table.id} as id, ${table.updatedAt} as updated_at from ${table}`;
  const rows = page.after
    ? sql`${select}${whereClause(and(where, followsCursor(table, page.after)))} order by ${orderClause(table)} limit ${page.limit}`
    : sql`${select}${whereClause(where)} order by ${orderClause(table)} limit ${page.limit} offset ${page.offset}`;
  return sql`select page.id, ${pageCursor} as cursor from (${rows}) as page order by page.updated_at desc, page.id desc`;
}

/**
 * The rows statement's condition: the `ids` placeholder, read through an InitPlan (`array(select unnest(…))`) as the ids
 * subquery was. Given `any($1)` directly, the planner counts the page's 25 ids and may join a small table (organisations)
 * by hashing a sequential scan of it rather than by 50 primary-key lookups; from an InitPlan it assumes a few rows.
 */
const pageRowsCondition = (table: ListedTable) => sql`${table.id} = any(array(select unnest(${sql.placeholder("ids")}::text[])))`;

/** A prepared select answering its rows for the `ids` placeholder. */
interface PreparableRows<R> {
  prepare(name: string): { execute(values: { ids: string[] }): Promise<R[]> };
}

/** A list's rows: its select (columns, joins, the list's order) filtered by `condition`, prepared once under `name`. */
export interface ListRows<R> {
  name: string;
  select: (db: Executor, condition: SQL) => PreparableRows<R>;
}

export const listRows = <R>(name: string, select: (db: Executor, condition: SQL) => PreparableRows<R>): ListRows<R> => ({ name, select });

/**
 * One page of a list, in two steps while the rows are counted: the page's ids (the list's index alone, so offset 100,000
 * builds no row it skips, and a cursor starts in the index), then the rows of those ids with their columns and per-row
 * subqueries. A full page answers its last row's cursor, read with the ids, to the microsecond.
 */
export async function listPage<R>(
  db: Executor,
  table: ListedTable,
  { where, searched }: { where: SQL | undefined; searched: boolean },
  page: PageQuery,
  rows: ListRows<R>,
): Promise<{ rows: R[]; total: ListTotal; nextCursor: string | undefined }> {
  const statement = preparedOnce(db, rows.name, (name) => rows.select(db, pageRowsCondition(table)).prepare(name));
  const pageRows = db.execute<{ id: string; cursor: string }>(pageIds(table, where, page)).then(async ({ rows: ids }) => ({
    rows: ids.length === 0 ? [] : await statement.execute({ ids: ids.map((row) => row.id) }),
    nextCursor: ids.length === page.limit ? ids[ids.length - 1]!.cursor : undefined,
  }));
  const [answer, total] = await Promise.all([pageRows, countRows(db, table, where, searched)]);
  return { ...answer, total };
}

/**
 * Counts at most limit + 1 matching rows (the scan stops there). A list filtered by a search counts up to SEARCH_COUNT_LIMIT
 * and answers SEARCH_COUNT_LIMIT + 1 past it: counting a common term up to 10,000 inside a large scope read a table page per
 * match (about 11,000, 139–157 ms p95 at 8 clients), and nobody pages through a thousand matches, they refine the search.
 * Without a search, past EXACT_COUNT_LIMIT, the answer is the planner's estimate of the matching rows, never below the limit.
 */
async function countRows(db: Executor, table: ListedTable, where: SQL | undefined, searched: boolean): Promise<ListTotal> {
  const limit = searched ? SEARCH_COUNT_LIMIT : EXACT_COUNT_LIMIT;
  const matching = sql`select 1 from ${table}${whereClause(where)}`;
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from (${matching} limit ${limit + 1}) as capped`);
  const counted = rows[0]?.n ?? 0;
  if (counted <= limit) return { count: counted, capped: false };
  if (searched) return { count: counted, capped: true };
  return { count: Math.max(counted, await estimatedRows(db, matching)), capped: true };
}

/** The planner's estimate of the rows a query returns (EXPLAIN plans the query without running it). */
async function estimatedRows(db: Executor, query: SQL): Promise<number> {
  const result = await db.execute<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }>(sql`explain (format json) ${query}`);
  return Math.round(result.rows[0]?.["QUERY PLAN"][0].Plan["Plan Rows"] ?? 0);
}
