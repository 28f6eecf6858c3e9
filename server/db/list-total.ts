import { sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { EXACT_COUNT_LIMIT } from "../../resources/common/list-count";
import type { Executor } from "./connection";
import type { ListedTable } from "./list-selection";
import { listKey, rememberedEstimate, rememberedOverLimit, rememberOverLimit } from "./over-limit-counts";

// A list's count, and the planner's estimates it falls back on: list-page.ts reads the page, this counts its rows.

/**
 * The count a list answers: `capped` when it counted no further than its limit, `count` being then PostgreSQL's estimate
 * (past EXACT_COUNT_LIMIT, without a search) or SEARCH_COUNT_LIMIT + 1 (a search).
 */
export interface ListTotal {
  count: number;
  capped: boolean;
}

export const whereClause = (where: SQL | undefined) => (where ? sql` where ${where}` : sql``);
/** The rows a list's conditions select, for the planner's estimate of their number. */
export const matchingRows = (table: ListedTable, where: SQL | undefined) => sql`select 1 from ${table}${whereClause(where)}`;

/**
 * An unsearched list's count: at most EXACT_COUNT_LIMIT + 1 matching rows (the scan stops there), and past it the planner's
 * estimate of the matching rows, never below the limit. A searched list counts its matches up to SEARCH_COUNT_LIMIT only
 * (`matchedPage`): counting a common term up to 10,000 inside a large scope read a table page per match (about 11,000,
 * 139–157 ms p95 at 8 clients), and nobody pages through a thousand matches, they refine the search. `key` is the list's
 * `listKey`, given by a caller that has built it already.
 */
export async function countRows(
  db: Executor,
  table: ListedTable,
  where: SQL | undefined,
  estimate = () => estimatedRows(db, matchingRows(table, where)),
  key = listKey(matchingRows(table, where)),
): Promise<ListTotal> {
  const remembered = rememberedOverLimit(db, key);
  if (remembered !== undefined) return { count: remembered, capped: true };
  const { rows } = await db.execute<{ n: number }>(sql`select ${cappedCount(table, where)} as n`);
  const counted = rows[0]?.n ?? 0;
  if (counted <= EXACT_COUNT_LIMIT) return { count: counted, capped: false };
  const count = Math.max(counted, await estimate());
  rememberOverLimit(db, key, count);
  return { count, capped: true };
}

/**
 * The number of rows matching `where`, counted no further than limit + 1 (the scan stops there): a scalar subquery. Given
 * several disjoint conditions, their rows are counted one after the other (`union all`), each condition in its own index.
 */
export function cappedCount(table: PgTable, where: SQL | undefined | readonly SQL[], limit = EXACT_COUNT_LIMIT) {
  const parts: readonly (SQL | undefined)[] = Array.isArray(where) ? where : [where];
  const matching = sql.join(
    parts.map((part) => sql`select 1 from ${table}${whereClause(part)}`),
    sql` union all `,
  );
  return sql<number>`(select count(*)::int from (${matching} limit ${limit + 1}) as capped)`;
}

/**
 * The planner's estimate of a list's `matching` rows (`matchingRows`, whose `listKey` is `key`), asked on `db` and remembered a
 * minute under `database` (over-limit-counts.ts: per database, whereas a transaction's executor is new at each call).
 */
export const expectedRows = (db: Executor, matching: SQL, key: string, database = db) => rememberedEstimate(database, key, () => estimatedRows(db, matching));

/** The planner's estimate of the rows a query returns (EXPLAIN plans the query without running it). */
async function estimatedRows(db: Executor, query: SQL): Promise<number> {
  const result = await db.execute<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }>(sql`explain (format json) ${query}`);
  return Math.round(result.rows[0]?.["QUERY PLAN"][0].Plan["Plan Rows"] ?? 0);
}
