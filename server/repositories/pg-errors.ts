import { EMPLOYEE_MSG } from "../../resources/employees/schema";
import { ORGANIZATION_MSG } from "../../resources/organizations/schema";
import { TRAINEE_MSG } from "../../resources/trainees/schema";
import { TRAINING_MSG } from "../../resources/trainings/schema";
import { CREATION_SESSION_FK, CREATION_TRAINEE_FK } from "../db/schema/index";

/** PostgreSQL errors: recognising them, and the one table turning them into French 400/409 answers (server/http/errors.ts). */
const field = (error: unknown, name: "code" | "constraint") =>
  typeof error === "object" && error !== null && name in error ? (error as Record<string, unknown>)[name] : undefined;
/** The SQLSTATE, also when wrapped by drizzle (the driver error is the cause). */
function pgCode(error: unknown): string | undefined {
  const code = field(error, "code") ?? (error instanceof Error ? field(error.cause, "code") : undefined);
  return typeof code === "string" ? code : undefined;
}

/** unique_violation. */
export const isUniqueViolation = (error: unknown): boolean => pgCode(error) === "23505";

/**
 * foreign_key_violation (23503: the referenced row is gone, or still referenced through NO ACTION) or
 * restrict_violation (23001: still referenced through ON DELETE RESTRICT, as organisations are).
 */
export const isForeignKeyViolation = (error: unknown): boolean => ["23503", "23001"].includes(pgCode(error) ?? "");

/** The constraint a violation names (e.g. "trainees_ssn_unique"), also when wrapped by drizzle. */
export function violatedConstraint(error: unknown): string | undefined {
  const name = field(error, "constraint") ?? (error instanceof Error ? field(error.cause, "constraint") : undefined);
  return typeof name === "string" ? name : undefined;
}

/** A deletion refused because an AGORA creation for this trainee or session is not settled yet (server/exchanges/). */
export const blockedByPendingCreation = (error: unknown, of: "trainee" | "session") =>
  violatedConstraint(error) === (of === "trainee" ? CREATION_TRAINEE_FK : CREATION_SESSION_FK);

/** Answers for database refusals no route explained first (races between two users, values the schemas let through). */
export const DATABASE_MSG = {
  /** Neutral: says neither who holds the value nor where (it may belong to a row outside the caller's scope). */
  valueTaken: "Cette valeur est déjà utilisée. Choisissez-en une autre.",
  relatedChanged: "Cette opération est impossible : un élément lié a été modifié ou supprimé entre-temps.",
  concurrentChange: "Cette opération est entrée en conflit avec une autre modification. Réessayez.",
  invalidValue: "Une valeur envoyée n'est pas acceptée (trop longue, hors limites ou mal formée).",
} as const;

/**
 * What a 409 for a value another row holds says: the screen's own message when the caller may see that row, else the neutral
 * one, which names neither the row nor its organisation (design.md: nothing disclosed outside the scope).
 */
export const takenMessage = (holderVisible: boolean, screenMessage: string) => (holderVisible ? screenMessage : DATABASE_MSG.valueTaken);

/** Unique constraints whose screen has its own message (spec §8); the others answer DATABASE_MSG.valueTaken. */
const UNIQUE_MESSAGES: Record<string, string> = {
  employees_email_unique: EMPLOYEE_MSG.emailTaken,
  trainees_email_unique: TRAINEE_MSG.emailTaken,
  trainees_ssn_unique: TRAINEE_MSG.ssnTaken,
  organizations_siret_unique: ORGANIZATION_MSG.siretTaken,
  trainings_number_action_unique: TRAINING_MSG.duplicate,
  // The same funder id twice in one body.
  training_funders_pkey: TRAINING_MSG.duplicateFunder,
};

export interface DatabaseAnswer {
  statusCode: 400 | 409;
  message: string;
}

/**
 * The French answer for a PostgreSQL error a user, a race or a hostile body can cause; undefined for the others
 * (connection loss, bugs), which stay the error handler's business.
 */
export function databaseErrorAnswer(error: unknown): DatabaseAnswer | undefined {
  const code = pgCode(error);
  if (!code) return undefined;
  switch (code) {
    case "23505": // unique_violation
    case "23P01": // exclusion_violation
      return { statusCode: 409, message: UNIQUE_MESSAGES[violatedConstraint(error) ?? ""] ?? DATABASE_MSG.valueTaken };
    case "23503": // foreign_key_violation
    case "23001": // restrict_violation
      return { statusCode: 409, message: DATABASE_MSG.relatedChanged };
    case "40001": // serialization_failure
    case "40P01": // deadlock_detected
    case "55P03": // lock_not_available
      return { statusCode: 409, message: DATABASE_MSG.concurrentChange };
    case "23502": // not_null_violation
    case "23514": // check_violation
    case "54000": // program_limit_exceeded (e.g. a value too large for its index)
      return { statusCode: 400, message: DATABASE_MSG.invalidValue };
  }
  // Class 22, data exception: string too long (22001), out of range (22003), invalid text representation (22P02), bad date…
  if (code.startsWith("22")) return { statusCode: 400, message: DATABASE_MSG.invalidValue };
  return undefined;
}
