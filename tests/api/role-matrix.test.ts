/**
 * The server enforces resources/permissions.ts on every call, whatever the page shows. The calls are not written here: they are
 * the app's own routes, each with the access its guard declares (server/auth/route-access.ts), so that a new route is covered
 * the day it is added:
 *  - without a valid token, every route but the public ones answers 401;
 *  - for each role, a route whose `requireAccess(resource, action)` the matrix refuses answers 403 (even with a body that would
 *    not validate) and changes nothing; one it allows answers its documented success to a valid request on rows of the role's
 *    scope (support/role-worlds.ts); a route for any signed-in user answers it to every role.
 */
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { can, canOpen, ROLE_IDS, type RoleId } from "../../resources/permissions";
import { PUBLIC_ROUTES, type DeclaredRoute } from "../../server/auth/route-access";
import { apiRoutes, routeName, successStatusOf } from "./support/api-routes";
import { databaseChecksum, tablesOf } from "./support/hostile-harness";
import { roleWorlds, type RoleWorld } from "./support/role-worlds";
import { createTestApp } from "./support/test-app";

const t = await createTestApp();
const routes = t.app.declaredRoutes;
const guarded = routes.filter((route) => route.access.kind !== "public");
const mayCall = (role: RoleId, route: DeclaredRoute) =>
  route.access.kind === "signed-in" ||
  (route.access.kind === "permission" && can(role, route.access.resource, route.access.action)) ||
  (route.access.kind === "screen" && canOpen(role, route.access.screen));

const worlds = roleWorlds(t, await t.employee("rol_sup-admin", [await t.organization()]));
const worldOf = {} as Record<RoleId, RoleWorld>;
let tables: string[];

beforeAll(async () => {
  tables = await tablesOf(t);
  for (const role of ROLE_IDS) worldOf[role] = await worlds.build(role);
}, 120_000);
afterAll(() => t.close());

const named = (list: DeclaredRoute[]) => list.map((route) => [routeName(route), route] as const);

/** A request to the app; a body (valid or not) for any method but GET and DELETE. */
const send = (method: string, url: string, headers: Record<string, string> = {}, payload: InjectOptions["payload"] = { not: "valid" }) =>
  t.app.inject({ method: method as InjectOptions["method"], url, headers, ...(method === "GET" || method === "DELETE" ? {} : { payload }) });

describe("the declared routes", () => {
  it("are the app's routes, each with its access", () => {
    expect(routes.map(routeName).sort()).toEqual(apiRoutes(t.app).map(routeName).sort());
  });

  it("include the sessions', records', session documents', quality and media routes, each behind its permission", () => {
    const accessOf = (name: string) => routes.find((route) => routeName(route) === name)?.access;
    expect(accessOf("PATCH /api/sessions/:sessionId")).toEqual({ kind: "permission", resource: "sessions", action: "edit" });
    expect(accessOf("PATCH /api/records/:recordId/status")).toEqual({ kind: "permission", resource: "records", action: "changeStatus" });
    expect(accessOf("GET /api/sessions/:sessionId/attendance-sheets/:month")).toEqual({ kind: "permission", resource: "sessions", action: "show" });
    expect(accessOf("GET /api/records/:recordId/quality")).toEqual({ kind: "permission", resource: "records", action: "show" });
    expect(accessOf("POST /api/medias/temporary")).toEqual({ kind: "permission", resource: "sessions", action: "edit" });
    for (const name of ["GET /api/supervision/jobs", "POST /api/supervision/jobs/:jobId/retry", "GET /api/supervision/exchanges", "POST /api/supervision/exchanges/:exchangeId/abandon"]) {
      expect(accessOf(name), name).toEqual({ kind: "screen", screen: "supervision" });
    }
    expect(routes.filter((route) => route.access.kind === "public").map(routeName).sort()).toEqual([...PUBLIC_ROUTES].sort());
  });
});

describe("without a valid token", () => {
  it.each(named(guarded))("%s answers 401", async (_name, route) => {
    const url = route.url.replace(/:(\w+)/g, "x");
    expect((await send(route.method, url)).statusCode).toBe(401);
    expect((await send(route.method, url, { authorization: "Bearer pas.un.jeton" })).statusCode).toBe(401);
  });

  it.each(named(routes.filter((route) => route.access.kind === "public")))("%s is public: no 401", async (_name, route) => {
    expect((await send(route.method, route.url, {}, {})).statusCode).not.toBe(401);
  });
});

describe.each(ROLE_IDS)("%s", (role) => {
  const refused = guarded.filter((route) => !mayCall(role, route));
  const allowed = guarded.filter((route) => mayCall(role, route));

  if (refused.length) {
    it.each(named(refused))("is refused %s with 403, nothing changed", async (_name, route) => {
      const world = worldOf[role];
      const url = route.url.replace(/:(\w+)/g, (_m, param: string) => world.ids[param] ?? "x");
      const before = await databaseChecksum(t, tables);
      const res = await send(route.method, url, world.headers);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ statusCode: 403, message: "Accès refusé" });
      expect(await databaseChecksum(t, tables)).toEqual(before);
    });
  }

  it.each(named(allowed))("may call %s: its success status", async (_name, route) => {
    const request = await worlds.validRequest(worldOf[role], route);
    const res = await send(request.method, request.url, request.headers, request.payload);
    expect(res.statusCode, res.body.slice(0, 500)).toBe(successStatusOf(t.app, route));
  });
});
