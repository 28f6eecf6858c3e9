/** The demo sessions: about 40 over the demo trainings, past (some with a validated bilan), current and future, all answerable. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Session, SessionListItem } from "../../resources/sessions/schema";
import { loadDemoData } from "../../server/db/demo/index";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let headers: { authorization: string };
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  expect(await loadDemoData(t.app.db)).toBe(true);
  const [admin] = await t.query<{ id: string }>("select id from employees where email = 'admin@demo.test'");
  headers = await t.auth({ id: admin!.id, roleId: "rol_admin" });
}, 120_000);
afterAll(() => t.close());

describe("demo sessions", () => {
  it("cover past, current and future periods, some past bilans validated", async () => {
    const res = await t.app.inject({ url: "/api/sessions?limit=100", headers });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data as SessionListItem[];
    expect(list.length).toBeGreaterThanOrEqual(35);
    const past = list.filter((s) => s.information.endDate < today);
    const current = list.filter((s) => s.information.startDate <= today && today <= s.information.endDate);
    const future = list.filter((s) => s.information.startDate > today);
    expect([past.length, current.length, future.length].every((n) => n >= 8)).toBe(true);

    const details = await Promise.all(past.map(async (s) => (await t.app.inject({ url: `/api/sessions/${s.id}`, headers })).json().data as Session));
    const validated = details.filter((s) => s.result.validatedAssessment);
    expect(validated.length).toBeGreaterThanOrEqual(3);
    expect(validated.length).toBeLessThan(past.length);
    expect(validated[0]!.result).toMatchObject({ validatedBy: { name: "Olivier ROUSSEAU" }, objective: expect.any(String) });
  });

  it("count in their trainings' sessionsCount", async () => {
    const res = await t.app.inject({ url: "/api/trainings?limit=100", headers });
    const total = (res.json().data as { sessionsCount: number }[]).reduce((sum, training) => sum + training.sessionsCount, 0);
    const [row] = await t.query<{ n: number }>("select count(*)::int as n from sessions");
    expect(total).toBe(row!.n);
  });
});
