/** Plain-text helpers shared by the forms, the server and the tools (no dependency: the login page may use them). */

/** "Hélène Lefèvre" → "Helene Lefevre": the letters without their accents (combining marks), case kept. */
export const withoutAccents = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "");

export const FORBIDDEN_CHARACTER_MESSAGE = "Ce champ contient un caractère non autorisé";

/**
 * Characters no text field may hold, whatever it is:
 * - C0 control characters, NUL first (PostgreSQL text cannot hold it: the insert would fail with a 500), but line feed and
 *   carriage return (multi-line texts hold line breaks; single-line fields refuse them below);
 * - non-characters (U+FDD0–U+FDEF, and U+FFFE/U+FFFF at the end of every plane): not text, and invalid in XML, so one such
 *   name made every XLSX export holding it unreadable;
 * - lone surrogates (not text: they cannot be encoded in UTF-8);
 * - bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069): they make a name display as something else.
 */
// eslint-disable-next-line no-control-regex -- the control characters are precisely what this pattern refuses.
const FORBIDDEN_IN_ANY_TEXT = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u202A-\u202E\u2066-\u2069]|\p{Noncharacter_Code_Point}|\p{Cs}/u;
const LINE_BREAK = /[\n\r]/;

/** Whether `text` holds a character no field accepts; line breaks are refused too unless the text is `multiline`. */
export const hasForbiddenCharacter = (text: string, { multiline = false }: { multiline?: boolean } = {}) =>
  FORBIDDEN_IN_ANY_TEXT.test(text) || (!multiline && LINE_BREAK.test(text));

/**
 * A text's length as every rule counts it: in characters (Unicode code points), not UTF-16 units, so that an emoji counts one.
 * zod's min/max/length count the same way (zod 4: the forms and the request schemas), and so does PostgreSQL's char_length;
 * the data-quality gate counts with this (resources/quality/completeness.ts).
 */
export function textLength(text: string): number {
  let length = 0;
  for (const _codePoint of text) length++;
  return length;
}
