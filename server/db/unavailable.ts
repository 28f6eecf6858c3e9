/** Errors meaning "the database cannot be reached right now", which the API answers with 503 rather than 500. */

export const SERVICE_UNAVAILABLE_MESSAGE = "Le service est momentanément indisponible. Réessayez dans un instant.";

/** Socket-level failures reaching PostgreSQL. */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);

/** SQLSTATEs: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections, query_canceled (statement timeout). */
const SERVER_CODES = new Set(["57P01", "57P02", "57P03", "53300", "57014"]);

/** What node-postgres and its pool say, without a code, when a connection drops or cannot be had in time. */
const DRIVER_MESSAGES = [
  "Connection terminated unexpectedly",
  "Connection terminated due to connection timeout",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
];

/**
 * 55000 (object_not_in_prerequisite_state) is also a plain refusal of a statement; it is an outage only when it says the
 * database does not accept connections (ALLOW_CONNECTIONS false, a database being dropped or restored).
 */
const NOT_ACCEPTING = /not (currently )?accepting connections/i;

function isUnavailableItself(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = "code" in error && typeof error.code === "string" ? error.code : undefined;
  // Class 08: connection exceptions.
  if (code && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (code === "55000" && NOT_ACCEPTING.test(error.message)) return true;
  if (error instanceof AggregateError && error.errors.some(isUnavailableItself)) return true; // every address refused
  return DRIVER_MESSAGES.some((message) => error.message.startsWith(message));
}

/** Also when wrapped (drizzle puts the driver's error in `cause`). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current !== undefined && depth < 5; depth++) {
    if (isUnavailableItself(current)) return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}
