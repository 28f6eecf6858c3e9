import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RoleId } from "../../resources/permissions";
import { TRAINING_MSG, trainingListItemAnswer, type Training, type TrainingBodyInput, type TrainingListItem } from "../../resources/trainings/schema";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";
import { trainingBody } from "./support/trainings";

let t: TestApp;
const org: Record<"ofA" | "ofB" | "cdcA" | "cdcB", string> = { ofA: "", ofB: "", cdcA: "", cdcB: "" };
const staff = {} as Record<RoleId, TestEmployee>;
const ids: Record<"t1" | "t2" | "t3" | "t4", string> = { t1: "", t2: "", t3: "", t4: "" };

/** A valid body between ofA and cdcA; `information` overrides are merged. */
const body = (info: Partial<TrainingBodyInput["information"]> = {}, funders?: TrainingBodyInput["funders"]): TrainingBodyInput =>
  trainingBody({ educational: org.ofA, contracting: org.cdcA }, info, funders);

async function as(role: RoleId, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: await t.auth(staff[role]), ...(payload === undefined ? {} : { payload: payload as object }) });
}

const create = async (payload: TrainingBodyInput) => {
  const res = await as("rol_sup-admin", "POST", "/api/trainings", payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Training;
};

const listIds = async (role: RoleId) => {
  const res = await as(role, "GET", "/api/trainings?limit=100");
  expect(res.statusCode).toBe(200);
  return (res.json().data as Training[]).map((x) => x.id).sort();
};

const countTrainings = async () => (await t.query<{ n: number }>("select count(*)::int as n from trainings"))[0]!.n;

const fieldMessages = (res: { json: () => unknown }) =>
  ((res.json() as { details?: { fields?: { path: string; message: string }[] } }).details?.fields ?? []).map((f) => `${f.path}: ${f.message}`);

beforeAll(async () => {
  t = await createTestApp();
  org.ofA = await t.organization({ name: "OF ALPHA" });
  org.ofB = await t.organization({ name: "OF BETA" });
  org.cdcA = await t.organization({ name: "CDC ALPHA" });
  org.cdcB = await t.organization({ name: "CDC BETA" });
  staff["rol_sup-admin"] = await t.employee("rol_sup-admin", []);
  staff.rol_admin = await t.employee("rol_admin", []);
  staff["rol_resp-of"] = await t.employee("rol_resp-of", [org.ofA]);
  staff["rol_gest-of"] = await t.employee("rol_gest-of", [org.ofA]);
  staff["rol_resp-cdc"] = await t.employee("rol_resp-cdc", [org.cdcA]);
  staff["rol_gest-cdc"] = await t.employee("rol_gest-cdc", [org.cdcA]);
  staff["rol_gest-cdcss"] = await t.employee("rol_gest-cdcss", [org.cdcA]);
  const HS = "HEALTHCARE_SOCIAL_TRAINING_SUBSIDY" as const;
  ids.t1 = (await create(body({ name: "Développeur web" }))).id;
  ids.t2 = (await create(body({ name: "Aide-soignant", device: HS }))).id;
  ids.t3 = (await create(body({ name: "Maçon", educationalOrganizationId: org.ofB, contractingOrganizationId: org.cdcB }))).id;
  ids.t4 = (await create(body({ name: "Ambulancier", device: HS, educationalOrganizationId: org.ofB }))).id;
});
afterAll(() => t.close());

describe("POST /api/trainings", () => {
  it("stores the training with the forced CPF values, healthcareSocial from the device and organisation objects in the answer", async () => {
    const created = await create(
      body({ cpfCode: "123", coverageOfEducationalCostsForCPFHours: 150.5, fundingOrganizationForCPFHours: "OPCO", healthcareSocial: true }),
    );
    expect(created.information).toMatchObject({
      cpfCode: "999999999999",
      coverageOfEducationalCostsForCPFHours: 0,
      fundingOrganizationForCPFHours: null,
      healthcareSocial: false,
      marketNumber: null,
      actualCompanyHourDuration: null,
      educationalOrganization: { id: org.ofA, name: "OF ALPHA" },
      contractingOrganization: { id: org.cdcA, name: "CDC ALPHA" },
      address: expect.objectContaining({ city: "Paris", zipCode: "75019" }),
    });
    expect(created).toMatchObject({ sessionsCount: 0, fundersCount: 1 });
    expect(created.id).toMatch(/^[0-9a-f]{32}$/);
    const [row] = await t.query("select cpf_code, coverage_of_educational_costs_for_cpf_hours, healthcare_social from trainings where id = $1", [
      created.id,
    ]);
    expect(row).toEqual({ cpf_code: "999999999999", coverage_of_educational_costs_for_cpf_hours: "0.00", healthcare_social: false });
  });

  it("keeps only the including/excluding-tax amounts of an ordinary training and only the subsidies of a healthcare-social one", async () => {
    const ordinary = await create(body());
    expect(ordinary.funders[0]).toMatchObject({
      siret: "73282932000074",
      vat: true,
      fundingType: "REGION",
      fundingSource: "REGIONAL_OWN_FUNDS",
      estimatedAmountCoveredTaxFree: 1000,
      estimatedAmountCoveredIncludingTaxes: 1200,
      actualAmountCoveredIncludingTaxes: 1199.99,
      estimatedAmountOfSubsidy: null,
    });
    const social = await create(body({ device: "HEALTHCARE_SOCIAL_TRAINING_SUBSIDY" }));
    expect(social.information.healthcareSocial).toBe(true);
    expect(social.funders[0]).toMatchObject({ estimatedAmountOfSubsidy: 500, estimatedAmountCoveredTaxFree: null, actualAmountCoveredIncludingTaxes: null });
  });

  it("refuses invalid values with the spec's messages and writes nothing", async () => {
    const before = await countTrainings();
    const res = await as(
      "rol_admin",
      "POST",
      "/api/trainings",
      body(
        {
          name: "x".repeat(256),
          number: "",
          actionNumber: "A".repeat(51),
          objective: null as never,
          forecastedCenterHourDuration: -1,
          forecastedCompanyHourDuration: 1.5,
          actualCenterHourDuration: null,
          address: { zipCode: "7501", city: "P" },
        },
        [
          {
            siret: "123",
            vat: false,
            fundingType: null as never,
            fundingSource: "ESF",
            estimatedAmountCoveredTaxFree: -1,
            estimatedAmountCoveredIncludingTaxes: 10.123,
            actualAmountCoveredTaxFree: -0.01,
            actualAmountCoveredIncludingTaxes: 1.001,
            estimatedAmountOfSubsidy: -5,
            actualAmountOfSubsidy: 2.555,
          },
        ],
      ),
    );
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res)).toEqual(
      expect.arrayContaining([
        "body.information.name: Le nombre de caractères est limité à 255",
        "body.information.number: Ce champ est obligatoire",
        "body.information.actionNumber: Le nombre de caractères est limité à 50",
        "body.information.objective: Ce champ est obligatoire",
        "body.information.forecastedCenterHourDuration: La durée ne doit pas être inférieure à 0",
        "body.information.forecastedCompanyHourDuration: La durée doit être représentée par un entier",
        "body.information.address.zipCode: Le nombre de caractères doit être 5",
        "body.information.address.city: Le nombre de caractères minimum est 2",
        "body.funders.0.siret: Le SIRET doit être composé de 14 chiffres",
        "body.funders.0.fundingType: Ce champ est obligatoire",
        "body.funders.0.estimatedAmountCoveredTaxFree: Le montant estimé HT ne doit pas être inférieur à 0",
        "body.funders.0.estimatedAmountCoveredIncludingTaxes: Le montant estimé TTC ne doit pas avoir plus de 2 décimales",
        "body.funders.0.actualAmountCoveredTaxFree: Le montant réel HT ne doit pas être inférieur à 0",
        "body.funders.0.actualAmountCoveredIncludingTaxes: Le montant réel TTC ne doit pas avoir plus de 2 décimales",
        "body.funders.0.estimatedAmountOfSubsidy: Le montant estimé de la subvention ne doit pas être inférieur à 0",
        "body.funders.0.actualAmountOfSubsidy: Le montant réel de la subvention ne doit pas avoir plus de 2 décimales",
      ]),
    );
    expect(await countTrainings()).toBe(before);
  });

  it("refuses a missing forecast duration and a non-integer actual one", async () => {
    const res = await as(
      "rol_admin",
      "POST",
      "/api/trainings",
      body({ forecastedCenterHourDuration: null as never, actualCompanyHourDuration: 2.5, marketNumber: "M".repeat(51) }),
    );
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res)).toEqual(
      expect.arrayContaining([
        "body.information.forecastedCenterHourDuration: Ce champ est obligatoire",
        "body.information.actualCompanyHourDuration: La durée doit être représentée par un entier",
        "body.information.marketNumber: Le nombre de caractères est limité à 50",
      ]),
    );
  });

  it("answers 400 (not 500) for an organisation id that does not exist", async () => {
    const before = await countTrainings();
    const res = await as("rol_admin", "POST", "/api/trainings", body({ contractingOrganizationId: "0".repeat(32) }));
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res)).toEqual(["body.information.contractingOrganizationId: Cet organisme n'existe pas"]);
    expect(await countTrainings()).toBe(before);
  });

  it("answers 409 for a second training with the same number and action number", async () => {
    const first = await create(body());
    const res = await as("rol_admin", "POST", "/api/trainings", body({ number: first.information.number, actionNumber: "A01" }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TRAINING_MSG.duplicate);
  });

  it.each(["rol_resp-of", "rol_gest-of", "rol_gest-cdc", "rol_gest-cdcss"] as const)("refuses creation to %s with 403", async (role) => {
    const before = await countTrainings();
    const res = await as(role, "POST", "/api/trainings", body());
    expect(res.statusCode).toBe(403);
    expect(await countTrainings()).toBe(before);
  });

  it("lets resp-cdc create a training contracted by their organisation, not by another one", async () => {
    const mine = await as("rol_resp-cdc", "POST", "/api/trainings", body());
    expect(mine.statusCode).toBe(201);
    const before = await countTrainings();
    const other = await as("rol_resp-cdc", "POST", "/api/trainings", body({ contractingOrganizationId: org.cdcB }));
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(TRAINING_MSG.outOfScope);
    expect(await countTrainings()).toBe(before);
  });

  it("answers 401 without a token", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/trainings", payload: body() });
    expect(res.statusCode).toBe(401);
  });
});

