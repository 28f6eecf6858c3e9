import getJoursFeries from "@socialgouv/jours-feries";
import { calendarDay, isWeekend } from "./calendar-dates";

/**
 * France's national public holidays (Code du travail, art. L3133-1): eight fixed days and three that follow Easter
 * (Easter Monday, Ascension, Whit Monday), taken from @socialgouv/jours-feries (maintained by the Fabrique des ministères
 * sociaux) rather than from a list of our own. Alsace-Moselle's two extra days (Good Friday, 26 December), which the package
 * adds on request, and the overseas abolition-of-slavery days are regional: they are not counted, as the national calendar is
 * the one the funders apply.
 */

const HALF_DAY_MS = 43_200_000;

/**
 * The package builds local-time Dates: fixed days at local midnight, Easter-based ones as Easter Sunday's local midnight plus
 * whole 24-hour spans, which end an hour off midnight when a daylight-saving change falls in between (in Pacific/Auckland,
 * Easter Monday 2026 comes out as Sunday 23:00), and UTC getters are a day early east of Greenwich. The local day of the
 * instant half a day later is the intended day in every time zone.
 */
function calendarDayOf(date: Date): string {
  const midday = new Date(date.getTime() + HALF_DAY_MS);
  return calendarDay(midday.getFullYear(), midday.getMonth() + 1, midday.getDate());
}

export interface PublicHoliday {
  date: string;
  name: string;
}

interface YearHolidays {
  list: readonly PublicHoliday[];
  days: ReadonlySet<string>;
}

const byYear = new Map<number, YearHolidays>();

function holidaysOf(year: number): YearHolidays {
  let holidays = byYear.get(year);
  if (!holidays) {
    const list = Object.entries(getJoursFeries(year, { alsace: false }))
      .map(([name, date]) => ({ date: calendarDayOf(date), name }))
      .sort((x, y) => x.date.localeCompare(y.date));
    holidays = { list, days: new Set(list.map((holiday) => holiday.date)) };
    byYear.set(year, holidays);
  }
  return holidays;
}

/** The year's eleven public holidays in calendar order, with the package's names (two can share a day: 1 May 2008 was Ascension). */
export const frenchPublicHolidays = (year: number): PublicHoliday[] => holidaysOf(year).list.map((holiday) => ({ ...holiday }));

/** `date` is `YYYY-MM-DD`. */
export const isFrenchPublicHoliday = (date: string) => holidaysOf(Number(date.slice(0, 4))).days.has(date);

/** A day people work: Monday to Friday and not a public holiday (the records' "working days", the attendance sheets' days). */
export const isWorkingDay = (date: string) => !isWeekend(date) && !isFrenchPublicHoliday(date);
