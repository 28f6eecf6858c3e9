import { sql, type SQL, type AnyColumn } from "drizzle-orm";
import { text } from "drizzle-orm/pg-core";

/**
 * A generated column holding the lower-cased, unaccented text a user may search a row by ('lefevre' finds 'LEFÈVRE').
 * Indexed with a trigram GIN index so that `LIKE '%…%'` stays fast on large tables; its statistics are finer than the default
 * (migration 0011), so that the planner does not take a rare term for a common one.
 * f_unaccent is the IMMUTABLE wrapper created by the first migration.
 */
export const searchColumn = (...columns: string[]) =>
  text("search").generatedAlwaysAs(
    sql.raw(`f_unaccent(lower(${columns.map((c) => `coalesce(${c}, '')`).join(" || ' ' || ")}))`),
  );

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every word of the trimmed search must appear in the row's search column. */
export function matchesSearch(column: AnyColumn, search: string | undefined): SQL | undefined {
  const words = (search ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  return sql.join(
    words.map((word) => sql`${column} like '%' || f_unaccent(lower(${escapeLike(word)})) || '%'`),
    sql` and `,
  );
}
