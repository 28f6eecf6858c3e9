/**
 * Attendance sheets are drawn off the event loop (worker threads), cached by what they print, and a few at once per user:
 * beyond, 429 in French; the others' calls are not held up meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSheetRenderer, SHEET_MSG } from "../../server/sessions/sheet-renderer";
import type { AttendanceSheetInput } from "../../server/sessions/attendance-sheet";
import { trainingWithSession } from "./support/records";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";

let t: TestApp;
let admin: TestEmployee;
let gest: TestEmployee;
let other: TestEmployee;
let sessionId = "";

beforeAll(async () => {
  // One sheet at a time per user, one thread: a second sheet asked while the first is drawn is refused.
  t = await createTestApp({ sheets: { threads: 1, perUser: 1 } });
  const organizations = { educational: await t.organization(), contracting: await t.organization() };
  admin = await t.employee("rol_admin", []);
  gest = await t.employee("rol_gest-of", [organizations.educational]);
  other = await t.employee("rol_resp-of", [organizations.educational]);
  ({ sessionId } = await trainingWithSession(t, admin, organizations, {}, { startDate: "2025-01-06", endDate: "2026-12-18" }));
});
afterAll(() => t.close());

const sheet = async (as: TestEmployee, month: string) =>
  t.app.inject({ method: "GET", url: `/api/sessions/${sessionId}/attendance-sheets/${month}`, headers: await t.auth(as) });

describe("attendance sheets drawn in worker threads", () => {
  it("draws a few at once per user: beyond, 429 in French; another user is served meanwhile", async () => {
    const months = ["2025-01", "2025-02", "2025-03", "2025-04", "2025-05", "2025-06"];
    const flood = months.map((month) => sheet(gest, month));
    const meanwhile = await t.app.inject({ method: "GET", url: "/api/sessions", headers: await t.auth(other) });
    expect(meanwhile.statusCode).toBe(200);
    const answers = await Promise.all(flood);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.json()).toEqual({ statusCode: 429, error: "Too Many Requests", message: SHEET_MSG.tooMany, requestId: expect.any(String) });
    expect(refused[0]!.headers["retry-after"]).toBe("1");
    for (const answer of answers.filter((a) => a.statusCode !== 429)) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["content-type"]).toBe("application/pdf");
      expect(answer.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    }
    // Once drawn, the same sheets come from the cache: no limit applies to them.
    const served = months.filter((_, i) => answers[i]!.statusCode === 200);
    const again = await Promise.all(served.map((month) => sheet(gest, month)));
    expect(again.map((a) => a.statusCode)).toEqual(served.map(() => 200));
  });
});

describe("the sheet cache", () => {
  const renderer = createSheetRenderer({ threads: 1 });
  afterAll(() => renderer.close());
  const input = (trainees: string[], generatedAt: Date): AttendanceSheetInput => ({
    training: { number: "F2026001", name: "Agent de restauration" },
    session: { startDate: "2026-01-05", endDate: "2026-03-27" },
    educationalOrganizationName: "AFPA",
    month: "2026-02",
    trainees: trainees.map((lastName) => ({ lastName, firstName: "Awa" })),
    generatedAt,
  });

  it("serves what was drawn for the same content (an hour later: the same bytes), draws again when the content changes", async () => {
    const first = await renderer.render(input(["SALL"], new Date("2026-02-02T08:00:00Z")));
    const later = await renderer.render(input(["SALL"], new Date("2026-02-02T09:00:00Z")));
    expect(Buffer.from(later).equals(Buffer.from(first))).toBe(true);
    const changed = await renderer.render(input(["SALL", "DIOP"], new Date("2026-02-02T09:00:00Z")));
    expect(Buffer.from(changed).equals(Buffer.from(first))).toBe(false);
  });
});
