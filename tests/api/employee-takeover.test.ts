import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PASSWORD, type TestApp, type TestEmployee } from "./support/test-app";
import { mailsTo } from "./support/outbox";

const SHARED_REFUSED = "Cet employé est aussi rattaché à des organismes hors de votre périmètre : seul un administrateur peut le modifier.";

let t: TestApp;
let ofA: string;
let ofB: string;
let respOfA: TestEmployee;
let respOfAB: TestEmployee;
let admin: TestEmployee;
beforeAll(async () => {
  t = await createTestApp();
  ofA = await t.organization({ name: "OF ALPHA" });
  ofB = await t.organization({ name: "OF BÊTA" });
  respOfA = await t.employee("rol_resp-of", [ofA]);
  respOfAB = await t.employee("rol_resp-of", [ofA, ofB]);
  admin = await t.employee("rol_admin", [await t.organization()]);
});
afterAll(() => t.close());

const call = async (who: TestEmployee, method: "GET" | "PATCH" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: await t.auth(who), ...(payload ? { payload } : {}) });
const update = (e: TestEmployee, fields: Record<string, unknown> = {}) => ({
  firstName: "Partagée",
  lastName: "Entre Deux",
  email: e.email,
  phoneNumber: "",
  gender: "FEMALE",
  roleId: e.roleId,
  organizationIds: e.organizationIds,
  ...fields,
});
const row = async (id: string) =>
  (await t.query("select e.*, array(select organization_id from employee_organizations where employee_id = e.id order by 1) as orgs from employees e where id = $1", [id]))[0];
const stillSignedIn = async (headers: { authorization: string }) =>
  (await t.app.inject({ method: "GET", url: "/api/users/me", headers })).statusCode;

describe("an employee shared with an organisation outside the caller's scope", () => {
  it("cannot be taken over by a resp-of of one of its organisations: e-mail, role, organisations, deletion refused (403), nothing changes", async () => {
    const victim = await t.employee("rol_gest-of", [ofA, ofB]);
    const before = await row(victim.id);
    // Readable: it shares ofA with the caller.
    expect((await call(respOfA, "GET", `/api/employees/${victim.id}`)).statusCode).toBe(200);
    for (const fields of [{ email: "pirate@exemple.fr" }, { roleId: "rol_resp-of" }, { organizationIds: [ofA] }, { firstName: "autre" }]) {
      const res = await call(respOfA, "PATCH", `/api/employees/${victim.id}`, update(victim, fields));
      expect(res.statusCode, JSON.stringify(fields)).toBe(403);
      expect(res.json().message).toBe(SHARED_REFUSED);
    }
    const deleted = await call(respOfA, "DELETE", `/api/employees/${victim.id}`);
    expect(deleted.statusCode).toBe(403);
    expect(deleted.json().message).toBe(SHARED_REFUSED);
    expect(await row(victim.id)).toEqual(before);
    // The reset the attacker would ask next goes nowhere near them.
    await t.app.inject({ method: "POST", url: "/api/users/reset-password", payload: { email: "pirate@exemple.fr" } });
    expect(await mailsTo(t, "pirate@exemple.fr")).toEqual([]);
  });

  it("is changed by a caller holding all its organisations, or by an admin", async () => {
    const shared = await t.employee("rol_gest-of", [ofA, ofB]);
    expect((await call(respOfAB, "PATCH", `/api/employees/${shared.id}`, update(shared, { firstName: "léa" }))).statusCode).toBe(200);
    expect((await call(admin, "PATCH", `/api/employees/${shared.id}`, update(shared, { organizationIds: [ofB] }))).statusCode).toBe(200);
    expect((await row(shared.id))!.orgs).toEqual([ofB]);
  });
});

describe("changing an e-mail or a role", () => {
  it("an admin's e-mail change ends the employee's sessions and tells the old address", async () => {
    const employee = await t.employee("rol_gest-of", [ofA], { firstName: "Chloé" });
    const headers = await t.auth(employee);
    expect(await stillSignedIn(headers)).toBe(200);
    const res = await call(admin, "PATCH", `/api/employees/${employee.id}`, update(employee, { firstName: "Chloé", email: "Chloe.Nouvelle@exemple.fr" }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.email).toBe("chloe.nouvelle@exemple.fr");
    expect(await stillSignedIn(headers)).toBe(401);
    expect((await row(employee.id))!.token_version).toBe(2);

    const [mail, ...others] = await mailsTo(t, employee.email);
    expect(others).toEqual([]);
    expect(mail).toMatch(/^Subject: Modification de l'adresse e-mail de votre compte$/m);
    expect(mail).toContain("Bonjour Chloé,");
    expect(mail).toContain("L'adresse e-mail de connexion de votre compte a été remplacée par chloe.nouvelle@exemple.fr.");
    expect(mail).toContain("Si vous n'êtes pas à l'origine de cette demande, prévenez sans attendre votre responsable ou un administrateur.");
    // The new address can sign in; the old one cannot.
    const login = (email: string) => t.app.inject({ method: "POST", url: "/api/auth-sessions", payload: { email, password: TEST_PASSWORD } });
    expect((await login("chloe.nouvelle@exemple.fr")).statusCode).toBe(201);
    expect((await login(employee.email)).statusCode).toBe(403);
  });

  it("a change of e-mail case only is no change: sessions kept, no mail", async () => {
    const employee = await t.employee("rol_gest-of", [ofA]);
    const headers = await t.auth(employee);
    expect((await call(respOfA, "PATCH", `/api/employees/${employee.id}`, update(employee, { email: employee.email.toUpperCase() }))).statusCode).toBe(200);
    expect(await stillSignedIn(headers)).toBe(200);
    expect(await mailsTo(t, employee.email)).toEqual([]);
  });

  it("a role change ends the sessions too", async () => {
    const employee = await t.employee("rol_gest-of", [ofA]);
    const headers = await t.auth(employee);
    expect((await call(respOfA, "PATCH", `/api/employees/${employee.id}`, update(employee, { roleId: "rol_resp-of" }))).statusCode).toBe(200);
    expect(await stillSignedIn(headers)).toBe(401);
  });
});
