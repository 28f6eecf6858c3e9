import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";

let t: TestApp;
let admin: TestEmployee;
let staticDir: string;

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), "spa-cache-"));
  fs.mkdirSync(path.join(staticDir, "assets"));
  fs.writeFileSync(path.join(staticDir, "index.html"), "<!doctype html><title>Dossiers</title>");
  fs.writeFileSync(path.join(staticDir, "assets", "x-abc123.js"), "console.log(1);");
  // The build's precompressed copies (scripts/vite/precompress.ts), told apart from the original by their content.
  fs.writeFileSync(path.join(staticDir, "assets", "x-abc123.js.br"), "brotli");
  fs.writeFileSync(path.join(staticDir, "assets", "x-abc123.js.gz"), "gzip");
  fs.writeFileSync(path.join(staticDir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  t = await createTestApp({ staticDir });
  admin = await t.employee("rol_admin", [await t.organization()]);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

const get = async (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

describe("Cache-Control", () => {
  it.each([
    ["the health check", "/api/health", false, 200],
    ["a list carrying personal data", "/api/employees", true, 200],
    ["a 401", "/api/employees", false, 401],
    ["an unknown API route (404)", "/api/inexistant", false, 404],
    ["an unknown API route under GET /* (404)", "/api/inexistant/encore?x=1", true, 404],
    ["a malformed URL answered by the router", "/api/trainings/%", true, 400],
  ])("every API answer is no-store: %s", async (_label, url, signedIn, status) => {
    const res = await get(url, signedIn ? await t.auth(admin) : {});
    expect(res.statusCode).toBe(status);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("a refused body (400) is no-store too", async () => {
    const refused = await t.app.inject({ method: "POST", url: "/api/employees", headers: await t.auth(admin), payload: {} });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers["cache-control"]).toBe("no-store");
  });

  it.each(["/", "/index.html", "/employees", "/trainees/trn_123/edit"])("index.html is revalidated every time (no-cache): %s", async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<title>Dossiers</title>");
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it("hashed assets are immutable for a year", async () => {
    const res = await get("/assets/x-abc123.js");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("a hashed asset is sent as the build compressed it: brotli when accepted, else gzip, else as it is", async () => {
    const br = await get("/assets/x-abc123.js", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.body).toBe("brotli");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const gzip = await get("/assets/x-abc123.js", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.body).toBe("gzip");
    const plain = await get("/assets/x-abc123.js", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe("console.log(1);");
  });

  it("a hashed asset carries the subresource's security headers, not the document's", async () => {
    const res = await get("/assets/x-abc123.js");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
    expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect(res.headers["content-security-policy"]).toBeUndefined();
    const page = await get("/employees");
    expect(String(page.headers["content-security-policy"])).toContain("default-src 'self'");
    expect(page.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("other static files are cached briefly", async () => {
    const res = await get("/favicon.svg");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=3600");
  });
});
