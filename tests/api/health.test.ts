import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/health", () => {
  it("answers ok once the database answers with this code's migrations (/api/health is /api/health/ready)", async () => {
    for (const url of ["/api/health", "/api/health/ready"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: "ok", database: "ok", migrations: "ok" });
    }
    const live = await t.app.inject({ method: "GET", url: "/api/health/live" });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: "ok" });
  });

  it("is not ready while draining (SIGTERM), and still live", async () => {
    t.app.readiness.draining = true;
    try {
      const res = await t.app.inject({ method: "GET", url: "/api/health/ready" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        statusCode: 503,
        error: "Service Unavailable",
        message: "Le service est momentanément indisponible. Réessayez dans un instant.",
        requestId: res.headers["x-request-id"],
        status: "unavailable",
        reason: "draining",
      });
      expect((await t.app.inject({ method: "GET", url: "/api/health/live" })).statusCode).toBe(200);
      // Requests still in the pipe are served while the load balancer takes the instance out.
      expect((await t.app.inject({ method: "GET", url: "/api/organizations?limit=1", headers: await t.auth(await t.employee("rol_admin", [])) })).statusCode).toBe(200);
    } finally {
      t.app.readiness.draining = false;
    }
  });

  it("is not ready on a database that lacks this code's last migration (a release started before its migrate step)", async () => {
    const behind = await createTestApp();
    try {
      await behind.query("delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)");
      const app = await buildApp(behind.config);
      try {
        const res = await app.inject({ method: "GET", url: "/api/health/ready" });
        expect(res.statusCode).toBe(503);
        expect(res.json().reason).toBe("migrations");
        expect((await app.inject({ method: "GET", url: "/api/health/live" })).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    } finally {
      await behind.close();
    }
  });

  it("answers unknown API routes with a French 404 body", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/inexistant" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, message: "Route introuvable : GET /api/inexistant" });
  });

  it("serves the OpenAPI document at /api/docs to signed-in users only", async () => {
    const anonymous = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe("Authentification requise");
    expect(anonymous.body).not.toContain("openapi");
    const reader = await t.employee("rol_gest-of", [await t.organization()]);
    const res = await t.app.inject({ method: "GET", url: "/api/docs", headers: await t.auth(reader) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./), paths: expect.objectContaining({ "/api/health": expect.any(Object) }) });
  });
});
