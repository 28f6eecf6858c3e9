/**
 * Issue 23's property: random interleavings of creations, status changes, re-pushes, edits and deletions on a few records, with
 * the product's database connections cut (pg_terminate_backend) and the server restarted at random points, AGORA answering,
 * refusing, late, silent or cut (the simulator's fixtures). Once the follow-ups have run, product and AGORA agree on every record.
 */
import fc from "fast-check";
import type pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { fcOptions } from "./support/hostile-harness";
import { cutProductConnections, expectBothSidesAgree, reconnect, restartApp, settleExchanges, sideConnection } from "./support/exchanges";
import { createTrainee, trainingWithSession } from "./support/records";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";

let t: TestApp;
let side: pg.Client;
let admin: TestEmployee;
let gest: TestEmployee;
let organizations: { educational: string; contracting: string };

beforeAll(async () => {
  t = await createTestApp({ agoraTimeoutMs: 400, stopGraceMs: 300 });
  side = await sideConnection(t);
  organizations = { educational: await t.organization(), contracting: await t.organization() };
  admin = await t.employee("rol_admin", []);
  gest = await t.employee("rol_gest-of", [organizations.educational]);
  // The simulator makes its tables at its first call: a scenario whose requests are all cut before AGORA would find none.
  await t.app.agora.getRecord({ agoraId: "aucun" });
});
afterAll(async () => {
  await side?.end();
  // Dead pooled connections (a cut the scenario made) would hold the pool's end.
  if (t) await reconnect(t);
  await t?.close();
});

const TRAINEES = 3;
const SESSIONS = 2;
/** Usage last names: AGORA's fixtures (late, silent, cut, refusing) among ordinary ones. */
const NAMES = ["Durand", "Martin", "Lent", "Muet", "Coupure", "Refus", "Panne"] as const;
const TARGETS = ["VALIDATED", "START_OF_TRAINING", "END_OF_TRAINING", "TERMINATED_FULLY_DONE", "REJECTED"] as const;

type Command =
  | { op: "create"; trainee: number; session: number }
  | { op: "status"; trainee: number; to: (typeof TARGETS)[number] }
  | { op: "repush"; trainee: number }
  | { op: "edit"; trainee: number }
  | { op: "deleteSession"; session: number }
  | { op: "deleteTrainee"; trainee: number }
  | { op: "cut"; afterMs: number }
  | { op: "restart" };

const trainee = fc.integer({ min: 0, max: TRAINEES - 1 });
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constant("create" as const), trainee, session: fc.integer({ min: 0, max: SESSIONS - 1 }) }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant("status" as const), trainee, to: fc.constantFrom(...TARGETS) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("repush" as const), trainee }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("edit" as const), trainee }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("deleteSession" as const), session: fc.integer({ min: 0, max: SESSIONS - 1 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("deleteTrainee" as const), trainee }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("cut" as const), afterMs: fc.integer({ min: 0, max: 60 }) }) },
  { weight: 1, arbitrary: fc.constant({ op: "restart" as const }) },
);
/** Steps of one to three commands sent together: their requests interleave. */
const scenario = fc.record({
  names: fc.array(fc.constantFrom(...NAMES), { minLength: TRAINEES, maxLength: TRAINEES }),
  steps: fc.array(fc.array(command, { minLength: 1, maxLength: 3 }), { minLength: 3, maxLength: 8 }),
});

/** A product answer a user, a race or a fault may cause: never a 5xx but 503 (database unreachable for a moment). */
const ALLOWED = new Set([200, 201, 202, 204, 404, 409, 422, 503]);

interface World {
  trainees: string[];
  sessions: string[];
}

async function recordOf(traineeId: string): Promise<{ id: string; status: string } | undefined> {
  return (await t.query<{ id: string; status: string }>("select id, status from records where trainee_id = $1", [traineeId]))[0];
}

async function run(world: World, c: Command): Promise<number | undefined> {
  const send = async (method: "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
    (await t.app.inject({ method, url, headers: await t.auth(method === "DELETE" ? admin : gest), ...(payload ? { payload } : {}) })).statusCode;
  switch (c.op) {
    case "create":
      return send("POST", "/api/records", { traineeId: world.trainees[c.trainee], sessionId: world.sessions[c.session] });
    case "status": {
      const record = await recordOf(world.trainees[c.trainee]!).catch(() => undefined);
      return record && send("PATCH", `/api/records/${record.id}/status`, { status: c.to, options: { reason: "Other" } });
    }
    case "repush": {
      const record = await recordOf(world.trainees[c.trainee]!).catch(() => undefined);
      return record && send("PATCH", `/api/records/${record.id}/reengineering`, { status: record.status, options: { reason: "Other" } });
    }
    case "edit": {
      const record = await recordOf(world.trainees[c.trainee]!).catch(() => undefined);
      const internship = { internshipStartDate: "2026-02-02", internshipEndDate: "2026-02-20", internshipProspects: `Essai ${Date.now()}` };
      return record && send("PATCH", `/api/records/${record.id}`, { internship });
    }
    case "deleteSession":
      return send("DELETE", `/api/sessions/${world.sessions[c.session]}`);
    case "deleteTrainee":
      return send("DELETE", `/api/trainees/${world.trainees[c.trainee]}`);
    case "cut":
      await new Promise((resolve) => setTimeout(resolve, c.afterMs));
      await cutProductConnections(side, "all");
      return undefined;
    case "restart":
      await restartApp(t);
      return undefined;
  }
}

it("product and AGORA agree on every record after any interleaving, once the follow-ups have run", async () => {
  await fc.assert(
    fc.asyncProperty(scenario, async ({ names, steps }) => {
      const sessions = await Promise.all(
        Array.from({ length: SESSIONS }, async () => (await trainingWithSession(t, admin, organizations)).sessionId),
      );
      const world: World = { sessions, trainees: await Promise.all(names.map((lastName) => createTrainee(t, admin, { lastName }))) };
      for (const step of steps) {
        // A restart waits for the step's requests: a stop in the middle of them is tests/api/exchanges-cases.test.ts's.
        const answers = await Promise.all(step.filter((c) => c.op !== "restart").map((c) => run(world, c)));
        for (const status of answers) if (status !== undefined) expect(ALLOWED.has(status), `réponse ${status}`).toBe(true);
        if (step.some((c) => c.op === "restart")) await run(world, { op: "restart" });
      }
      expect(await settleExchanges(t, 10)).toBe(0);
      const records = (await Promise.all(world.trainees.map(recordOf))).filter((r) => r !== undefined);
      await expectBothSidesAgree(t, records.map((r) => r.id));
      // No AGORA file without its record (a refused creation makes none).
      const ssns = await t.query<{ ssn: string }>("select ssn from trainees where id = any($1)", [world.trainees]);
      const files = await t.query<{ n: number }>("select count(*)::int as n from agora_sim.files where file->'trainee'->>'ssn' = any($1)", [
        ssns.map((s) => s.ssn),
      ]);
      expect(files[0]!.n).toBe(records.length);
    }),
    { ...fcOptions(12, "exchanges interleavings"), endOnFailure: true },
  );
}, 600_000);
