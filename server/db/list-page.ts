import { and, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { SEARCH_COUNT_LIMIT } from "../../resources/common/list-count";
import { decodeTextKey, encodeTextKey, type ListCursor, type SortKind } from "../../resources/common/list-query";
import type { Executor } from "./connection";
import { defaultSort, sortOrder, type ListedTable, type ListSort, type ListWhere, type PageQuery, type RecentFirst } from "./list-selection";
import { countRows, expectedRows, matchingRows, whereClause, type ListTotal } from "./list-total";
import { listKey } from "./over-limit-counts";
import { preparedOnce } from "./prepared";

/**
 * What every list shares so that it stays fast at any size (design.md "API contract"):
 *  - by default one order, most recently updated first with the id as tie-breaker, served by each table's `*_updated_idx`
 *    (`updated_at desc, id desc`, NULLS FIRST like the ORDER BY, else PostgreSQL sorts the whole table); a list may offer
 *    other sorts (`ListSort`: one NOT NULL column of the table, the id as tie-breaker in the same direction), each served by an
 *    index on `(column, id)` read forwards or backwards, and by its scoped variants (migration 0016_list_sorts);
 *  - late row lookup: the page's ids are taken in that order (the index alone), then only those rows are read with their
 *    columns and per-row subqueries, so offset 100,000 does not build 100,000 rows it throws away;
 *  - keyset paging: a full page answers the cursor of its last row (`nextCursor`); the next page asked `after` it starts
 *    there in the index instead of walking the offset's entries (a scoped list's deep page walked every row of the order,
 *    other scopes' included);
 *  - a count exact up to EXACT_COUNT_LIMIT, and beyond it PostgreSQL's estimate, flagged as such (list-total.ts; remembered a
 *    minute: over-limit-counts.ts); a list filtered by a search
 *    counts its matches up to SEARCH_COUNT_LIMIT only, and pages among them when they are all there (`matchedPage`).
 */

/** The cursor's key as a value of the sort's column (the query's schema has checked it is one: `cursorKeyFits`). */
function keyValue(kind: SortKind, key: string): SQL {
  if (kind === "timestamp") return sql`${key}::timestamptz`;
  if (kind === "date") return sql`${key}::date`;
  if (kind === "rank") return sql`${Number(key)}::int`;
  return sql`${decodeTextKey(key) ?? ""}`;
}

/**
 * The row strictly after the cursor in the sort's order, on the sort's column and the id (the table's, or a subquery's); on the
 * table, the row comparison is an index condition of the sort's index.
 */
const followsCursor = (column: SQL | PgColumn, id: SQL | PgColumn, sort: ListSort, after: ListCursor) =>
  sort.order === "asc"
    ? sql`(${column}, ${id}) > (${keyValue(sort.kind, after.key)}, ${after.id})`
    : sql`(${column}, ${id}) < (${keyValue(sort.kind, after.key)}, ${after.id})`;

/** A page row's cursor key as text, written from the ids subquery `page` (a text key is encoded in JS, `encodeTextKey`). */
const pageKey = (kind: SortKind) =>
  kind === "timestamp" ? sql`to_char(page.sort_key at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` : sql`page.sort_key::text`;

/*
 * The page's ids and the count are `sql` templates, not drizzle's query builder: built with the builder, the ids subquery,
 * the count and the former cursor lookup cost about 250 µs of CPU per list call (subquery aliases and selections), as
 * templates 20 µs. The rows statement is prepared once per list (server/db/prepared.ts).
 */
const orderClause = (table: ListedTable, sort: ListSort) => sql.join(sortOrder(table, sort), sql`, `);

/**
 * The page's ids in the list's order, each with its cursor: after `page.after` (keyset), else past `page.offset` rows.
 * The cursors are written outside the limited subquery: in its select list, to_char would run for every row the offset skips.
 */
function pageIds(table: ListedTable, where: SQL | undefined, sort: ListSort, page: PageQuery): SQL {
  const select = sql`select ${table.id} as id, ${sort.column} as sort_key from ${table}`;
  const rows = page.after
    ? sql`${select}${whereClause(and(where, followsCursor(sort.column, table.id, sort, page.after)))} order by ${orderClause(table, sort)} limit ${page.limit}`
    : sql`${select}${whereClause(where)} order by ${orderClause(table, sort)} limit ${page.limit} offset ${page.offset}`;
  const direction = sort.order === "asc" ? sql`asc` : sql`desc`;
  return sql`select page.id, ${pageKey(sort.kind)} as key from (${rows}) as page order by page.sort_key ${direction}, page.id ${direction}`;
}

/**
 * The page's ids as `pageIds` has them (default order, page 1 or after a cursor), read from `recent`'s index: its rows met most
 * recently updated first, the list's conditions checked on each. Its ties (the same update, to the float's precision) all come
 * out, then are ordered by the id as the list's order has it.
 */
function recentPageIds(table: ListedTable, where: SQL | undefined, sort: ListSort, page: PageQuery, recent: RecentFirst): SQL {
  const before = page.after ? keyValue(sort.kind, page.after.key) : undefined;
  const condition = and(recent.within(before), where, page.after ? followsCursor(sort.column, table.id, sort, page.after) : undefined);
  const rows = sql`select ${table.id} as id, ${sort.column} as sort_key from ${table}${whereClause(condition)} order by ${recent.recency} fetch first ${page.limit} rows with ties`;
  return sql`select page.id, ${pageKey(sort.kind)} as key from (${rows}) as page order by page.sort_key desc, page.id desc limit ${page.limit}`;
}

/**
 * A searched `recentPageIds`, read in the transaction `tx` with bitmap scans off until its end: PostgreSQL expects a thousandth
 * of the rows in the index's box (the `cube` estimate, where a period holds a third of the records), and joined a bitmap of it
 * to the search's, then sorted every match (247 ms for a common name, 7 ms walking the index). Unsearched, it walks the index
 * unaided (the scope's condition checked on each row).
 */
async function walkRecent(tx: Executor, query: SQL): Promise<PageIds> {
  await tx.execute(sql`set local enable_bitmapscan = off`);
  return (await tx.execute<PageIds[number]>(query)).rows;
}

/**
 * Past this many matches expected by the planner, a page in the default order is read from the filter's `recent` index; below,
 * the matches are few enough to be sorted (or walked: the planner chooses). Few matches in a large box would be a long walk.
 */
const RECENT_WALK_FROM = 5_000;

const isDefaultOrder = (table: ListedTable, sort: ListSort) => sort.column === table.updatedAt && sort.order === "desc";

/** `recent`'s index serves this page: the default order, page 1 or after a cursor (an offset is skipped in the order's index). */
const recentServes = (table: ListedTable, sort: ListSort, page: PageQuery, recent: RecentFirst | undefined): recent is RecentFirst =>
  recent !== undefined && isDefaultOrder(table, sort) && (page.after !== undefined || page.offset === 0);

/**
 * A searched list's matches, at most `cap` + 1 of them taken in whatever order is cheapest (the search's index), their number,
 * and the page's ids sorted among them when they are all there (no more than `cap`): with `cap` = SEARCH_COUNT_LIMIT, the count
 * and the page in one statement. Walking the sort's index instead reads every row until the page is full: tens of thousands
 * when the term is correlated with the order or a filter (« soignant » among the trainings by name, or those without FSE).
 * One row at least (`id` null when the page is empty), carrying `n`.
 */
function matchedPage(table: ListedTable, where: SQL | undefined, sort: ListSort, page: PageQuery, cap: number): SQL {
  const direction = sort.order === "asc" ? sql`asc` : sql`desc`;
  // Only the ids, as a count reads them (often from an index alone); the sort's key is read for the matches when they are few.
  const matched = sql`select ${table.id} as id from ${table}${whereClause(where)} limit ${cap + 1}`;
  const inMatched = sql`${table.id} in (select id from matched) and (select count(*) from matched) <= ${cap}`;
  const condition = page.after ? and(inMatched, followsCursor(sort.column, table.id, sort, page.after)) : inMatched;
  const pageRows = sql`select ${table.id} as id, ${sort.column} as sort_key from ${table} where ${condition} order by ${orderClause(table, sort)} limit ${page.limit} offset ${page.after ? 0 : page.offset}`;
  return sql`with matched as materialized (${matched})
    select (select count(*)::int from matched) as n, page.id, ${pageKey(sort.kind)} as key
    from (select 1) as one left join lateral (${pageRows}) as page on true
    order by page.sort_key ${direction}, page.id ${direction}`;
}

/**
 * The matches a page sorted by a text column (a name), or by the update within a session period, is sorted among when the
 * planner expects no more; beyond, or for any other sort, the sort's index is walked. A name sort is where a term and the order
 * go together (the matches of « soignant » sit together among the trainings by name), as a period and the updates do (its
 * records were updated while it ran); otherwise a date's order owes nothing to a term (a walk meets its matches at once).
 */
export const SORTED_MATCHES_LIMIT = 5_000;

type PageIds = { id: string; key: string }[];

async function idsAmongMatches(db: Executor, table: ListedTable, where: SQL | undefined, sort: ListSort, page: PageQuery, cap: number) {
  const { rows } = await db.execute<{ n: number; id: string | null; key: string | null }>(matchedPage(table, where, sort, page, cap));
  const ids: PageIds = rows.flatMap(({ id, key }) => (id === null || key === null ? [] : [{ id, key }]));
  return { counted: rows[0]?.n ?? 0, ids };
}

/**
 * A searched list's page ids and total. Past SEARCH_COUNT_LIMIT matches, a page by name, or in the default order of a filter
 * with a `recent` index (a session period, whose order goes with its dates), is sorted among at most SORTED_MATCHES_LIMIT when
 * the planner expects no more (1,342 « soignant » among 39,825 trainings, by name: 9 ms instead of a 140 ms walk); a period
 * expecting more is read in its `recent` index; else the page is read by walking the sort's index (`pageIds`), where so many
 * matches are met soon enough.
 */
async function searchedPageIds(db: Executor, table: ListedTable, listWhere: ListWhere, sort: ListSort, page: PageQuery) {
  if (!listWhere.recent) return searchedIds(db, table, listWhere, sort, page);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return searchedIds(tx, table, listWhere, sort, page, db);
  });
}

