import { addDays } from "./calendar-dates";
import { isWorkingDay } from "./french-holidays";

/**
 * Working-day arithmetic on calendar days (`YYYY-MM-DD`), for the records' blocking rules (design.md "Record lifecycle").
 * A working day is Monday to Friday and not a French national public holiday (french-holidays.ts, which the sessions'
 * attendance sheets also use, so both agree on what a working day is).
 */
export { isWorkingDay };

/**
 * The `count`-th working day after `day` (before it when `count` is negative), `day` itself when `count` is 0. Each step
 * moves to the next (previous) working day, so for `count` ≠ 0 the result is a working day whether `day` is one or not.
 */
export function addWorkingDays(day: string, count: number): string {
  const step = Math.sign(count);
  let result = day;
  for (let left = Math.abs(count); left > 0; ) {
    result = addDays(result, step);
    if (isWorkingDay(result)) left -= 1;
  }
  return result;
}

/**
 * The working days elapsed from `from` to `to`: those strictly after `from` up to and including `to` (Monday → Thursday of
 * one week: 3; Friday → Monday: 1). The opposite count when `to` is before `from`. For `n` ≥ 0,
 * `workingDaysBetween(day, addWorkingDays(day, n)) === n`.
 */
export function workingDaysBetween(from: string, to: string): number {
  if (to < from) return -workingDaysBetween(to, from);
  let count = 0;
  for (let day = addDays(from, 1); day <= to; day = addDays(day, 1)) if (isWorkingDay(day)) count += 1;
  return count;
}

/** design.md: a session started (ended) "more than 3 working days ago" and the record's status still lags it. */
export const BLOCKING_DELAY_WORKING_DAYS = 3;

/**
 * The latest calendar day D that is "more than 3 working days ago" as of `today`, so that the blocking filter is a plain,
 * indexable `start_date <= $cutoff` (`end_date <= $cutoff`) with no holiday table in SQL.
 *
 * Our reading: D is more than 3 working days ago when more than 3 working days have elapsed since it, i.e.
 * `workingDaysBetween(D, today) > 3`: the working days strictly after D up to and including today (D itself never counts,
 * today counts when it is a working day). A session starting on Monday 1 June 2026 has 3 on Thursday 4 June (Tuesday,
 * Wednesday, Thursday) and 4 on Friday 5 June: a SETUP record of it is blocking from that Friday. A session starting on a
 * weekend or a holiday counts from the next working day, as one starting the working day before it would.
 *
 * The count only shrinks as D moves later, so "more than 3 working days ago" is exactly `D <= cutoff`, the cutoff being the
 * day before the 4th most recent working day on or before today. `today` is the calendar day in France, not the server's.
 */
export const blockingCutoff = (today: string) => moreThanWorkingDaysAgoCutoff(today, BLOCKING_DELAY_WORKING_DAYS);

/** The latest day D with `workingDaysBetween(D, today) > count` (the reading above, for any delay: the bilans' 10 days too). */
export const moreThanWorkingDaysAgoCutoff = (today: string, count: number) => addDays(addWorkingDays(addDays(today, 1), -(count + 1)), -1);
