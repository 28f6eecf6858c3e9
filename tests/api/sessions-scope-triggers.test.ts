/**
 * A session's copies of its training's scope columns (migration 0008_sessions_scope, issue 11): the list's scope reads them, so
 * the database must keep them right. A session is created for a training; each change of the training's educational organisation,
 * contracting organisation or healthcare-social device moves the session to the new organisation's lists and out of the old
 * one's. Writes that bypass the API (an insert without the columns, a direct write, a new training_id) end the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionListItem } from "../../resources/sessions/schema";
import type { TrainingBodyInput } from "../../resources/trainings/schema";
import { trainingWithSession as createTrainingWithSession } from "./support/records";
import { patchTrainingInformation, scopeCast } from "./support/scope-cast";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";

let t: TestApp;
let admin: TestEmployee;
let org: Record<"ofA" | "ofB" | "cdcA" | "cdcB", string>;
let staff: Record<"respOfA" | "respOfB" | "gestCdcA" | "gestCdcB" | "gestCdcssB", TestEmployee>;

async function call(as: TestEmployee, url: string) {
  return t.app.inject({ url, headers: await t.auth(as) });
}

async function listedIds(as: TestEmployee): Promise<string[]> {
  const res = await call(as, "/api/sessions?limit=100");
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as SessionListItem[]).map((s) => s.id);
}

const copiesOf = async (sessionId: string) =>
  (
    await t.query<{ educational: string; contracting: string; healthcare: boolean }>(
      `select educational_organization_id as educational, contracting_organization_id as contracting, healthcare_social as healthcare
       from sessions where id = $1`,
      [sessionId],
    )
  )[0];

/** A training of ofA for cdcA (CPF) with one session, created through the API; answers both ids and the body to PATCH with. */
const trainingWithSession = () => createTrainingWithSession(t, admin, { educational: org.ofA, contracting: org.cdcA });

const patchTraining = (trainingId: string, body: TrainingBodyInput, information: Partial<TrainingBodyInput["information"]>) =>
  patchTrainingInformation(t, admin, { trainingId, body }, information);

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, org, staff } = await scopeCast(t, { ofA: "OF A", ofB: "OF B", cdcA: "CDC A", cdcB: "CDC B" }, [
    ["respOfA", "rol_resp-of", "ofA"],
    ["respOfB", "rol_resp-of", "ofB"],
    ["gestCdcA", "rol_gest-cdc", "cdcA"],
    ["gestCdcB", "rol_gest-cdc", "cdcB"],
    ["gestCdcssB", "rol_gest-cdcss", "cdcB"],
  ]));
});
afterAll(() => t?.close());

