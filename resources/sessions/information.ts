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

export const sessionInformationSchema = z
  .object({
    startDate: requiredDateOnly(),
    endDate: requiredDateOnly(),
    capacity: capacity(),
    totalPricePerPersonIncludingTaxes: price(),
    totalPricePerPersonTaxFree: price(),
    purchasingUnit: requiredEnum(enumValues(PURCHASING_UNITS)),
    actualOrCalculatedEducationalCost: requiredEnum(enumValues(EDUCATIONAL_COSTS)),
  })
  // Checked as soon as both dates are well formed, even while other fields are still invalid (forms validate on change).
  .refine((info) => info.endDate >= info.startDate, endNotBeforeStart("startDate", "endDate"));
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
