import { describe, expect, it } from "vitest";
import {
  cpfFundingOrganizationOptions,
  defaultFunder,
  funderSchema,
  fundingSourceOptions,
  fundingTypeOptions,
  teachingMethodOptions,
  toNumberOrNull,
  toTrainingBody,
  trainingDeviceOptions,
  trainingFormSchema,
  trainingImportSearchSchema,
  trainingInformationFormSchema,
  trainingObjectiveOptions,
  trainingSideLockedFor,
  trainingTypeOptions,
  type TrainingFormValues,
} from "../../resources/trainings/schema";

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

const validInformation = (): TrainingFormValues["information"] => ({
  name: "Développeur web",
  number: "F1",
  marketNumber: "",
  actionNumber: "A01",
  address: null,
  objective: "CertifiedTraining",
  device: "CPF",
  type: "CERTIFYING",
  teachingMethods: "",
  healthcareSocial: false,
  skillsAssessment: false,
  skillsValidation: false,
  fse: false,
  forecastedCenterHourDuration: 100,
  forecastedCompanyHourDuration: 0,
  actualCenterHourDuration: "",
  actualCompanyHourDuration: null,
  cpfCode: null,
  fundingOrganizationForCPFHours: null,
  coverageOfEducationalCostsForCPFHours: null,
  educationalOrganization: { id: "org-of", name: "OF", siret: "11111111111111" },
  contractingOrganization: { id: "org-cdc", name: "CDC", siret: "22222222222222" },
});

describe("training enumerations", () => {
  const collator = new Intl.Collator("fr", { sensitivity: "base" });
  it.each([
    ["objective", trainingObjectiveOptions],
    ["device", trainingDeviceOptions],
    ["type", trainingTypeOptions],
    ["teaching methods", teachingMethodOptions],
    ["funding type", fundingTypeOptions],
    ["funding source", fundingSourceOptions],
    ["CPF funding organisation", cpfFundingOrganizationOptions],
  ])("lists %s options alphabetically with 'Autre(s)' last", (_name, options) => {
    const labels = options.map((o) => o.label);
    const others = labels.filter((l) => /^Autres?$/.test(l));
    const rest = labels.filter((l) => !/^Autres?$/.test(l));
    expect(rest).toEqual([...rest].sort(collator.compare));
    expect(labels.slice(labels.length - others.length)).toEqual(others);
  });

  it("has French labels only (no enumeration code shown)", () => {
    for (const o of [...trainingDeviceOptions, ...fundingTypeOptions, ...fundingSourceOptions]) expect(o.label).not.toBe(o.value);
    expect(trainingDeviceOptions.find((o) => o.value === "HEALTHCARE_SOCIAL_TRAINING_SUBSIDY")?.label).toBe(
      "Subvention des formations sanitaires et sociales",
    );
  });
});

describe("training information", () => {
  it("accepts a valid form and turns empty strings into null", () => {
    const parsed = trainingInformationFormSchema.parse(validInformation());
    expect(parsed).toMatchObject({ marketNumber: null, teachingMethods: null, actualCenterHourDuration: null });
  });

  it("gives the spec's messages for lengths, required fields and durations", () => {
    const result = trainingInformationFormSchema.safeParse({
      ...validInformation(),
      name: "n".repeat(256),
      number: "",
      marketNumber: "m".repeat(51),
      actionNumber: "a".repeat(51),
      objective: null,
      device: "",
      type: undefined,
      teachingMethods: "PAS_UNE_METHODE",
      cpfCode: "1234567890123",
      forecastedCenterHourDuration: null,
      forecastedCompanyHourDuration: -1,
      actualCenterHourDuration: 1.5,
      coverageOfEducationalCostsForCPFHours: 1.005,
      educationalOrganization: null,
      address: { address1: "a".repeat(71), streetNumber: "12345", streetName: "s".repeat(33), zipCode: "123", city: "P" },
    });
    expect(messagesOf(result)).toEqual({
      name: "Le nombre de caractères est limité à 255",
      number: "Ce champ est obligatoire",
      marketNumber: "Le nombre de caractères est limité à 50",
      actionNumber: "Le nombre de caractères est limité à 50",
      objective: "Ce champ est obligatoire",
      device: "Ce champ est obligatoire",
      type: "Ce champ est obligatoire",
      teachingMethods: "Ce champ est obligatoire",
      cpfCode: "Le nombre de caractères est limité à 12",
      forecastedCenterHourDuration: "Ce champ est obligatoire",
      forecastedCompanyHourDuration: "La durée ne doit pas être inférieure à 0",
      actualCenterHourDuration: "La durée doit être représentée par un entier",
      coverageOfEducationalCostsForCPFHours: "Le montant de prise en charge des frais pédagogiques ne doit pas avoir plus de 2 décimales",
      educationalOrganization: "Ce champ est obligatoire",
      "address.address1": "Le nombre de caractères est limité à 70",
      "address.streetNumber": "Le nombre de caractères est limité à 4",
      "address.streetName": "Le nombre de caractères est limité à 32",
      "address.zipCode": "Le nombre de caractères doit être 5",
      "address.city": "Le nombre de caractères minimum est 2",
    });
  });

  it("requires number and action number for the import search", () => {
    expect(messagesOf(trainingImportSearchSchema.safeParse({ number: " ", actionNumber: "" }))).toEqual({
      number: "Ce champ est obligatoire",
      actionNumber: "Ce champ est obligatoire",
    });
  });
});

