/**
 * "Dossiers bloquants" (issue 13, design.md "Record lifecycle"): GET /api/records?filterAnomalies=true and the detail's
 * blockingReasons, in working days around Ascension (Thursday 14 May 2026) and Whit Monday (25 May 2026), on the app's clock.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RecordStatus } from "../../resources/common/record-statuses";
import type { TrainingRecord } from "../../resources/records/schema";
import { createTrainee, recordRow, trainingWithSession } from "./support/records";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";

let t: TestApp;
let admin: TestEmployee;
let gestOf: TestEmployee;
let otherGestOf: TestEmployee;
/** The app's clock: each test stands on its own instant. */
let now = new Date("2026-05-15T10:00:00Z");
const record: Record<string, string> = {};

async function get(url: string, as: TestEmployee = admin) {
  const res = await t.app.inject({ method: "GET", url, headers: await t.auth(as) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
/** The blocking records' names, in the list's order, and the total the list counts. */
async function blocking(query = "", as: TestEmployee = admin): Promise<{ names: string[]; total: number }> {
  const body = await get(`/api/records?filterAnomalies=true&limit=100${query}`, as);
  const names = (body.data as { id: string }[]).map((r) => Object.keys(record).find((name) => record[name] === r.id) ?? r.id);
  return { names, total: body.metadata.pagination.totalCount };
}
const reasonsOf = async (name: string) => ((await get(`/api/records/${record[name]}`)).data as TrainingRecord).blockingReasons.map((r) => r.code);

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  const [of, cdc, otherOf] = [await t.organization(), await t.organization(), await t.organization()];
  admin = await t.employee("rol_admin", []);
  gestOf = await t.employee("rol_gest-of", [of]);
  otherGestOf = await t.employee("rol_gest-of", [otherOf]);
  const session = async (startDate: string, endDate: string) =>
    (await trainingWithSession(t, admin, { educational: of, contracting: cdc }, {}, { startDate, endDate })).sessionId;
  // Monday 11 May: 3 working days elapsed on Friday 15 (Ascension does not count), 4 on Monday 18.
  const beforeAscension = await session("2026-05-11", "2026-09-30");
  // Thursday 21 May: 3 working days elapsed on Wednesday 27 (Whit Monday does not count), 4 on Thursday 28.
  const beforeWhitMonday = await session("2026-03-02", "2026-05-21");
  const future = await session("2026-09-07", "2026-12-18");
  const past = await session("2026-01-05", "2026-03-27");
  const made: [string, string, RecordStatus, boolean][] = [
    ["setup", beforeAscension, "SETUP", false],
    ["validated", beforeAscension, "VALIDATED", false],
    ["started", beforeAscension, "START_OF_TRAINING", false],
    ["notEnded", beforeWhitMonday, "START_OF_TRAINING", false],
    ["ended", beforeWhitMonday, "END_OF_TRAINING", false],
    ["futureSetup", future, "SETUP", false],
    ["failed", future, "VALIDATED", true],
    ["pastSetupFailed", past, "SETUP", true],
    ["terminated", past, "TERMINATED_FULLY_DONE", false],
    ["rejected", past, "REJECTED", false],
  ];
  for (const [name, sessionId, status, lastExchangeFailed] of made) {
    record[name] = await recordRow(t, { traineeId: await createTrainee(t, admin), sessionId }, { status, lastExchangeFailed });
  }
});
afterAll(() => t.close());

describe("GET /api/records?filterAnomalies=true", () => {
  it("counts Ascension out: a SETUP or VALIDATED record of a session started on Monday 11 May is blocking from Monday 18, not on Friday 15", async () => {
    now = new Date("2026-05-15T10:00:00Z");
    expect((await blocking()).names.sort()).toEqual(["failed", "pastSetupFailed"]);
    now = new Date("2026-05-18T07:00:00Z");
    expect((await blocking()).names.sort()).toEqual(["failed", "pastSetupFailed", "setup", "validated"]);
    expect(await reasonsOf("setup")).toEqual(["notStarted"]);
    expect(await reasonsOf("started")).toEqual([]);
  });

  it("takes today in France: 00:30 on Monday in Paris is still Sunday in UTC", async () => {
    now = new Date("2026-05-17T21:30:00Z"); // Sunday 23:30 in Paris
    expect((await blocking()).names).not.toContain("setup");
    now = new Date("2026-05-17T22:30:00Z"); // Monday 00:30 in Paris
    expect((await blocking()).names).toContain("setup");
  });

  it("counts Whit Monday out: START_OF_TRAINING of a session ended on Thursday 21 May is blocking from Thursday 28, not on Wednesday 27", async () => {
    now = new Date("2026-05-27T10:00:00Z");
    expect((await blocking()).names).not.toContain("notEnded");
    expect(await reasonsOf("notEnded")).toEqual([]);
    now = new Date("2026-05-28T10:00:00Z");
    const { names, total } = await blocking();
    expect(names.sort()).toEqual(["failed", "notEnded", "pastSetupFailed", "setup", "validated"]);
    expect(total).toBe(5);
    expect(await reasonsOf("notEnded")).toEqual(["notEnded"]);
    // A record that left training, one closed, one not yet due: never blocking by their dates.
    for (const name of ["ended", "terminated", "rejected", "futureSetup", "started"]) expect(await reasonsOf(name)).toEqual([]);
  });

  it("lists every reason with its French sentence, in the page's order", async () => {
    now = new Date("2026-05-28T10:00:00Z");
    const detail = (await get(`/api/records/${record.pastSetupFailed}`)).data as TrainingRecord;
    expect(detail.blockingReasons).toEqual([
      { code: "lastExchangeFailed", message: "Le dernier échange avec Agora a échoué" },
      { code: "notStarted", message: "La session a commencé depuis plus de 3 jours ouvrés et le dossier n'est pas entré en formation" },
    ]);
  });

  it("pages and counts like the list, within the caller's scope; without the filter (or false) every record is listed", async () => {
    now = new Date("2026-05-28T10:00:00Z");
    const all = await blocking();
    const pages = [];
    for (let offset = 0; offset < 5; offset += 2) {
      const page = await get(`/api/records?filterAnomalies=true&limit=2&offset=${offset}`);
      expect(page.metadata.pagination).toMatchObject({ offset, limit: 2, totalCount: 5 });
      pages.push(...(page.data as { id: string }[]).map((r) => r.id));
    }
    expect(pages).toEqual(all.names.map((name) => record[name]));
    expect((await blocking("", gestOf)).total).toBe(5);
    expect(await blocking("", otherGestOf)).toEqual({ names: [], total: 0 });
    expect((await get("/api/records?filterAnomalies=false&limit=100")).metadata.pagination.totalCount).toBe(Object.keys(record).length);
    expect((await get("/api/records?limit=100")).metadata.pagination.totalCount).toBe(Object.keys(record).length);
    const search = await blocking(`&search=${encodeURIComponent("no such trainee")}`);
    expect(search.total).toBe(0);
  });

  it("refuses a filter that is neither true nor false (400)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/records?filterAnomalies=yes", headers: await t.auth(admin) });
    expect(res.statusCode).toBe(400);
  });

  it("flags a record AGORA refused: it joins the filter with that reason until an exchange succeeds", async () => {
    now = new Date("2026-05-15T10:00:00Z");
    expect((await blocking()).names).not.toContain("futureSetup");
    // SETUP → END_OF_TRAINING is not in the lifecycle: AGORA answers 145, kept in the history.
    const refused = await t.app.inject({
      method: "PATCH",
      url: `/api/records/${record.futureSetup}/status`,
      headers: await t.auth(gestOf),
      payload: { status: "END_OF_TRAINING" },
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect((await blocking()).names).toContain("futureSetup");
    expect(await reasonsOf("futureSetup")).toEqual(["lastExchangeFailed"]);
    const validated = await t.app.inject({
      method: "PATCH",
      url: `/api/records/${record.futureSetup}/status`,
      headers: await t.auth(gestOf),
      payload: { status: "VALIDATED" },
    });
    expect(validated.statusCode, validated.body).toBe(200);
    expect(validated.json().data.blockingReasons).toEqual([]);
    expect((await blocking()).names).not.toContain("futureSetup");
  });
});
