/**
 * The « À traiter » rules (README « Décisions », « À traiter »), once: the counters (server/todo/counts.ts) and the list filters
 * `todo=…` of the records and sessions lists use these conditions, so a counter's link lists exactly what it counts.
 * "Today" is the calendar day in France; every date rule becomes a plain cutoff date computed here (the holidays stay in
 * server/calendar, none in SQL).
 */
import { and, gt, isNotNull, isNull, lte, or, sql, type Column, type SQL } from "drizzle-orm";
import type { RecordTodo, SessionTodo } from "../../resources/todo/schema";
import { addDays, addMonths } from "../calendar/calendar-dates";
import { addWorkingDays, moreThanWorkingDaysAgoCutoff } from "../calendar/working-days";
import { records, sessions } from "../db/schema/index";

/** « bientôt »: what becomes late within the next 5 working days (the six-month survey: once due, see below). */
export const SOON_WORKING_DAYS = 5;
/** The entry (exit) survey is late 4 weeks after the record's real start (end). */
export const FSE_SURVEY_DAYS = 28;
/** The six-month survey is due 6 months after the real end, late 7 months after it. */
export const SIX_MONTH_DUE_MONTHS = 6;
export const SIX_MONTH_LATE_MONTHS = 7;
/** A bilan is late once its session ended more than 10 working days ago. */
export const BILAN_DELAY_WORKING_DAYS = 10;

/** The day « bientôt » looks ahead to: late by then means soon today. */
const soonHorizon = (today: string) => addWorkingDays(today, SOON_WORKING_DAYS);

/**
 * The record's FSE surveys are due by these cutoffs when its earliest real date whose entry or exit survey is missing
 * (`fse_survey_pending_from`) is on or before `survey`, or its real end while the six-month survey is missing
 * (`fse_six_month_pending_from`) on or before `sixMonths`. Both dates are null when the training has no FSE (migration 0020).
 */
interface FseCutoffs {
  survey: string;
  sixMonths: string;
}

/** Late on `day`: the entry (exit) survey 4 weeks after the real start (end) and on, the six-month one 7 months after the end. */
export const lateCutoffs = (day: string): FseCutoffs => ({ survey: addDays(day, -FSE_SURVEY_DAYS), sixMonths: addMonths(day, -SIX_MONTH_LATE_MONTHS) });

/** « bientôt » or late: an entry or exit survey late within 5 working days, or the six-month survey due (6 months after the end). */
export const soonCutoffs = (today: string): FseCutoffs => ({
  survey: lateCutoffs(soonHorizon(today)).survey,
  sixMonths: addMonths(today, -SIX_MONTH_DUE_MONTHS),
});

/** The date is not due by the cutoff: after it, or none (that survey is filled, or the training has no FSE). */
const pendingAfter = (column: Column, cutoff: string) => or(isNull(column), gt(column, cutoff))!;

/**
 * The records due by `to` and not by `from` (none: due by `to`), as two disjoint conditions, each one range of one date's
 * index: the survey date in range, or else the six-month date in range. The counter counts each in its index up to the cap
 * (counts.ts); the list filters on either.
 */
function dueBetween(from: FseCutoffs | undefined, to: FseCutoffs): [SQL, SQL] {
  const survey = records.fseSurveyPendingFrom;
  const sixMonths = records.fseSixMonthPendingFrom;
  return [
    and(from && gt(survey, from.survey), lte(survey, to.survey), from && pendingAfter(sixMonths, from.sixMonths))!,
    and(from && gt(sixMonths, from.sixMonths), lte(sixMonths, to.sixMonths), pendingAfter(survey, to.survey))!,
  ];
}

/** Late today, as the counter's disjoint parts. */
export const fseLateParts = (today: string) => dueBetween(undefined, lateCutoffs(today));
/** Not late, but an entry or exit survey will be within 5 working days, or the six-month survey is due: the counter's parts. */
export const fseSoonParts = (today: string) => dueBetween(lateCutoffs(today), soonCutoffs(today));

export const fseLate = (today: string): SQL => or(...fseLateParts(today))!;
export const fseSoon = (today: string): SQL => or(...fseSoonParts(today))!;

/** The record's last exchange with AGORA was refused or failed (the same flag that makes it blocking). */
export const agoraFailed = (): SQL => sql`${records.lastExchangeFailed}`;
/** An exchange with AGORA is under way (not yet settled), however recent: the record takes no change meanwhile. */
export const agoraPending = (): SQL => isNotNull(records.pendingExchangeId);

export function recordTodoCondition(todo: RecordTodo, today: string): SQL {
  switch (todo) {
    case "fse-late":
      return fseLate(today);
    case "fse-soon":
      return fseSoon(today);
    case "agora-failed":
      return agoraFailed();
    case "agora-pending":
      return agoraPending();
  }
}

/** Sessions ended on or before `cutoff` whose bilan is not validated. */
const bilanNotValidatedBy = (cutoff: string) => and(sql`not ${sessions.resultValidated}`, lte(sessions.endDate, cutoff))!;

export const bilansLate = (today: string) => bilanNotValidatedBy(moreThanWorkingDaysAgoCutoff(today, BILAN_DELAY_WORKING_DAYS));

/**
 * Late within the next 5 working days, not yet today: the end date between the two cutoffs (end_date is never null), one range
 * of the sessions_*bilan_due_idx indexes.
 */
export const bilansSoon = (today: string) =>
  and(
    bilanNotValidatedBy(moreThanWorkingDaysAgoCutoff(soonHorizon(today), BILAN_DELAY_WORKING_DAYS)),
    gt(sessions.endDate, moreThanWorkingDaysAgoCutoff(today, BILAN_DELAY_WORKING_DAYS)),
  )!;

export const sessionTodoCondition = (todo: SessionTodo, today: string): SQL => (todo === "bilans-late" ? bilansLate(today) : bilansSoon(today));
