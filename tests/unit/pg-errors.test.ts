import { describe, expect, it } from "vitest";
import { DATABASE_MSG, databaseErrorAnswer } from "../../server/repositories/pg-errors";

/** What node-postgres throws, wrapped by drizzle as its `cause`. */
const driverError = (code: string, constraint?: string) => Object.assign(new Error("driver"), { code, constraint });
const wrapped = (code: string, constraint?: string) => new Error("Failed query", { cause: driverError(code, constraint) });

describe("databaseErrorAnswer: every refusal a user, a race or a hostile body can cause has its French 400/409", () => {
  it.each([
    ["23505", "employees_email_unique", 409, "Ce mail est déjà utilisé pour un autre employé."],
    ["23505", "trainees_ssn_unique", 409, "Ce numéro de sécurité sociale est déjà utilisé pour un autre stagiaire."],
    ["23505", "trainings_number_action_unique", 409, "Une formation avec ce numéro et ce numéro d'action existe déjà"],
    ["23505", "training_funders_pkey", 409, "Ce financeur est déjà associé à cette formation"],
    ["23505", "a_future_unique", 409, DATABASE_MSG.valueTaken],
    ["23503", "some_fk", 409, DATABASE_MSG.relatedChanged],
    ["23001", "some_fk", 409, DATABASE_MSG.relatedChanged],
    ["40001", undefined, 409, DATABASE_MSG.concurrentChange],
    ["40P01", undefined, 409, DATABASE_MSG.concurrentChange],
    ["23514", "some_check", 400, DATABASE_MSG.invalidValue],
    ["23502", undefined, 400, DATABASE_MSG.invalidValue],
    ["22001", undefined, 400, DATABASE_MSG.invalidValue],
    ["22P02", undefined, 400, DATABASE_MSG.invalidValue],
    ["22003", undefined, 400, DATABASE_MSG.invalidValue],
  ])("%s (%s) → %i", (code, constraint, statusCode, message) => {
    expect(databaseErrorAnswer(wrapped(code, constraint))).toEqual({ statusCode, message });
    expect(databaseErrorAnswer(driverError(code, constraint))).toEqual({ statusCode, message });
  });

  it("leaves connection losses and bugs to the error handler", () => {
    expect(databaseErrorAnswer(wrapped("57P01"))).toBeUndefined();
    expect(databaseErrorAnswer(Object.assign(new Error("connect"), { code: "ECONNREFUSED" }))).toBeUndefined();
    expect(databaseErrorAnswer(new TypeError("x is undefined"))).toBeUndefined();
  });

  it("says it in French", () => {
    expect(DATABASE_MSG).toEqual({
      valueTaken: "Cette valeur est déjà utilisée. Choisissez-en une autre.",
      relatedChanged: "Cette opération est impossible : un élément lié a été modifié ou supprimé entre-temps.",
      concurrentChange: "Cette opération est entrée en conflit avec une autre modification. Réessayez.",
      invalidValue: "Une valeur envoyée n'est pas acceptée (trop longue, hors limites ou mal formée).",
    });
  });
});
