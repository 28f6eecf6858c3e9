import { describe, expect, it } from "vitest";
import { z } from "zod";
import { addressAnswer } from "../../resources/common/address";
import { dataEnvelope, isoDate, isoTimestamp } from "../../resources/common/wire";
import { employeeAnswer } from "../../resources/employees/schema";
import { traineeAnswer, traineeListItemAnswer } from "../../resources/trainees/schema";

describe("isoDate", () => {
  it("takes a calendar day YYYY-MM-DD and answers it unchanged", () => {
    expect(isoDate.parse("2026-02-28")).toBe("2026-02-28");
    expect(isoDate.parse("2024-02-29")).toBe("2024-02-29");
  });

  it.each(["2026-02-30", "2026-13-01", "28/02/2026", "2026-02-28T00:00:00Z", ""])("refuses %j", (value) => {
    expect(isoDate.safeParse(value).success).toBe(false);
  });

  it("refuses a Date: a calendar day is read from the database as a string, never through a time zone", () => {
    expect(isoDate.safeParse(new Date(2026, 1, 28)).success).toBe(false);
  });
});

describe("isoTimestamp", () => {
  it("answers a Date (a timestamp column) as ISO 8601 in UTC", () => {
    expect(isoTimestamp.parse(new Date(Date.UTC(2026, 2, 1, 9, 30, 5, 120)))).toBe("2026-03-01T09:30:05.120Z");
  });

  it("answers an ISO string with an offset as the same instant in UTC: one representation on the wire", () => {
    expect(isoTimestamp.parse("2026-03-01T11:00:00+01:00")).toBe("2026-03-01T10:00:00.000Z");
    expect(isoTimestamp.parse("2026-03-01T10:00:00.000Z")).toBe("2026-03-01T10:00:00.000Z");
  });

  it.each([["an invalid Date", new Date(Number.NaN)], ["a calendar day", "2026-03-01"], ["a number", 1_772_355_600_000], ["null", null]])(
    "refuses %s",
    (_case, value) => {
      expect(isoTimestamp.safeParse(value).success).toBe(false);
    },
  );

  it("is typed Date | string in (what a handler returns) and string out (what the SPA reads)", () => {
    const input: z.input<typeof isoTimestamp> = new Date();
    const output: z.output<typeof isoTimestamp> = "2026-03-01T10:00:00.000Z";
    expect([typeof input, typeof output]).toEqual(["object", "string"]);
  });

  it("is documented as a date-time string (the OpenAPI document reads the output)", () => {
    expect(z.toJSONSchema(isoTimestamp, { io: "output" })).toMatchObject({ type: "string", format: "date-time" });
    expect(z.toJSONSchema(isoDate, { io: "output" })).toMatchObject({ type: "string", format: "date" });
  });
});

const trainee = {
  id: "0190a1b2c3d4e5f60718293a4b5c6d7e",
  firstName: "Marie",
  lastName: "DURAND",
  birthName: "DURAND",
  email: "marie.durand@exemple.fr",
  phoneNumber: null,
  gender: "FEMALE",
  ssn: "2850275123456",
  ssnVerified: true,
  birthDate: "1985-02-11",
  address: { address1: null, address2: null, address3: null, streetNumber: "3", streetNumberExtension: null, streetType: "RUE", streetName: "des Écoles", zipCode: "75005", city: "Paris" },
  department: "D75",
  situation: null,
  bornInFrance: true,
  createdDate: new Date(Date.UTC(2026, 0, 5, 8)),
  updatedDate: new Date(Date.UTC(2026, 0, 6, 8)),
};

describe("answer schemas are strict", () => {
  it("shape a repository row into the JSON the SPA reads (dates as strings)", () => {
    expect(traineeListItemAnswer.parse(trainee)).toEqual({ ...trainee, createdDate: "2026-01-05T08:00:00.000Z", updatedDate: "2026-01-06T08:00:00.000Z" });
  });

  it.each([
    ["a key at the top", { ...trainee, passwordHash: "x" }],
    ["a key in a nested object", { ...trainee, address: { ...trainee.address, secret: "x" } }],
  ])("refuse %s rather than pass it on or drop it silently", (_case, row) => {
    const result = traineeListItemAnswer.safeParse(row);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: "unrecognized_keys" });
  });

  it("stay strict when extended (the detail is the list item plus its records)", () => {
    expect(traineeAnswer.safeParse({ ...trainee, records: [], extra: 1 }).success).toBe(false);
    expect(traineeAnswer.safeParse({ ...trainee, records: [] }).success).toBe(true);
    expect(traineeAnswer.safeParse(trainee).success).toBe(false);
  });

  it("refuse an envelope carrying more than data, and an address part the product does not know", () => {
    expect(dataEnvelope(z.string()).safeParse({ data: "x", debug: true }).success).toBe(false);
    expect(addressAnswer.safeParse({ city: "Paris", streetType: "AUTOROUTE" }).success).toBe(false);
    expect(addressAnswer.safeParse({}).success).toBe(true);
  });

  it("refuse a role id the product does not know (a stored value the SPA could not label)", () => {
    const employee = {
      id: "e1",
      firstName: "Léa",
      lastName: "MARTIN",
      email: "lea@exemple.fr",
      phoneNumber: null,
      gender: "FEMALE",
      role: { id: "rol_admin", name: "Administrateur" },
      organizations: [{ id: "o1", name: "ORGANISME" }],
      createdDate: new Date(),
      updatedDate: new Date(),
    };
    expect(employeeAnswer.safeParse(employee).success).toBe(true);
    expect(employeeAnswer.safeParse({ ...employee, role: { id: "rol_root", name: "?" } }).success).toBe(false);
  });
});
