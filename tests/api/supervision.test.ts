/**
 * The supervision API (issue 38; docs/queue.md): jobs by state with each queue's summary, « Relancer » a failed job,
 * unsettled exchanges with their age, « Demander à AGORA » and « Abandonner » with a reason (in the record's history); each
 * action recorded with who did it; sup-admins and admins only. Reconciliation skips exchanges tried recently (no starvation).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUPERVISION_MSG } from "../../resources/supervision/schema";
import { EXCHANGE_JOB } from "../../server/exchanges/begin";
import { RECONCILE_JOB } from "../../server/exchanges/index";
import { createTrainee, trainingWithSession } from "./support/records";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";

let t: TestApp;
let admin: TestEmployee;
let supAdmin: TestEmployee;
let gest: TestEmployee;
let sessionId = "";

beforeAll(async () => {
  t = await createTestApp();
  const organizations = { educational: await t.organization(), contracting: await t.organization() };
  admin = await t.employee("rol_admin", [], { firstName: "Alice", lastName: "ADMIN" });
  supAdmin = await t.employee("rol_sup-admin", []);
  gest = await t.employee("rol_gest-of", [organizations.educational]);
  ({ sessionId } = await trainingWithSession(t, admin, organizations));
});
afterAll(() => t.close());

const call = async (as: TestEmployee, method: "GET" | "POST", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: await t.auth(as), ...(method === "POST" ? { payload: payload ?? {} } : {}) });
const actions = (targetId: string) => t.query("select employee_id, employee_name, action, reason from supervision_actions where target_id = $1 order by at", [targetId]);

/** A record (through AGORA) with an exchange left pending for `minutes`, as a lost answer leaves it. */
async function pendingExchange(minutes = 10): Promise<{ recordId: string; exchangeId: string }> {
  const created = await call(gest, "POST", "/api/records", { traineeId: await createTrainee(t, admin), sessionId });
  expect(created.statusCode, created.body).toBe(201);
  const recordId = created.json().data.id as string;
  const exchangeId = `e${Date.now().toString(16)}${Math.random().toString(16).slice(2)}`.padEnd(32, "0").slice(0, 32);
  await t.query(
    `insert into agora_exchanges (id, idempotency_key, kind, record_id, payload, from_status, to_status, employee_name, attempts, last_error, created_at)
     values ($1, $1, 'STATUS', $2, '{"kind":"STATUS"}', 'SETUP', 'VALIDATED', 'Léa GEST', 1, 'AGORA ne répond pas', now() - $3 * interval '1 minute')`,
    [exchangeId, recordId, minutes],
  );
  await t.query("update records set pending_exchange_id = $1 where id = $2", [exchangeId, recordId]);
  return { recordId, exchangeId };
}

