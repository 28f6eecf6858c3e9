/** The records list's filters (resources/records/list-query.ts), as conditions on records: the list, its count and its export. */
import { and, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { RecordListQuery } from "../../resources/records/list-query";
import { recordFse, records, sessions, trainings } from "../db/schema/index";

/** The record's session among `sessionsWhere` (a semi-join on sessions, read by its indexes, then records_session_idx or the order's index). */
const sessionAmong = (sessionsWhere: SQL | undefined) =>
  inArray(records.sessionId, sql`(select ${sessions.id} from ${sessions} where ${sessionsWhere})`);

/** The session overlaps [from, to] (either bound may be absent). */
const overlapsPeriod = (from: string | undefined, to: string | undefined) =>
  and(from === undefined ? undefined : gte(sessions.endDate, from), to === undefined ? undefined : lte(sessions.startDate, to));

/** « Sans questionnaire FSE »: the training is FSE and the record has no survey yet (record_fse_record_period_unique answers the probe). */
const withoutFseSurvey = () =>
  and(
    sessionAmong(sql`${sessions.trainingId} in (select ${trainings.id} from ${trainings} where ${trainings.fse})`),
    sql`not exists (select 1 from ${recordFse} where ${recordFse.recordId} = ${records.id})`,
  );

/** Each filter the query asks, undefined for those it does not (the caller's scope is added by the list). */
export function recordFilters(query: Omit<RecordListQuery, "offset" | "limit" | "sort" | "order">): (SQL | undefined)[] {
  const period = query.sessionFrom !== undefined || query.sessionTo !== undefined;
  return [
    query.status ? inArray(records.status, query.status) : undefined,
    query.educationalOrganizationId ? eq(records.educationalOrganizationId, query.educationalOrganizationId) : undefined,
    query.trainingId ? sessionAmong(eq(sessions.trainingId, query.trainingId)) : undefined,
    period ? sessionAmong(overlapsPeriod(query.sessionFrom, query.sessionTo)) : undefined,
    query.withoutFse ? withoutFseSurvey() : undefined,
    query.agoraFailed ? eq(records.lastExchangeFailed, true) : undefined,
  ];
}
