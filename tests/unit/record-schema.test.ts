import { describe, expect, it } from "vitest";
import {
  recordCreateBodySchema,
  recordInformationFormValues,
  recordInformationSchema,
  recordInformationVisibility,
  recordInternshipSchema,
  recordPatchBodySchema,
  recordRepushBodySchema,
  recordStatusBodySchema,
  type RecordInformationInput,
} from "../../resources/records/schema";

/** The first message of each path, as a form shows it. */
const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[issue.path.join(".")] ??= issue.message;
  return messages;
};

// Loosely typed on purpose: the tests send what a form may hold, wrong values included.
const information = (fields: Partial<Record<keyof RecordInformationInput, unknown>> = {}) =>
  ({
  realStartDate: "2026-01-12",
  realEndDate: "2026-03-20",
  employmentObligation: "NO",
  studyLevel: "LEVEL_4",
  studyGrade: "FINAL_YEAR",
  professionalSituation: null,
  jobStatus: "RegisteredJobSeeker",
  contractType: null,
  professionalCategory: null,
  employerCategory: null,
  employerSiret: null,
  codeUrssaf: null,
  exitReason: null,
  ...fields,
}) as RecordInformationInput;

const REQUIRED = "Ce champ est obligatoire";

describe("record information: display rules", () => {
  it("asks the professional situation for healthcare-social trainings only, and stores it null elsewhere", () => {
    expect(messagesOf(recordInformationSchema(true).safeParse(information()))).toEqual({ professionalSituation: REQUIRED });
    const other = recordInformationSchema(false).parse(information({ professionalSituation: "Employed" }));
    expect(other.professionalSituation).toBeNull();
    const healthcare = recordInformationSchema(true).parse(information({ professionalSituation: "Looking" }));
    expect(healthcare.professionalSituation).toBe("Looking");
  });

  it("flags a missing professional situation together with the other missing fields (a form's first save shows them all)", () => {
    const result = recordInformationSchema(true).safeParse(information({ professionalSituation: null, employmentObligation: null, jobStatus: null }));
    expect(messagesOf(result)).toMatchObject({ professionalSituation: REQUIRED, employmentObligation: REQUIRED, jobStatus: REQUIRED });
  });

  it("shows the school grade when the training is not healthcare-social or the trainee is looking for a job", () => {
    expect(recordInformationVisibility({}, false).studyGrade).toBe(true);
    expect(recordInformationVisibility({ professionalSituation: "Looking" }, true).studyGrade).toBe(true);
    expect(recordInformationVisibility({ professionalSituation: "Employed" }, true).studyGrade).toBe(false);
    const employed = recordInformationSchema(true).parse(
      information({ professionalSituation: "Employed", jobStatus: "SelfEmployed", studyGrade: "FINAL_YEAR" }),
    );
    expect(employed.studyGrade).toBeNull();
  });

  it("offers the job statuses of the situation", () => {
    const looking = recordInformationSchema(true).safeParse(information({ professionalSituation: "Looking", jobStatus: "Employee" }));
    expect(messagesOf(looking)).toEqual({ jobStatus: REQUIRED });
    const employed = recordInformationSchema(true).safeParse(
      information({ professionalSituation: "Employed", jobStatus: "UnregisteredJobSeeker" }),
    );
    expect(messagesOf(employed)).toEqual({ jobStatus: REQUIRED });
    // Not healthcare-social: no situation, every status offered.
    expect(recordInformationSchema(false).safeParse(information({ jobStatus: "Employee" })).success).toBe(true);
  });

  it("asks contract type, professional and employer categories for an employee only", () => {
    expect(recordInformationVisibility({ jobStatus: "Employee" }, false).employeeFields).toBe(true);
    expect(recordInformationVisibility({ jobStatus: "SelfEmployed" }, false).employeeFields).toBe(false);
    const selfEmployed = recordInformationSchema(false).parse(
      information({ jobStatus: "SelfEmployed", contractType: "CDI", professionalCategory: "Executive", employerCategory: "O" }),
    );
    expect(selfEmployed).toMatchObject({ contractType: null, professionalCategory: null, employerCategory: null });
    const employee = recordInformationSchema(false).parse(
      information({ jobStatus: "Employee", contractType: "CDI", professionalCategory: "Executive", employerCategory: "N" }),
    );
    expect(employee).toMatchObject({ contractType: "CDI", professionalCategory: "Executive", employerCategory: "N" });
  });

  it("asks the SIRET for a company employer (O) and the URSSAF number for an individual (N), each exactly 14", () => {
    expect(recordInformationVisibility({ jobStatus: "Employee", employerCategory: "O" }, false)).toMatchObject({
      employerSiret: true,
      codeUrssaf: false,
    });
    expect(recordInformationVisibility({ jobStatus: "Employee", employerCategory: "N" }, false)).toMatchObject({
      employerSiret: false,
      codeUrssaf: true,
    });
    const short = recordInformationSchema(false).safeParse(
      information({ jobStatus: "Employee", employerCategory: "O", employerSiret: "1234567890123", codeUrssaf: "123" }),
    );
    expect(messagesOf(short)).toEqual({
      employerSiret: "Le nombre de caractères doit être 14",
      codeUrssaf: "Le nombre de caractères doit être 14",
    });
    const company = recordInformationSchema(false).parse(
      information({ jobStatus: "Employee", employerCategory: "O", employerSiret: "12345678901234", codeUrssaf: "98765432109876" }),
    );
    expect(company).toMatchObject({ employerSiret: "12345678901234", codeUrssaf: null });
  });

  it("requires the real start date, employment obligation, study level and job status", () => {
    const empty = recordInformationSchema(false).safeParse(
      information({ realStartDate: "", employmentObligation: "", studyLevel: null, jobStatus: undefined }),
    );
    expect(messagesOf(empty)).toEqual({
      realStartDate: REQUIRED,
      employmentObligation: REQUIRED,
      studyLevel: REQUIRED,
      jobStatus: REQUIRED,
    });
  });

  it("refuses a real end date before the start, even while another field is invalid", () => {
    const result = recordInformationSchema(false).safeParse(information({ realEndDate: "2026-01-11", studyLevel: null }));
    expect(messagesOf(result)).toEqual({
      studyLevel: REQUIRED,
      realEndDate: "La date de fin doit être postérieure ou égale à la date de début",
    });
    expect(recordInformationSchema(false).safeParse(information({ realEndDate: "2026-01-12" })).success).toBe(true);
    expect(recordInformationSchema(false).parse(information({ realEndDate: "" })).realEndDate).toBeNull();
  });

  it("starts the form with the session's dates when the real dates are empty", () => {
    const values = recordInformationFormValues({ realStartDate: null, realEndDate: "2026-02-01" }, { startDate: "2026-01-05", endDate: "2026-04-30" });
    expect(values).toMatchObject({ realStartDate: "2026-01-05", realEndDate: "2026-02-01", jobStatus: null });
  });
});

