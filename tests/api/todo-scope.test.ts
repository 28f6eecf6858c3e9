/**
 * « À traiter » in the caller's scope (issue 25): three trainings — ours (our training organisation, our contracting body),
 * another training organisation's under our contracting body but healthcare-social, and strangers' — each with one row of every
 * counter. Every role gets its own rows' counts from GET /api/todo, and each counter's list answers as many rows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE_IDS, type RoleId } from "../../resources/permissions";
import { todoGroups, type TodoCounts } from "../../resources/todo/schema";
import { sessionBody } from "./support/sessions";
import { createTrainee, recordRow, trainingWithSession } from "./support/records";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";

let t: TestApp;
const callers = {} as Record<RoleId, TestEmployee>;
const now = new Date("2026-05-21T10:00:00Z");

/** How many of the three trainings each role sees: ours; the healthcare-social one of our contracting body; the strangers'. */
const VISIBLE: Record<RoleId, number> = {
  "rol_sup-admin": 3,
  rol_admin: 3,
  "rol_resp-of": 1,
  "rol_gest-of": 1,
  "rol_resp-cdc": 2,
  "rol_gest-cdc": 2,
  "rol_gest-cdcss": 1,
};

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  const [of, cdc, otherOf, otherCdc] = [await t.organization(), await t.organization(), await t.organization(), await t.organization()];
  for (const role of ROLE_IDS) {
    callers[role] = await t.employee(role, role.includes("cdc") ? [cdc] : role.includes("of") ? [of] : []);
  }
  const admin = callers.rol_admin;
  const pairs = [
    { educational: of, contracting: cdc, healthcareSocial: false },
    { educational: otherOf, contracting: cdc, healthcareSocial: true },
    { educational: otherOf, contracting: otherCdc, healthcareSocial: false },
  ];
  for (const { healthcareSocial, ...organizations } of pairs) {
    // The session ended Monday 4 May: its bilan is late on Thursday 21 May; a second one, ended 11 May, is soon.
    const { trainingId, sessionId } = await trainingWithSession(t, admin, organizations, {}, { startDate: "2026-03-02", endDate: "2026-05-04" });
    const soon = await t.app.inject({
      method: "POST",
      url: "/api/sessions",
      headers: await t.auth(admin),
      payload: sessionBody(trainingId, { startDate: "2026-03-02", endDate: "2026-05-11" }),
    });
    expect(soon.statusCode, soon.body).toBe(201);
    if (healthcareSocial) await t.query("update trainings set healthcare_social = true where id = $1", [trainingId]);
    const record = async (fields: Parameters<typeof recordRow>[2]) => recordRow(t, { traineeId: await createTrainee(t, admin), sessionId }, fields);
    await record({ status: "END_OF_TRAINING", realStartDate: "2026-03-02", realEndDate: "2026-05-04" }); // both surveys late: one record
    await record({ status: "START_OF_TRAINING", realStartDate: "2026-04-27" }); // entry deadline 25 May: soon
    await record({ status: "VALIDATED", lastExchangeFailed: true }); // failed, and blocking
    await record({ status: "VALIDATED", pendingExchangeId: "exchange-under-way" });
  }
});
afterAll(() => t.close());

describe("GET /api/todo in the caller's scope", () => {
  it.each(ROLE_IDS)("%s counts its own rows only, and each counter's list shows as many", async (role) => {
    const headers = await t.auth(callers[role]);
    const res = await t.app.inject({ method: "GET", url: "/api/todo", headers });
    expect(res.statusCode, res.body).toBe(200);
    const counts = res.json().data as TodoCounts;
    const n = VISIBLE[role];
    // Blocking: the failed record, the VALIDATED one under way and the START_OF_TRAINING one (their session started, and ended,
    // more than 3 working days ago).
    expect(counts).toEqual({ blocking: 3 * n, fse: { late: n, soon: n }, bilans: { late: n, soon: n }, agora: { failed: n, pending: n } });
    for (const link of todoGroups(counts).flatMap((group) => group.links)) {
      const list = await t.app.inject({ method: "GET", url: `/api${link.href}&limit=1`, headers });
      expect(list.statusCode, link.href).toBe(200);
      expect(list.json().metadata.pagination.totalCount, link.href).toBe(link.count);
    }
  });

  it("answers 401 without a token", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/todo" })).statusCode).toBe(401);
  });
});
