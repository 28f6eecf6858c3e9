import { calendarDay, daysBetween } from "../calendar/calendar-dates";
import { isWorkingDay } from "../calendar/french-holidays";

/** Whether a `YYYY-MM` month overlaps the session's period (`YYYY-MM-DD` dates, both included). */
export const isMonthOfSession = (month: string, startDate: string, endDate: string) =>
  month >= startDate.slice(0, 7) && month <= endDate.slice(0, 7);

/**
 * The days of `month` on which the session runs: its working days (Monday to Friday) between its start and end dates.
 * French public holidays are left out: no one attends on 14 July, and a column there would be a box nobody may sign
 * (the same calendar as the records' "working days", server/calendar/french-holidays.ts).
 */
export function sessionDaysInMonth(startDate: string, endDate: string, month: string): string[] {
  const year = Number(month.slice(0, 4));
  const monthNumber = Number(month.slice(5, 7));
  const firstOfMonth = calendarDay(year, monthNumber, 1);
  const lastOfMonth = calendarDay(year, monthNumber + 1, 0);
  const first = startDate > firstOfMonth ? startDate : firstOfMonth;
  const last = endDate < lastOfMonth ? endDate : lastOfMonth;
  return daysBetween(first, last).filter(isWorkingDay);
}

const MONTH_NAMES = [
  "janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre",
];

/** 'janvier 2026' for '2026-01', as the Documents tab labels its monthly slots. */
export const monthLabel = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** `YYYY-MM-DD` → `DD/MM/YYYY`, as the product shows dates (spec part 2 §1). */
export const frenchDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
