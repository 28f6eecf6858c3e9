/** Field schemas shared by the information and funder schemas: form text ("1 234,5") read as numbers, hours, amounts, texts, enums. */
import { z } from "zod";
import { MSG } from "../common/messages";
import { allowedCharacters, emptyToNull } from "../common/strings";
import { amountMessages, TRAINING_MSG, type AmountField } from "./messages";

export const blankToNull = (value: unknown) => (value === undefined || value === "" ? null : emptyToNull(value));

/** A plain decimal, comma or point: Number() alone would also read "1e3", "0x10" or "Infinity". */
const PLAIN_DECIMAL = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/;

/** Form inputs hold text ("1 234,5"): blank → null, a plain decimal → number, anything else kept (then refused). */
export const toNumberOrNull = (value: unknown): unknown => {
  const blank = blankToNull(value);
  if (typeof blank !== "string") return blank;
  const compact = blank.replace(/\s/g, "");
  return PLAIN_DECIMAL.test(compact) ? Number(compact.replace(",", ".")) : blank;
};

const hours = (blankMessage: string) =>
  z
    .number({ error: (issue) => (issue.input === null || issue.input === undefined ? blankMessage : TRAINING_MSG.hoursInteger) })
    .int(TRAINING_MSG.hoursInteger)
    .min(0, TRAINING_MSG.hoursMin)
    .max(99_999, TRAINING_MSG.hoursMax);
export const requiredHours = () => z.preprocess(toNumberOrNull, hours(MSG.required));
export const optionalHours = () => z.preprocess(toNumberOrNull, hours(TRAINING_MSG.hoursInteger).nullable());

export const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** An optional amount in euros: ≥ 0, at most 2 decimals, messages naming the amount. */
export const amount = (field: AmountField) => {
  const msg = amountMessages(field);
  return z.preprocess(
    toNumberOrNull,
    z
      .number({ error: msg.number })
      .min(0, msg.min)
      .max(999_999.99, msg.max)
      .refine(hasAtMostTwoDecimals, msg.decimals)
      .nullable(),
  );
};

// Preprocessed so that a form may hold null while nothing is chosen yet.
/** Required, trimmed, bounded: one message per failure ('Ce champ est obligatoire' when blank). */
export const requiredText = (max: number) =>
  z.string({ error: MSG.required }).trim().min(1, MSG.required).max(max, MSG.maxLength(max)).refine(...allowedCharacters());

export const requiredEnum = <T extends string>(values: [T, ...T[]]) => z.preprocess(blankToNull, z.enum(values, { error: MSG.required }));
export const optionalEnum = <T extends string>(values: [T, ...T[]]) => z.preprocess(blankToNull, z.enum(values, { error: MSG.required }).nullable());
