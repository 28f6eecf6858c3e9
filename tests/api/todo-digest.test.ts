/**
 * The « À traiter » digest (issue 25): on the app's clock, 7:30 in Paris on a working day queues one mail per employee who opted
 * in on their profile, with the counts of their scope and links to the lists; none on a holiday or before 7:30; none twice,
 * even with two app instances on one database running it at once. The opt-in is the employee's own (PUT /api/users/me/digest).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type App } from "../../server/app";
import { DIGEST_TASK, sendDailyDigests } from "../../server/todo/digest";
import { mailsTo, outbox } from "./support/outbox";
import { createTrainee, recordRow, trainingWithSession } from "./support/records";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";

let t: TestApp;
let second: App;
let admin: TestEmployee;
let gestOf: TestEmployee;
let respCdc: TestEmployee;
let now = new Date("2026-05-21T05:30:00Z");

const digestsTo = async (employee: TestEmployee) => (await mailsTo(t, employee.email)).filter((mail) => /^Subject: À traiter – /m.test(mail));
async function optIn(employee: TestEmployee, dailyDigest: boolean) {
  const res = await t.app.inject({ method: "PUT", url: "/api/users/me/digest", headers: await t.auth(employee), payload: { dailyDigest } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data).toEqual({ dailyDigest });
}
/** Runs the periodic job as the queue would: one run, by whichever worker takes it. */
async function runDigestJob() {
  await t.app.queue.enqueue(t.app.db, DIGEST_TASK, {});
  await t.app.queue.drain([DIGEST_TASK]);
}

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  // A second instance on the same database and data directory (the same outbox), as in a cluster.
  second = await buildApp({ ...t.config, clock: () => now });
  await second.ready();
  const [of, cdc, otherOf] = [await t.organization(), await t.organization(), await t.organization()];
  admin = await t.employee("rol_admin", [], { firstName: "Alice" });
  gestOf = await t.employee("rol_gest-of", [of], { firstName: "Gaspard" });
  respCdc = await t.employee("rol_resp-cdc", [cdc], { firstName: "Rémi" });
  await t.employee("rol_gest-cdc", [cdc]); // never opted in
  const ours = await trainingWithSession(t, admin, { educational: of, contracting: cdc }, {}, { startDate: "2026-09-07", endDate: "2026-12-18" });
  const theirs = await trainingWithSession(t, admin, { educational: otherOf, contracting: cdc }, {}, { startDate: "2026-09-07", endDate: "2026-12-18" });
  await recordRow(t, { traineeId: await createTrainee(t, admin), sessionId: ours.sessionId }, { status: "VALIDATED", lastExchangeFailed: true });
  await recordRow(t, { traineeId: await createTrainee(t, admin), sessionId: theirs.sessionId }, { status: "VALIDATED", lastExchangeFailed: true });
  await recordRow(t, { traineeId: await createTrainee(t, admin), sessionId: theirs.sessionId }, { status: "VALIDATED", pendingExchangeId: "under-way" });
  for (const employee of [admin, gestOf, respCdc]) await optIn(employee, true);
});
afterAll(async () => {
  await second?.close();
  await t.close();
});

describe("the employee's own choice", () => {
  it("reads back what they chose, refuses anything but a boolean", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/users/me/digest", headers: await t.auth(gestOf) });
    expect(res.json().data).toEqual({ dailyDigest: true });
    const bad = await t.app.inject({ method: "PUT", url: "/api/users/me/digest", headers: await t.auth(gestOf), payload: { dailyDigest: "oui" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("dailyDigest doit valoir true ou false");
    const rows = await t.query<{ daily_digest: boolean }>("select daily_digest from employees where id = $1", [gestOf.id]);
    expect(rows[0]?.daily_digest).toBe(true);
  });
});

describe("the daily digest", () => {
  it("sends nothing on a holiday at 7:30 (Ascension, Thursday 14 May 2026) nor before 7:30 on a working day", async () => {
    now = new Date("2026-05-14T05:30:00Z");
    await runDigestJob();
    now = new Date("2026-05-21T05:29:00Z"); // 7:29 in Paris
    await runDigestJob();
    expect(await outbox(t)).toEqual([]);
  });

  it("at 7:30 on a working day, one mail per opted-in employee with the counts of their scope, even with two instances", async () => {
    now = new Date("2026-05-21T05:30:00Z");
    const queued = await Promise.all([sendDailyDigests(t.app), sendDailyDigests(second), sendDailyDigests(t.app)]);
    expect(queued.reduce((a, b) => a + b, 0)).toBe(3);
    await runDigestJob(); // a later run of the periodic job, the same morning
    const [adminMails, gestOfMails, respCdcMails] = [await digestsTo(admin), await digestsTo(gestOf), await digestsTo(respCdc)];
    expect([adminMails.length, gestOfMails.length, respCdcMails.length]).toEqual([1, 1, 1]);
    expect((await outbox(t)).length).toBe(3);
    expect(adminMails[0]).toContain("Subject: À traiter – 21/05/2026");
    expect(adminMails[0]).toContain("Bonjour Alice,");
    expect(adminMails[0]).toContain("- Échanges AGORA en échec : 2\n  http://localhost:3000/records?todo=agora-failed");
    expect(adminMails[0]).toContain("- Échanges AGORA en attente : 1\n  http://localhost:3000/records?todo=agora-pending");
    expect(adminMails[0]).toContain("- Dossiers bloquants : 2\n  http://localhost:3000/records?filterAnomalies=true");
    expect(gestOfMails[0]).toContain("- Échanges AGORA en échec : 1\n");
    expect(gestOfMails[0]).toContain("- Échanges AGORA en attente : 0\n");
    expect(respCdcMails[0]).toContain("- Échanges AGORA en échec : 2\n");
  });

  it("sends the next working day again, to whoever is still opted in; an employee with nothing to do reads so", async () => {
    await optIn(admin, false);
    await t.query("update records set last_exchange_failed = false, pending_exchange_id = null");
    now = new Date("2026-05-22T05:35:00Z");
    await runDigestJob();
    expect((await digestsTo(admin)).length).toBe(1);
    const gestOfMails = await digestsTo(gestOf);
    expect(gestOfMails.length).toBe(2);
    expect(gestOfMails[1]).toContain("Rien à traiter aujourd'hui.");
    expect(gestOfMails[1]).toContain("Subject: À traiter – 22/05/2026");
  });
});
