import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Executor } from "./connection";

/**
 * The lists whose count went past EXACT_COUNT_LIMIT, remembered for a while per database: asked again (the next page, a
 * reload, a colleague with the same scope and filters), such a list answers « plus de 10 000 » and the estimate it had
 * without counting 10,001 rows again (2.5 ms of PostgreSQL per page of a large scope at 1M records, a third of its share).
 * Only that answer is remembered: a count under the limit is counted at every call, so a list growing past the limit says
 * so at once; one that shrinks below it (rows deleted by the thousand) says « plus de 10 000 » for REMEMBERED_MS at most.
 */
export const REMEMBERED_MS = 60_000;

/** Lists remembered per database at most; the oldest is forgotten first. */
const REMEMBERED_LISTS = 1_000;

const dialect = new PgDialect();
const byDatabase = new WeakMap<Executor, Map<string, { count: number; until: number }>>();

/** A list's key: a statement of its rows, counting or selecting them (its table, the caller's scope and filters, their values). */
export function listKey(rowsMatching: SQL): string {
  const { sql, params } = dialect.sqlToQuery(rowsMatching);
  return `${sql}\n${JSON.stringify(params)}`;
}

/** The estimate answered for the list `key` when it went past the limit less than REMEMBERED_MS ago. */
export function rememberedOverLimit(db: Executor, key: string, now = Date.now()): number | undefined {
  const lists = byDatabase.get(db);
  const remembered = lists?.get(key);
  if (!remembered) return undefined;
  if (remembered.until > now) return remembered.count;
  lists!.delete(key);
  return undefined;
}

export function rememberOverLimit(db: Executor, key: string, count: number, now = Date.now()) {
  let lists = byDatabase.get(db);
  if (!lists) byDatabase.set(db, (lists = new Map()));
  lists.delete(key);
  lists.set(key, { count, until: now + REMEMBERED_MS });
  if (lists.size > REMEMBERED_LISTS) lists.delete(lists.keys().next().value!);
}

/**
 * The planner's estimate of a list's rows, remembered the same way under its own key: it only chooses how a session period's
 * page is read (walked in its index, or its few rows sorted), and it changes with ANALYZE, not from one page to the next. Asked
 * at every page, its EXPLAIN was a round trip and 0.7–1 ms of PostgreSQL's planning at 1M records.
 */
export async function rememberedEstimate(db: Executor, key: string, estimate: () => Promise<number>): Promise<number> {
  const estimateKey = `estimate\n${key}`;
  const remembered = rememberedOverLimit(db, estimateKey);
  if (remembered !== undefined) return remembered;
  const estimated = await estimate();
  rememberOverLimit(db, estimateKey, estimated);
  return estimated;
}
