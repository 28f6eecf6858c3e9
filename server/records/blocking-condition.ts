import { lte, type SQL } from "drizzle-orm";
import { blockingCutoff } from "../calendar/working-days";
import { records } from "../db/schema/index";

/**
 * The "dossiers bloquants" filter (GET /api/records?filterAnomalies=true) in SQL. `records.blocking_from` (a generated column,
 * schema/records.ts) holds the rules of blocking-reasons.ts with the same status lists, on the record's copies of its session's
 * dates; compared with the same `blockingCutoff(today)`, passed as a plain date parameter (no holiday table in SQL), so a record is
 * in the filtered list exactly when its page lists reasons. The session's dates, not the record's planned ones: design.md speaks
 * of the session, and its dates may change after the record was created (the copies follow them).
 */
export function blockingCondition(today: string): SQL {
  return lte(records.blockingFrom, blockingCutoff(today));
}
