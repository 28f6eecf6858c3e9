/** The records list's filters (resources/records/list-query.ts), as conditions on records: the list, its count and its export. */
import { eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import { recordStatusRank } from "../../resources/common/record-statuses";
import type { RecordListQuery } from "../../resources/records/list-query";
import type { RecentFirst } from "../db/list-selection";
import { periodPoint, records, withoutFseSurvey, withSessionPeriod } from "../db/schema/index";

/**
 * Each on the record's own columns (its copies of its session's dates, training and FSE flag, and of its surveys: migration
 * 0019_records_filter_copies), served by the records_*_period_idx, records_*_without_fse_idx and records_training_idx indexes in
 * the list's order; semi-joins on sessions and trainings and a probe of record_fse per record took 300 to 750 ms a page 1.
 */
export function recordFilters(query: Omit<RecordListQuery, "offset" | "limit" | "sort" | "order">): (SQL | undefined)[] {
  return [
    // The rank, not the code: the status indexes (records_*status_idx) carry the rank, so a capped count reads them alone.
    query.status ? inArray(records.statusRank, query.status.map(recordStatusRank)) : undefined,
    query.educationalOrganizationId ? eq(records.educationalOrganizationId, query.educationalOrganizationId) : undefined,
    query.trainingId ? eq(records.trainingId, query.trainingId) : undefined,
    // The session overlaps [from, to] (either bound may be absent).
    query.sessionFrom === undefined ? undefined : gte(records.sessionEndDate, query.sessionFrom),
    query.sessionTo === undefined ? undefined : lte(records.sessionStartDate, query.sessionTo),
    query.withoutFse ? withoutFseSurvey(records) : undefined,
    query.agoraFailed ? eq(records.lastExchangeFailed, true) : undefined,
  ];
}

/** A day as `periodPoint` has it (days since 2000), or `open` (a bound far beyond any day) when the period has no such bound. */
const periodDay = (day: string | undefined, open: string) => (day === undefined ? sql.raw(open) : sql`(${day}::date - date '2000-01-01')::float8`);

/**
 * A session period's records most recently updated first, in records_period_recent_idx: the box of the points whose session
 * overlaps the period (its start up to `to`, its end from `from`), up to the cursor's update when paging on.
 */
export function periodRecentFirst(query: Pick<RecordListQuery, "sessionFrom" | "sessionTo">): RecentFirst | undefined {
  if (query.sessionFrom === undefined && query.sessionTo === undefined) return undefined;
  const point = periodPoint(records);
  const from = periodDay(query.sessionFrom, "-1e9");
  const to = periodDay(query.sessionTo, "1e9");
  const updatedUpTo = (before: SQL | undefined) =>
    before ? sql`extract(epoch from (${before} - timestamptz '1970-01-01 00:00:00+00'))::float8` : sql.raw("1e18");
  return {
    within: (before) => sql`${withSessionPeriod(records)} and ${point} <@ cube(array[-1e9, ${from}, -1e18], array[${to}, 1e9, ${updatedUpTo(before)}])`,
    // The third dimension's upper coordinate (the sixth), negated: ascending, the most recent first.
    recency: sql`${point} ~> -6`,
  };
}
