import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMPLOYEE_MSG } from "../../resources/employees/schema";
import type { RoleId } from "../../resources/permissions";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";

let t: TestApp;
let ofA: string;
let ofB: string;
let cdc: string;
let superAdmin: TestEmployee;
let admin: TestEmployee;
let respOf: TestEmployee;
let gestOf: TestEmployee;
let respCdc: TestEmployee;
let gestCdc: TestEmployee;
let outsider: TestEmployee;

beforeAll(async () => {
  t = await createTestApp();
  ofA = await t.organization({ name: "OF ALPHA" });
  ofB = await t.organization({ name: "OF BÊTA" });
  cdc = await t.organization({ name: "RÉGION GAMMA" });
  superAdmin = await t.employee("rol_sup-admin", [cdc]);
  admin = await t.employee("rol_admin", [cdc]);
  respOf = await t.employee("rol_resp-of", [ofA]);
  gestOf = await t.employee("rol_gest-of", [ofA], { firstName: "Hélène", lastName: "LEFÈVRE" });
  respCdc = await t.employee("rol_resp-cdc", [cdc]);
  gestCdc = await t.employee("rol_gest-cdc", [cdc]);
  outsider = await t.employee("rol_gest-of", [ofB]);
});
afterAll(() => t.close());

const call = async (who: TestEmployee, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: await t.auth(who), ...(payload === undefined ? {} : { payload: payload as object }) });

let n = 0;
const body = (fields: Record<string, unknown> = {}) => ({
  firstName: "jean-marc",
  lastName: "de la tour",
  email: `Nouvel.Employe${n++}@Test.fr`,
  phoneNumber: "",
  gender: "MALE",
  roleId: "rol_gest-of",
  organizationIds: [ofA],
  ...fields,
});

const snapshot = () =>
  t.query("select e.*, array(select organization_id from employee_organizations eo where eo.employee_id = e.id order by 1) as orgs from employees e order by id");
const ids = (res: { json: () => { data: { id: string }[] } }) => res.json().data.map((e) => e.id);

describe("GET /api/employees", () => {
  it("lists everyone for admins, with role and organisations, newest first", async () => {
    const res = await call(admin, "GET", "/api/employees?limit=100");
    expect(res.statusCode).toBe(200);
    expect(res.json().metadata.pagination).toEqual({ offset: 0, limit: 100, totalCount: 7 });
    expect(ids(res)[0]).toBe(outsider.id);
    expect(res.json().data.find((e: { id: string }) => e.id === gestOf.id)).toMatchObject({
      firstName: "Hélène",
      lastName: "LEFÈVRE",
      role: { id: "rol_gest-of", name: "Gestionnaire OF" },
      organizations: [{ id: ofA, name: "OF ALPHA" }],
      createdDate: expect.any(String),
      updatedDate: expect.any(String),
    });
  });

  it("shows a resp-of only the employees sharing one of their organisations", async () => {
    const res = await call(respOf, "GET", "/api/employees");
    expect(ids(res).sort()).toEqual([respOf.id, gestOf.id].sort());
  });

  it("searches trimmed, case- and accent-insensitively ('lefevre' finds 'LEFÈVRE')", async () => {
    const res = await call(admin, "GET", `/api/employees?search=${encodeURIComponent(" lefevre ")}`);
    expect(ids(res)).toEqual([gestOf.id]);
    expect(ids(await call(admin, "GET", "/api/employees?search=HELENE"))).toEqual([gestOf.id]);
  });

  it("answers 400 on limit=101 and 403 to roles without the employee screens", async () => {
    expect((await call(admin, "GET", "/api/employees?limit=101")).statusCode).toBe(400);
    expect((await call(gestOf, "GET", "/api/employees")).statusCode).toBe(403);
    expect((await call(gestCdc, "GET", "/api/employees")).statusCode).toBe(403);
  });
});

