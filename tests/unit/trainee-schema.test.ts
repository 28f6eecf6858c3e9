import { describe, expect, it } from "vitest";
import { DEPARTMENTS, departmentOptions } from "../../resources/common/departments";
import {
  agoraSearchSchema,
  emptyTrainee,
  recordDates,
  SITUATIONS,
  situationOptions,
  TRAINEE_MSG,
  traineeSchema,
  traineeUpdateSchema,
  usageNameIfDifferent,
  type TraineeInput,
  type TraineeRecord,
} from "../../resources/trainees/schema";
import { SIMULATED_PERSONS } from "../../server/agora/simulator/persons";
import { DEMO_TRAINEES } from "../../server/db/demo/trainees";

const valid = (): TraineeInput => ({
  ...emptyTrainee(),
  firstName: "jean-pierre",
  lastName: "de la tour",
  birthName: "martin",
  email: "JP.Martin@Exemple.FR",
  gender: "MALE",
  ssn: "1800175123456",
  birthDate: "1980-01-31",
  address: { streetName: "des Lilas", zipCode: "75020", city: "saint-denis" },
});

/** The first message zod gives per field path, the one the forms show. */
function messages(schema: typeof traineeSchema | typeof traineeUpdateSchema | typeof agoraSearchSchema, input: unknown) {
  const result = schema.safeParse(input);
  const first: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) first[issue.path.join(".")] ??= issue.message;
  return first;
}

describe("import search (step 1 and GET /api/trainees/agora)", () => {
  it.each([
    ["", "Ce champ est obligatoire"],
    ["123456789012", "Le nombre de caractères minimum est 13"],
    ["12345678901234", "Le nombre de caractères est limité à 13"],
  ])("NIR %j → %s", (ssn, message) => {
    expect(messages(agoraSearchSchema, { ssn, birthName: "DURAND" }).ssn).toBe(message);
  });

  it("requires the birth name", () => {
    expect(messages(agoraSearchSchema, { ssn: "2850275123456", birthName: " " }).birthName).toBe("Ce champ est obligatoire");
  });

  it("accepts 13 characters and upper-cases the birth name", () => {
    expect(agoraSearchSchema.parse({ ssn: " 2850275123456 ", birthName: "durand" })).toEqual({ ssn: "2850275123456", birthName: "DURAND" });
  });
});

describe("trainee schema", () => {
  it("normalises names, e-mail, city, date and fills the address's optional parts with null", () => {
    expect(traineeSchema.parse(valid())).toEqual({
      firstName: "Jean-Pierre",
      lastName: "DE LA TOUR",
      birthName: "MARTIN",
      email: "jp.martin@exemple.fr",
      phoneNumber: null,
      gender: "MALE",
      ssn: "1800175123456",
      birthDate: "1980-01-31",
      address: {
        address1: null,
        address2: null,
        address3: null,
        streetNumber: null,
        streetNumberExtension: null,
        streetType: null,
        streetName: "des Lilas",
        zipCode: "75020",
        city: "Saint-Denis",
      },
      department: null,
      situation: null,
      bornInFrance: false,
    });
  });

  it.each([
    ["firstName", "J", "Le nombre de caractères minimum est 2"],
    ["firstName", "", "Ce champ est obligatoire"],
    ["lastName", "X".repeat(51), "Le nombre de caractères est limité à 50"],
    ["birthName", "", "Ce champ est obligatoire"],
    ["birthName", "B", "Le nombre de caractères minimum est 2"],
    ["email", "", "Ce champ est obligatoire"],
    ["email", "jean@", "Cette adresse email n'est pas valide"],
    ["phoneNumber", "061234567", "Le nombre de caractères doit être 10"],
    ["gender", "", "Ce champ est obligatoire"],
    ["ssn", "", "Ce champ est obligatoire"],
    ["ssn", "1", "Le nombre de caractères minimum est 2"],
    ["ssn", "12345678901234", "Le nombre de caractères est limité à 13"],
    ["birthDate", "", "Ce champ est obligatoire"],
    ["birthDate", "2001-02-30", "Cette date n'est pas valide"],
    ["birthDate", "2999-01-01", TRAINEE_MSG.birthDateInFuture],
    ["department", "D20", "Ce champ est obligatoire"],
    ["situation", "FIANCE", "Ce champ est obligatoire"],
  ])("%s = %j → %s", (field, value, message) => {
    expect(messages(traineeSchema, { ...valid(), [field]: value })[field]).toBe(message);
  });

  it.each([
    ["streetName", "", "Ce champ est obligatoire"],
    ["streetName", "x".repeat(33), "Le nombre de caractères est limité à 32"],
    ["zipCode", "", "Ce champ est obligatoire"],
    ["zipCode", "7500", "Le nombre de caractères doit être 5"],
    ["city", "", "Ce champ est obligatoire"],
    ["city", "P", "Le nombre de caractères minimum est 2"],
    ["city", "x".repeat(65), "Le nombre de caractères est limité à 64"],
    ["address1", "x".repeat(71), "Le nombre de caractères est limité à 70"],
    ["streetNumber", "12345", "Le nombre de caractères est limité à 4"],
  ])("address.%s = %j → %s", (field, value, message) => {
    const input = valid();
    expect(messages(traineeSchema, { ...input, address: { ...input.address, [field]: value } })[`address.${field}`]).toBe(message);
  });

  it("makes bornInFrance false by default and has no NIR on update", () => {
    const { ssn: _ssn, bornInFrance: _born, ...rest } = valid();
    const parsed = traineeUpdateSchema.parse({ ...rest, ssn: "2990199999999" });
    expect(parsed.bornInFrance).toBe(false);
    expect(parsed).not.toHaveProperty("ssn");
  });
});

