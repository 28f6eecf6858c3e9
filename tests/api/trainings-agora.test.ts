import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RoleId } from "../../resources/permissions";
import { TRAINING_MSG, type Training, type TrainingImportResult } from "../../resources/trainings/schema";
import type { TrainingListItem } from "../../resources/trainings/api-answers";
import { NEW_AGORA_TRAININGS, SIMULATED_TRAININGS, UNKNOWN_CONTRACTING_ORGANIZATION } from "../../server/agora/simulator/trainings";
import { loadDemoData } from "../../server/db/demo/index";
import { DEMO_ORGANIZATIONS } from "../../server/db/demo/organizations";
import { DEMO_TRAININGS } from "../../server/db/demo/trainings";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";

const siretOf = (key: string) => DEMO_ORGANIZATIONS.find((o) => o.key === key)!.siret;

describe("the simulator's training fixtures", () => {
  it("knows every demo training and the new ones, each once", () => {
    const keys = SIMULATED_TRAININGS.map((x) => `${x.number}-${x.actionNumber}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const d of DEMO_TRAININGS) expect(keys).toContain(`${d.number}-${d.actionNumber}`);
    expect(keys).toContain("F2026001-A01");
  });

  it("gives F2026001/A01 a demo educational organisation and a contracting organisation outside the demo data", () => {
    const f = NEW_AGORA_TRAININGS.find((x) => x.number === "F2026001")!;
    const demoSirets = DEMO_ORGANIZATIONS.map((o) => o.siret as string);
    expect(demoSirets).toContain(f.educationalOrganization.siret);
    expect(demoSirets).not.toContain(f.contractingOrganization.siret);
  });

  it("are all listed in the README", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    for (const f of NEW_AGORA_TRAININGS) expect(readme).toContain(`| \`${f.number}\` | \`${f.actionNumber}\` |`);
  });
});

