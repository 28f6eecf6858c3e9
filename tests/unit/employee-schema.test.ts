import { describe, expect, it } from "vitest";
import { employeeSchema, employeeUpdateSchema, emptyEmployee } from "../../resources/employees/schema";

const valid = {
  firstName: "jean-pierre de la tour",
  lastName: "lefèvre",
  email: "Jean.Pierre@Exemple.FR",
  phoneNumber: "",
  gender: "MALE",
  roleId: "rol_gest-of",
  organizationIds: ["a", "b", "a"],
};

const messages = (input: unknown) => {
  const result = employeeSchema.safeParse(input);
  // The first issue of a field is the one the form shows (react-hook-form's zod resolver keeps the first).
  return result.success ? {} : Object.fromEntries(result.error.issues.toReversed().map((i) => [i.path.join("."), i.message]));
};

describe("employeeSchema", () => {
  it("normalises names, e-mail, empty phone and duplicate organisations", () => {
    expect(employeeSchema.parse(valid)).toEqual({
      firstName: "Jean-Pierre De La Tour",
      lastName: "LEFÈVRE",
      email: "jean.pierre@exemple.fr",
      phoneNumber: null,
      gender: "MALE",
      roleId: "rol_gest-of",
      organizationIds: ["a", "b"],
    });
  });

  it("gives 'Ce champ est obligatoire' for every required field of the empty form", () => {
    expect(messages(emptyEmployee())).toEqual({
      firstName: "Ce champ est obligatoire",
      lastName: "Ce champ est obligatoire",
      email: "Ce champ est obligatoire",
      gender: "Ce champ est obligatoire",
      roleId: "Ce champ est obligatoire",
      organizationIds: "Au moins un organisme doit être associé",
    });
  });

  it.each([
    ["firstName", "J", "Le nombre de caractères minimum est 2"],
    ["firstName", "j".repeat(51), "Le nombre de caractères est limité à 50"],
    ["lastName", "D", "Le nombre de caractères minimum est 2"],
    ["lastName", "d".repeat(51), "Le nombre de caractères est limité à 50"],
    ["email", "jean@", "Cette adresse email n'est pas valide"],
    ["phoneNumber", "061234567", "Le nombre de caractères doit être 10"],
    ["phoneNumber", "06123456789", "Le nombre de caractères doit être 10"],
    ["roleId", "rol_inconnu", "Ce champ est obligatoire"],
  ])("%s = %j → %s", (field, value, message) => {
    expect(messages({ ...valid, [field]: value })[field]).toBe(message);
  });

  it("accepts names of exactly 2 and 50 characters and a 10-character phone", () => {
    expect(employeeSchema.safeParse({ ...valid, firstName: "Al", lastName: "x".repeat(50), phoneNumber: "0612345678" }).success).toBe(true);
  });

  it("PATCH body: gender is optional", () => {
    const { gender: _gender, ...rest } = valid;
    expect(employeeUpdateSchema.safeParse(rest).success).toBe(true);
    expect(employeeSchema.safeParse(rest).success).toBe(false);
  });
});