describe("funders", () => {
  it("starts the first funder with the region, regional own funds and VAT on", () => {
    expect(defaultFunder()).toMatchObject({ fundingType: "REGION", fundingSource: "REGIONAL_OWN_FUNDS", vat: true });
  });

  it("checks the SIRET and names each amount in its messages", () => {
    const result = funderSchema.safeParse({
      siret: "1234567890123",
      vat: false,
      fundingType: null,
      fundingSource: "",
      estimatedAmountCoveredTaxFree: -1,
      estimatedAmountCoveredIncludingTaxes: 1.234,
      actualAmountCoveredTaxFree: 0.001,
      actualAmountCoveredIncludingTaxes: -0.5,
      estimatedAmountOfSubsidy: 10.999,
      actualAmountOfSubsidy: -2,
    });
    expect(messagesOf(result)).toEqual({
      siret: "Le SIRET doit être composé de 14 chiffres",
      fundingType: "Ce champ est obligatoire",
      fundingSource: "Ce champ est obligatoire",
      estimatedAmountCoveredTaxFree: "Le montant estimé HT ne doit pas être inférieur à 0",
      estimatedAmountCoveredIncludingTaxes: "Le montant estimé TTC ne doit pas avoir plus de 2 décimales",
      actualAmountCoveredTaxFree: "Le montant réel HT ne doit pas avoir plus de 2 décimales",
      actualAmountCoveredIncludingTaxes: "Le montant réel TTC ne doit pas être inférieur à 0",
      estimatedAmountOfSubsidy: "Le montant estimé de la subvention ne doit pas avoir plus de 2 décimales",
      actualAmountOfSubsidy: "Le montant réel de la subvention ne doit pas être inférieur à 0",
    });
  });

  it("accepts 2 decimals, spaces in the SIRET and empty amounts", () => {
    const parsed = funderSchema.parse({ ...defaultFunder(), siret: "123 456 789 01234", estimatedAmountCoveredTaxFree: 1234.56, actualAmountOfSubsidy: "" });
    expect(parsed).toMatchObject({ siret: "12345678901234", estimatedAmountCoveredTaxFree: 1234.56, actualAmountOfSubsidy: null });
  });

  it("refuses amounts beyond the external system's format", () => {
    expect(messagesOf(funderSchema.safeParse({ ...defaultFunder(), estimatedAmountOfSubsidy: 1_000_000 }))).toEqual({
      estimatedAmountOfSubsidy: "Le montant estimé de la subvention ne doit pas dépasser 999 999,99 €",
    });
  });
});

