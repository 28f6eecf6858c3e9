/**
 * Display formatters (spec part 1 §1): dates DD/MM/YYYY, date-times DD/MM/YYYY - HH:mm:ss, euros, hours;
 * an empty value (null, undefined, empty string, invalid date) shows as "NC.".
 * Dates come as the API answers them (resources/common/wire.ts): `YYYY-MM-DD` for a calendar day, ISO 8601 for an instant.
 */
import dayjs from "dayjs";
import "dayjs/locale/fr";

dayjs.locale("fr");

export const NC = "NC.";

/** `YYYY-MM-DD` or an ISO 8601 instant. */
type DateInput = string | null | undefined;
type NumberInput = number | string | null | undefined;

const isEmpty = (value: unknown): value is null | undefined | "" =>
  value === null || value === undefined || (typeof value === "string" && value.trim() === "");

function formatWith(value: DateInput, pattern: string): string {
  if (isEmpty(value)) return NC;
  // dayjs reads a `YYYY-MM-DD` string as local midnight (not UTC like Date does), so a calendar day never shifts;
  // an instant is shown in the browser's time zone.
  const date = dayjs(value);
  return date.isValid() ? date.format(pattern) : NC;
}

/** A yes/no value of a detail or a list cell; an unanswered one (null) reads as no. */
export const formatYesNo = (value: boolean | null | undefined): string => (value ? "Oui" : "Non");

export const formatDate = (value: DateInput): string => formatWith(value, "DD/MM/YYYY");

/** A period in a sentence, "du 02/01/2025 au 03/02/2025"; "Du …" when it starts a line. */
export const formatPeriod = (start: DateInput, end: DateInput, { capitalized = false } = {}): string =>
  `${capitalized ? "Du" : "du"} ${formatDate(start)} au ${formatDate(end)}`;

export const formatDateTime = (value: DateInput): string => formatWith(value, "DD/MM/YYYY - HH:mm:ss");
/** The time of day alone, HH:mm:ss (under its date where a column is narrow). */
export const formatTime = (value: DateInput): string => formatWith(value, "HH:mm:ss");

const toNumber = (value: NumberInput): number | null => {
  if (isEmpty(value)) return null;
  const number = typeof value === "number" ? value : Number(String(value).replace(",", "."));
  return Number.isFinite(number) ? number : null;
};

const euros = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" });
const hours = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 2 });

/** e.g. 1234.5 → "1 234,50 €" (fr-FR grouping uses a narrow no-break space). */
export function formatEuros(value: NumberInput): string {
  const number = toNumber(value);
  return number === null ? NC : euros.format(number);
}

/** e.g. 35 → "35 h", 7.5 → "7,5 h". */
export function formatHours(value: NumberInput): string {
  const number = toNumber(value);
  return number === null ? NC : `${hours.format(number)} h`;
}
