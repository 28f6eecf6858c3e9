/** PostgreSQL error codes the routes turn into 409 answers. */
const pgCode = (error: unknown) =>
  typeof error === "object" && error !== null && "code" in error ? (error as { code: unknown }).code : undefined;

/** unique_violation, also when wrapped by drizzle (the driver error is the cause). */
export const isUniqueViolation = (error: unknown): boolean =>
  pgCode(error) === "23505" || (error instanceof Error && pgCode(error.cause) === "23505");

/** foreign_key_violation: a row still referenced through ON DELETE RESTRICT. */
export const isForeignKeyViolation = (error: unknown): boolean =>
  pgCode(error) === "23503" || (error instanceof Error && pgCode(error.cause) === "23503");
