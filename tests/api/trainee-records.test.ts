/**
 * Trainees and their records (issue 13, design.md "Roles and scope"): the wizard's `freeTrainees=true`, the detail's records card,
 * scope through the record, and the 409 on deleting a trainee who has a record.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRAINEE_MSG } from "../../resources/trainees/schema";
import { createTrainee, recordRow, trainingWithSession } from "./support/records";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";

let t: TestApp;
let admin: TestEmployee;
let gestOf: TestEmployee;
let otherGestOf: TestEmployee;
let sessionId: string;
const trainee = { free: "", enrolled: "", foreign: "" };
let recordId: string;

const call = async (method: "GET" | "DELETE", url: string, as: TestEmployee) => t.app.inject({ method, url, headers: await t.auth(as) });
async function listed(query: string, as: TestEmployee): Promise<string[]> {
  const res = await call("GET", `/api/trainees?limit=100${query}`, as);
  expect(res.statusCode, res.body).toBe(200);
  const ids = (res.json().data as { id: string }[]).map((r) => r.id);
  expect(res.json().metadata.pagination.totalCount).toBe(ids.length);
  return ids;
}
const named = (ids: string[]) => (Object.keys(trainee) as (keyof typeof trainee)[]).filter((name) => ids.includes(trainee[name]));

beforeAll(async () => {
  t = await createTestApp();
  const [of, cdc, otherOf] = [await t.organization(), await t.organization(), await t.organization()];
  admin = await t.employee("rol_admin", []);
  gestOf = await t.employee("rol_gest-of", [of]);
  otherGestOf = await t.employee("rol_gest-of", [otherOf]);
  sessionId = (
    await trainingWithSession(t, admin, { educational: of, contracting: cdc }, { name: "Cuisinier" }, { startDate: "2026-02-02", endDate: "2026-06-26" })
  ).sessionId;
  const foreignSession = (await trainingWithSession(t, admin, { educational: otherOf, contracting: cdc }, { name: "Maçon" })).sessionId;
  trainee.free = await createTrainee(t, admin);
  trainee.enrolled = await createTrainee(t, admin);
  trainee.foreign = await createTrainee(t, admin);
  recordId = await recordRow(t, { traineeId: trainee.enrolled, sessionId }, { status: "START_OF_TRAINING", realStartDate: "2026-02-03" });
  await recordRow(t, { traineeId: trainee.foreign, sessionId: foreignSession });
});
afterAll(() => t.close());

describe("GET /api/trainees", () => {
  it("freeTrainees=true lists only the trainees without a record, and counts them", async () => {
    expect(named(await listed("&freeTrainees=true", admin))).toEqual(["free"]);
    expect(named(await listed("&freeTrainees=false", admin))).toEqual(["free", "enrolled", "foreign"]);
  });

  it("scope: a trainee with a record is seen by those who see the record; one without, by everybody", async () => {
    expect(named(await listed("", gestOf))).toEqual(["free", "enrolled"]);
    expect(named(await listed("", otherGestOf))).toEqual(["free", "foreign"]);
    expect(named(await listed("", await t.employee("rol_gest-cdc", [])))).toEqual(["free"]);
    expect((await call("GET", `/api/trainees/${trainee.foreign}`, gestOf)).statusCode).toBe(404);
  });
});

describe("GET /api/trainees/{id}", () => {
  it("answers the records card: title (the training), status, and the dates the card chooses from", async () => {
    const res = await call("GET", `/api/trainees/${trainee.enrolled}`, gestOf);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.records).toEqual([
      {
        id: recordId,
        title: "Cuisinier",
        status: "START_OF_TRAINING",
        plannedStartDate: "2026-01-12",
        plannedEndDate: "2026-03-20",
        realStartDate: "2026-02-03",
        realEndDate: null,
        startDateSession: "2026-02-02",
        endDateSession: "2026-06-26",
      },
    ]);
    expect((await call("GET", `/api/trainees/${trainee.free}`, gestOf)).json().data.records).toEqual([]);
  });
});

describe("DELETE /api/trainees/{id}", () => {
  it("refuses to delete a trainee who has a record (409) and deletes nothing", async () => {
    const res = await call("DELETE", `/api/trainees/${trainee.enrolled}`, gestOf);
    expect([res.statusCode, res.json().message]).toEqual([409, TRAINEE_MSG.hasRecords]);
    expect(await t.query("select id from trainees where id = $1", [trainee.enrolled])).toHaveLength(1);
    // Outside the caller's scope: 404, as for any row it cannot see.
    expect((await call("DELETE", `/api/trainees/${trainee.foreign}`, gestOf)).statusCode).toBe(404);
  });

  it("deletes a trainee without a record (204)", async () => {
    const id = await createTrainee(t, admin);
    expect((await call("DELETE", `/api/trainees/${id}`, gestOf)).statusCode).toBe(204);
  });
});
