/**
 * « Motif » (issue 40, resources/todo/reasons.ts): why each row of an « À traiter » list is there, by the rules that put it
 * there (./rules.ts, ../records/blocking-reasons.ts). A records page's reasons are read in one statement for its rows only
 * (their ids, at most a page): the list's own statements stay as they are, and no other list pays for it.
 */
import { sql } from "drizzle-orm";
import type { RecordStatus } from "../../resources/common/record-statuses";
import type { RecordListQuery } from "../../resources/records/list-query";
import { withLabel, type TodoReason } from "../../resources/todo/reasons";
import type { RecordTodo } from "../../resources/todo/schema";
import { addDays, addMonths } from "../calendar/calendar-dates";
import { moreThanWorkingDaysAgoCutoff } from "../calendar/working-days";
import type { Executor } from "../db/connection";
import { agoraExchanges, records } from "../db/schema/index";
import { blockingReasons } from "../records/blocking-reasons";
import { BILAN_DELAY_WORKING_DAYS, FSE_SURVEY_DAYS, lateCutoffs, SIX_MONTH_LATE_MONTHS, soonCutoffs } from "./rules";

/** The lists that answer a « Motif »: a counter's link, or the blocking records. */
export const recordsWithReasons = (query: Pick<RecordListQuery, "todo" | "filterAnomalies">) => query.todo !== undefined || query.filterAnomalies;

type RecordFacts = {
  id: string;
  status: RecordStatus;
  qualityBlocking: boolean | null;
  lastExchangeFailed: boolean;
  sessionStartDate: string;
  sessionEndDate: string;
  realStartDate: string | null;
  hasFseInput: boolean;
  fseSurveyPendingFrom: string | null;
  fseSixMonthPendingFrom: string | null;
  pendingSince: string | null;
  failedCode: number | null;
  /** AGORA's message (one text or several lines), or the technical failure's. */
  failedMessage: string | string[] | null;
};

/** The survey a record of `todo` (fse-late, fse-soon) is listed for, as the list's two parts split them (rules.ts `dueBetween`). */
function surveyReason(r: RecordFacts, todo: "fse-late" | "fse-soon", today: string): TodoReason {
  const to = todo === "fse-late" ? lateCutoffs(today) : soonCutoffs(today);
  const pending = r.fseSurveyPendingFrom;
  const reason =
    pending !== null && pending <= to.survey
      ? { period: !r.hasFseInput && r.realStartDate === pending ? "INPUT" : "OUTPUT", dueDate: addDays(pending, FSE_SURVEY_DAYS) }
      : { period: "AFTER_SIX_MONTH", dueDate: addMonths(r.fseSixMonthPendingFrom ?? today, SIX_MONTH_LATE_MONTHS) };
  return withLabel({ kind: "fseSurvey", period: reason.period as "INPUT" | "OUTPUT" | "AFTER_SIX_MONTH", dueDate: reason.dueDate, late: reason.dueDate <= today });
}

function recordReason(r: RecordFacts, todo: RecordTodo | undefined, today: string): TodoReason {
  if (todo === "fse-late" || todo === "fse-soon") return surveyReason(r, todo, today);
  if (todo === "agora-failed") {
    const message = Array.isArray(r.failedMessage) ? r.failedMessage.join(" ") : r.failedMessage;
    return withLabel({ kind: "agoraFailed", code: r.failedCode, message });
  }
  if (todo === "agora-pending") return withLabel({ kind: "agoraPending", since: r.pendingSince });
  const facts = { status: r.status, lastAgoraExchangeFailed: r.lastExchangeFailed, qualityBlocking: r.qualityBlocking === true, today };
  const reasons = blockingReasons({ ...facts, sessionStartDate: r.sessionStartDate, sessionEndDate: r.sessionEndDate });
  return withLabel({ kind: "blocking", codes: reasons.map((x) => x.code), messages: reasons.map((x) => x.message) });
}

/**
 * The « Motif » of each record of a page (`ids`) of the list `query` asks, as of `today` (the day in France): the facts in one
 * statement, by primary key, the latest refused or failed exchange by the record's exchanges' index.
 */
export async function recordReasons(db: Executor, ids: string[], query: Pick<RecordListQuery, "todo">, today: string): Promise<Map<string, TodoReason>> {
  if (ids.length === 0) return new Map();
  const x = agoraExchanges;
  const { rows } = await db.execute<RecordFacts>(sql`
    select r.id, r.status, r.quality_blocking as "qualityBlocking", r.last_exchange_failed as "lastExchangeFailed",
      r.session_start_date::text as "sessionStartDate", r.session_end_date::text as "sessionEndDate",
      r.real_start_date::text as "realStartDate", r.has_fse_input as "hasFseInput",
      r.fse_survey_pending_from::text as "fseSurveyPendingFrom", r.fse_six_month_pending_from::text as "fseSixMonthPendingFrom",
      to_char(pending.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "pendingSince",
      (failed.answer -> 'refused' ->> 'code')::int as "failedCode",
      coalesce(failed.answer -> 'refused' -> 'message', to_jsonb(failed.last_error)) as "failedMessage"
    from ${records} r
    left join ${x} pending on pending.id = r.pending_exchange_id
    left join lateral (
      select answer, last_error from ${x} where ${x.recordId} = r.id and ${x.state} in ('refused', 'failed') order by ${x.createdAt} desc limit 1
    ) failed on r.last_exchange_failed
    where r.id = any(${sql.param(ids)}::text[])`);
  return new Map(rows.map((row) => [row.id, recordReason(row, query.todo, today)]));
}

/** A session of `todo`'s list: its bilan due since its end, late past the delay (rules.ts `bilansLate`). */
export const sessionReason = (endDate: string, today: string): TodoReason =>
  withLabel({ kind: "bilan", dueSince: endDate, late: endDate <= moreThanWorkingDaysAgoCutoff(today, BILAN_DELAY_WORKING_DAYS) });

