/**
 * A valid body for every route that takes one (the same shapes as the resources' API tests), built for a caller so that
 * it passes their scope: the starting point of the "one hostile field" mutations. A route with a body missing here fails
 * the suite, so that a new route gets its valid body.
 */
import { randomBytes } from "node:crypto";
import { ASSIGNABLE_ROLES, type RoleId } from "../../../resources/permissions";
import type { RecordStatus } from "../../../resources/records/enums";
import { allowedTargets } from "../../../resources/records/status-transitions";
import type { FsePeriod } from "../../../resources/fse/enums";
import { HEALTHCARE_SOCIAL_DEVICE } from "../../../resources/trainings/enums";
import { fseAnswers, fseInformation } from "./record-fse";
import { sessionBody, sessionInformation } from "./sessions";
import { TEST_PASSWORD, uniqueSiret } from "./test-app";
import { traineeBody } from "./trainees";
import { trainingBody } from "./trainings";

/** What a body may depend on: the caller's role and organisation, the fixture's organisations, the target's SIRET. */
export interface BodyContext {
  role: RoleId | undefined;
  email: string | undefined;
  organizationId: string;
  educationalOrganizationId: string;
  contractingOrganizationId: string;
  /** PATCH /api/organizations/:id must resend the organisation's own SIRET. */
  targetSiret: string;
  /** A training between the fixture's organisations, for POST /api/sessions. */
  trainingId: string;
  /** A session of that training and a trainee without a record, for POST /api/records. */
  sessionId: string;
  freeTraineeId: string;
  /** The target record's status: a status change goes to its first allowed target, a re-push states it. */
  recordStatus: RecordStatus;
  /** A record of an FSE training and the first period it has no survey for, for POST /api/recordFse. */
  fseRecordId: string;
  fsePeriod: FsePeriod;
  /** Trainings written as healthcare-social (gest-cdcss sees no other). */
  healthcareSocial?: boolean;
  /** The target session's document, kept by its PATCH. */
  mediaId?: string;
}

let seq = 0;
const next = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

function employee(ctx: BodyContext) {
  const assignable = ctx.role ? ASSIGNABLE_ROLES[ctx.role] : [];
  return {
    firstName: "jean-marc",
    lastName: "de la tour",
    email: `Hostile.${next()}@Test.fr`,
    phoneNumber: "",
    gender: "MALE",
    roleId: assignable[assignable.length - 1] ?? "rol_gest-of",
    organizationIds: [ctx.organizationId],
  };
}

const organization = (siret: string) => ({
  name: "organisme éprouvé",
  siret,
  email: "",
  phoneNumber: "",
  address: { address1: "", address2: "", address3: "", streetNumber: "4", streetNumberExtension: "BIS", streetType: "AV", streetName: "des Lilas", zipCode: "69003", city: "lyon" },
});

/** A trainee's edit carries no NIR (it never changes). */
function traineeEdit() {
  const { ssn: _unchanged, ...edit } = traineeBody();
  return edit;
}

export const training = (ctx: Pick<BodyContext, "educationalOrganizationId" | "contractingOrganizationId" | "healthcareSocial">) =>
  trainingBody(
    { educational: ctx.educationalOrganizationId, contracting: ctx.contractingOrganizationId },
    ctx.healthcareSocial ? { device: HEALTHCARE_SOCIAL_DEVICE } : {},
  );

/** Every part of a session's PATCH: the information, a bilan not yet validated, the session's document if it has one. */
const sessionPatch = (ctx: BodyContext) => ({
  information: sessionInformation(),
  result: { objective: "Former des soudeurs", targetedQualification: "Titre professionnel", level: "LEVEL_3", improvements: "", validatedAssessment: false },
  medias: { kairosCertificate: ctx.mediaId ? { id: ctx.mediaId } : null, positioningReports: [], qualitativeAssessments: [], traineesQualityQuestionnaires: [], companyAttendanceSheets: [], attendanceSheets: {} },
});