describe("toTrainingBody", () => {
  it("forces the CPF values, sends organisation ids and derives healthcareSocial from the device", () => {
    const values = trainingFormSchema.parse({
      information: {
        ...validInformation(),
        device: "HEALTHCARE_SOCIAL_TRAINING_SUBSIDY",
        cpfCode: "123",
        coverageOfEducationalCostsForCPFHours: 99,
        fundingOrganizationForCPFHours: "OPCO",
      },
      funders: [{ ...defaultFunder(), estimatedAmountCoveredTaxFree: 100, estimatedAmountOfSubsidy: 50 }],
    });
    const body = toTrainingBody(values);
    expect(body.information).toMatchObject({
      cpfCode: "999999999999",
      coverageOfEducationalCostsForCPFHours: 0,
      fundingOrganizationForCPFHours: null,
      healthcareSocial: true,
      educationalOrganizationId: "org-of",
      contractingOrganizationId: "org-cdc",
    });
    expect(body.information).not.toHaveProperty("educationalOrganization");
    expect(body.funders[0]).toMatchObject({ estimatedAmountCoveredTaxFree: null, estimatedAmountOfSubsidy: 50 });
  });

  it("clears healthcareSocial and the subsidies for any other device", () => {
    const values = trainingFormSchema.parse({
      information: { ...validInformation(), healthcareSocial: true },
      funders: [{ ...defaultFunder(), estimatedAmountCoveredIncludingTaxes: 120, actualAmountOfSubsidy: 50 }],
    });
    const body = toTrainingBody(values);
    expect(body.information.healthcareSocial).toBe(false);
    expect(body.funders[0]).toMatchObject({ estimatedAmountCoveredIncludingTaxes: 120, actualAmountOfSubsidy: null });
  });
});

describe("numbers typed in the forms", () => {
  it("reads French decimals and spaces, and names a non-number", () => {
    expect(funderSchema.parse({ ...defaultFunder(), estimatedAmountCoveredTaxFree: "1 234,5" }).estimatedAmountCoveredTaxFree).toBe(1234.5);
    expect(messagesOf(funderSchema.safeParse({ ...defaultFunder(), actualAmountOfSubsidy: "beaucoup" }))).toEqual({
      actualAmountOfSubsidy: "Le montant réel de la subvention doit être un nombre",
    });
    const info = trainingInformationFormSchema.safeParse({
      ...validInformation(),
      forecastedCenterHourDuration: "12,5",
      forecastedCompanyHourDuration: "douze",
      actualCenterHourDuration: " 35 ",
    });
    expect(messagesOf(info)).toEqual({
      forecastedCenterHourDuration: "La durée doit être représentée par un entier",
      forecastedCompanyHourDuration: "La durée doit être représentée par un entier",
    });
  });

  it("reads only plain decimals: no exponent, hexadecimal or infinity; '-0' is 0", () => {
    for (const typed of ["1e3", "0x10", "Infinity", "1,2,3", "12 h"]) {
      expect(toNumberOrNull(typed), typed).toBe(typed);
      expect(messagesOf(funderSchema.safeParse({ ...defaultFunder(), estimatedAmountCoveredTaxFree: typed })), typed).toEqual({
        estimatedAmountCoveredTaxFree: "Le montant estimé HT doit être un nombre",
      });
    }
    expect(messagesOf(trainingInformationFormSchema.safeParse({ ...validInformation(), forecastedCenterHourDuration: "1e3" }))).toEqual({
      forecastedCenterHourDuration: "La durée doit être représentée par un entier",
    });
    expect(toNumberOrNull("-0")).toBe(-0);
    expect(trainingInformationFormSchema.parse({ ...validInformation(), forecastedCenterHourDuration: "-0" }).forecastedCenterHourDuration).toBe(-0);
    expect(toNumberOrNull(" 1\u202f234,50 ")).toBe(1234.5);
    expect(toNumberOrNull(",5")).toBe(0.5);
  });
});

describe("trainingSideLockedFor (the API refuses it, the edit form locks it)", () => {
  it.each([
    ["rol_sup-admin", undefined],
    ["rol_admin", undefined],
    ["rol_resp-of", "contractingOrganization"],
    ["rol_gest-of", "contractingOrganization"],
    ["rol_resp-cdc", "educationalOrganization"],
    ["rol_gest-cdc", "educationalOrganization"],
    ["rol_gest-cdcss", "educationalOrganization"],
    [undefined, undefined],
  ])("%s → %s", (role, side) => {
    expect(trainingSideLockedFor(role)).toBe(side);
  });
});
