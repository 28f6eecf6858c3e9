import { addDays, calendarDay, isWeekend } from "./calendar-dates";

/**
 * France's national public holidays (Code du travail, art. L3133-1): eight fixed days and three that follow Easter
 * (Easter Monday, Ascension, Whit Monday). Alsace-Moselle's two extra days (Good Friday, 26 December) and the overseas
 * abolition-of-slavery days are regional: they are not counted, as the national calendar is the one the funders apply.
 */

const FIXED_HOLIDAYS: readonly (readonly [month: number, day: number, name: string])[] = [
  [1, 1, "Jour de l'an"],
  [5, 1, "Fête du Travail"],
  [5, 8, "Victoire 1945"],
  [7, 14, "Fête nationale"],
  [8, 15, "Assomption"],
  [11, 1, "Toussaint"],
  [11, 11, "Armistice 1918"],
  [12, 25, "Noël"],
];

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return calendarDay(year, month, day);
}

export interface PublicHoliday {
  date: string;
  name: string;
}

const byYear = new Map<number, ReadonlyMap<string, string>>();

function holidaysOf(year: number): ReadonlyMap<string, string> {
  let holidays = byYear.get(year);
  if (!holidays) {
    const easter = easterSunday(year);
    holidays = new Map([
      ...FIXED_HOLIDAYS.map(([month, day, name]) => [calendarDay(year, month, day), name] as const),
      [addDays(easter, 1), "Lundi de Pâques"],
      [addDays(easter, 39), "Ascension"],
      [addDays(easter, 50), "Lundi de Pentecôte"],
    ]);
    byYear.set(year, holidays);
  }
  return holidays;
}

/** The year's eleven public holidays, in calendar order. */
export const frenchPublicHolidays = (year: number): PublicHoliday[] =>
  [...holidaysOf(year)].map(([date, name]) => ({ date, name })).sort((x, y) => x.date.localeCompare(y.date));

/** `date` is `YYYY-MM-DD`. */
export const isFrenchPublicHoliday = (date: string) => holidaysOf(Number(date.slice(0, 4))).has(date);

/** A day people work: Monday to Friday and not a public holiday (the records' "working days", the attendance sheets' days). */
export const isWorkingDay = (date: string) => !isWeekend(date) && !isFrenchPublicHoliday(date);