describe("scope of GET /api/trainings and GET /api/trainings/{id}", () => {
  const sorted = (...keys: (keyof typeof ids)[]) => keys.map((k) => ids[k]).sort();

  it("shows everything to sup-admin and admin", async () => {
    for (const role of ["rol_sup-admin", "rol_admin"] as const) {
      expect(await listIds(role)).toEqual(expect.arrayContaining(sorted("t1", "t2", "t3", "t4")));
    }
  });

  it("shows OF users the trainings of their educational organisations", async () => {
    expect(await listIds("rol_resp-of")).toEqual(expect.arrayContaining(sorted("t1", "t2")));
    for (const role of ["rol_resp-of", "rol_gest-of"] as const) {
      const res = await as(role, "GET", "/api/trainings?limit=100");
      const data = res.json().data as Training[];
      expect(data.length).toBeGreaterThanOrEqual(2);
      expect(data.every((x) => x.information.educationalOrganization.id === org.ofA)).toBe(true);
      expect(res.json().metadata.pagination.totalCount).toBe(data.length);
    }
  });

  it("shows CDC users the trainings of their contracting organisations", async () => {
    for (const role of ["rol_resp-cdc", "rol_gest-cdc"] as const) {
      const listed = await listIds(role);
      expect(listed).toEqual(expect.arrayContaining(sorted("t1", "t2", "t4")));
      expect(listed).not.toContain(ids.t3);
    }
  });

  it("shows gest-cdcss only the healthcare-social trainings of their contracting organisations", async () => {
    const res = await as("rol_gest-cdcss", "GET", "/api/trainings?limit=100");
    const data = res.json().data as Training[];
    expect(data.map((x) => x.id)).toEqual(expect.arrayContaining(sorted("t2", "t4")));
    expect(data.every((x) => x.information.healthcareSocial && x.information.contractingOrganization.id === org.cdcA)).toBe(true);
  });

  it("answers 404 for a training outside the caller's scope, as for a missing one", async () => {
    const cases: [RoleId, string][] = [
      ["rol_resp-of", ids.t3],
      ["rol_gest-of", ids.t4],
      ["rol_resp-cdc", ids.t3],
      ["rol_gest-cdc", ids.t3],
      ["rol_gest-cdcss", ids.t1],
      ["rol_admin", "f".repeat(32)],
    ];
    for (const [role, id] of cases) {
      const res = await as(role, "GET", `/api/trainings/${id}`);
      expect(res.statusCode, `${role} ${id}`).toBe(404);
      expect(res.json().message).toBe(TRAINING_MSG.notFound);
    }
    expect((await as("rol_gest-cdcss", "GET", `/api/trainings/${ids.t4}`)).statusCode).toBe(200);
  });

  it("searches case- and accent-insensitively on name and numbers, and pages", async () => {
    const res = await as("rol_admin", "GET", "/api/trainings?search=MACON");
    expect((res.json().data as Training[]).map((x) => x.id)).toEqual([ids.t3]);
    const page = await as("rol_admin", "GET", "/api/trainings?limit=2&offset=1");
    expect(page.json().data).toHaveLength(2);
    expect(page.json().metadata.pagination).toMatchObject({ offset: 1, limit: 2 });
    expect((await as("rol_admin", "GET", "/api/trainings?limit=101")).statusCode).toBe(400);
  });

  it("answers the list's columns only: no funders nor catalogue fields, which the detail reads from GET /api/trainings/{id}", async () => {
    const [item] = (await as("rol_admin", "GET", `/api/trainings?search=${encodeURIComponent("Développeur web")}`)).json().data as TrainingListItem[];
    const shown = (await as("rol_admin", "GET", `/api/trainings/${ids.t1}`)).json().data as Training;
    expect(Object.keys(item!).sort()).toEqual(["id", "information", "sessionsCount"]);
    expect(Object.keys(item!.information).sort()).toEqual(Object.keys(trainingListItemAnswer.shape.information.shape).sort());
    const { name, number, actionNumber, marketNumber, educationalOrganization, forecastedCenterHourDuration } = shown.information;
    expect(item).toMatchObject({ id: ids.t1, sessionsCount: 0, information: { name, number, actionNumber, marketNumber, educationalOrganization, forecastedCenterHourDuration } });
    expect(shown.funders).toHaveLength(1);
  });
});

