/** A session's information (spec part 2 §3, §5): the Informations step and tab, and the API bodies' `information`. */
import { z } from "zod";
import { endNotBeforeStart, requiredDateOnly } from "../common/date-only";
import { enumValues } from "../common/enum";
import { MSG } from "../common/messages";
import { hasAtMostTwoDecimals, requiredEnum, toNumberOrNull } from "../trainings/field-schemas";
import { EDUCATIONAL_COSTS, PURCHASING_UNITS } from "./enums";
import { SESSION_MSG } from "./messages";

/** A price per person in euros: required, ≥ 0, at most 2 decimals; form text ("1 234,5") read as a number. */
const price = () =>
  z.preprocess(
    toNumberOrNull,
    z
      .number({ error: (issue) => (issue.input === null || issue.input === undefined ? MSG.required : SESSION_MSG.priceNumber) })
      .min(0, SESSION_MSG.priceMin)
      .max(999_999.99, SESSION_MSG.priceMax)
      .refine(hasAtMostTwoDecimals, SESSION_MSG.priceDecimals),
  );

/** An integer or empty. */
const capacity = () =>
  z.preprocess(
    toNumberOrNull,
    z
      .number({ error: SESSION_MSG.capacityInteger })
      // Not .int(): its failure aborts the object's checks, and the dates' order would go unreported meanwhile.
      .refine(Number.isInteger, SESSION_MSG.capacityInteger)
      .min(0, SESSION_MSG.capacityMin)
      .max(99_999, SESSION_MSG.capacityMax)
      .nullable(),
  );

/** The years a session may fall in, and its longest span (its Documents tab has a slot per month). */
export const SESSION_DATES = { first: "2000-01-01", last: "2100-12-31", maxYears: 4 } as const;

const sessionDate = () =>
  requiredDateOnly().refine((day) => day >= SESSION_DATES.first && day <= SESSION_DATES.last, SESSION_MSG.dateRange);

/** Whether `end` is at most four years after `start` (both `YYYY-MM-DD`, compared as text). */
const withinMaxSpan = (start: string, end: string) => end <= `${Number(start.slice(0, 4)) + SESSION_DATES.maxYears}${start.slice(4)}`;

export const sessionInformationSchema = z
  .object({
    startDate: sessionDate(),
    endDate: sessionDate(),
    capacity: capacity(),
    totalPricePerPersonIncludingTaxes: price(),
    totalPricePerPersonTaxFree: price(),
    purchasingUnit: requiredEnum(enumValues(PURCHASING_UNITS)),
    actualOrCalculatedEducationalCost: requiredEnum(enumValues(EDUCATIONAL_COSTS)),
  })
  // Checked as soon as both dates are well formed, even while other fields are still invalid (forms validate on change).
  .refine((info) => info.endDate >= info.startDate, endNotBeforeStart("startDate", "endDate"))
  // As soon as both dates are well formed, like their order.
  .refine((info) => withinMaxSpan(info.startDate, info.endDate), { ...endNotBeforeStart("startDate", "endDate"), message: SESSION_MSG.tooLong });
export type SessionInformationInput = z.input<typeof sessionInformationSchema>;
export type SessionInformation = z.output<typeof sessionInformationSchema>;

/** The wizard's starting information: nothing entered yet. */
export const emptySessionInformation = (): SessionInformationInput => ({
  startDate: "",
  endDate: "",
  capacity: "",
  totalPricePerPersonIncludingTaxes: "",
  totalPricePerPersonTaxFree: "",
  purchasingUnit: null,
  actualOrCalculatedEducationalCost: null,
});