describe("record internship", () => {
  const review = { internshipStartDate: "2026-02-02", internshipEndDate: "2026-02-27", internshipCompanyName: "Boulangerie Martin" };

  it("requires both dates, end not before start", () => {
    expect(messagesOf(recordInternshipSchema.safeParse({ internshipStartDate: "", internshipEndDate: "" }))).toEqual({
      internshipStartDate: REQUIRED,
      internshipEndDate: REQUIRED,
    });
    expect(messagesOf(recordInternshipSchema.safeParse({ ...review, internshipEndDate: "2026-02-01" }))).toEqual({
      internshipEndDate: "La date de fin doit être postérieure ou égale à la date de début",
    });
  });

  it("limits each text to 1024 characters and stores empty texts as null", () => {
    const long = "x".repeat(1025);
    const result = recordInternshipSchema.safeParse({
      ...review,
      internshipCompanyName: long,
      internshipTutorAssessment: long,
      internshipTrainingResult: long,
      internshipProspects: long,
    });
    const limit = "Le nombre de caractères est limité à 1024";
    expect(messagesOf(result)).toEqual({
      internshipCompanyName: limit,
      internshipTutorAssessment: limit,
      internshipTrainingResult: limit,
      internshipProspects: limit,
    });
    const saved = recordInternshipSchema.parse({ ...review, internshipProspects: "x".repeat(1024), internshipTrainingResult: "  " });
    expect(saved).toMatchObject({ internshipTrainingResult: null, internshipTutorAssessment: null, internshipCompanyName: "Boulangerie Martin" });
    expect(saved.internshipProspects).toHaveLength(1024);
  });
});