/**
 * `searchedPageIds`' steps; a list with a `recent` index (a session period) runs them in one transaction, table scans off.
 * A period's matches lie together in its dates' index (read alone: records_*session_end*_idx), but PostgreSQL costs that
 * index's pages as random reads and read the table instead for a common name (1,001 matches at 1M records: 36 ms, 10 ms in
 * the index); a rare name's few matches still come from the trigram index (a bitmap scan). `database` is the pool's executor
 * (`db` may be the transaction's), under which the planner's estimate is remembered.
 */
async function searchedIds(db: Executor, table: ListedTable, { where, recent }: ListWhere, sort: ListSort, page: PageQuery, database = db) {
  const first = await idsAmongMatches(db, table, where, sort, page, SEARCH_COUNT_LIMIT);
  if (first.counted <= SEARCH_COUNT_LIMIT) return { ids: first.ids, total: { count: first.counted, capped: false } };
  const total = { count: first.counted, capped: true };
  const byRecent = recentServes(table, sort, page, recent);
  if (sort.kind === "text" || byRecent) {
    const matching = matchingRows(table, where);
    const expected = await expectedRows(db, matching, listKey(matching), database);
    if (byRecent && expected > RECENT_WALK_FROM) return { ids: await walkRecent(db, recentPageIds(table, where, sort, page, recent)), total };
    if (expected <= SORTED_MATCHES_LIMIT) {
      const among = await idsAmongMatches(db, table, where, sort, page, SORTED_MATCHES_LIMIT);
      if (among.counted <= SORTED_MATCHES_LIMIT) return { ids: among.ids, total };
    }
  }
  const walked = await db.execute<PageIds[number]>(pageIds(table, where, sort, page));
  return { ids: walked.rows, total };
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

/** A list's rows: its select (columns, joins) filtered by `condition` in `order`, prepared once per sort under `name`. */
export interface ListRows<R> {
  name: string;
  select: (db: Executor, condition: SQL, order: SQL[]) => PreparableRows<R>;
}

export const listRows = <R>(name: string, select: (db: Executor, condition: SQL, order: SQL[]) => PreparableRows<R>): ListRows<R> => ({ name, select });

/** The prepared statement's name: the list's for the default order (as before sorts), suffixed by the sort otherwise. */
const statementName = (rows: ListRows<unknown>, table: ListedTable, sort: ListSort) =>
  isDefaultOrder(table, sort) ? rows.name : `${rows.name}_${sort.field}_${sort.order}`;

/**
 * One page of a list, in two steps while the rows are counted: the page's ids (the list's index alone, so offset 100,000
 * builds no row it skips, and a cursor starts in the index), then the rows of those ids with their columns and per-row
 * subqueries. A full page answers its last row's cursor, read with the ids, to the microsecond.
 */
export async function listPage<R>(
  db: Executor,
  table: ListedTable,
  listWhere: ListWhere,
  page: PageQuery,
  rows: ListRows<R>,
  sort: ListSort = defaultSort(table),
): Promise<{ rows: R[]; total: ListTotal; nextCursor: string | undefined }> {
  const statement = preparedOnce(db, statementName(rows, table, sort), (name) => rows.select(db, pageRowsCondition(table), sortOrder(table, sort)).prepare(name));
  const cursorOf = ({ id, key }: { id: string; key: string }) => `${sort.kind === "text" ? encodeTextKey(key) : key}~${id}`;
  const rowsOf = async (ids: PageIds) => ({
    rows: ids.length === 0 ? [] : await statement.execute({ ids: ids.map((row) => row.id) }),
    nextCursor: ids.length === page.limit ? cursorOf(ids[ids.length - 1]!) : undefined,
  });
  const { where, searched, recent } = listWhere;
  if (searched) {
    const { ids, total } = await searchedPageIds(db, table, listWhere, sort, page);
    return { ...(await rowsOf(ids)), total };
  }
  if (recentServes(table, sort, page, recent)) {
    // Many matches expected are met in `recent`'s index; a few are sorted by the planner as they are. The count past its limit
    // answers the same estimate.
    const matching = matchingRows(table, where);
    const key = listKey(matching);
    const expected = expectedRows(db, matching, key);
    const ids = expected.then(async (rowsExpected) =>
      rowsExpected > RECENT_WALK_FROM
        ? (await db.execute<PageIds[number]>(recentPageIds(table, where, sort, page, recent))).rows
        : (await db.execute<PageIds[number]>(pageIds(table, where, sort, page))).rows,
    );
    const [answer, total] = await Promise.all([ids.then(rowsOf), countRows(db, table, where, () => expected, key)]);
    return { ...answer, total };
  }
  const pageRows = db.execute<{ id: string; key: string }>(pageIds(table, where, sort, page)).then(({ rows: ids }) => rowsOf(ids));
  const [answer, total] = await Promise.all([pageRows, countRows(db, table, where)]);
  return { ...answer, total };
}
