/**
 * The records' copies of their training, its FSE flag and their FSE surveys (migration 0019_records_filter_copies, issue 25): the
 * list's filters trainingId, withoutFse and the session period read them (with the session's dates of 0011), so the database must
 * keep them right. A record takes them on creation and follows its session (dates, training), its training's FSE flag and each
 * survey added, deleted or moved; writes that bypass the API end the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fseInformation } from "./support/record-fse";
import { createTrainee, recordRow, trainingWithSession } from "./support/records";
import { patchTrainingInformation } from "./support/scope-cast";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";

let t: TestApp;
let admin: TestEmployee;
const org = { of: "", cdc: "" };

async function listedRecords(query: string): Promise<string[]> {
  const res = await t.app.inject({ url: `/api/records?limit=100&${query}`, headers: await t.auth(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: string }[]).map((row) => row.id);
}

interface Copies {
  trainingId: string;
  fse: boolean;
  surveys: string;
}

/** The record's copies; `surveys` lists the periods it has a survey of, e.g. "INPUT OUTPUT". */
const copiesOf = async (recordId: string): Promise<Copies | undefined> =>
  (
    await t.query<Copies>(
      `select training_id as "trainingId", training_fse as fse,
         concat_ws(' ', case when has_fse_input then 'INPUT' end, case when has_fse_output then 'OUTPUT' end,
           case when has_fse_after_six_month then 'AFTER_SIX_MONTH' end) as surveys
       from records where id = $1`,
      [recordId],
    )
  )[0];

/** A training of `of` (FSE unless said otherwise) with one session (12/01/2026 – 20/03/2026), and a record in it. */
async function recordInSession(fse = true) {
  const training = await trainingWithSession(t, admin, { educational: org.of, contracting: org.cdc }, { fse });
  const recordId = await recordRow(t, { traineeId: await createTrainee(t, admin), sessionId: training.sessionId });
  return { ...training, recordId };
}

async function addSurvey(recordId: string, period: Parameters<typeof fseInformation>[0]) {
  const res = await t.app.inject({ method: "POST", url: "/api/recordFse", headers: await t.auth(admin), payload: { recordId, information: fseInformation(period) } });
  expect(res.statusCode, res.body).toBe(201);
}

beforeAll(async () => {
  t = await createTestApp();
  org.of = await t.organization({ name: "OF COPIES" });
  org.cdc = await t.organization({ name: "CDC COPIES" });
  admin = await t.employee("rol_admin", []);
});
afterAll(() => t?.close());

describe("records follow their training and its FSE flag", () => {
  it("copies the session's training and its FSE flag on creation, with no survey", async () => {
    const fse = await recordInSession(true);
    const plain = await recordInSession(false);
    expect(await copiesOf(fse.recordId)).toEqual({ trainingId: fse.trainingId, fse: true, surveys: "" });
    expect(await copiesOf(plain.recordId)).toEqual({ trainingId: plain.trainingId, fse: false, surveys: "" });
    expect(await listedRecords(`trainingId=${fse.trainingId}`)).toEqual([fse.recordId]);
    const withoutFse = await listedRecords("withoutFse=true");
    expect(withoutFse).toContain(fse.recordId);
    expect(withoutFse).not.toContain(plain.recordId);
  });

  it("follows a change of the training's FSE flag", async () => {
    const { trainingId, body, recordId } = await recordInSession(true);
    await patchTrainingInformation(t, admin, { trainingId, body }, { fse: false });
    expect(await copiesOf(recordId)).toMatchObject({ fse: false });
    expect(await listedRecords("withoutFse=true")).not.toContain(recordId);
    await patchTrainingInformation(t, admin, { trainingId, body }, { fse: true });
    expect(await copiesOf(recordId)).toMatchObject({ fse: true });
    expect(await listedRecords("withoutFse=true")).toContain(recordId);
  });

  it("follows its session's dates, its session moved to another training, itself moved to another session", async () => {
    const first = await recordInSession(true);
    const other = await recordInSession(false);
    await t.query("update sessions set start_date = '2030-02-04', end_date = '2030-05-31' where id = $1", [first.sessionId]);
    expect(await listedRecords("sessionFrom=2030-05-31&sessionTo=2030-06-30")).toEqual([first.recordId]);
    expect(await listedRecords("sessionFrom=2030-06-01")).not.toContain(first.recordId);
    expect(await listedRecords("sessionTo=2030-02-03")).not.toContain(first.recordId);
    await t.query("update sessions set training_id = $1 where id = $2", [other.trainingId, first.sessionId]);
    expect(await copiesOf(first.recordId)).toMatchObject({ trainingId: other.trainingId, fse: false });
    const third = await recordInSession(true);
    await t.query("update records set session_id = $1 where id = $2", [third.sessionId, other.recordId]);
    expect(await copiesOf(other.recordId)).toMatchObject({ trainingId: third.trainingId, fse: true });
    expect((await listedRecords(`trainingId=${third.trainingId}`)).sort()).toEqual([third.recordId, other.recordId].sort());
  });
});

