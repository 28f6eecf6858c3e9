import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PASSWORD, type TestApp, type TestEmployee } from "./support/test-app";

/** What the server writes to its log, one JSON object per line. */
const lines: string[] = [];
const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown> & { requestId?: string });

let t: TestApp;
let admin: TestEmployee;

const NIR = "2850275123456";
const EMAIL = "marie.secrete@exemple.fr";
const SEARCH = "Zorglub";
const PASSWORD = "Mot-De-Passe-Faux-42";

beforeAll(async () => {
  t = await createTestApp({ logger: true, logStream: { write: (line: string) => void lines.push(line) } });
  const org = await t.organization();
  admin = await t.employee("rol_admin", [org], { email: EMAIL });
});
afterAll(() => t.close());

describe("request logging keeps no personal data", () => {
  it("logs method, path and status of every request, never query values, bodies or e-mails", async () => {
    const auth = await t.auth(admin);
    const requests: (InjectOptions & { method: "GET" | "POST"; url: string; status: number })[] = [
      { method: "GET", url: `/api/employees?search=${encodeURIComponent(EMAIL)}`, headers: auth, status: 200 },
      { method: "GET", url: `/api/trainees?search=${NIR}`, headers: auth, status: 200 },
      { method: "GET", url: `/api/organizations?search=${SEARCH}&limit=5`, headers: auth, status: 200 },
      { method: "GET", url: `/api/trainees/agora?ssn=${NIR}&birthName=DURAND`, headers: auth, status: 200 },
      { method: "GET", url: `/api/inexistant?email=${encodeURIComponent(EMAIL)}`, headers: {}, status: 404 },
      { method: "GET", url: `/api/employees?search=${SEARCH}`, headers: {}, status: 401 },
      { method: "POST", url: "/api/auth-sessions", payload: { email: EMAIL, password: PASSWORD }, status: 403 },
      { method: "POST", url: "/api/auth-sessions", payload: { email: EMAIL, password: TEST_PASSWORD }, status: 201 },
      { method: "POST", url: "/api/users/reset-password", payload: { email: EMAIL }, status: 204 },
      { method: "POST", url: "/api/employees", headers: auth, payload: { email: EMAIL, lastName: SEARCH }, status: 400 },
      { method: "POST", url: "/api/trainees", headers: auth, payload: { ssn: NIR, email: EMAIL, firstName: SEARCH }, status: 400 },
    ];
    for (const { status, ...request } of requests) {
      const res = await t.app.inject(request);
      expect(res.statusCode, request.url).toBe(status);
    }
    // The reset mail is written to the outbox (no SMTP) and logged once sent.
    await t.app.mailer.flush();

    const log = lines.join("\n");
    expect(log).toContain("incoming request");
    for (const secret of [NIR, EMAIL, EMAIL.toUpperCase(), encodeURIComponent(EMAIL), SEARCH, PASSWORD, TEST_PASSWORD]) {
      expect(log, secret).not.toContain(secret);
    }
    expect(log).not.toContain("search=");

    // Each request still appears, in order, with its method and path, and its status on its completion line.
    const logged = entries();
    const incoming = logged.filter((e) => e.msg === "incoming request").map((e) => ({ requestId: e.requestId, ...(e.req as { method: string; url: string }) }));
    expect(incoming.map((e) => `${e.method} ${e.url}`)).toEqual(requests.map((r) => `${r.method} ${r.url.split("?")[0]}`));
    const statusOf = (requestId?: string) => logged.find((e) => e.requestId === requestId && e.msg === "request completed")?.res;
    expect(incoming.map((e) => statusOf(e.requestId))).toEqual(requests.map((r) => ({ statusCode: r.status })));
  });
});

describe("request ids", () => {
  it("keeps an id sent in X-Request-Id: in the answer's header, the error body and every log line of the request", async () => {
    const sent = "lb-4f2a9c:17";
    const res = await t.app.inject({ method: "GET", url: "/api/employees", headers: { "x-request-id": sent } });
    expect(res.statusCode).toBe(401);
    expect(res.headers["x-request-id"]).toBe(sent);
    expect(res.json()).toEqual({ statusCode: 401, error: "Unauthorized", message: "Authentification requise", requestId: sent });
    const mine = entries().filter((e) => e.requestId === sent);
    expect(mine.map((e) => e.msg)).toEqual(["incoming request", "request completed"]);
  });

  it("replaces an id that could forge a log line or a header by a fresh UUID, different for each request", async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    for (const hostile of ["a b", "x".repeat(129), "id\"}{", "é"]) {
      const res = await t.app.inject({ method: "GET", url: "/api/inexistant", headers: { "x-request-id": hostile } });
      expect(res.headers["x-request-id"]).toMatch(uuid);
      expect(res.json().requestId).toBe(res.headers["x-request-id"]);
    }
    const [a, b] = await Promise.all([1, 2].map(() => t.app.inject({ method: "GET", url: "/api/health/live" })));
    expect(a!.headers["x-request-id"]).toMatch(uuid);
    expect(a!.headers["x-request-id"]).not.toBe(b!.headers["x-request-id"]);
  });

  it("gives a list's metadata the request's id, the one of its log lines", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/organizations?limit=1", headers: await t.auth(admin) });
    expect(res.statusCode).toBe(200);
    const { requestId } = res.json().metadata;
    expect(requestId).toBe(res.headers["x-request-id"]);
    expect(entries().some((e) => e.requestId === requestId && e.msg === "request completed")).toBe(true);
  });
});
