/**
 * The « À traiter » rules (README « Décisions », « À traiter »), once: the counters (server/todo/counts.ts) and the list filters
 * `todo=…` of the records and sessions lists use these conditions, so a counter's link lists exactly what it counts.
 * "Today" is the calendar day in France; every date rule becomes a plain cutoff date computed here (the holidays stay in
 * server/calendar, none in SQL).
 */
import { and, gt, isNotNull, lte, not, or, sql, type SQL } from "drizzle-orm";
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

const surveyMissing = (period: "INPUT" | "OUTPUT" | "AFTER_SIX_MONTH") =>
  sql`not exists (select 1 from record_fse f where f.record_id = ${records.id} and f.period = ${period})`;

/** The sessions of the trainings that ask for the FSE surveys. */
export const FSE_SESSIONS = sql`(select s.id from sessions s join trainings t on t.id = s.training_id where t.fse)`;

/**
 * The record's training asks for the FSE surveys: by default a look-up per record (a list's page, its capped count). The counters,
 * which read every record of the scope, pass instead a join on FSE_SESSIONS (PostgreSQL hashes it once per query).
 */
const trainingHasFse = sql`exists (select 1 from ${FSE_SESSIONS} fse where fse.id = ${records.sessionId})`;

/**
 * Some survey of the record is missing past its deadline, given the cutoffs on the real dates. Never null (a missing real date
 * compares as null): `not` of it must hold for the records it does not count.
 */
function surveysMissing(cutoffs: { entry: string; exit: string; sixMonths: string }, hasFse: SQL): SQL {
  // The training and the dates first: the surveys' index is probed only for the records they leave.
  return sql`coalesce(${and(
    hasFse,
    or(
      and(lte(records.realStartDate, cutoffs.entry), surveyMissing("INPUT")),
      and(lte(records.realEndDate, cutoffs.exit), surveyMissing("OUTPUT")),
      and(lte(records.realEndDate, cutoffs.sixMonths), surveyMissing("AFTER_SIX_MONTH")),
    ),
  )}, false)`;
}

/** Late on `day`: the entry (exit) survey 4 weeks after the real start (end) and on, the six-month one 7 months after the end. */
const lateCutoffs = (day: string) => ({
  entry: addDays(day, -FSE_SURVEY_DAYS),
  exit: addDays(day, -FSE_SURVEY_DAYS),
  sixMonths: addMonths(day, -SIX_MONTH_LATE_MONTHS),
});

export function fseLate(today: string, hasFse = trainingHasFse): SQL {
  return surveysMissing(lateCutoffs(today), hasFse);
}

/** Not late, but an entry or exit survey will be within 5 working days, or the six-month survey is due (6 months after the end). */
export function fseSoon(today: string, hasFse = trainingHasFse): SQL {
  const horizon = lateCutoffs(soonHorizon(today));
  return and(surveysMissing({ ...horizon, sixMonths: addMonths(today, -SIX_MONTH_DUE_MONTHS) }, hasFse), not(fseLate(today, hasFse)))!;
}

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
