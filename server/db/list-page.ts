import { count, desc, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { EXACT_COUNT_LIMIT } from "../../resources/common/list-count";
import type { Executor } from "./connection";

/**
 * What every list shares so that it stays fast at any size (design.md "API contract"):
 *  - one order, most recently updated first with the id as tie-breaker, served by each table's `*_updated_idx`
 *    (`updated_at desc, id desc`, NULLS FIRST like the ORDER BY, else PostgreSQL sorts the whole table);
 *  - late row lookup: the page's ids are taken in that order (the index alone), then only those rows are read with their
 *    columns and per-row subqueries, so offset 100,000 does not build 100,000 rows it throws away;
 *  - a count exact up to EXACT_COUNT_LIMIT, and beyond it PostgreSQL's estimate, flagged as such.
 */
type ListedTable = PgTable & { id: PgColumn; updatedAt: PgColumn };

/** The count a list answers: `capped` when there are more than EXACT_COUNT_LIMIT rows and `count` is an estimate. */
export interface ListTotal {
  count: number;
  capped: boolean;
}

export const listOrder = (table: ListedTable) => [desc(table.updatedAt), desc(table.id)];

/**
 * `table.id = any(array(the page's ids))`: filter the outer select with it, and order it again with `listOrder`.
 * The array form makes the ids an InitPlan read by one primary-key index scan: with `in (subquery)` the planner may
 * instead hash-join a sequential scan of the whole table for a small table (organisations).
 */
export function pageCondition(db: Executor, table: ListedTable, where: SQL | undefined, page: { offset: number; limit: number }): SQL {
  const ids = db
    .select({ id: table.id })
    .from(table)
    .where(where)
    .orderBy(...listOrder(table))
    .limit(page.limit)
    .offset(page.offset);
  return sql`${table.id} = any(array(${ids}))`;
}

/**
 * Counts at most EXACT_COUNT_LIMIT + 1 matching rows (cheap whatever the table's size: the scan stops there);
 * past the limit, answers the planner's estimate of the matching rows, never below the limit.
 */
export async function countRows(db: Executor, table: ListedTable, where: SQL | undefined): Promise<ListTotal> {
  // A fresh builder each time: drizzle's builders are mutable, `.limit()` would change the estimated query too.
  const matching = () => db.select({ one: sql`1` }).from(table).where(where);
  const [row] = await db.select({ n: count() }).from(matching().limit(EXACT_COUNT_LIMIT + 1).as("capped"));
  const counted = row?.n ?? 0;
  if (counted <= EXACT_COUNT_LIMIT) return { count: counted, capped: false };
  return { count: Math.max(counted, await estimatedRows(db, matching())), capped: true };
}

/** The planner's estimate of the rows a query returns (EXPLAIN plans the query without running it). */
async function estimatedRows(db: Executor, query: { getSQL(): SQL }): Promise<number> {
  const result = await db.execute<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }>(sql`explain (format json) ${query.getSQL()}`);
  return Math.round(result.rows[0]?.["QUERY PLAN"][0].Plan["Plan Rows"] ?? 0);
}