/** The information of a training that is not healthcare-social, and an internship review. */
const recordPatch = () => ({
  information: {
    realStartDate: "2026-01-12",
    realEndDate: "2026-03-20",
    employmentObligation: "NO",
    studyLevel: "LEVEL_4",
    studyGrade: "FINAL_YEAR",
    professionalSituation: null,
    jobStatus: "Employee",
    contractType: "CDI",
    professionalCategory: "Worker",
    employerCategory: "O",
    // A SIRET with its right key: the data-quality gate refuses to push a wrong one.
    employerSiret: "73282932000074",
    codeUrssaf: null,
    exitReason: null,
  },
  internship: { internshipStartDate: "2026-02-02", internshipEndDate: "2026-02-27", internshipCompanyName: "Boulangerie Martin", internshipProspects: "" },
});

/** A closed record has no target left: the change is then refused by AGORA (422), as it would be from the page. */
const recordStatusChange = (ctx: BodyContext) => ({ status: allowedTargets(ctx.recordStatus)[0] ?? "VALIDATED", options: { reason: "Other" } });

export interface ValidBody {
  build(ctx: BodyContext): Record<string, unknown>;
  /** The answer to the unchanged body as the super administrator (a made-up reset token is a 400 by design). */
  acceptedStatus: number;
}

export const VALID_BODIES: Record<string, ValidBody> = {
  "POST /api/organizations": { build: () => organization(uniqueSiret()), acceptedStatus: 201 },
  "PATCH /api/organizations/:organizationId": { build: (ctx) => organization(ctx.targetSiret), acceptedStatus: 200 },
  "POST /api/employees": { build: employee, acceptedStatus: 201 },
  "PATCH /api/employees/:employeeId": { build: employee, acceptedStatus: 200 },
  "POST /api/auth-sessions": { build: (ctx) => ({ email: ctx.email ?? "inconnu@test.fr", password: TEST_PASSWORD, longTTL: false }), acceptedStatus: 201 },
  "POST /api/users/reset-password": { build: (ctx) => ({ email: ctx.email ?? "inconnu@test.fr" }), acceptedStatus: 204 },
  "PATCH /api/users/reset-password": { build: () => ({ token: randomBytes(32).toString("base64url"), password: "Nouveau-Pass-2026!" }), acceptedStatus: 400 },
  "POST /api/trainees": { build: () => traineeBody(), acceptedStatus: 201 },
  "PATCH /api/trainees/:traineeId": { build: traineeEdit, acceptedStatus: 200 },
  "POST /api/trainings": { build: training, acceptedStatus: 201 },
  "PATCH /api/trainings/:trainingId": { build: training, acceptedStatus: 200 },
  "POST /api/sessions": { build: (ctx) => sessionBody(ctx.trainingId), acceptedStatus: 201 },
  "PATCH /api/sessions/:sessionId": { build: sessionPatch, acceptedStatus: 200 },
  "POST /api/records": { build: (ctx) => ({ traineeId: ctx.freeTraineeId, sessionId: ctx.sessionId }), acceptedStatus: 201 },
  "PATCH /api/records/:recordId": { build: recordPatch, acceptedStatus: 200 },
  "PATCH /api/records/:recordId/status": { build: recordStatusChange, acceptedStatus: 200 },
  "PATCH /api/records/:recordId/reengineering": { build: (ctx) => ({ status: ctx.recordStatus, options: { reason: "Other" } }), acceptedStatus: 200 },
  "POST /api/recordFse": { build: (ctx) => ({ recordId: ctx.fseRecordId, information: fseInformation(ctx.fsePeriod) }), acceptedStatus: 201 },
  "PATCH /api/recordFse/:recordFseId": { build: () => ({ information: fseAnswers() }), acceptedStatus: 200 },
  "PUT /api/users/me/digest": { build: () => ({ dailyDigest: true }), acceptedStatus: 200 },
  "POST /api/supervision/exchanges/:exchangeId/abandon": { build: () => ({ reason: "AGORA confirme n'avoir rien reçu" }), acceptedStatus: 200 },
};
