import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORGANIZATION_MSG } from "../../resources/organizations/schema";
import type { RoleId } from "../../resources/permissions";
import { createTestApp, uniqueSiret, type TestApp, type TestEmployee } from "./support/test-app";

let t: TestApp;
let ofOrg: string;
let cdcOrg: string;
const staff = {} as Record<RoleId, TestEmployee>;

beforeAll(async () => {
  t = await createTestApp();
  ofOrg = await t.organization({ name: "CENTRE LEFÈVRE FORMATION", address: { address1: null, address2: null, address3: null, streetNumber: "3", streetNumberExtension: null, streetType: "RUE", streetName: "Haute", zipCode: "75001", city: "Paris" } });
  cdcOrg = await t.organization({ name: "RÉGION TEST" });
  for (const role of ["rol_sup-admin", "rol_admin", "rol_resp-cdc", "rol_gest-cdc", "rol_gest-cdcss"] as RoleId[]) staff[role] = await t.employee(role, [cdcOrg]);
  for (const role of ["rol_resp-of", "rol_gest-of"] as RoleId[]) staff[role] = await t.employee(role, [ofOrg]);
});
afterAll(() => t.close());

const call = async (role: RoleId, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: await t.auth(staff[role]), ...(payload === undefined ? {} : { payload: payload as object }) });

const body = (fields: Record<string, unknown> = {}) => ({
  name: "nouvel organisme",
  siret: uniqueSiret(),
  email: "",
  phoneNumber: "",
  address: { address1: "", address2: "", address3: "", streetNumber: "4", streetNumberExtension: "BIS", streetType: "AV", streetName: "des Lilas", zipCode: "69003", city: "saint-genis-laval" },
  ...fields,
});

const rowCount = async () => (await t.query<{ n: number }>("select count(*)::int as n from organizations"))[0]!.n;

describe("GET /api/organizations", () => {
  it("lists with the spec's envelope, counts employees, newest first", async () => {
    const res = await call("rol_admin", "GET", "/api/organizations?limit=10");
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json.metadata).toMatchObject({ pagination: { offset: 0, limit: 10, totalCount: 2 }, requestId: expect.any(String), executionTime: expect.any(Number), timestamp: expect.any(String) });
    expect(json.data.map((o: { id: string }) => o.id)).toEqual([cdcOrg, ofOrg]);
    expect(json.data[0]).toMatchObject({ name: "RÉGION TEST", employeesCount: 5, createdDate: expect.any(String), updatedDate: expect.any(String) });
  });

  it("searches trimmed, case- and accent-insensitively", async () => {
    const res = await call("rol_admin", "GET", `/api/organizations?search=${encodeURIComponent("  lefevre ")}`);
    expect(res.json().data.map((o: { id: string }) => o.id)).toEqual([ofOrg]);
    const byCity = await call("rol_admin", "GET", "/api/organizations?search=PARIS");
    expect(byCity.json().metadata.pagination.totalCount).toBe(1);
  });

  it("pages with offset and limit", async () => {
    const res = await call("rol_admin", "GET", "/api/organizations?offset=1&limit=1");
    expect(res.json().data.map((o: { id: string }) => o.id)).toEqual([ofOrg]);
    expect(res.json().metadata.pagination).toEqual({ offset: 1, limit: 1, totalCount: 2, nextCursor: expect.any(String) });
  });

  it("answers 400 on a limit above 100 or a negative offset", async () => {
    const res = await call("rol_admin", "GET", "/api/organizations?limit=101");
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields[0]).toEqual({ path: "querystring.limit", message: "La limite doit être comprise entre 1 et 100" });
    expect((await call("rol_admin", "GET", "/api/organizations?offset=-1")).statusCode).toBe(400);
  });

  it("gives roles without the list permission only id, name and SIRET (pickers)", async () => {
    const res = await call("rol_gest-of", "GET", "/api/organizations");
    expect(res.statusCode).toBe(200);
    for (const item of res.json().data) expect(Object.keys(item).sort()).toEqual(["id", "name", "siret"]);
  });

  it("answers 401 without a token", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/organizations" })).statusCode).toBe(401);
  });
});

