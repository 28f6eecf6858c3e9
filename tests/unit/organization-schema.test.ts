import { describe, expect, it } from "vitest";
import { emptyOrganization, organizationSchema } from "../../resources/organizations/schema";

const valid = {
  name: "centre de formation",
  siret: "12345678901234",
  email: "",
  phoneNumber: "",
  address: { address1: "", address2: "", address3: "", streetNumber: "", streetNumberExtension: "", streetType: "", streetName: "", zipCode: "", city: "" },
};

const messages = (input: unknown) => {
  const result = organizationSchema.safeParse(input);
  // The first issue of a field is the one the form shows (react-hook-form's zod resolver keeps the first).
  return result.success ? {} : Object.fromEntries(result.error.issues.toReversed().map((i) => [i.path.join("."), i.message]));
};

describe("organizationSchema", () => {
  it("upper-cases the name and turns every empty string into null", () => {
    expect(organizationSchema.parse(valid)).toEqual({
      name: "CENTRE DE FORMATION",
      siret: "12345678901234",
      email: null,
      phoneNumber: null,
      address: { address1: null, address2: null, address3: null, streetNumber: null, streetNumberExtension: null, streetType: null, streetName: null, zipCode: null, city: null },
    });
  });

  it("capitalises the city per word and hyphen part, its particles in lower case", () => {
    expect(organizationSchema.parse({ ...valid, address: { ...valid.address, city: "saint-ÉTIENNE du rouvray" } }).address?.city).toBe("Saint-Étienne du Rouvray");
  });

  it("requires name and SIRET", () => {
    expect(messages(emptyOrganization())).toEqual({ name: "Ce champ est obligatoire", siret: "Ce champ est obligatoire" });
  });

  it.each([
    ["name", "A", "Le nombre de caractères minimum est 2"],
    ["name", "A".repeat(101), "Le nombre de caractères est limité à 100"],
    ["siret", "1234567890123", "Le nombre de caractères doit être 14"],
    ["siret", "123456789012345", "Le nombre de caractères doit être 14"],
    ["email", "contact@", "Cette adresse email n'est pas valide"],
    ["phoneNumber", "012345678", "Le nombre de caractères doit être 10"],
  ])("%s = %j → %s", (field, value, message) => {
    expect(messages({ ...valid, [field]: value })[field]).toBe(message);
  });

  it.each([
    ["address1", "x".repeat(71), "Le nombre de caractères est limité à 70"],
    ["address2", "x".repeat(71), "Le nombre de caractères est limité à 70"],
    ["address3", "x".repeat(71), "Le nombre de caractères est limité à 70"],
    ["streetNumber", "12345", "Le nombre de caractères est limité à 4"],
    ["streetName", "x".repeat(33), "Le nombre de caractères est limité à 32"],
    ["zipCode", "7500", "Le nombre de caractères doit être 5"],
    ["city", "P", "Le nombre de caractères minimum est 2"],
    ["city", "p".repeat(65), "Le nombre de caractères est limité à 64"],
  ])("address.%s = %j → %s", (field, value, message) => {
    expect(messages({ ...valid, address: { ...valid.address, [field]: value } })[`address.${field}`]).toBe(message);
  });

  it("accepts street types and extensions from their lists only", () => {
    expect(organizationSchema.safeParse({ ...valid, address: { ...valid.address, streetType: "BD", streetNumberExtension: "TER" } }).success).toBe(true);
    expect(messages({ ...valid, address: { ...valid.address, streetType: "BOULEVARD" } })["address.streetType"]).toBeDefined();
    expect(messages({ ...valid, address: { ...valid.address, streetNumberExtension: "SEXIES" } })["address.streetNumberExtension"]).toBeDefined();
  });
});
