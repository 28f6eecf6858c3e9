import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("security headers", () => {
  it("sends helmet's headers with a same-origin content security policy on API answers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers["content-security-policy"]);
    expect(csp.split(";")).toEqual(expect.arrayContaining(["default-src 'self'", "object-src 'none'", "frame-ancestors 'none'", "script-src 'self'"]));
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });

  it("sends them on error answers too", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/users/me" });
    expect(res.statusCode).toBe(401);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(String(res.headers["content-security-policy"])).toContain("default-src 'self'");
  });
});

describe("compression", () => {
  // The OpenAPI document: a large JSON answer (signed-in users only).
  let signedIn: Promise<{ authorization: string }> | undefined;
  const docs = async (acceptEncoding?: string) => {
    signedIn ??= t.organization().then((org) => t.employee("rol_gest-of", [org])).then((reader) => t.auth(reader));
    return t.app.inject({
      method: "GET",
      url: "/api/docs",
      headers: { ...(await signedIn), ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}) },
    });
  };

  it("compresses JSON with brotli when accepted", async () => {
    const plain = await docs();
    const res = await docs("br");
    expect(res.headers["content-encoding"]).toBe("br");
    const body = zlib.brotliDecompressSync(res.rawPayload).toString("utf8");
    expect(JSON.parse(body)).toEqual(plain.json());
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });

  it("compresses JSON with gzip when that is what the client takes", async () => {
    const plain = await docs();
    const res = await docs("gzip");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(zlib.gunzipSync(res.rawPayload).toString("utf8"))).toEqual(plain.json());
  });

  it("prefers brotli when both are accepted, and sends plain JSON when neither is", async () => {
    expect((await docs("gzip, deflate, br")).headers["content-encoding"]).toBe("br");
    const plain = await docs();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.json()).toMatchObject({ openapi: expect.any(String) });
  });
});

describe("malformed requests never answer 500", () => {
  const post = (payload: string, contentType = "application/json") =>
    t.app.inject({ method: "POST", url: "/api/auth-sessions", headers: { "content-type": contentType }, payload });

  it.each([
    ["truncated JSON", '{"email": "a@b.fr", "password": '],
    ["not JSON at all", "email=a@b.fr&password=x"],
    ["a JSON string", '"bonjour"'],
    ["a JSON array", "[1, 2, 3]"],
    ["JSON null", "null"],
    ["wrong types", '{"email": 42, "password": {"$ne": null}, "longTTL": "oui"}'],
    ["prototype pollution attempt", '{"__proto__": {"admin": true}, "email": "a@b.fr"}'],
  ])("%s → 400 with a French message", async (_label, body) => {
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(json.statusCode).toBe(400);
    expect(["La requête n'est pas valide", "Les données envoyées ne sont pas valides"]).toContain(json.message);
  });

  it("an empty body with a JSON content type → 400", async () => {
    const res = await post("");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("La requête n'est pas valide");
  });

  it("an unsupported content type → 415, not 500", async () => {
    const res = await post("<xml/>", "application/xml");
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe("Ce type de contenu n'est pas accepté");
  });

  it("a body over the size limit → 413 with a French message", async () => {
    const res = await post(JSON.stringify({ email: "a@b.fr", password: "x".repeat(3 * 1024 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ statusCode: 413, message: "La requête est trop volumineuse" });
  });
});

describe("URLs the router refuses answer in French", () => {
  it("a malformed percent-encoding → 400 with a French message", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/trainings/%" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: "Bad Request", message: "L'adresse demandée n'est pas valide", requestId: res.headers["x-request-id"] });
  });

  it("a path parameter over 256 characters → 414 with a French message", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/trainings/agora/${"A".repeat(300)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json().message).toBe("L'adresse demandée est trop longue");
  });

  it("a training reference of 50 + 50 characters reaches its route (401 without a token, not 414)", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/trainings/agora/${"A".repeat(50)}-${"B".repeat(50)}` });
    expect(res.statusCode).toBe(401);
  });
});
