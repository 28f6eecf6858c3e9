/**
 * A valid body for every route that takes one (the same shapes as the resources' API tests), built for a caller so that
 * it passes their scope: the starting point of the "one hostile field" mutations. A route with a body missing here fails
 * the suite, so that a new route gets its valid body.
 */
import { randomBytes } from "node:crypto";
import { ASSIGNABLE_ROLES, type RoleId } from "../../../resources/permissions";
import { TEST_PASSWORD, uniqueSiret } from "./test-app";

/** What a body may depend on: the caller's role and organisation, the fixture's organisations, the target's SIRET. */
export interface BodyContext {
  role: RoleId | undefined;
  email: string | undefined;
  organizationId: string;
  educationalOrganizationId: string;
  contractingOrganizationId: string;
  /** PATCH /api/organizations/:id must resend the organisation's own SIRET. */
  targetSiret: string;
}

let seq = 0;
const next = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

const address = { streetNumber: "3", streetType: "RUE", streetName: "des Lilas", zipCode: "75019", city: "paris" };

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

function trainee() {
  const n = next();
  return {
    firstName: "jean-luc",
    lastName: "Dupont",
    birthName: "Dupont",
    email: `Jean.Luc.${n}@Exemple.fr`,
    phoneNumber: "0612345678",
    gender: "MALE",
    birthDate: "1980-01-15",
    address,
    department: "D75",
    situation: "SINGLE",
    bornInFrance: true,
  };
}

/** A NIR no other fixture uses: 1 80 01 75 then 5 random digits. */
export const uniqueSsn = () => `18001750${String(randomBytes(4).readUInt32BE() % 100_000).padStart(5, "0")}`;

const training = (ctx: BodyContext) => ({
  information: {
    name: "Formation éprouvée",
    number: `H${next()}`.slice(0, 20),
    marketNumber: "",
    actionNumber: "A01",
    address,
    objective: "CertifiedTraining",
    device: "CPF",
    type: "CERTIFYING",
    teachingMethods: null,
    skillsAssessment: false,
    skillsValidation: true,
    fse: true,
    forecastedCenterHourDuration: 400,
    forecastedCompanyHourDuration: 70,
    actualCenterHourDuration: null,
    actualCompanyHourDuration: "",
    educationalOrganizationId: ctx.educationalOrganizationId,
    contractingOrganizationId: ctx.contractingOrganizationId,
  },
  funders: [
    {
      siret: "12345678901234",
      vat: true,
      fundingType: "REGION",
      fundingSource: "REGIONAL_OWN_FUNDS",
      estimatedAmountCoveredTaxFree: 1000,
      estimatedAmountCoveredIncludingTaxes: 1200,
      actualAmountCoveredTaxFree: null,
      actualAmountCoveredIncludingTaxes: 1199.99,
      estimatedAmountOfSubsidy: 500,
      actualAmountOfSubsidy: null,
    },
  ],
});

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
  "POST /api/trainees": { build: () => ({ ...trainee(), ssn: uniqueSsn() }), acceptedStatus: 201 },
  "PATCH /api/trainees/:traineeId": { build: trainee, acceptedStatus: 200 },
  "POST /api/trainings": { build: training, acceptedStatus: 201 },
  "PATCH /api/trainings/:trainingId": { build: training, acceptedStatus: 200 },
};
