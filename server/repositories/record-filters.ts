/** The records list's filters (resources/records/list-query.ts), as conditions on records: the list, its count and its export. */
import { eq, gte, inArray, lte, type SQL } from "drizzle-orm";
import { recordStatusRank } from "../../resources/common/record-statuses";
import type { RecordListQuery } from "../../resources/records/list-query";
import { records, withoutFseSurvey } from "../db/schema/index";

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
