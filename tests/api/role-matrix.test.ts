/**
 * The server enforces resources/permissions.ts on every call, whatever the page shows:
 * each role gets 403 for each call it may not make (even with a body that would not validate), 401 without a valid token.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { can, ROLE_IDS, type Action, type ResourceName, type RoleId } from "../../resources/permissions";
import { newId } from "../../server/db/ids";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";

type Method = "GET" | "POST" | "PATCH" | "DELETE";
const ID = newId();

/** Every guarded call of the API, with the permission it needs. */
const CALLS: { resource: ResourceName; action: Action; method: Method; url: string }[] = [
  { resource: "employees", action: "list", method: "GET", url: "/api/employees" },
  { resource: "employees", action: "show", method: "GET", url: `/api/employees/${ID}` },
  { resource: "employees", action: "create", method: "POST", url: "/api/employees" },
  { resource: "employees", action: "edit", method: "PATCH", url: `/api/employees/${ID}` },
  { resource: "employees", action: "delete", method: "DELETE", url: `/api/employees/${ID}` },
  { resource: "organizations", action: "pick", method: "GET", url: "/api/organizations" },
  { resource: "organizations", action: "show", method: "GET", url: `/api/organizations/${ID}` },
  { resource: "organizations", action: "create", method: "POST", url: "/api/organizations" },
  { resource: "organizations", action: "edit", method: "PATCH", url: `/api/organizations/${ID}` },
  { resource: "organizations", action: "delete", method: "DELETE", url: `/api/organizations/${ID}` },
  { resource: "trainees", action: "list", method: "GET", url: "/api/trainees" },
  { resource: "trainees", action: "create", method: "GET", url: "/api/trainees/agora?ssn=2850275123456&birthName=DURAND" },
  { resource: "trainees", action: "show", method: "GET", url: `/api/trainees/${ID}` },
  { resource: "trainees", action: "create", method: "POST", url: "/api/trainees" },
  { resource: "trainees", action: "edit", method: "PATCH", url: `/api/trainees/${ID}` },
  { resource: "trainees", action: "delete", method: "DELETE", url: `/api/trainees/${ID}` },
  { resource: "trainings", action: "list", method: "GET", url: "/api/trainings" },
  { resource: "trainings", action: "create", method: "GET", url: "/api/trainings/agora/F2026001-A01" },
  { resource: "trainings", action: "show", method: "GET", url: `/api/trainings/${ID}` },
  { resource: "trainings", action: "create", method: "POST", url: "/api/trainings" },
  { resource: "trainings", action: "edit", method: "PATCH", url: `/api/trainings/${ID}` },
  { resource: "trainings", action: "delete", method: "DELETE", url: `/api/trainings/${ID}` },
  { resource: "records", action: "fillFse", method: "POST", url: "/api/recordFse" },
  { resource: "records", action: "fillFse", method: "GET", url: `/api/recordFse/${ID}` },
  { resource: "records", action: "fillFse", method: "PATCH", url: `/api/recordFse/${ID}` },
  { resource: "records", action: "exportFse", method: "GET", url: "/api/recordFse/export?period=INPUT" },
];

const SIGNED_IN_CALLS: { method: Method; url: string }[] = [
  { method: "GET", url: "/api/users/me" },
  { method: "GET", url: "/api/users/roles" },
];

let t: TestApp;
const users = {} as Record<RoleId, TestEmployee>;

beforeAll(async () => {
  t = await createTestApp();
  const org = await t.organization();
  for (const role of ROLE_IDS) users[role] = await t.employee(role, [org]);
});
afterAll(() => t.close());

const send = (method: Method, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers, ...(method === "POST" || method === "PATCH" ? { payload: { not: "valid" } } : {}) });

describe.each(ROLE_IDS)("%s", (role) => {
  const forbidden = CALLS.filter((c) => !can(role, c.resource, c.action));
  const allowed = CALLS.filter((c) => can(role, c.resource, c.action));

  it.each(forbidden.map((c) => [`${c.method} ${c.url.split("?")[0]}`, c] as const))("is refused %s with 403", async (_name, call) => {
    const before = await t.query("select (select count(*) from employees) e, (select count(*) from organizations) o");
    const res = await send(call.method, call.url, await t.auth(users[role]));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ statusCode: 403, message: "Accès refusé" });
    expect(await t.query("select (select count(*) from employees) e, (select count(*) from organizations) o")).toEqual(before);
  });

  if (allowed.length) {
    it.each(allowed.map((c) => [`${c.method} ${c.url.split("?")[0]}`, c] as const))("may call %s (no 401/403)", async (_name, call) => {
      const res = await send(call.method, call.url, await t.auth(users[role]));
      expect([401, 403]).not.toContain(res.statusCode);
      expect(res.statusCode).toBeLessThan(500);
    });
  }
});

describe("without a valid token", () => {
  const everyCall = [...CALLS, ...SIGNED_IN_CALLS];
  it.each(everyCall.map((c) => [`${c.method} ${c.url.split("?")[0]}`, c] as const))("%s answers 401", async (_name, call) => {
    expect((await send(call.method, call.url)).statusCode).toBe(401);
    expect((await send(call.method, call.url, { authorization: "Bearer pas.un.jeton" })).statusCode).toBe(401);
  });
});
