/**
 * FSE export across several cursor batches (FETCH_SIZE rows each): every survey once, in order of change, and the dedicated
 * connection back in the pool afterwards — also when the export is refused or answers nothing.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { FETCH_SIZE } from "../../server/export/cursor";
import { insertRows } from "../../scripts/bench/bulk-insert";
import { traineeRow, type Row } from "../../scripts/bench/generate";
import { fseSurveyRows } from "../../scripts/bench/generate-fse";
import { recordRow as benchRecordRow } from "../../scripts/bench/generate-records";
import { seededRandom } from "../../scripts/bench/random";
import { trainingWithSession } from "./support/records";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";

let t: TestApp;
let admin: TestEmployee;
/** Connections taken from the pool and not given back. */
const checkedOut = () => t.app.pool.totalCount - t.app.pool.idleCount;
const RECORDS = Math.ceil((2 * FETCH_SIZE + 100) / 3);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.employee("rol_admin", []);
  const { sessionId } = await trainingWithSession(t, admin, { educational: await t.organization(), contracting: await t.organization() }, { fse: true }, { startDate: "2025-01-06", endDate: "2025-03-28" });
  const random = seededRandom(3);
  const now = Date.parse("2026-11-24T12:00:00Z");
  const client = await t.app.pool.connect();
  try {
    await insertRows(client, "trainees", Array.from({ length: RECORDS }, (_, i) => traineeRow(i, random, now)));
    const { rows: trainees } = await client.query<{ id: string }>("select id from trainees");
    const records = trainees.map((trainee, i) => benchRecordRow(i, random, now, trainee.id, { id: sessionId, startDate: "2025-01-06", endDate: "2025-03-28" }));
    await insertRows(client, "records", records);
    const surveys: Row[] = records.flatMap((record) => fseSurveyRows(random, record.id as string, Date.parse(record.updated_at as string), 3, now));
    await insertRows(client, "record_fse", surveys);
  } finally {
    client.release();
  }
});
afterAll(() => t.close());

it("exports every survey once across the batches, oldest change first, and gives the connection back", async () => {
  const [{ n, ids }] = (await t.query<{ n: number; ids: string[] }>("select count(*)::int as n, array_agg(r.agora_id order by f.updated_at, f.id) as ids from record_fse f join records r on r.id = f.record_id")) as [{ n: number; ids: string[] }];
  expect(n).toBeGreaterThan(2 * FETCH_SIZE);
  const res = await t.app.inject({ method: "GET", url: "/api/recordFse/export?format=csv", headers: await t.auth(admin) });
  expect(res.statusCode).toBe(200);
  const lines = res.rawPayload.toString("utf8").slice(1).split("\r\n").slice(1, -1);
  expect(lines.map((line) => line.split(";")[0])).toEqual(ids);
  expect(checkedOut()).toBe(0);
  // An empty selection answers the heading alone, and still releases the connection.
  const none = await t.app.inject({ method: "GET", url: "/api/recordFse/export?format=csv&startDate=2999-01-01", headers: await t.auth(admin) });
  expect(none.rawPayload.toString("utf8").slice(1).split("\r\n")).toHaveLength(2);
  expect(checkedOut()).toBe(0);
});
