import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchesSearch } from "../../server/db/search";
import { records } from "../../server/db/schema/index";
import { createTrainee, recordRow, trainingWithSession } from "./support/records";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";

let t: TestApp;
let admin: TestEmployee;
let trainingId = "";
let sessionId = "";

const searchOf = async (id: string) => (await t.query<{ search: string }>("select search from records where id = $1", [id]))[0]!.search;
const found = async (search: string) =>
  (await t.app.db.select({ id: records.id }).from(records).where(matchesSearch(records.search, search))).map((r) => r.id);
const RESTRICT_CODES = /^(23001|23503)$/;
/** The PostgreSQL error code of a refused statement (drizzle wraps the driver's error as its cause). */
const pgError = async (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: { code?: string; cause?: { code?: string } }) => error.code ?? error.cause?.code,
  );

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.employee("rol_admin", []);
  const organizations = { educational: await t.organization(), contracting: await t.organization() };
  ({ trainingId, sessionId } = await trainingWithSession(t, admin, organizations, { name: "Aide-soignant", number: "FSOIN77" }));
});
afterAll(() => t.close());

describe("records table (migration 0006)", () => {
  it("fills the search text from the trainee, the AGORA number and the training, and follows their changes", async () => {
    const traineeId = await createTrainee(t, admin, { lastName: "Lefèvre", birthName: "Martin", firstName: "Hélène", ssn: "2850275999001" });
    const id = await recordRow(t, { traineeId, sessionId }, { agoraId: "DF-000123" });
    expect(await searchOf(id)).toBe("lefevre martin helene 2850275999001 df-000123 aide-soignant fsoin77");
    expect(await found("helene LEFEVRE")).toEqual([id]);
    expect(await found("2850275999")).toEqual([id]);
    expect(await found("df-000123")).toEqual([id]);

    await t.query("update trainees set last_name = 'DURAND' where id = $1", [traineeId]);
    await t.query("update trainings set name = 'Auxiliaire de puériculture' where id = $1", [trainingId]);
    expect(await searchOf(id)).toBe("durand martin helene 2850275999001 df-000123 auxiliaire de puericulture fsoin77");
    expect(await found("lefevre")).toEqual([]);
  });

  it("keeps one record per trainee and one trainee per AGORA number", async () => {
    const traineeId = await createTrainee(t, admin);
    await recordRow(t, { traineeId, sessionId }, { agoraId: "DF-UNIQUE" });
    expect(await pgError(recordRow(t, { traineeId, sessionId }))).toBe("23505");
    expect(await pgError(recordRow(t, { traineeId: await createTrainee(t, admin), sessionId }, { agoraId: "DF-UNIQUE" }))).toBe("23505");
  });

  it("refuses real or internship dates out of order, and deleting a session or trainee that has records", async () => {
    const traineeId = await createTrainee(t, admin);
    expect(await pgError(recordRow(t, { traineeId, sessionId }, { realStartDate: "2026-02-01", realEndDate: "2026-01-31" }))).toBe("23514");
    expect(
      await pgError(recordRow(t, { traineeId, sessionId }, { internshipStartDate: "2026-02-01", internshipEndDate: "2026-01-31" })),
    ).toBe("23514");
    await recordRow(t, { traineeId, sessionId }, { realStartDate: "2026-02-01", realEndDate: "2026-02-01" });
    // ON DELETE RESTRICT: PostgreSQL 18 reports restrict_violation (23001), 15 to 17 foreign_key_violation (23503);
    // the server answers both 409 (pg-errors.ts), and CI runs this file on both.
    expect(await pgError(t.query("delete from sessions where id = $1", [sessionId]))).toMatch(RESTRICT_CODES);
    expect(await pgError(t.query("delete from trainees where id = $1", [traineeId]))).toMatch(RESTRICT_CODES);
  });

  it("starts a record in SETUP at version 1, and drops its history with it", async () => {
    const id = await recordRow(t, { traineeId: await createTrainee(t, admin), sessionId });
    const [row] = await t.query("select status, version, last_exchange_failed from records where id = $1", [id]);
    expect(row).toEqual({ status: "SETUP", version: 1, last_exchange_failed: false });
    await t.query(
      "insert into record_events (id, record_id, employee_id, employee_name, kind, to_status, success, answer) values ($1, $2, $3, 'Test EMPLOYÉ', 'CREATION', 'SETUP', true, $4)",
      ["e1", id, admin.id, JSON.stringify({ accepted: { agoraId: "x", status: "SETUP" } })],
    );
    await t.query("delete from records where id = $1", [id]);
    expect(await t.query("select id from record_events where id = 'e1'")).toEqual([]);
  });
});