describe("enumerations", () => {
  it("has the spec's départements: D01–D95 with D2A/D2B instead of D20, and the overseas codes", () => {
    const metro = Array.from({ length: 95 }, (_, i) => `D${String(i + 1).padStart(2, "0")}`).filter((c) => c !== "D20");
    const overseas = ["D971", "D972", "D973", "D974", "D975", "D976", "D977", "D978", "D984", "D986", "D987", "D988", "D989"];
    expect(Object.keys(DEPARTMENTS).sort()).toEqual([...metro, "D2A", "D2B", ...overseas].sort());
  });

  it("lists départements in their natural order, Corsica after 29", () => {
    const codes = departmentOptions.map((o) => o.value);
    expect(codes.slice(0, 3)).toEqual(["D01", "D02", "D03"]);
    expect(codes.indexOf("D2A")).toBe(codes.indexOf("D29") + 1);
    expect(codes.at(-1)).toBe("D989");
  });

  it("has the nine situations with French labels sorted alphabetically", () => {
    expect(Object.keys(SITUATIONS)).toHaveLength(9);
    const labels = situationOptions.map((o) => o.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, "fr")));
    expect(labels[0]).toBe("Célibataire");
  });
});

describe("records card dates", () => {
  const record = (dates: Partial<TraineeRecord>): TraineeRecord => ({
    id: "r",
    title: "T",
    status: "SETUP",
    plannedStartDate: null,
    realStartDate: null,
    plannedEndDate: null,
    realEndDate: null,
    startDateSession: null,
    endDateSession: null,
    ...dates,
  });

  it("prefers real dates, then planned, then the session's, else none", () => {
    const all = { realStartDate: "2025-01-02", realEndDate: "2025-02-03", plannedStartDate: "2025-01-01", plannedEndDate: "2025-02-01", startDateSession: "2024-12-01", endDateSession: "2025-03-01" };
    expect(recordDates(record(all))).toEqual({ start: "2025-01-02", end: "2025-02-03" });
    expect(recordDates(record({ ...all, realStartDate: null, realEndDate: null }))).toEqual({ start: "2025-01-01", end: "2025-02-01" });
    expect(recordDates(record({ startDateSession: "2024-12-01", endDateSession: "2025-03-01" }))).toEqual({ start: "2024-12-01", end: "2025-03-01" });
    expect(recordDates(record({}))).toBeNull();
  });
});

describe("usage name column", () => {
  it("shows the usage name only when it differs from the birth name", () => {
    expect(usageNameIfDifferent({ lastName: "MARTIN", birthName: "Martin " })).toBeNull();
    expect(usageNameIfDifferent({ lastName: "LEFÈVRE", birthName: "DUBOIS" })).toBe("LEFÈVRE");
  });
});

describe("demo trainees and the simulator's fixtures", () => {
  it("has about sixty trainees, all valid for the API, with unique NIRs and e-mails", () => {
    expect(DEMO_TRAINEES.length).toBeGreaterThanOrEqual(55);
    for (const trainee of DEMO_TRAINEES) expect(traineeSchema.parse(trainee)).toEqual(trainee);
    expect(new Set(DEMO_TRAINEES.map((d) => d.ssn)).size).toBe(DEMO_TRAINEES.length);
    expect(new Set(DEMO_TRAINEES.map((d) => d.email)).size).toBe(DEMO_TRAINEES.length);
    // 13 characters without the key: digits, but for the Corsican départements 2A / 2B of birth.
    expect(DEMO_TRAINEES.filter((d) => !/^\d{5}(\d{2}|2A|2B)\d{6}$/.test(d.ssn))).toEqual([]);
    expect(DEMO_TRAINEES.filter((d) => d.lastName !== d.birthName).length).toBeGreaterThanOrEqual(10);
  });

  it("knows every demo trainee and DURAND, who is not a demo trainee", () => {
    for (const d of DEMO_TRAINEES) {
      expect(SIMULATED_PERSONS).toContainEqual({ ssn: d.ssn, birthName: d.birthName, lastName: d.lastName, firstName1: d.firstName, birthDate: d.birthDate });
    }
    expect(SIMULATED_PERSONS.find((p) => p.ssn === "2850275123456")?.birthName).toBe("DURAND");
    expect(DEMO_TRAINEES.some((d) => d.ssn === "2850275123456")).toBe(false);
    expect(new Set(SIMULATED_PERSONS.map((p) => p.ssn)).size).toBe(SIMULATED_PERSONS.length);
  });
});