describe("sessions follow their training's scope", () => {
  it("copies the training's organisations and device on creation", async () => {
    const { sessionId } = await trainingWithSession();
    expect(await copiesOf(sessionId)).toEqual({ educational: org.ofA, contracting: org.cdcA, healthcare: false });
    expect(await listedIds(staff.respOfA)).toContain(sessionId);
    expect(await listedIds(staff.gestCdcA)).toContain(sessionId);
    expect(await listedIds(staff.respOfB)).not.toContain(sessionId);
  });

  it("moves to the new educational organisation's list when the training changes it", async () => {
    const { trainingId, sessionId, body } = await trainingWithSession();
    await patchTraining(trainingId, body, { educationalOrganizationId: org.ofB });
    expect(await copiesOf(sessionId)).toMatchObject({ educational: org.ofB, contracting: org.cdcA });
    expect(await listedIds(staff.respOfB)).toContain(sessionId);
    expect(await listedIds(staff.respOfA)).not.toContain(sessionId);
    expect((await call(staff.respOfB, `/api/sessions/${sessionId}`)).statusCode).toBe(200);
  });

  it("moves to the new contracting organisation's list when the training changes it", async () => {
    const { trainingId, sessionId, body } = await trainingWithSession();
    await patchTraining(trainingId, body, { contractingOrganizationId: org.cdcB });
    expect(await copiesOf(sessionId)).toMatchObject({ educational: org.ofA, contracting: org.cdcB });
    expect(await listedIds(staff.gestCdcB)).toContain(sessionId);
    expect(await listedIds(staff.gestCdcA)).not.toContain(sessionId);
    expect(await listedIds(staff.respOfA)).toContain(sessionId);
  });

  it("enters and leaves gest-cdcss's list with the training's healthcare-social device", async () => {
    const { trainingId, sessionId, body } = await trainingWithSession();
    await patchTraining(trainingId, body, { contractingOrganizationId: org.cdcB });
    expect(await listedIds(staff.gestCdcssB)).not.toContain(sessionId);
    await patchTraining(trainingId, body, { contractingOrganizationId: org.cdcB, device: "HEALTHCARE_SOCIAL_TRAINING_SUBSIDY" });
    expect((await copiesOf(sessionId))?.healthcare).toBe(true);
    expect(await listedIds(staff.gestCdcssB)).toContain(sessionId);
    await patchTraining(trainingId, body, { contractingOrganizationId: org.cdcB, device: "CPF" });
    expect((await copiesOf(sessionId))?.healthcare).toBe(false);
    expect(await listedIds(staff.gestCdcssB)).not.toContain(sessionId);
  });

  it("keeps the copies right whatever writes the session directly", async () => {
    const first = await trainingWithSession();
    const other = await trainingWithSession();
    await patchTraining(other.trainingId, other.body, { educationalOrganizationId: org.ofB, contractingOrganizationId: org.cdcB });
    // A direct write of a copy is recomputed from the training: it cannot widen the scope.
    await t.query("update sessions set educational_organization_id = $1 where id = $2", [org.ofB, first.sessionId]);
    expect(await copiesOf(first.sessionId)).toMatchObject({ educational: org.ofA });
    // A session moved to another training takes that training's scope.
    await t.query("update sessions set training_id = $1 where id = $2", [other.trainingId, first.sessionId]);
    expect(await copiesOf(first.sessionId)).toEqual({ educational: org.ofB, contracting: org.cdcB, healthcare: false });
    expect(await listedIds(staff.respOfA)).not.toContain(first.sessionId);
    expect(await listedIds(staff.respOfB)).toContain(first.sessionId);
    // An insert that leaves the columns out (the bench's seed, SQL fixtures) gets them from the training.
    await t.query(
      `insert into sessions (id, training_id, start_date, end_date, total_price_per_person_including_taxes, total_price_per_person_tax_free,
         purchasing_unit, actual_or_calculated_educational_cost) values ('raw-session', $1, '2026-01-12', '2026-03-20', 1200, 1000, 'PACKAGE_COURSE', 'ACTUAL_COST')`,
      [first.trainingId],
    );
    expect(await copiesOf("raw-session")).toEqual({ educational: org.ofA, contracting: org.cdcA, healthcare: false });
  });

  it("still reports a missing training as a foreign key violation", async () => {
    await expect(
      t.query(
        `insert into sessions (id, training_id, start_date, end_date, total_price_per_person_including_taxes, total_price_per_person_tax_free,
           purchasing_unit, actual_or_calculated_educational_cost) values ('orphan', 'no-such-training', '2026-01-12', '2026-03-20', 1, 1, 'PACKAGE_COURSE', 'ACTUAL_COST')`,
      ),
    ).rejects.toMatchObject({ code: "23503" });
  });

  it("leaves no session whose copies differ from its training's", async () => {
    const [row] = await t.query<{ n: number }>(
      `select count(*)::int as n from sessions s join trainings tr on tr.id = s.training_id
       where (s.educational_organization_id, s.contracting_organization_id, s.healthcare_social)
         is distinct from (tr.educational_organization_id, tr.contracting_organization_id, tr.healthcare_social)`,
    );
    expect(row?.n).toBe(0);
  });
});
