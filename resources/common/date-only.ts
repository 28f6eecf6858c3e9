import { z } from "zod";
import { MSG } from "./messages";

const pad = (n: number) => String(n).padStart(2, "0");

/** A calendar date as `YYYY-MM-DD`, read in local time (a date picker's midnight must not slip to the previous day in UTC). */
export const toDateOnly = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** `YYYY-MM-DD` → local midnight, for date pickers. */
export const fromDateOnly = (value: string) => {
  const [y, m, d] = value.slice(0, 10).split("-").map(Number);
  return new Date(y!, m! - 1, d!);
};

const isRealDate = (value: string) => {
  const date = fromDateOnly(value);
  return !Number.isNaN(date.getTime()) && toDateOnly(date) === value;
};

export const INVALID_DATE = "Cette date n'est pas valide";

/**
 * A required date-only field shared by forms and API bodies: `YYYY-MM-DD`, as on the wire (design.md "API contract"). Forms hold
 * the same string: the date picker converts at the input (FormDateInput), so no Date travels in a form or a body.
 */
export const requiredDateOnly = () =>
  z
    .string({ error: MSG.required })
    .min(1, MSG.required)
    .regex(/^\d{4}-\d{2}-\d{2}$/, INVALID_DATE)
    .refine(isRealDate, INVALID_DATE);

const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;
const isDateText = (value: unknown): value is string => typeof value === "string" && DATE_SHAPE.test(value);

/**
 * The refinement's parameters for `end ≥ start` ('La date de fin doit être postérieure ou égale à la date de début'), checked as
 * soon as both dates are well formed, even while other fields are still invalid (forms validate on change):
 *
 *   schema.refine((v) => v.endDate >= v.startDate, endNotBeforeStart("startDate", "endDate"))
 */
export const endNotBeforeStart = <K extends string>(start: K, end: K) => ({
  path: [end],
  message: MSG.endBeforeStart,
  when: ({ value }: { value: unknown }) => {
    if (typeof value !== "object" || value === null) return false;
    const dates = value as Record<string, unknown>;
    return isDateText(dates[start]) && isDateText(dates[end]);
  },
});
