/** PostgreSQL error codes the routes turn into 409 answers. */
const field = (error: unknown, name: "code" | "constraint") =>
  typeof error === "object" && error !== null && name in error ? (error as Record<string, unknown>)[name] : undefined;
const pgCode = (error: unknown) => field(error, "code");

/** unique_violation, also when wrapped by drizzle (the driver error is the cause). */
export const isUniqueViolation = (error: unknown): boolean =>
  pgCode(error) === "23505" || (error instanceof Error && pgCode(error.cause) === "23505");

/** foreign_key_violation: a row still referenced through ON DELETE RESTRICT. */
export const isForeignKeyViolation = (error: unknown): boolean =>
  pgCode(error) === "23503" || (error instanceof Error && pgCode(error.cause) === "23503");

/** The constraint a violation names (e.g. "trainees_ssn_unique"), also when wrapped by drizzle. */
export function violatedConstraint(error: unknown): string | undefined {
  const name = field(error, "constraint") ?? (error instanceof Error ? field(error.cause, "constraint") : undefined);
  return typeof name === "string" ? name : undefined;
}
