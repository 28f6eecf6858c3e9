import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { blockingCutoff } from "../calendar/working-days";
import { records, sessions } from "../db/schema/index";
import { NOT_ENDED_STATUSES, NOT_STARTED_STATUSES } from "./blocking-reasons";

/**
 * The "dossiers bloquants" filter (GET /api/records?filterAnomalies=true) in SQL: the rules of blocking-reasons.ts, with the
 * data-quality gate's stored verdict (server/quality/record-flags.ts), the same status lists and the same `blockingCutoff(today)`,
 * passed as a plain date parameter (no holiday table in SQL), so a record is in the filtered list exactly when its page lists reasons. The session's dates, not the record's planned ones: design.md speaks
 * of the session, and its dates may change after the record was created.
 */
const BLOCKING_SESSION = "blocking_session";
const blockingSession = alias(sessions, BLOCKING_SESSION);

/** The record's session, when `condition` holds of it (one primary-key probe per record read). */
const sessionWhere = (condition: SQL) =>
  // Written out: inside sql`` an alias renders as its bare name, without the table it stands for.
  sql`exists (select 1 from ${sessions} ${sql.identifier(BLOCKING_SESSION)} where ${blockingSession.id} = ${records.sessionId} and ${condition})`;

/** `today`: the calendar day in France (`dayInFrance`), `YYYY-MM-DD`. */
export function blockingCondition(today: string): SQL {
  const cutoff = blockingCutoff(today);
  // `or` of conditions that are all defined is never undefined; drizzle types it loosely.
  return or(
    eq(records.lastExchangeFailed, true),
    eq(records.qualityBlocking, true),
    and(inArray(records.status, [...NOT_STARTED_STATUSES]), sessionWhere(sql`${blockingSession.startDate} <= ${cutoff}`)),
    and(inArray(records.status, [...NOT_ENDED_STATUSES]), sessionWhere(sql`${blockingSession.endDate} <= ${cutoff}`)),
  ) as SQL;
}
