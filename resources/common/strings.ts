import { z } from "zod";
import { MSG } from "./messages";
import { FORBIDDEN_CHARACTER_MESSAGE, hasForbiddenCharacter } from "./text";

/** The forms say it too: a character no field holds (resources/common/text.ts), line breaks but in multi-line texts. */
export const allowedCharacters = (multiline = false) =>
  [(text: string) => !hasForbiddenCharacter(text, { multiline }), FORBIDDEN_CHARACTER_MESSAGE] as const;

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
    .max(max, MSG.maxLength(max))
    .refine(...allowedCharacters());

/** An optional string, empty → null, bounded; `multiline` texts (the bilans' areas) may hold line breaks. */
export const optionalText = (max: number, min = 0, { multiline = false }: { multiline?: boolean } = {}) =>
  z.preprocess(
    emptyToNull,
    z
      .string()
      .trim()
      .min(min, MSG.minLength(min))
      .max(max, MSG.maxLength(max))
      .refine(...allowedCharacters(multiline))
      .nullable()
      .optional(),
  );

/** An optional string of exactly n characters, empty → null. */
export const optionalExact = (n: number) =>
  z.preprocess(emptyToNull, z.string().trim().length(n, MSG.exactLength(n)).refine(...allowedCharacters()).nullable().optional());

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

/**
 * The particles French commune names keep in lower case after their first word ("Saint-Ouen-sur-Seine",
 * "Villeneuve-lès-Avignon", "Fontenay-aux-Roses"); "d'" and "l'" are the elided ones ("Villeneuve-d'Ascq", "Pont-l'Évêque").
 */
const CITY_PARTICLES = new Set(["à", "au", "aux", "d", "de", "des", "du", "en", "et", "l", "la", "le", "les", "lès", "lez", "sous", "sur"]);

/**
 * A city as the official geographic code writes it: every word and hyphen part capitalised, the first word always,
 * the particles lower case, the letter after an apostrophe capitalised ("l'haÿ-les-roses" → "L'Haÿ-les-Roses").
 */
export const capitalizeCity = (value: string) =>
  value
    .toLocaleLowerCase("fr-FR")
    .replace(/\p{L}+/gu, (word: string, offset: number, whole: string) => {
      const isFirst = !/\p{L}/u.test(whole.slice(0, offset));
      const elided = (word === "d" || word === "l") && /^['’]/.test(whole.slice(offset + word.length));
      const particle = CITY_PARTICLES.has(word) && ((word !== "d" && word !== "l") || elided);
      return particle && !isFirst ? word : word.charAt(0).toLocaleUpperCase("fr-FR") + word.slice(1);
    });
