import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RoleId } from "../../resources/permissions";
import type { Training } from "../../resources/trainings/schema";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";
import { trainingBody } from "./support/trainings";

const CONTRACTING_LOCKED = "Vous ne pouvez pas modifier l'organisme contractant de cette formation.";
const EDUCATIONAL_LOCKED = "Vous ne pouvez pas modifier l'organisme de formation de cette formation.";

let t: TestApp;
const org = { ofA: "", ofA2: "", cdcA: "", cdcA2: "" };
const staff = {} as Record<RoleId, TestEmployee>;

beforeAll(async () => {
  t = await createTestApp();
  for (const key of Object.keys(org) as (keyof typeof org)[]) org[key] = await t.organization();
  const elsewhere = await t.organization();
  for (const role of ["rol_sup-admin", "rol_admin"] as const) staff[role] = await t.employee(role, [elsewhere]);
  for (const role of ["rol_resp-of", "rol_gest-of"] as const) staff[role] = await t.employee(role, [org.ofA, org.ofA2]);
  for (const role of ["rol_resp-cdc", "rol_gest-cdc", "rol_gest-cdcss"] as const) staff[role] = await t.employee(role, [org.cdcA, org.cdcA2]);
});
afterAll(() => t.close());

// Healthcare-social, between ofA and cdcA: in the scope of every role above.
const sides = (educational: string, contracting: string) =>
  trainingBody({ educational, contracting }, { device: "HEALTHCARE_SOCIAL_TRAINING_SUBSIDY" });

async function createTraining() {
  const res = await t.app.inject({ method: "POST", url: "/api/trainings", headers: await t.auth(staff["rol_sup-admin"]), payload: sides(org.ofA, org.cdcA) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Training;
}

async function moveSides(role: RoleId, training: Training, educational: string, contracting: string) {
  const payload = sides(educational, contracting);
  payload.information.number = training.information.number;
  payload.information.actionNumber = training.information.actionNumber;
  return t.app.inject({ method: "PATCH", url: `/api/trainings/${training.id}`, headers: await t.auth(staff[role]), payload });
}

const organisationsOf = async (id: string) =>
  (await t.query("select educational_organization_id as e, contracting_organization_id as c, name from trainings where id = $1", [id]))[0];

type Sides = [educational: string, contracting: string];

/** The move of the side `role` does not own is refused (403 `locked`, nothing changed); the move of its own side passes. */
async function expectOnlyOwnSide(role: RoleId, locked: string, moves: { refused: Sides; own: Sides }) {
  const training = await createTraining();
  const before = await organisationsOf(training.id);
  const refused = await moveSides(role, training, ...moves.refused);
  expect(refused.statusCode).toBe(403);
  expect(refused.json().message).toBe(locked);
  expect(await organisationsOf(training.id)).toEqual(before);

  const own = await moveSides(role, training, ...moves.own);
  expect(own.statusCode, own.body).toBe(200);
  expect(await organisationsOf(training.id)).toMatchObject({ e: moves.own[0], c: moves.own[1] });
}

describe("each side of a training changes only by the roles owning it", () => {
  it.each(["rol_sup-admin", "rol_admin"] as const)("%s may change both organisations", async (role) => {
    const training = await createTraining();
    const res = await moveSides(role, training, org.ofA2, org.cdcA2);
    expect(res.statusCode, res.body).toBe(200);
    expect(await organisationsOf(training.id)).toMatchObject({ e: org.ofA2, c: org.cdcA2 });
  });

  it.each(["rol_resp-of", "rol_gest-of"] as const)("%s may change the educational organisation, not the contracting one (403)", (role) =>
    expectOnlyOwnSide(role, CONTRACTING_LOCKED, { refused: [org.ofA, org.cdcA2], own: [org.ofA2, org.cdcA] }),
  );

  it.each(["rol_resp-cdc", "rol_gest-cdc", "rol_gest-cdcss"] as const)("%s may change the contracting organisation, not the educational one (403)", (role) =>
    expectOnlyOwnSide(role, EDUCATIONAL_LOCKED, { refused: [org.ofA2, org.cdcA], own: [org.ofA, org.cdcA2] }),
  );
});

describe("a PATCH reads, checks and writes its training in one transaction, the row locked", () => {
  it("a side changed while the PATCH waits for the row is seen by its checks (403), not written back over", async () => {
    const training = await createTraining();
    const holder = await t.app.pool.connect();
    let answer: Awaited<ReturnType<typeof moveSides>>;
    try {
      await holder.query("begin");
      await holder.query("select 1 from trainings where id = $1 for update", [training.id]);
      // gest-of keeps both sides as it read them (its own edit): it may not move the contracting organisation.
      const racing = moveSides("rol_gest-of", training, org.ofA, org.cdcA);
      const waiting = async () =>
        (await t.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()"))[0]!.n;
      await expect.poll(waiting, { timeout: 10_000 }).toBe(1);
      // Meanwhile an administrator moves the contracting side.
      await holder.query("update trainings set contracting_organization_id = $2 where id = $1", [training.id, org.cdcA2]);
      await holder.query("commit");
      answer = await racing;
    } finally {
      holder.release();
    }
    expect(answer.statusCode, answer.body).toBe(403);
    expect(answer.json().message).toBe(CONTRACTING_LOCKED);
    expect(await organisationsOf(training.id)).toMatchObject({ e: org.ofA, c: org.cdcA2 });
  });
});

