/**
 * The records' copies of their session's scope columns and dates, and the trainees' copies of their record's scope columns
 * (migration 0011_records_trainees_scope, issue 11): the records' and trainees' scope and the blocking filter read them, so the
 * database must keep them right. A record takes its session's on creation and follows each change of its training's organisations
 * (through the session's copies) and of its session's dates; its trainee follows it, and is free again when it goes. Writes that
 * bypass the API end the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TrainingBodyInput } from "../../resources/trainings/schema";
import { createTrainee, recordRow, trainingWithSession as createTrainingWithSession } from "./support/records";
import { patchTrainingInformation, scopeCast } from "./support/scope-cast";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";

let t: TestApp;
let admin: TestEmployee;
let org: Record<"ofA" | "ofB" | "cdcA", string>;
let staff: Record<"respOfA" | "respOfB" | "gestCdcA", TestEmployee>;

async function call(as: TestEmployee, url: string) {
  return t.app.inject({ url, headers: await t.auth(as) });
}

async function listedIds(as: TestEmployee, url: string): Promise<string[]> {
  const res = await call(as, url);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: string }[]).map((row) => row.id);
}
const listedTrainees = (as: TestEmployee, query = "") => listedIds(as, `/api/trainees?limit=100${query}`);
const listedRecords = (as: TestEmployee, query = "") => listedIds(as, `/api/records?limit=100${query}`);

const recordCopies = async (recordId: string) =>
  (
    await t.query<{ educational: string; contracting: string; healthcare: boolean; start: string; end: string }>(
      `select educational_organization_id as educational, contracting_organization_id as contracting, healthcare_social as healthcare,
         session_start_date::text as start, session_end_date::text as end from records where id = $1`,
      [recordId],
    )
  )[0];

const traineeCopies = async (traineeId: string) =>
  (
    await t.query<{ educational: string | null; contracting: string | null; healthcare: boolean | null }>(
      `select record_educational_organization_id as educational, record_contracting_organization_id as contracting,
         record_healthcare_social as healthcare from trainees where id = $1`,
      [traineeId],
    )
  )[0];

/** A training of ofA for cdcA with one session (12/01/2026 – 20/03/2026), and a trainee with a record in it. */
async function recordInSession(fields: Parameters<typeof recordRow>[2] = {}) {
  const { trainingId, sessionId, body } = await createTrainingWithSession(t, admin, { educational: org.ofA, contracting: org.cdcA });
  const traineeId = await createTrainee(t, admin);
  const recordId = await recordRow(t, { traineeId, sessionId }, fields);
  return { trainingId, sessionId, body, traineeId, recordId };
}

const patchTraining = (trainingId: string, body: TrainingBodyInput, information: Partial<TrainingBodyInput["information"]>) =>
  patchTrainingInformation(t, admin, { trainingId, body }, information);

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, org, staff } = await scopeCast(t, { ofA: "OF A", ofB: "OF B", cdcA: "CDC A" }, [
    ["respOfA", "rol_resp-of", "ofA"],
    ["respOfB", "rol_resp-of", "ofB"],
    ["gestCdcA", "rol_gest-cdc", "cdcA"],
  ]));
});
afterAll(() => t?.close());