describe("PATCH /api/trainings/{id}", () => {
  it("lets every role edit a training in scope, replacing the funders and keeping the forced values", async () => {
    const created = await create(body());
    const fundersBefore = created.funders;
    const res = await as(
      "rol_gest-of",
      "PATCH",
      `/api/trainings/${created.id}`,
      body({ name: "Nouveau nom", number: created.information.number, cpfCode: "42" }, [
        { ...fundersBefore[0]!, estimatedAmountCoveredTaxFree: 2000 },
        { siret: "", vat: false, fundingType: "STATE", fundingSource: "PIC", estimatedAmountCoveredTaxFree: 10.5 },
      ] as TrainingBodyInput["funders"]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json().data as Training;
    expect(updated.information).toMatchObject({ name: "Nouveau nom", cpfCode: "999999999999" });
    expect(updated.fundersCount).toBe(2);
    expect(updated.funders[0]).toMatchObject({ id: fundersBefore[0]!.id, estimatedAmountCoveredTaxFree: 2000 });
    expect(updated.funders[1]).toMatchObject({ siret: null, fundingType: "STATE", estimatedAmountCoveredTaxFree: 10.5 });
    expect(new Date(updated.updatedDate).getTime()).toBeGreaterThanOrEqual(new Date(created.updatedDate).getTime());
  });

  it.each(["rol_sup-admin", "rol_admin", "rol_resp-of", "rol_gest-of", "rol_resp-cdc", "rol_gest-cdc", "rol_gest-cdcss"] as const)(
    "lets %s edit a training in its scope",
    async (role) => {
      // Educational ofA, contracting cdcA, healthcare-social: within the scope of all seven test employees.
      const created = await create(body({ device: "HEALTHCARE_SOCIAL_TRAINING_SUBSIDY" }));
      const res = await as(
        role,
        "PATCH",
        `/api/trainings/${created.id}`,
        body({ name: `Modifiée par ${role}`, number: created.information.number, device: "HEALTHCARE_SOCIAL_TRAINING_SUBSIDY" }),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json().data as Training).information.name).toBe(`Modifiée par ${role}`);
    },
  );

  it("refuses invalid values with 400 and changes neither the training nor its funders", async () => {
    const created = await create(body({ name: "Intacte" }));
    const res = await as(
      "rol_admin",
      "PATCH",
      `/api/trainings/${created.id}`,
      body({ name: "Changée", number: created.information.number }, [
        { vat: false, fundingType: "STATE", fundingSource: "PIC", estimatedAmountCoveredTaxFree: "1e3" },
      ] as TrainingBodyInput["funders"]),
    );
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res)).toEqual(["body.funders.0.estimatedAmountCoveredTaxFree: Le montant estimé HT doit être un nombre"]);
    const after = (await as("rol_admin", "GET", `/api/trainings/${created.id}`)).json().data as Training;
    expect(after.information.name).toBe("Intacte");
    expect(after.funders).toEqual(created.funders);
  });

  it("answers 404 outside the caller's scope and changes nothing", async () => {
    const res = await as("rol_gest-of", "PATCH", `/api/trainings/${ids.t3}`, body({ name: "Piraté", educationalOrganizationId: org.ofB }));
    expect(res.statusCode).toBe(404);
    const [row] = await t.query<{ name: string }>("select name from trainings where id = $1", [ids.t3]);
    expect(row?.name).toBe("Maçon");
  });

  it("refuses to move a training out of the caller's scope (403) and changes nothing", async () => {
    const mine = await create(body({ name: "À garder" }));
    const moved = await as("rol_gest-of", "PATCH", `/api/trainings/${mine.id}`, body({ name: "Déplacée", educationalOrganizationId: org.ofB }));
    expect(moved.statusCode).toBe(403);
    expect(moved.json().message).toBe(TRAINING_MSG.outOfScope);
    const ss = await create(body({ name: "Sanitaire", device: "HEALTHCARE_SOCIAL_TRAINING_SUBSIDY" }));
    const cleared = await as("rol_gest-cdcss", "PATCH", `/api/trainings/${ss.id}`, body({ name: "Plus sanitaire", device: "CPF" }));
    expect(cleared.statusCode).toBe(403);
    const rows = await t.query<{ name: string }>("select name from trainings where id = any($1)", [[mine.id, ss.id]]);
    expect(rows.map((r) => r.name).sort()).toEqual(["Sanitaire", "À garder"]);
  });

  it("answers 409 when the new number and action number belong to another training", async () => {
    const a = await create(body());
    const b = await create(body());
    const res = await as("rol_admin", "PATCH", `/api/trainings/${b.id}`, body({ number: a.information.number, actionNumber: "A01" }));
    expect(res.statusCode).toBe(409);
  });

  it("refuses invalid values with 400", async () => {
    const res = await as("rol_admin", "PATCH", `/api/trainings/${ids.t1}`, body({ forecastedCompanyHourDuration: -3 }));
    expect(res.statusCode).toBe(400);
    expect(fieldMessages(res)).toContain("body.information.forecastedCompanyHourDuration: La durée ne doit pas être inférieure à 0");
  });
});