describe("GET /api/organizations/{id}", () => {
  it("returns the organisation with its employees", async () => {
    const res = await call("rol_resp-of", "GET", `/api/organizations/${ofOrg}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: ofOrg, employeesCount: 2 });
    expect(res.json().data.employees).toHaveLength(2);
    expect(res.json().data.employees[0]).toEqual({ id: expect.any(String), firstName: "Test", lastName: "EMPLOYÉ", roleId: expect.stringMatching(/^rol_/), roleName: expect.any(String) });
  });

  it("answers 404 with the spec's message on an unknown id", async () => {
    const res = await call("rol_admin", "GET", "/api/organizations/0123456789abcdef0123456789abcdef");
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(ORGANIZATION_MSG.notFound);
  });

  it("answers 403 to gest-of (no detail permission)", async () => {
    expect((await call("rol_gest-of", "GET", `/api/organizations/${ofOrg}`)).statusCode).toBe(403);
  });
});

describe("POST /api/organizations", () => {
  it("creates, upper-casing the name, capitalising the city, empty strings → null", async () => {
    const res = await call("rol_resp-cdc", "POST", "/api/organizations", body());
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      name: "NOUVEL ORGANISME",
      email: null,
      phoneNumber: null,
      employeesCount: 0,
      employees: [],
      address: { address1: null, streetNumberExtension: "BIS", streetType: "AV", city: "Saint-Genis-Laval", zipCode: "69003" },
    });
  });

  it("answers 400 with every field message and creates nothing", async () => {
    const before = await rowCount();
    const res = await call("rol_admin", "POST", "/api/organizations", {
      name: "A",
      siret: "123",
      email: "pas-un-mail",
      phoneNumber: "01234",
      address: { streetNumber: "12345", streetType: "XYZ", streetNumberExtension: "OCTIES", zipCode: "7500", city: "P", streetName: "x".repeat(33), address1: "x".repeat(71) },
    });
    expect(res.statusCode).toBe(400);
    const fields = Object.fromEntries(res.json().details.fields.map((f: { path: string; message: string }) => [f.path, f.message]));
    expect(fields).toMatchObject({
      "body.name": "Le nombre de caractères minimum est 2",
      "body.siret": "Le nombre de caractères doit être 14",
      "body.email": "Cette adresse email n'est pas valide",
      "body.phoneNumber": "Le nombre de caractères doit être 10",
      "body.address.streetNumber": "Le nombre de caractères est limité à 4",
      "body.address.streetName": "Le nombre de caractères est limité à 32",
      "body.address.address1": "Le nombre de caractères est limité à 70",
      "body.address.zipCode": "Le nombre de caractères doit être 5",
      "body.address.city": "Le nombre de caractères minimum est 2",
      "body.address.streetType": "Ce champ est obligatoire",
    });
    expect(fields["body.address.streetNumberExtension"]).toBeDefined();
    expect(await rowCount()).toBe(before);
  });

  it("answers 400 'Ce champ est obligatoire' on a missing name and SIRET", async () => {
    const res = await call("rol_admin", "POST", "/api/organizations", { name: "", siret: "" });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields).toEqual(
      expect.arrayContaining([{ path: "body.name", message: "Ce champ est obligatoire" }, { path: "body.siret", message: "Ce champ est obligatoire" }]),
    );
  });

  it("answers 409 on a SIRET already used, and creates nothing", async () => {
    const siret = uniqueSiret();
    expect((await call("rol_admin", "POST", "/api/organizations", body({ siret }))).statusCode).toBe(201);
    const before = await rowCount();
    const res = await call("rol_admin", "POST", "/api/organizations", body({ siret, name: "Autre nom" }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ORGANIZATION_MSG.siretTaken);
    expect(await rowCount()).toBe(before);
  });

  it.each(["rol_resp-of", "rol_gest-of", "rol_gest-cdc", "rol_gest-cdcss"] as RoleId[])("answers 403 to %s and creates nothing", async (role) => {
    const before = await rowCount();
    expect((await call(role, "POST", "/api/organizations", body())).statusCode).toBe(403);
    expect(await rowCount()).toBe(before);
  });
});

describe("PATCH /api/organizations/{id}", () => {
  const current = async (id: string) => (await call("rol_admin", "GET", `/api/organizations/${id}`)).json().data;

  it("lets resp-of edit their own organisation", async () => {
    const org = await current(ofOrg);
    const res = await call("rol_resp-of", "PATCH", `/api/organizations/${ofOrg}`, body({ name: "centre lefèvre formation", siret: org.siret, phoneNumber: "0102030405" }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: "CENTRE LEFÈVRE FORMATION", phoneNumber: "0102030405" });
    expect(new Date(res.json().data.updatedDate).getTime()).toBeGreaterThan(new Date(org.updatedDate).getTime());
  });

  it("refuses resp-of on an organisation that is not theirs (403) and changes nothing", async () => {
    const org = await current(cdcOrg);
    const res = await call("rol_resp-of", "PATCH", `/api/organizations/${cdcOrg}`, body({ siret: org.siret }));
    expect(res.statusCode).toBe(403);
    expect(await current(cdcOrg)).toEqual(org);
  });

  it("answers 409 'Ce SIRET ne peut pas être modifié.' and changes nothing", async () => {
    const org = await current(cdcOrg);
    const res = await call("rol_admin", "PATCH", `/api/organizations/${cdcOrg}`, body({ siret: uniqueSiret() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Ce SIRET ne peut pas être modifié.");
    expect(await current(cdcOrg)).toEqual(org);
  });

  it("answers 404 on an unknown id and 403 to gest-cdc", async () => {
    expect((await call("rol_admin", "PATCH", "/api/organizations/0123456789abcdef0123456789abcdef", body())).statusCode).toBe(404);
    expect((await call("rol_gest-cdc", "PATCH", `/api/organizations/${cdcOrg}`, body())).statusCode).toBe(403);
  });
});

describe("odd input answers 400 or 404 in French, never 500, and changes nothing", () => {
  const english = /\b(invalid|expected|received|too (big|small)|required)\b/i;
  const snapshot = () => t.query("select * from organizations order by id");

  it.each<[string, () => Record<string, unknown>]>([
    ["wrong types", () => body({ name: 12, phoneNumber: 1234567890, address: "x" })],
    ["an e-mail over 254 characters", () => body({ email: `${"a".repeat(250)}@test.fr` })],
    ["a NUL character in the name", () => body({ name: "A\u0000B" })],
    ["a NUL character in the SIRET", () => body({ siret: "1234567890123\u0000" })],
    ["a NUL character in the city", () => body({ address: { city: "Pa\u0000ris" } })],
    ["a huge name", () => body({ name: "x".repeat(100_000) })],
  ])("POST with %s → 400", async (_case, payload) => {
    const before = await snapshot();
    const res = await call("rol_admin", "POST", "/api/organizations", payload());
    expect(res.statusCode).toBe(400);
    const messages: string[] = res.json().details.fields.map((f: { message: string }) => f.message);
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(message).not.toMatch(english);
    expect(await snapshot()).toEqual(before);
  });

  it("says which limit an over-long e-mail breaks, and trims a valid one", async () => {
    const long = await call("rol_admin", "POST", "/api/organizations", body({ email: `${"a".repeat(250)}@test.fr` }));
    expect(long.json().details.fields).toEqual([{ path: "body.email", message: "Le nombre de caractères est limité à 254" }]);
    const spaced = await call("rol_admin", "POST", "/api/organizations", body({ email: "  contact@test.fr " }));
    expect(spaced.statusCode).toBe(201);
    expect(spaced.json().data.email).toBe("contact@test.fr");
  });

  it.each([
    ["GET", `/api/organizations?search=${encodeURIComponent("a\u0000")}`, 400],
    ["GET", `/api/organizations?search=${encodeURIComponent("'; drop table organizations; --")}`, 200],
    ["GET", "/api/organizations?limit=1e3", 400],
    ["GET", "/api/organizations/%00", 400],
    ["GET", `/api/organizations/${encodeURIComponent("' or 1=1 --")}`, 404],
    ["DELETE", "/api/organizations/%00", 400],
  ] as const)("%s %s → %i", async (method, url, status) => {
    const before = await snapshot();
    const res = await call("rol_sup-admin", method, url);
    expect(res.statusCode).toBe(status);
    if (status !== 200) expect(res.json().message).not.toMatch(english);
    expect(await snapshot()).toEqual(before);
  });

  it("PATCH on a malformed id → 400, nothing changes", async () => {
    const before = await snapshot();
    expect((await call("rol_admin", "PATCH", "/api/organizations/%00", body())).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

describe("DELETE /api/organizations/{id}", () => {
  it("answers 409 with a French message while employees are attached, and deletes nothing", async () => {
    const res = await call("rol_sup-admin", "DELETE", `/api/organizations/${ofOrg}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Cet organisme ne peut pas être supprimé : 2 employés y sont rattachés.");
    expect((await call("rol_admin", "GET", `/api/organizations/${ofOrg}`)).statusCode).toBe(200);
  });

  it("refuses resp-cdc (403) and deletes nothing", async () => {
    const id = await t.organization();
    expect((await call("rol_resp-cdc", "DELETE", `/api/organizations/${id}`)).statusCode).toBe(403);
    expect((await call("rol_admin", "GET", `/api/organizations/${id}`)).statusCode).toBe(200);
  });

  it("answers 409 with a French message while trainings refer to it, and deletes nothing", async () => {
    const educational = await t.organization();
    const contracting = await t.organization();
    await t.query(
      `insert into trainings (id, name, number, action_number, objective, device, type, forecasted_center_hour_duration,
         forecasted_company_hour_duration, educational_organization_id, contracting_organization_id)
       values ($1, 'Formation test', 'F-1', 'A-1', 'OTHER', 'OTHER', 'OTHER', 10, 0, $2, $3)`,
      ["0123456789abcdef0123456789abcde1", educational, contracting],
    );
    for (const id of [educational, contracting]) {
      const res = await call("rol_admin", "DELETE", `/api/organizations/${id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe("Cet organisme ne peut pas être supprimé : 1 formation y est rattachée.");
      expect((await call("rol_admin", "GET", `/api/organizations/${id}`)).statusCode).toBe(200);
    }
  });

  it("deletes an organisation without employees, then answers 404", async () => {
    const id = await t.organization();
    expect((await call("rol_admin", "DELETE", `/api/organizations/${id}`)).statusCode).toBe(204);
    expect((await call("rol_admin", "GET", `/api/organizations/${id}`)).statusCode).toBe(404);
    expect((await call("rol_admin", "DELETE", `/api/organizations/${id}`)).statusCode).toBe(404);
  });
});
