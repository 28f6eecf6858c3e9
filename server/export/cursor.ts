/**
 * An export's rows, read through a server-side cursor on a dedicated connection: memory stays flat whatever the number of rows.
 * One query, one plan, fetched FETCH_SIZE rows at a time inside a read-only transaction; the connection goes back to the pool when
 * the export ends, fails or the client leaves (the generator's `finally`). No package beyond pg: DECLARE … CURSOR and FETCH are
 * plain SQL. A cursor's plan favours the first rows (cursor_tuple_fraction): a list's export walks the list's index in its order.
 */
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type pg from "pg";

export const FETCH_SIZE = 1_000;

const dialect = new PgDialect();

/**
 * The rows in batches of FETCH_SIZE. The first batch is read by the first `next()`, so a caller may await it before answering
 * (a database failure is then still an error answer, not a cut file).
 */
export async function* exportBatches<R>(pool: pg.Pool, query: SQL): AsyncGenerator<R[]> {
  const client = await pool.connect();
  let failure: unknown;
  try {
    await client.query("begin read only");
    const { sql: text, params } = dialect.sqlToQuery(query);
    await client.query(`declare export_rows no scroll cursor for ${text}`, params);
    for (;;) {
      const { rows } = await client.query<R & pg.QueryResultRow>(`fetch forward ${FETCH_SIZE} from export_rows`);
      if (rows.length === 0) break;
      yield rows;
      if (rows.length < FETCH_SIZE) break;
    }
    await client.query("commit");
  } catch (error) {
    failure = error;
    throw error;
  } finally {
    // Left early (the client went away) or failed: the transaction, and the cursor with it, end before the connection is reused.
    try {
      await client.query("rollback");
      client.release(failure instanceof Error ? failure : undefined);
    } catch (error) {
      client.release(error instanceof Error ? error : true);
    }
  }
}
