/** Sessions and their records (issue 13): traineesCount, the session's trainees with their record's status, and the 409 on deletion. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTrainee, recordRow, trainingWithSession } from "./support/records";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";

let t: TestApp;
let admin: TestEmployee;
let gestOf: TestEmployee;
const organizations = { educational: "", contracting: "" };
let full: string;
let empty: string;
const enrolled: Record<string, string> = {};
const recordOf: Record<string, string> = {};

const call = async (method: "GET" | "DELETE", url: string, as: TestEmployee = gestOf) => t.app.inject({ method, url, headers: await t.auth(as) });

beforeAll(async () => {
  t = await createTestApp();
  organizations.educational = await t.organization();
  organizations.contracting = await t.organization();
  admin = await t.employee("rol_admin", []);
  gestOf = await t.employee("rol_gest-of", [organizations.educational]);
  full = (await trainingWithSession(t, admin, organizations, { name: "Électricien" })).sessionId;
  empty = (await trainingWithSession(t, admin, organizations, { name: "Plombier" })).sessionId;
  for (const [lastName, firstName, status] of [
    ["Moreau", "Léa", "SETUP"],
    ["Bernard", "Zoé", "START_OF_TRAINING"],
    ["Bernard", "Anne", "VALIDATED"],
  ] as const) {
    const traineeId = await createTrainee(t, admin, { lastName, firstName });
    enrolled[`${lastName} ${firstName}`] = traineeId;
    recordOf[`${lastName} ${firstName}`] = await recordRow(t, { traineeId, sessionId: full }, { status });
  }
});
afterAll(() => t.close());

describe("sessions with records", () => {
  it("counts the session's trainees in the list and the detail", async () => {
    const list = await call("GET", "/api/sessions?limit=100");
    expect(list.statusCode, list.body).toBe(200);
    const counts = Object.fromEntries((list.json().data as { id: string; traineesCount: number }[]).map((s) => [s.id, s.traineesCount]));
    expect([counts[full], counts[empty]]).toEqual([3, 0]);
    expect((await call("GET", `/api/sessions/${full}`)).json().data.traineesCount).toBe(3);
  });

  it("lists the session's trainees by name, each with their record (its id, to open it, and its status)", async () => {
    const res = await call("GET", `/api/sessions/${full}`);
    expect(res.json().data.trainees).toEqual([
      { id: enrolled["Bernard Anne"], recordId: recordOf["Bernard Anne"], firstName: "Anne", lastName: "BERNARD", status: "VALIDATED" },
      { id: enrolled["Bernard Zoé"], recordId: recordOf["Bernard Zoé"], firstName: "Zoé", lastName: "BERNARD", status: "START_OF_TRAINING" },
      { id: enrolled["Moreau Léa"], recordId: recordOf["Moreau Léa"], firstName: "Léa", lastName: "MOREAU", status: "SETUP" },
    ]);
    expect((await call("GET", `/api/sessions/${empty}`)).json().data.trainees).toEqual([]);
  });

  it("refuses to delete a session with records (409, the spec's message) and deletes nothing", async () => {
    const res = await call("DELETE", `/api/sessions/${full}`, admin);
    expect([res.statusCode, res.json().message]).toEqual([
      409,
      "Suppression impossible ! Cette session est associée à des dossiers de formation et ne peut pas être supprimée.",
    ]);
    expect(await t.query("select id from sessions where id = $1", [full])).toHaveLength(1);
    expect(await t.query("select id from records where session_id = $1", [full])).toHaveLength(3);
  });

  it("deletes a session without records (204)", async () => {
    expect((await call("DELETE", `/api/sessions/${empty}`, admin)).statusCode).toBe(204);
    expect(await t.query("select id from sessions where id = $1", [empty])).toEqual([]);
  });
});