describe("GET /api/employees/{id}", () => {
  it("answers 404 with the spec's message for someone outside the caller's scope (no disclosure)", async () => {
    const res = await call(respOf, "GET", `/api/employees/${outsider.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("L'employé n'existe pas");
    expect((await call(respOf, "GET", `/api/employees/${gestOf.id}`)).statusCode).toBe(200);
  });
});

describe("POST /api/employees", () => {
  it("creates with names normalised and the e-mail lower-cased", async () => {
    const res = await call(respOf, "POST", "/api/employees", body({ email: "Marie.Curie@Test.fr", organizationIds: [ofA, ofA] }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      firstName: "Jean-Marc",
      lastName: "DE LA TOUR",
      email: "marie.curie@test.fr",
      phoneNumber: null,
      role: { id: "rol_gest-of" },
      organizations: [{ id: ofA, name: "OF ALPHA" }],
    });
  });

  it("answers 409 'Ce mail est déjà utilisé pour un autre employé.' whatever the case, and creates nothing", async () => {
    const before = await snapshot();
    const res = await call(admin, "POST", "/api/employees", body({ email: gestOf.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Ce mail est déjà utilisé pour un autre employé.");
    expect(await snapshot()).toEqual(before);
  });

  it("answers 400 with the spec's messages and creates nothing", async () => {
    const before = await snapshot();
    const res = await call(admin, "POST", "/api/employees", {
      firstName: "J",
      lastName: "x".repeat(51),
      email: "pas-un-mail",
      phoneNumber: "0102",
      gender: "OTHER",
      roleId: "",
      organizationIds: [],
    });
    expect(res.statusCode).toBe(400);
    const fields = Object.fromEntries(res.json().details.fields.map((f: { path: string; message: string }) => [f.path, f.message]));
    expect(fields).toEqual({
      "body.firstName": "Le nombre de caractères minimum est 2",
      "body.lastName": "Le nombre de caractères est limité à 50",
      "body.email": "Cette adresse email n'est pas valide",
      "body.phoneNumber": "Le nombre de caractères doit être 10",
      "body.gender": "Ce champ est obligatoire",
      "body.roleId": "Ce champ est obligatoire",
      "body.organizationIds": "Au moins un organisme doit être associé",
    });
    expect(await snapshot()).toEqual(before);
  });

  it("answers 400 on an unknown organisation", async () => {
    const res = await call(admin, "POST", "/api/employees", body({ organizationIds: ["0123456789abcdef0123456789abcdef"] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields).toEqual([{ path: "body.organizationIds.0", message: EMPLOYEE_MSG.unknownOrganization }]);
  });

  // Functions: the organisations exist only once beforeAll has run.
  it.each<[string, () => TestEmployee, () => Record<string, unknown>]>([
    ["resp-of giving a role above their own", () => respOf, () => ({ roleId: "rol_admin" })],
    ["resp-of giving a CDC role", () => respOf, () => ({ roleId: "rol_gest-cdc" })],
    ["resp-of giving an organisation they do not belong to", () => respOf, () => ({ organizationIds: [ofB] })],
    ["resp-cdc giving an OF role", () => respCdc, () => ({ roleId: "rol_resp-of", organizationIds: [cdc] })],
    ["admin giving sup-admin", () => admin, () => ({ roleId: "rol_sup-admin" })],
    ["gest-of (no employee rights)", () => gestOf, () => ({})],
  ])("answers 403 to %s and creates nothing", async (_case, who, fields) => {
    const before = await snapshot();
    expect((await call(who(), "POST", "/api/employees", body(fields()))).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it("lets sup-admin create a sup-admin in any organisation", async () => {
    expect((await call(superAdmin, "POST", "/api/employees", body({ roleId: "rol_sup-admin", organizationIds: [ofB, cdc] }))).statusCode).toBe(201);
  });
});

describe("PATCH /api/employees/{id}", () => {
  const update = (e: TestEmployee, fields: Record<string, unknown> = {}) =>
    body({ email: e.email, roleId: e.roleId, organizationIds: e.organizationIds, ...fields });

  it("updates and, on a role change, ends the employee's sessions", async () => {
    const target = await t.employee("rol_gest-of", [ofA]);
    const headers = await t.auth(target);
    expect((await t.app.inject({ method: "GET", url: "/api/organizations", headers })).statusCode).toBe(200);
    const res = await call(respOf, "PATCH", `/api/employees/${target.id}`, update(target, { roleId: "rol_resp-of", phoneNumber: "0601020304" }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ role: { id: "rol_resp-of", name: "Responsable OF" }, phoneNumber: "0601020304" });
    expect((await t.app.inject({ method: "GET", url: "/api/organizations", headers })).statusCode).toBe(401);
  });

  it("keeps the sessions when the role is unchanged", async () => {
    const target = await t.employee("rol_gest-of", [ofA]);
    const headers = await t.auth(target);
    expect((await call(respOf, "PATCH", `/api/employees/${target.id}`, update(target, { firstName: "paul" }))).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/organizations", headers })).statusCode).toBe(200);
  });

  it("answers 409 when the e-mail belongs to another employee, and changes nothing", async () => {
    const target = await t.employee("rol_gest-of", [ofA]);
    const before = await snapshot();
    const res = await call(respOf, "PATCH", `/api/employees/${target.id}`, update(target, { email: gestOf.email }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(EMPLOYEE_MSG.emailTaken);
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 for an employee outside the caller's scope, and changes nothing", async () => {
    const before = await snapshot();
    expect((await call(respOf, "PATCH", `/api/employees/${outsider.id}`, update(outsider))).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses an employee shared with a foreign organisation (403, see employee-takeover.test.ts), and adding foreign organisations", async () => {
    const shared = await t.employee("rol_gest-of", [ofA, ofB]);
    expect((await call(respOf, "PATCH", `/api/employees/${shared.id}`, update(shared))).statusCode).toBe(403);
    const only = await t.employee("rol_gest-of", [ofA]);
    const before = await snapshot();
    expect((await call(respOf, "PATCH", `/api/employees/${only.id}`, update(only, { organizationIds: [ofA, ofB] }))).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses an admin editing a super administrator (403)", async () => {
    expect((await call(admin, "PATCH", `/api/employees/${superAdmin.id}`, update(superAdmin, { roleId: "rol_admin" }))).statusCode).toBe(403);
  });

  it("answers 400 on an invalid body and changes nothing", async () => {
    const before = await snapshot();
    const res = await call(admin, "PATCH", `/api/employees/${gestOf.id}`, update(gestOf, { lastName: "", organizationIds: [] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields).toEqual(
      expect.arrayContaining([
        { path: "body.lastName", message: "Ce champ est obligatoire" },
        { path: "body.organizationIds", message: "Au moins un organisme doit être associé" },
      ]),
    );
    expect(await snapshot()).toEqual(before);
  });
});

describe("DELETE /api/employees/{id}", () => {
  it("deletes an employee in scope; their token stops working", async () => {
    const target = await t.employee("rol_gest-of", [ofA]);
    const headers = await t.auth(target);
    expect((await call(respOf, "DELETE", `/api/employees/${target.id}`)).statusCode).toBe(204);
    expect((await call(admin, "GET", `/api/employees/${target.id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/organizations", headers })).statusCode).toBe(401);
  });

  it("answers 409 when deleting oneself, 404 outside scope, 403 without the right; nothing changes", async () => {
    const before = await snapshot();
    const self = await call(respOf, "DELETE", `/api/employees/${respOf.id}`);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(EMPLOYEE_MSG.selfDelete);
    expect((await call(respOf, "DELETE", `/api/employees/${outsider.id}`)).statusCode).toBe(404);
    expect((await call(gestCdc, "DELETE", `/api/employees/${respCdc.id}`)).statusCode).toBe(403);
    expect((await call(admin, "DELETE", `/api/employees/${superAdmin.id}`)).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});

describe("odd input answers 400 or 404 in French, never 500, and changes nothing", () => {
  const english = /\b(invalid|expected|received|too (big|small)|required)\b/i;

  it.each<[string, () => Record<string, unknown>]>([
    ["wrong types", () => body({ firstName: 12, phoneNumber: 1234567890, organizationIds: "abc" })],
    ["ids that are not strings", () => body({ organizationIds: [1, 2] })],
    ["an e-mail over 254 characters", () => body({ email: `${"a".repeat(250)}@test.fr` })],
    ["a NUL character in a name", () => body({ firstName: "Jo\u0000hn" })],
    ["a NUL character in an organisation id", () => body({ organizationIds: ["\u0000"] })],
    ["a huge name", () => body({ lastName: "x".repeat(100_000) })],
  ])("POST with %s → 400", async (_case, payload) => {
    const before = await snapshot();
    const res = await call(admin, "POST", "/api/employees", payload());
    expect(res.statusCode).toBe(400);
    const messages: string[] = res.json().details.fields.map((f: { message: string }) => f.message);
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(message).not.toMatch(english);
    expect(await snapshot()).toEqual(before);
  });

  it("says which limit an over-long e-mail breaks", async () => {
    const res = await call(admin, "POST", "/api/employees", body({ email: `${"a".repeat(250)}@test.fr` }));
    expect(res.json().details.fields).toEqual([{ path: "body.email", message: "Le nombre de caractères est limité à 254" }]);
  });

  it.each([
    ["GET", `/api/employees?search=${encodeURIComponent("a\u0000")}`, 400],
    ["GET", `/api/employees?search=${encodeURIComponent("'; drop table employees; --")}`, 200],
    ["GET", `/api/employees?search=${encodeURIComponent("%_\\")}`, 200],
    ["GET", "/api/employees?search=a&search=b", 400],
    ["GET", "/api/employees?offset=1.5", 400],
    ["GET", "/api/employees?limit=abc", 400],
    ["GET", "/api/employees/%00", 400],
    ["GET", `/api/employees/${"x".repeat(65)}`, 400],
    ["GET", `/api/employees/${encodeURIComponent("' or 1=1 --")}`, 404],
    ["DELETE", "/api/employees/%00", 400],
  ] as const)("%s %s → %i", async (method, url, status) => {
    const before = await snapshot();
    const res = await call(admin, method, url);
    expect(res.statusCode).toBe(status);
    if (status !== 200) expect(res.json().message).not.toMatch(english);
    for (const field of res.json().details?.fields ?? []) expect(field.message).not.toMatch(english);
    expect(await snapshot()).toEqual(before);
  });

  it("PATCH on a malformed id → 400, nothing changes", async () => {
    const before = await snapshot();
    expect((await call(admin, "PATCH", "/api/employees/%00", body())).statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });
});

describe("role matrix on the employee routes", () => {
  it.each<[RoleId, number]>([
    ["rol_sup-admin", 200],
    ["rol_admin", 200],
    ["rol_resp-of", 200],
    ["rol_resp-cdc", 200],
    ["rol_gest-of", 403],
    ["rol_gest-cdc", 403],
    ["rol_gest-cdcss", 403],
  ])("%s lists employees → %i", async (role, status) => {
    const who = await t.employee(role, [cdc]);
    expect((await call(who, "GET", "/api/employees")).statusCode).toBe(status);
  });
});