describe("record bodies", () => {
  it("creation needs a trainee and a session", () => {
    expect(messagesOf(recordCreateBodySchema.safeParse({ traineeId: " " }))).toEqual({ traineeId: REQUIRED, sessionId: REQUIRED });
  });

  it("a PATCH carries the information or the internship", () => {
    expect(recordPatchBodySchema.safeParse({}).success).toBe(false);
    expect(recordPatchBodySchema.safeParse({ information: information() }).success).toBe(true);
    expect(
      recordPatchBodySchema.safeParse({ internship: { internshipStartDate: "2026-01-01", internshipEndDate: "2026-01-02" }, version: 3 }).success,
    ).toBe(true);
  });

  it("a status change to REJECTED or a re-push of a rejected record needs a reason ('Ce champs est obligatoire')", () => {
    for (const schema of [recordStatusBodySchema, recordRepushBodySchema]) {
      expect(messagesOf(schema.safeParse({ status: "REJECTED" }))).toEqual({ "options.reason": "Ce champs est obligatoire" });
      expect(messagesOf(schema.safeParse({ status: "REJECTED", options: { reason: "" } }))).toEqual({
        "options.reason": "Ce champs est obligatoire",
      });
      expect(schema.parse({ status: "REJECTED", options: { reason: "IncompleteFile" } }).options?.reason).toBe("IncompleteFile");
      expect(schema.safeParse({ status: "VALIDATED" }).success).toBe(true);
    }
  });

  it("a status change never targets SETUP; a re-push states any status", () => {
    expect(recordStatusBodySchema.safeParse({ status: "SETUP" }).success).toBe(false);
    expect(recordRepushBodySchema.safeParse({ status: "SETUP" }).success).toBe(true);
    expect(recordStatusBodySchema.safeParse({ status: "DONE" }).success).toBe(false);
  });
});

describe("record answers", () => {
  const item = {
    id: "r1",
    agoraId: "DF1",
    status: "SETUP",
    trainee: { id: "t1", firstName: "Awa", lastName: "SALL", birthDate: "2000-07-21" },
    session: {
      id: "s1",
      startDate: "2026-01-12",
      endDate: "2026-03-20",
      training: {
        id: "f1",
        name: "Aide-soignant",
        number: "F1",
        fse: true,
        healthcareSocial: true,
        educationalOrganization: { id: "o1", name: "IFSI", siret: "12345678901234" },
      },
    },
    fsesCount: 0,
    lastExchangeFailed: false,
    pastClosingLimit: false,
    createdDate: new Date("2026-01-05T08:00:00Z"),
    updatedDate: "2026-01-05T09:00:00+01:00",
  };

  it("answers instants in UTC and refuses a key the contract lacks", async () => {
    const { recordListItemAnswer } = await import("../../resources/records/schema");
    expect(recordListItemAnswer.parse(item).updatedDate).toBe("2026-01-05T08:00:00.000Z");
    expect(recordListItemAnswer.safeParse({ ...item, search: "sall" }).success).toBe(false);
    expect(recordListItemAnswer.safeParse({ ...item, trainee: { ...item.trainee, email: "a@b.fr" } }).success).toBe(false);
    // No NIR in a list item: a repository selecting it again fails the first test that lists records.
    expect(recordListItemAnswer.safeParse({ ...item, trainee: { ...item.trainee, ssn: "2000793215067" } }).success).toBe(false);
  });
});
