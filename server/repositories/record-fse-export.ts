/**
 * The FSE export's rows, read through a server-side cursor on a dedicated connection (issue 14: memory stays flat with size).
 * One query, one plan (record_fse_updated_idx for the date range, in its order), fetched FETCH_SIZE rows at a time inside a
 * read-only transaction; the connection goes back to the pool when the export ends, fails or the client leaves (the
 * generator's `finally`). No package beyond pg: DECLARE … CURSOR and FETCH are plain SQL.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type pg from "pg";
import type { FseExportQuery } from "../../resources/fse/schema";
import type { Caller } from "../auth/guard";
import { recordFse, records, sessions, trainees, trainings } from "../db/schema/index";
import type { FseExportRow } from "../fse/export-columns";
import { recordScope } from "../scope/row-scope";

export const FETCH_SIZE = 1_000;
const FRANCE = "Europe/Paris";

/** The surveys updated between the two days (inclusive, days in France, whatever the server's time zone). */
function updatedBetween(query: FseExportQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.startDate) conditions.push(sql`${recordFse.updatedAt} >= (${query.startDate}::date::timestamp at time zone ${FRANCE})`);
  if (query.endDate) conditions.push(sql`${recordFse.updatedAt} < ((${query.endDate}::date + 1)::timestamp at time zone ${FRANCE})`);
  return conditions;
}

/** The export's query: one row per survey in the caller's scope (recordScope), oldest change first. Dates as `YYYY-MM-DD` text. */
export function fseExportQuery(caller: Caller, query: FseExportQuery): { sql: string; params: unknown[] } {
  const where = and(recordScope(caller), query.period ? eq(recordFse.period, query.period) : undefined, ...updatedBetween(query));
  return new PgDialect().sqlToQuery(sql`
    select ${records.agoraId} as "agoraId", ${trainees.lastName} as "lastName", ${trainees.firstName} as "firstName",
      ${trainees.birthDate}::text as "birthDate", ${trainings.name} as "trainingName",
      ${sessions.startDate}::text as "sessionStartDate", ${sessions.endDate}::text as "sessionEndDate",
      ${recordFse.period} as "period", ${recordFse.information} as "information",
      (${recordFse.updatedAt} at time zone ${FRANCE})::date::text as "updatedDay"
    from ${recordFse}
    join ${records} on ${records.id} = ${recordFse.recordId}
    join ${trainees} on ${trainees.id} = ${records.traineeId}
    join ${sessions} on ${sessions.id} = ${records.sessionId}
    join ${trainings} on ${trainings.id} = ${sessions.trainingId}
    ${where ? sql`where ${where}` : sql``}
    order by ${recordFse.updatedAt}, ${recordFse.id}`);
}

/**
 * The rows in batches of FETCH_SIZE. The first batch is read by the first `next()`, so a caller may await it before answering
 * (a database failure is then still an error answer, not a cut file).
 */
export async function* fseExportBatches(pool: pg.Pool, caller: Caller, query: FseExportQuery): AsyncGenerator<FseExportRow[]> {
  const client = await pool.connect();
  let failure: unknown;
  try {
    await client.query("begin read only");
    const { sql: text, params } = fseExportQuery(caller, query);
    await client.query(`declare fse_export no scroll cursor for ${text}`, params);
    for (;;) {
      const { rows } = await client.query<FseExportRow>(`fetch forward ${FETCH_SIZE} from fse_export`);
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
