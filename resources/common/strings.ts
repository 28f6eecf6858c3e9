import { z } from "zod";
import { MSG } from "./messages";

/** Empty or blank strings travel as null (spec: "Empty strings become null"). */
export const emptyToNull = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? null : value;

/** A required trimmed string with the spec's length messages. */
export const requiredText = (min: number, max: number) =>
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, MSG.required)
    .min(min, MSG.minLength(min))
    .max(max, MSG.maxLength(max));

/** An optional string, empty → null, bounded. */
export const optionalText = (max: number, min = 0) =>
  z.preprocess(
    emptyToNull,
    z
      .string()
      .trim()
      .min(min, MSG.minLength(min))
      .max(max, MSG.maxLength(max))
      .nullable()
      .optional(),
  );

/** An optional string of exactly n characters, empty → null. */
export const optionalExact = (n: number) =>
  z.preprocess(emptyToNull, z.string().trim().length(n, MSG.exactLength(n)).nullable().optional());

/** The longest address SMTP carries (RFC 5321); longer input would also overflow the unique index on e-mails. */
export const EMAIL_MAX = 254;

export const requiredEmail = () =>
  z.string({ error: MSG.required }).trim().min(1, MSG.required).max(EMAIL_MAX, MSG.maxLength(EMAIL_MAX)).pipe(z.email(MSG.email));

export const optionalEmail = () =>
  z.preprocess(emptyToNull, z.string().trim().max(EMAIL_MAX, MSG.maxLength(EMAIL_MAX)).pipe(z.email(MSG.email)).nullable().optional());

/** Upper case, as the forms force last names and organisation names while typing. */
export const toUpper = (value: string) => value.toLocaleUpperCase("fr-FR");

/** "jean-pierre de la tour" → "Jean-Pierre De La Tour": each word and hyphen part capitalised. */
export const capitalizeWords = (value: string) =>
  value
    .toLocaleLowerCase("fr-FR")
    .replace(/(^|[\s-])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toLocaleUpperCase("fr-FR"));
