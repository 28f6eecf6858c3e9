/**
 * Calendar days as `YYYY-MM-DD` strings (the API's date-only format), computed in UTC so that the server's time zone never
 * moves a day: a session's dates and a public holiday are calendar facts, not instants.
 */

const DAY_MS = 86_400_000;

const toUtc = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));

const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `YYYY-MM-DD` of the given year, month (1-12) and day of month. */
export const calendarDay = (year: number, month: number, day: number) => fromUtc(Date.UTC(year, month - 1, day));

export const addDays = (day: string, count: number) => fromUtc(toUtc(day) + count * DAY_MS);

/** The same day of the month `count` months later (earlier when negative), the month's last day when it has no such day (31 → 30). */
export function addMonths(day: string, count: number): string {
  const months = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 + count;
  const [year, month] = [Math.floor(months / 12), (months % 12) + 1];
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return calendarDay(year, month, Math.min(Number(day.slice(8, 10)), lastDay));
}

/** 0 for Sunday to 6 for Saturday, as Date.getUTCDay. */
export const dayOfWeek = (day: string) => new Date(toUtc(day)).getUTCDay();

export const isWeekend = (day: string) => {
  const weekday = dayOfWeek(day);
  return weekday === 0 || weekday === 6;
};

/** Every day from `first` to `last`, both included (none when last is before first). */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

const FRANCE_DAY = new Intl.DateTimeFormat("en", { timeZone: "Europe/Paris", year: "numeric", month: "2-digit", day: "2-digit" });

/**
 * The calendar day in metropolitan France at `instant`: "today" for the working-day rules. Neither the server's zone nor UTC
 * will do: from midnight to 1 or 2 a.m. in Paris, UTC is still on the day before.
 */
export function dayInFrance(instant: Date): string {
  const parts = new Map(FRANCE_DAY.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.get("year")}-${parts.get("month")}-${parts.get("day")}`;
}