describe("records follow their FSE surveys", () => {
  it("flags each survey saved through the API, and leaves the « sans questionnaire FSE » list with the first", async () => {
    const { recordId } = await recordInSession(true);
    await addSurvey(recordId, "INPUT");
    expect(await copiesOf(recordId)).toMatchObject({ surveys: "INPUT" });
    expect(await listedRecords("withoutFse=true")).not.toContain(recordId);
    await addSurvey(recordId, "OUTPUT");
    await addSurvey(recordId, "AFTER_SIX_MONTH");
    expect(await copiesOf(recordId)).toMatchObject({ surveys: "INPUT OUTPUT AFTER_SIX_MONTH" });
  });

  it("follows surveys deleted, moved, and inserted many at once, whatever writes them", async () => {
    const first = await recordInSession(true);
    const second = await recordInSession(true);
    await addSurvey(first.recordId, "INPUT");
    await addSurvey(first.recordId, "OUTPUT");
    await t.query("delete from record_fse where record_id = $1 and period = 'OUTPUT'", [first.recordId]);
    expect(await copiesOf(first.recordId)).toMatchObject({ surveys: "INPUT" });
    // Moved to another record, then to another period: each record concerned recomputes its flags.
    await t.query("update record_fse set record_id = $1 where record_id = $2", [second.recordId, first.recordId]);
    expect([await copiesOf(first.recordId), await copiesOf(second.recordId)]).toMatchObject([{ surveys: "" }, { surveys: "INPUT" }]);
    await t.query("update record_fse set period = 'AFTER_SIX_MONTH' where record_id = $1", [second.recordId]);
    expect(await copiesOf(second.recordId)).toMatchObject({ surveys: "AFTER_SIX_MONTH" });
    // One statement for several records and periods (as the bench's seed loads them).
    await t.query(
      `insert into record_fse (id, record_id, period, information)
       select md5(r || p), r, p, '{}' from unnest($1::text[]) r, unnest(array['INPUT', 'OUTPUT']) p`,
      [[first.recordId, second.recordId]],
    );
    expect([await copiesOf(first.recordId), await copiesOf(second.recordId)]).toMatchObject([
      { surveys: "INPUT OUTPUT" },
      { surveys: "INPUT OUTPUT AFTER_SIX_MONTH" },
    ]);
    await t.query("delete from record_fse where record_id = any($1::text[])", [[first.recordId, second.recordId]]);
    expect([await copiesOf(first.recordId), await copiesOf(second.recordId)]).toMatchObject([{ surveys: "" }, { surveys: "" }]);
  });

  it("recomputes a copy written directly: it cannot lie", async () => {
    const { trainingId, recordId } = await recordInSession(true);
    await addSurvey(recordId, "INPUT");
    await t.query("update records set training_id = 'other', training_fse = false, has_fse_input = false, has_fse_output = true where id = $1", [recordId]);
    expect(await copiesOf(recordId)).toEqual({ trainingId, fse: true, surveys: "INPUT" });
  });

  it("leaves no record whose copies differ from its session's training and its surveys", async () => {
    const [differing] = await t.query<{ n: number }>(
      `select count(*)::int as n from records r join sessions s on s.id = r.session_id join trainings tr on tr.id = s.training_id
       where (r.training_id, r.training_fse, r.has_fse_input, r.has_fse_output, r.has_fse_after_six_month) is distinct from (s.training_id, tr.fse,
         exists (select 1 from record_fse f where f.record_id = r.id and f.period = 'INPUT'),
         exists (select 1 from record_fse f where f.record_id = r.id and f.period = 'OUTPUT'),
         exists (select 1 from record_fse f where f.record_id = r.id and f.period = 'AFTER_SIX_MONTH'))`,
    );
    expect(differing?.n).toBe(0);
  });
});
