import type { RecordStatus } from "../../resources/common/record-statuses";

/**
 * The statuses in which a record lags behind its session (design.md "Record lifecycle"), shared by the record page's reasons
 * (blocking-reasons.ts) and the stored `records.blocking_from` the list filter reads (schema/records.ts): changing a list here
 * changes that generated column's expression, so it takes a migration (`npm run db:generate`).
 */

/** Statuses that lag once the session started more than 3 working days ago: the record has not entered training. */
export const NOT_STARTED_STATUSES: readonly RecordStatus[] = ["SETUP", "VALIDATED"];
/** Statuses that lag once the session ended more than 3 working days ago: the record has not left training. */
export const NOT_ENDED_STATUSES: readonly RecordStatus[] = ["START_OF_TRAINING"];