describe("DELETE /api/trainings/{id}", () => {
  it.each(["rol_resp-of", "rol_gest-of", "rol_gest-cdc", "rol_gest-cdcss"] as const)("refuses deletion to %s with 403", async (role) => {
    const res = await as(role, "DELETE", `/api/trainings/${ids.t1}`);
    expect(res.statusCode).toBe(403);
    expect(await t.query("select 1 from trainings where id = $1", [ids.t1])).toHaveLength(1);
  });

  it("answers 404 to resp-cdc for a training of another contracting organisation", async () => {
    const res = await as("rol_resp-cdc", "DELETE", `/api/trainings/${ids.t3}`);
    expect(res.statusCode).toBe(404);
    expect(await t.query("select 1 from trainings where id = $1", [ids.t3])).toHaveLength(1);
  });

  it("deletes a training and its funders", async () => {
    const created = await create(body());
    const res = await as("rol_resp-cdc", "DELETE", `/api/trainings/${created.id}`);
    expect(res.statusCode).toBe(204);
    expect(await t.query("select 1 from trainings where id = $1", [created.id])).toHaveLength(0);
    expect(await t.query("select 1 from training_funders where training_id = $1", [created.id])).toHaveLength(0);
    expect((await as("rol_admin", "GET", `/api/trainings/${created.id}`)).statusCode).toBe(404);
  });
});
