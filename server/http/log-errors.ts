const MASK = "(valeurs masquées)";

/** Personal data any message may quote: a mail server's refusal names the address, a lookup's error the NIR. */
const PERSONAL_DATA: [RegExp, string][] = [
  [/[\w.%+-]+@[\w-]+(?:\.[\w-]+)*\.[A-Za-z]{2,}/g, "(e-mail masqué)"],
  [/\b[12]\d{12}(?:\d{2})?\b/g, "(NIR masqué)"],
];
const withoutPersonalData = (text: string) => PERSONAL_DATA.reduce((masked, [pattern, mask]) => masked.replace(pattern, mask), text);

/**
 * The logger's `err` serializer. A failed query's error (drizzle's DrizzleQueryError) carries the bound values — a NIR, an
 * e-mail, a name — as `params` and in its message and stack ("Failed query: …\nparams: v1,v2"); PostgreSQL's errors carry
 * them in `detail` ("Key (ssn)=(…) already exists"). The log keeps the type, the SQL, the reason and the stack, never the values;
 * e-mail addresses and NIRs left in any message are masked too.
 */
export function errWithoutValues(error: Error) {
  const written = "params" in error ? `\nparams: ${String(error.params)}` : undefined;
  const mask = (text: string) => withoutPersonalData(written ? text.split(written).join(`\nparams: ${MASK}`) : text);
  const cause = error.cause instanceof Error ? error.cause : undefined;
  return {
    type: error.constructor.name,
    message: mask(error.message + (cause ? `: ${cause.message}` : "")),
    stack: mask(error.stack ?? "") + (cause ? `\ncaused by: ${withoutPersonalData(cause.stack ?? cause.message)}` : ""),
    ...("code" in error ? { code: error.code } : cause && "code" in cause ? { code: cause.code } : {}),
  };
}
