const MASK = "(valeurs masquées)";

/**
 * The logger's `err` serializer. A failed query's error (drizzle's DrizzleQueryError) carries the bound values — a NIR, an
 * e-mail, a name — as `params` and in its message and stack ("Failed query: …\nparams: v1,v2"); PostgreSQL's errors carry
 * them in `detail` ("Key (ssn)=(…) already exists"). The log keeps the type, the SQL, the reason and the stack, never the values.
 */
export function errWithoutValues(error: Error) {
  const written = "params" in error ? `\nparams: ${String(error.params)}` : undefined;
  const mask = (text: string) => (written ? text.split(written).join(`\nparams: ${MASK}`) : text);
  const cause = error.cause instanceof Error ? error.cause : undefined;
  return {
    type: error.constructor.name,
    message: mask(error.message) + (cause ? `: ${cause.message}` : ""),
    stack: mask(error.stack ?? "") + (cause ? `\ncaused by: ${cause.stack ?? cause.message}` : ""),
    ...("code" in error ? { code: error.code } : cause && "code" in cause ? { code: cause.code } : {}),
  };
}
