import { randomUUID } from "node:crypto";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMetricsServer } from "../../server/metrics";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let server: http.Server;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  // Port 0: a free one. main.ts listens on METRICS_PORT, apart from the API's port.
  server = await startMetricsServer(t.app.metrics.registry, 0, "127.0.0.1");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

/** The value of one series in the Prometheus text, or undefined when absent. */
const valueOf = (text: string, series: string) => {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe("/metrics", () => {
  it("exposes request latency by route template and status, the pool, and AGORA exchanges by outcome, after some requests", async () => {
    const admin = await t.employee("rol_admin", [await t.organization()]);
    const headers = await t.auth(admin);
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: "GET", url: `/api/organizations?offset=${i}`, headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/organizations/0190a1b2c3d4e5f60718293a4b5c6d7e", headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/inexistant/123" })).statusCode).toBe(404);
    const found = await t.app.inject({ method: "GET", url: "/api/trainees/agora?ssn=2850275123456&birthName=DURAND", headers });
    expect(found.statusCode).toBe(200);

    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(valueOf(text, 'http_request_duration_seconds_count{method="GET",route="/api/organizations",status_code="200"}')).toBe(3);
    // A path's ids never make series of their own: the route's template does.
    expect(valueOf(text, 'http_request_duration_seconds_count{method="GET",route="/api/organizations/:organizationId",status_code="404"}')).toBe(1);
    expect(valueOf(text, 'http_request_duration_seconds_count{method="GET",route="(aucune)",status_code="404"}')).toBe(1);
    expect(text).not.toContain("0190a1b2c3d4e5f60718293a4b5c6d7e");
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/organizations",status_code="200"}');
    expect(valueOf(text, 'db_pool_connections{state="in_use"}')).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'db_pool_connections{state="waiting"}')).toBe(0);
    expect(valueOf(text, 'db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'agora_exchanges_total{operation="findPerson",outcome="accepted"}')).toBe(1);
    expect(text).toContain("process_cpu_seconds_total");
  });

  it("counts AGORA's refusals by their type, and calls that throw as errors", async () => {
    const file = (lastName: string) => ({
      trainee: { firstName: "Awa", lastName, birthName: "SALL", ssn: "2000793215067", birthDate: "2000-07-01" },
      session: { startDate: "2026-01-05", endDate: "2026-03-27" },
      training: { name: "Formation", number: "F2026001", actionNumber: "A01" },
    });
    // The simulator's fixtures (README): INCONNU is refused (code 5, functional), PANNE fails technically (99999).
    const call = () => ({ idempotencyKey: randomUUID() });
    expect(await t.app.agora.pushRecord(file("INCONNU"), call())).toMatchObject({ ok: false, error: { type: "functional", code: 5 } });
    expect(await t.app.agora.pushRecord(file("PANNE"), call())).toMatchObject({ ok: false, error: { type: "technical" } });
    expect(await t.app.agora.pushRecord(file("SALL"), call())).toMatchObject({ ok: true });
    await expect(t.app.agora.changeRecordStatus(undefined as never, { status: "VALIDATED", reason: null }, call())).rejects.toThrow();
    const text = await (await fetch(`${base}/metrics`)).text();
    expect(valueOf(text, 'agora_exchanges_total{operation="pushRecord",outcome="functional"}')).toBe(1);
    expect(valueOf(text, 'agora_exchanges_total{operation="pushRecord",outcome="technical"}')).toBe(1);
    expect(valueOf(text, 'agora_exchanges_total{operation="pushRecord",outcome="accepted"}')).toBe(1);
    expect(valueOf(text, 'agora_exchanges_total{operation="changeRecordStatus",outcome="error"}')).toBe(1);
  });

  it("exposes the queue's depth and failures by queue, and the exchanges with AGORA not yet settled", async () => {
    await t.query(
      `insert into jobs (id, queue, payload, state, last_error) values
        (md5(random()::text), 'mail.send', '{}', 'pending', null), (md5(random()::text), 'mail.send', '{}', 'pending', null),
        (md5(random()::text), 'mail.send', '{}', 'failed', 'Le serveur d''envoi refuse la connexion')`,
    );
    const text = await (await fetch(`${base}/metrics`)).text();
    expect(valueOf(text, 'queue_jobs{queue="mail.send",state="pending"}')).toBe(2);
    expect(valueOf(text, 'queue_jobs{queue="mail.send",state="failed"}')).toBe(1);
    expect(valueOf(text, 'queue_jobs{queue="mail.send",state="active"}')).toBe(0);
    expect(text).toContain("# TYPE agora_exchanges_unsettled gauge");
  });

  it("answers 404 to anything but GET /metrics", async () => {
    expect((await fetch(`${base}/`)).status).toBe(404);
    expect((await fetch(`${base}/api/health`)).status).toBe(404);
  });
});