describe("jobs", () => {
  it("lists jobs of a state with the queues' summary, and « Relancer » runs a failed one again, recorded with who asked", async () => {
    const [{ id }] = (await t.query<{ id: string }>(
      `insert into jobs (id, queue, payload, state, attempts, last_error, finished_at) values (md5(random()::text), 'mail.send', '{}', 'failed', 25, 'abandonnée après 25 essais', now()) returning id`,
    )) as [{ id: string }];
    const listed = await call(admin, "GET", "/api/supervision/jobs?state=failed");
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data).toContainEqual(expect.objectContaining({ id, queue: "mail.send", state: "failed", attempts: 25, lastError: "abandonnée après 25 essais" }));
    expect(listed.json().metadata.queues).toContainEqual(expect.objectContaining({ queue: "mail.send", failed: 1 }));

    const retried = await call(admin, "POST", `/api/supervision/jobs/${id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data).toMatchObject({ id, state: "pending", attempts: 0, requestedBy: { id: admin.id, name: "Alice ADMIN" } });
    expect(await actions(id)).toEqual([{ employee_id: admin.id, employee_name: "Alice ADMIN", action: "job.retry", reason: null }]);
    const again = await call(admin, "POST", `/api/supervision/jobs/${id}/retry`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SUPERVISION_MSG.jobNotFailed);
    expect((await call(admin, "POST", `/api/supervision/jobs/${"0".repeat(32)}/retry`)).statusCode).toBe(404);
    expect((await call(admin, "GET", "/api/supervision/jobs?state=oublie")).statusCode).toBe(400);
  });
});

describe("exchanges", () => {
  it("lists an unsettled exchange with its age; « Demander à AGORA » runs its follow-up now, recorded", async () => {
    const { exchangeId } = await pendingExchange(10);
    const listed = await call(supAdmin, "GET", "/api/supervision/exchanges");
    expect(listed.statusCode, listed.body).toBe(200);
    const row = listed.json().data.find((x: { id: string }) => x.id === exchangeId);
    expect(row).toMatchObject({ kind: "STATUS", state: "pending", blocking: false, attempts: 1, lastError: "AGORA ne répond pas" });
    expect(row.ageSeconds).toBeGreaterThanOrEqual(600);
    const asked = await call(supAdmin, "POST", `/api/supervision/exchanges/${exchangeId}/reconcile`);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(await t.query("select state, run_at <= now() as due, requested_by_id from jobs where key = $1", [`exchange:${exchangeId}`])).toEqual([
      { state: "pending", due: true, requested_by_id: supAdmin.id },
    ]);
    expect((await actions(exchangeId)).map((a) => a.action)).toEqual(["exchange.reconcile"]);
  });

  it("« Abandonner » ends an unsettled exchange with the reason, in the record's history; a reason is required; once only", async () => {
    const { recordId, exchangeId } = await pendingExchange();
    const missing = await call(admin, "POST", `/api/supervision/exchanges/${exchangeId}/abandon`, { reason: "  " });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.fields).toEqual([{ path: "body.reason", message: SUPERVISION_MSG.reasonRequired }]);
    const abandoned = await call(admin, "POST", `/api/supervision/exchanges/${exchangeId}/abandon`, { reason: "AGORA confirme n'avoir rien reçu" });
    expect(abandoned.statusCode, abandoned.body).toBe(200);
    expect(abandoned.json().data).toMatchObject({ state: "failed", lastError: SUPERVISION_MSG.abandoned("Alice ADMIN", "AGORA confirme n'avoir rien reçu") });
    const record = (await call(admin, "GET", `/api/records/${recordId}`)).json().data;
    expect(record.events[0]).toMatchObject({ kind: "ABANDON", employee: { id: admin.id, name: "Alice ADMIN" }, note: "AGORA confirme n'avoir rien reçu" });
    expect(await t.query("select pending_exchange_id from records where id = $1", [recordId])).toEqual([{ pending_exchange_id: null }]);
    expect(await actions(exchangeId)).toEqual([{ employee_id: admin.id, employee_name: "Alice ADMIN", action: "exchange.abandon", reason: "AGORA confirme n'avoir rien reçu" }]);
    const again = await call(admin, "POST", `/api/supervision/exchanges/${exchangeId}/abandon`, { reason: "encore" });
    expect(again.statusCode).toBe(409);
    expect((await call(admin, "POST", `/api/supervision/exchanges/${exchangeId}/reconcile`)).statusCode).toBe(409);
  });

  it("is refused to every other role (403)", async () => {
    const { exchangeId } = await pendingExchange();
    for (const [method, url] of [
      ["GET", "/api/supervision/jobs"],
      ["GET", "/api/supervision/exchanges"],
      ["POST", `/api/supervision/exchanges/${exchangeId}/reconcile`],
    ] as const) {
      expect((await call(gest, method, url)).statusCode).toBe(403);
    }
    expect(await actions(exchangeId)).toEqual([]);
  });
});

describe("reconciliation", () => {
  it("skips exchanges tried recently and takes the least recently tried first: 1,000 failing ones do not starve a newer one", async () => {
    // 1,000 poison exchanges, older than any other and tried a minute ago (still failing), then one nobody tried yet.
    await t.query(`insert into agora_exchanges (id, idempotency_key, kind, payload, employee_name, created_at, tried_at, last_error)
      select 'poison' || n, 'poison' || n, 'REPUSH', '{"kind":"REPUSH"}', 'x', now() - interval '1 day', now() - interval '1 minute', 'AGORA ne répond pas'
      from generate_series(1, 1000) n`);
    const { exchangeId } = await pendingExchange(10);
    await t.query("delete from jobs where queue = $1", [EXCHANGE_JOB]);
    await t.app.queue.enqueue(t.app.db, RECONCILE_JOB, {});
    await t.app.queue.drain([RECONCILE_JOB]);
    const followed = await t.query<{ key: string }>("select key from jobs where queue = $1", [EXCHANGE_JOB]);
    expect(followed.map((job) => job.key)).toContain(`exchange:${exchangeId}`);
    expect(followed.filter((job) => job.key.startsWith("exchange:poison"))).toEqual([]);
  });
});