describe("GET /api/trainings/agora/{number}-{actionNumber}", () => {
  let t: TestApp;
  const staff = {} as Record<RoleId, TestEmployee>;
  let ofMain = "";
  let cdcMain = "";

  const lookup = async (role: RoleId, reference: string) =>
    t.app.inject({ method: "GET", url: `/api/trainings/agora/${reference}`, headers: await t.auth(staff[role]) });

  beforeAll(async () => {
    t = await createTestApp();
    ofMain = await t.organization({ name: "AFPA ÎLE-DE-FRANCE", siret: siretOf("of-main") });
    cdcMain = await t.organization({ name: "RÉGION ÎLE-DE-FRANCE", siret: siretOf("cdc-main") });
    for (const role of ["rol_sup-admin", "rol_admin", "rol_resp-of", "rol_gest-of", "rol_gest-cdc", "rol_gest-cdcss"] as const) {
      staff[role] = await t.employee(role, []);
    }
    staff["rol_resp-cdc"] = await t.employee("rol_resp-cdc", [cdcMain]);
  });
  afterAll(() => t.close());

  it("answers a new training with the product's id of the organisations it holds, and none for the others", async () => {
    const res = await lookup("rol_sup-admin", "F2026001-A01");
    expect(res.statusCode).toBe(200);
    const data = res.json().data as TrainingImportResult;
    expect(data.id).toBeUndefined();
    expect(data.information).toMatchObject({
      number: "F2026001",
      actionNumber: "A01",
      name: expect.any(String),
      address: expect.objectContaining({ city: "Paris" }),
      educationalOrganization: { id: ofMain, siret: siretOf("of-main"), name: "AFPA ÎLE-DE-FRANCE" },
      contractingOrganization: { siret: UNKNOWN_CONTRACTING_ORGANIZATION.siret, name: UNKNOWN_CONTRACTING_ORGANIZATION.name },
    });
    expect(data.information.contractingOrganization.id).toBeUndefined();
  });

  it("ignores case, like the external system", async () => {
    const res = await lookup("rol_admin", "f2026001-a01");
    expect(res.statusCode).toBe(200);
    expect(res.json().data.information.number).toBe("F2026001");
  });

  it("gives the id once the organisation has been created, then the training's id once it exists in the product", async () => {
    const contracting = await t.organization({ siret: UNKNOWN_CONTRACTING_ORGANIZATION.siret, name: UNKNOWN_CONTRACTING_ORGANIZATION.name });
    const found = (await lookup("rol_resp-cdc", "F2026001-A01")).json().data as TrainingImportResult;
    expect(found.information.contractingOrganization.id).toBe(contracting);

    const created = await t.app.inject({
      method: "POST",
      url: "/api/trainings",
      headers: await t.auth(staff["rol_sup-admin"]),
      payload: {
        information: {
          name: found.information.name,
          number: found.information.number,
          actionNumber: found.information.actionNumber,
          address: found.information.address,
          objective: "CertifiedTraining",
          device: "REGIONAL_TRAINING_PROGRAM",
          type: "CERTIFYING",
          forecastedCenterHourDuration: 300,
          forecastedCompanyHourDuration: 0,
          educationalOrganizationId: found.information.educationalOrganization.id,
          contractingOrganizationId: found.information.contractingOrganization.id,
        },
        funders: [],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const again = await lookup("rol_admin", "F2026001-A01");
    expect(again.json().data.id).toBe((created.json().data as Training).id);
  });

  it("answers 404 with the spec's message for a training the external system does not know", async () => {
    for (const reference of ["F2026001-A99", "INCONNU-A01", "F2026001-"]) {
      const res = await lookup("rol_admin", reference);
      expect(res.statusCode, reference).toBe(reference.endsWith("-") ? 400 : 404);
      if (res.statusCode === 404) expect(res.json().message).toBe(TRAINING_MSG.importNotFound);
    }
  });

  it("reads a number holding hyphens up to the last hyphen", async () => {
    const res = await lookup("rol_admin", "F-2026-004-A01");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.information).toMatchObject({ number: "F-2026-004", actionNumber: "A01" });
    const encoded = await lookup("rol_admin", `${encodeURIComponent("F-2026-004")}-${encodeURIComponent("A01")}`);
    expect(encoded.json().data.information.number).toBe("F-2026-004");
  });

  it("never answers 500 to a malformed reference", async () => {
    const cases: [string, number][] = [
      ["F-2026-004", 404],
      ["F2026001--A01", 404],
      ["-A01", 400],
      ["F2026001-A01-", 400],
      [encodeURIComponent(" - "), 400],
      ["%", 400],
      ["%E0%A4%A", 400],
      // A number over 50 characters: refused by the reference's schema.
      [`${"F".repeat(130)}-A01`, 400],
      // Longer than the route parameter limit (256 characters): refused by the router.
      [`${"F".repeat(300)}-A01`, 414],
    ];
    for (const [reference, status] of cases) {
      const res = await lookup("rol_admin", reference);
      expect(res.statusCode, reference).toBe(status);
    }
  });

  it("answers 400 when the reference lacks the action number", async () => {
    const res = await lookup("rol_admin", "F2026001");
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields[0].message).toBe("Le numéro de formation et le numéro d'action sont obligatoires");
  });

  it.each(["rol_resp-of", "rol_gest-of", "rol_gest-cdc", "rol_gest-cdcss"] as const)("is refused to %s (cannot create trainings)", async (role) => {
    expect((await lookup(role, "F2026001-A01")).statusCode).toBe(403);
  });

  it("answers 502 with a French message when the external system fails", async () => {
    const down = await createTestApp({ agoraUrl: "http://127.0.0.1:9/" });
    try {
      const admin = await down.employee("rol_admin", []);
      const res = await down.app.inject({ method: "GET", url: "/api/trainings/agora/F2026001-A01", headers: await down.auth(admin) });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(TRAINING_MSG.agoraUnavailable);
    } finally {
      await down.close();
    }
  });
});

describe("demo data", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await loadDemoData(t.app.db);
  });
  afterAll(() => t.close());

  /** The seeded demo employee of a role, as a caller. */
  const demoAuth = async (email: string) => {
    const [row] = await t.query<{ id: string; role_id: RoleId }>("select id, role_id from employees where email = $1", [email]);
    return t.auth({ id: row!.id, roleId: row!.role_id });
  };
  const listAs = async (email: string) => {
    const res = await t.app.inject({ method: "GET", url: "/api/trainings?limit=100", headers: await demoAuth(email) });
    expect(res.statusCode).toBe(200);
    return res.json().data as TrainingListItem[];
  };

  it("holds about 25 trainings with one to three funders, some healthcare-social", async () => {
    const listed = await listAs("superadmin@demo.test");
    expect(listed.length).toBe(DEMO_TRAININGS.length);
    expect(listed.length).toBeGreaterThanOrEqual(20);
    // The list answers its columns only (funders and device are on the training's own page).
    const headers = await demoAuth("superadmin@demo.test");
    const all = await Promise.all(
      listed.map(async ({ id }) => (await t.app.inject({ method: "GET", url: `/api/trainings/${id}`, headers })).json().data as Training),
    );
    expect(all.every((x) => x.fundersCount >= 1 && x.fundersCount <= 3)).toBe(true);
    expect(all.filter((x) => x.information.healthcareSocial).length).toBeGreaterThanOrEqual(5);
    expect(new Set(all.map((x) => x.information.device)).size).toBeGreaterThanOrEqual(8);
  });

  it("lets the OF and CDC demo users see several trainings, gest-cdcss only healthcare-social ones", async () => {
    for (const email of ["resp-of@demo.test", "gest-of@demo.test"]) {
      const list = await listAs(email);
      expect(list.length).toBeGreaterThanOrEqual(5);
      expect(list.every((x) => x.information.educationalOrganization.siret === siretOf("of-main"))).toBe(true);
    }
    for (const email of ["resp-cdc@demo.test", "gest-cdc@demo.test"]) {
      const list = await listAs(email);
      expect(list.length).toBeGreaterThanOrEqual(5);
      expect(list.every((x) => x.information.contractingOrganization.siret === siretOf("cdc-main"))).toBe(true);
    }
    const social = await listAs("gest-cdcss@demo.test");
    expect(social.length).toBeGreaterThanOrEqual(3);
    expect(social.every((x) => x.information.healthcareSocial)).toBe(true);
  });

  it("answers every demo training's lookup with its product id and its organisations' ids", async () => {
    const headers = await demoAuth("admin@demo.test");
    const all = await listAs("admin@demo.test");
    for (const d of DEMO_TRAININGS) {
      const res = await t.app.inject({ method: "GET", url: `/api/trainings/agora/${d.number}-${d.actionNumber}`, headers });
      expect(res.statusCode).toBe(200);
      const data = res.json().data as TrainingImportResult;
      const product = all.find((x) => x.information.number === d.number && x.information.actionNumber === d.actionNumber)!;
      expect(data.id).toBe(product.id);
      expect(data.information.educationalOrganization.id).toBe(product.information.educationalOrganization.id);
      expect(data.information.contractingOrganization.id).toBe(product.information.contractingOrganization.id);
    }
  });
});