describe("records and their trainees follow the session's scope", () => {
  it("copies the session's organisations and dates on creation, and the record's to its trainee", async () => {
    const free = await createTrainee(t, admin);
    expect(await traineeCopies(free)).toEqual({ educational: null, contracting: null, healthcare: null });
    const { traineeId, recordId } = await recordInSession();
    expect(await recordCopies(recordId)).toEqual({
      educational: org.ofA,
      contracting: org.cdcA,
      healthcare: false,
      start: "2026-01-12",
      end: "2026-03-20",
    });
    expect(await traineeCopies(traineeId)).toEqual({ educational: org.ofA, contracting: org.cdcA, healthcare: false });
    // A trainee without a record is everybody's; with one, only its record's organisations'.
    for (const as of [staff.respOfA, staff.respOfB, staff.gestCdcA]) expect(await listedTrainees(as)).toContain(free);
    expect(await listedTrainees(staff.respOfA)).toContain(traineeId);
    expect(await listedTrainees(staff.gestCdcA)).toContain(traineeId);
    expect(await listedTrainees(staff.respOfB)).not.toContain(traineeId);
    expect(await listedTrainees(admin, "&freeTrainees=true")).toContain(free);
    expect(await listedTrainees(admin, "&freeTrainees=true")).not.toContain(traineeId);
    expect(await listedRecords(staff.respOfA)).toContain(recordId);
    expect(await listedRecords(staff.respOfB)).not.toContain(recordId);
  });

  it("moves the record and its trainee to the new educational organisation's lists when the training changes it", async () => {
    const { trainingId, body, traineeId, recordId } = await recordInSession();
    await patchTraining(trainingId, body, { educationalOrganizationId: org.ofB });
    expect(await recordCopies(recordId)).toMatchObject({ educational: org.ofB, contracting: org.cdcA });
    expect(await traineeCopies(traineeId)).toMatchObject({ educational: org.ofB, contracting: org.cdcA });
    expect(await listedRecords(staff.respOfB)).toContain(recordId);
    expect(await listedRecords(staff.respOfA)).not.toContain(recordId);
    expect(await listedTrainees(staff.respOfB)).toContain(traineeId);
    expect(await listedTrainees(staff.respOfA)).not.toContain(traineeId);
    expect((await call(staff.respOfB, `/api/trainees/${traineeId}`)).statusCode).toBe(200);
    expect((await call(staff.respOfA, `/api/trainees/${traineeId}`)).statusCode).toBe(404);
  });

  it("follows the session's dates into the blocking filter", async () => {
    // VALIDATED in a session starting far ahead: not blocking; once the session has started long ago, it lags.
    const { sessionId, recordId } = await recordInSession({ status: "VALIDATED" });
    await t.query("update sessions set start_date = '2099-01-05', end_date = '2099-03-20' where id = $1", [sessionId]);
    expect(await recordCopies(recordId)).toMatchObject({ start: "2099-01-05", end: "2099-03-20" });
    expect(await listedRecords(admin, "&filterAnomalies=true")).not.toContain(recordId);
    await t.query("update sessions set start_date = '2020-01-06', end_date = '2099-03-20' where id = $1", [sessionId]);
    expect(await recordCopies(recordId)).toMatchObject({ start: "2020-01-06" });
    expect(await listedRecords(admin, "&filterAnomalies=true")).toContain(recordId);
  });

  it("keeps the copies right whatever writes the records and trainees directly", async () => {
    const first = await recordInSession();
    const other = await recordInSession();
    await patchTraining(other.trainingId, other.body, { educationalOrganizationId: org.ofB });
    // A direct write of a copy is recomputed from the session, or from the record: it cannot widen the scope.
    await t.query("update records set educational_organization_id = $1, session_start_date = '2000-01-01' where id = $2", [org.ofB, first.recordId]);
    expect(await recordCopies(first.recordId)).toMatchObject({ educational: org.ofA, start: "2026-01-12" });
    await t.query("update trainees set record_educational_organization_id = $1 where id = $2", [org.ofB, first.traineeId]);
    expect(await traineeCopies(first.traineeId)).toMatchObject({ educational: org.ofA });
    const free = await createTrainee(t, admin);
    await t.query("update trainees set record_educational_organization_id = $1 where id = $2", [org.ofA, free]);
    expect(await traineeCopies(free)).toMatchObject({ educational: null });
    // A session moved to another training takes its scope (0008's trigger) and passes it on to its records and their trainees.
    const third = await recordInSession();
    await t.query("update sessions set training_id = $1 where id = $2", [other.trainingId, third.sessionId]);
    expect(await recordCopies(third.recordId)).toMatchObject({ educational: org.ofB });
    expect(await traineeCopies(third.traineeId)).toMatchObject({ educational: org.ofB });
    // A record moved to another session takes that session's scope, and passes it on to its trainee.
    await t.query("update records set session_id = $1 where id = $2", [other.sessionId, first.recordId]);
    expect(await recordCopies(first.recordId)).toMatchObject({ educational: org.ofB });
    expect(await traineeCopies(first.traineeId)).toMatchObject({ educational: org.ofB });
    // A record moved to another trainee: that one takes its scope, the one it left is free again.
    await t.query("update records set trainee_id = $1 where id = $2", [free, first.recordId]);
    expect(await traineeCopies(free)).toMatchObject({ educational: org.ofB });
    expect(await traineeCopies(first.traineeId)).toEqual({ educational: null, contracting: null, healthcare: null });
    // A deleted record frees its trainee.
    await t.query("delete from records where id = $1", [other.recordId]);
    expect(await traineeCopies(other.traineeId)).toEqual({ educational: null, contracting: null, healthcare: null });
    expect(await listedTrainees(admin, "&freeTrainees=true")).toContain(other.traineeId);
  });

  it("still reports a missing session as a foreign key violation", async () => {
    const traineeId = await createTrainee(t, admin);
    await expect(recordRow(t, { traineeId, sessionId: "no-such-session" })).rejects.toMatchObject({ cause: { code: "23503" } });
  });

  it("leaves no record whose copies differ from its session's, and no trainee whose copies differ from its record's", async () => {
    const [records] = await t.query<{ n: number }>(
      `select count(*)::int as n from records r join sessions s on s.id = r.session_id
       where (r.educational_organization_id, r.contracting_organization_id, r.healthcare_social, r.session_start_date, r.session_end_date)
         is distinct from (s.educational_organization_id, s.contracting_organization_id, s.healthcare_social, s.start_date, s.end_date)`,
    );
    expect(records?.n).toBe(0);
    const [trainees] = await t.query<{ n: number }>(
      `select count(*)::int as n from trainees tr left join records r on r.trainee_id = tr.id
       where (tr.record_educational_organization_id, tr.record_contracting_organization_id, tr.record_healthcare_social)
         is distinct from (r.educational_organization_id, r.contracting_organization_id, r.healthcare_social)`,
    );
    expect(trainees?.n).toBe(0);
  });
});
