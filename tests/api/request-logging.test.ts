import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PASSWORD, type TestApp, type TestEmployee } from "./support/test-app";

/** What the server writes to its log, one JSON object per line. */
const lines: string[] = [];
const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown> & { reqId?: string });

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
    const incoming = logged.filter((e) => e.msg === "incoming request").map((e) => ({ reqId: e.reqId, ...(e.req as { method: string; url: string }) }));
    expect(incoming.map((e) => `${e.method} ${e.url}`)).toEqual(requests.map((r) => `${r.method} ${r.url.split("?")[0]}`));
    const statusOf = (reqId?: string) => logged.find((e) => e.reqId === reqId && e.msg === "request completed")?.res;
    expect(incoming.map((e) => statusOf(e.reqId))).toEqual(requests.map((r) => ({ statusCode: r.status })));
  });
});
