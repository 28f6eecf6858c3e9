import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/health", () => {
  it("answers ok once the database answers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: "ok" });
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
