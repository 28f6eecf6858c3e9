/**
 * The FSE export's rows (issue 14): one query, one plan (record_fse_updated_idx for the date range, in its order), read through
 * the exports' cursor (server/export/cursor.ts: memory stays flat with size).
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { FseExportQuery } from "../../resources/fse/schema";
import type { Caller } from "../auth/guard";
import { recordFse, records, sessions, trainees, trainings } from "../db/schema/index";
import { recordScope } from "../scope/row-scope";

const FRANCE = "Europe/Paris";

/** The surveys updated between the two days (inclusive, days in France, whatever the server's time zone). */
function updatedBetween(query: FseExportQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.startDate) conditions.push(sql`${recordFse.updatedAt} >= (${query.startDate}::date::timestamp at time zone ${FRANCE})`);
  if (query.endDate) conditions.push(sql`${recordFse.updatedAt} < ((${query.endDate}::date + 1)::timestamp at time zone ${FRANCE})`);
  return conditions;
}

/** The export's query: one row per survey in the caller's scope (recordScope), oldest change first. Dates as `YYYY-MM-DD` text. */
export function fseExportQuery(caller: Caller, query: FseExportQuery): SQL {
  const where = and(recordScope(caller), query.period ? eq(recordFse.period, query.period) : undefined, ...updatedBetween(query));
  return sql`
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
    order by ${recordFse.updatedAt}, ${recordFse.id}`;
}
