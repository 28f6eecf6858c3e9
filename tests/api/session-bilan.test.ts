/**
 * The bilan of a session: validating it records who and when, mails the funding authority exactly once (the contracting
 * organisation's e-mail, else its resp-cdc employees), and locks it: the server refuses any later change (409, nothing written).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RoleId } from "../../resources/permissions";
import { SESSION_MSG, type Session, type SessionPatchBodyInput, type SessionResultInput } from "../../resources/sessions/schema";
import { outbox } from "./support/outbox";
import { sessionBody, sessionInformation } from "./support/sessions";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";
import { trainingBody } from "./support/trainings";

let t: TestApp;
let admin: TestEmployee;
let gestOf: TestEmployee;
const org = { of: "", cdcWithEmail: "", cdcWithoutEmail: "", cdcNobody: "" };

async function call(method: "POST" | "PATCH" | "GET", url: string, payload: unknown, as: { id: string; roleId: RoleId } = admin) {
  return t.app.inject({ method, url, headers: await t.auth(as), payload: payload as object });
}

async function sessionContractedBy(contracting: string) {
  const training = await call("POST", "/api/trainings", trainingBody({ educational: org.of, contracting }, { name: "Soudeur TIG", marketNumber: "M-42" }));
  expect(training.statusCode, training.body).toBe(201);
  const session = await call("POST", "/api/sessions", sessionBody(training.json().data.id, { startDate: "2025-09-01", endDate: "2025-12-19" }));
  expect(session.statusCode, session.body).toBe(201);
  return session.json().data as Session;
}

const bilan = (fields: Partial<SessionResultInput> = {}): SessionResultInput => ({
  objective: "Former des soudeurs qualifiés",
  targetedQualification: "Titre professionnel soudeur",
  level: "LEVEL_3",
  program: "Soudage TIG et MIG, lecture de plans",
  improvements: "",
  validatedAssessment: false,
  ...fields,
});

const patch = (id: string, body: SessionPatchBodyInput, as?: TestEmployee) => call("PATCH", `/api/sessions/${id}`, body, as);
const stored = async (id: string) => (await t.query("select * from sessions where id = $1", [id]))[0];
const mailsAbout = async (session: Session) => (await outbox(t)).filter((mail) => mail.includes(`/sessions/${session.id}`));
const recipientsOf = (mail: string) => /^To: (.*)$/m.exec(mail)?.[1]?.split(/,\s*/).sort();

beforeAll(async () => {
  t = await createTestApp();
  org.of = await t.organization({ name: "FORMATIONS DU SUD" });
  org.cdcWithEmail = await t.organization({ name: "RÉGION SUD", email: "financement@region-sud.test" });
  org.cdcWithoutEmail = await t.organization({ name: "DÉPARTEMENT DU VAR", email: null });
  org.cdcNobody = await t.organization({ name: "COMMUNAUTÉ DE COMMUNES", email: null });
  admin = await t.employee("rol_admin", [], { firstName: "Hélène", lastName: "LEFÈVRE" });
  gestOf = await t.employee("rol_gest-of", [org.of], { firstName: "Camille", lastName: "BERNARD" });
  await t.employee("rol_resp-cdc", [org.cdcWithoutEmail], { email: "resp.un@var.test" });
  await t.employee("rol_resp-cdc", [org.cdcWithoutEmail, org.cdcNobody], { email: "resp.deux@var.test" });
  await t.employee("rol_gest-cdc", [org.cdcWithoutEmail], { email: "gestionnaire@var.test" });
  await t.employee("rol_resp-cdc", [org.cdcWithEmail], { email: "resp@region-sud.test" });
});
afterAll(() => t.close());

describe("validating a bilan", () => {
  it("stores the bilan with who validated it and when, and mails the contracting organisation once", async () => {
    const session = await sessionContractedBy(org.cdcWithEmail);
    const before = Date.now();
    const res = await patch(session.id, { result: bilan({ validatedAssessment: true }) }, gestOf);
    expect(res.statusCode, res.body).toBe(200);
    const { result } = res.json().data as Session;
    expect(result).toMatchObject({
      validatedAssessment: true,
      validatedBy: { id: gestOf.id, name: "Camille BERNARD" },
      objective: "Former des soudeurs qualifiés",
      improvements: null,
      level: "LEVEL_3",
    });
    expect(Date.parse(result.validatedDate!)).toBeGreaterThanOrEqual(before - 1000);

    const mails = await mailsAbout(session);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(recipientsOf(mail)).toEqual(["financement@region-sud.test"]);
    expect(mail).toContain("Subject: Bilan validé : Soudeur TIG (du 01/09/2025 au 19/12/2025)");
    expect(mail).toContain("Objectif : Former des soudeurs qualifiés");
    expect(mail).toContain("Qualification visée : Titre professionnel soudeur");
    expect(mail).toContain("Programme réalisé : Soudage TIG et MIG, lecture de plans");
    expect(mail).toContain("Axes d'amélioration : NC.");
    expect(mail).toContain("Niveau : Niveau 3 (CAP, BEP)");
    expect(mail).toContain("par Camille BERNARD");
    expect(mail).toContain(`${t.config.publicUrl}/sessions/${session.id}`);
  });

  it("mails the resp-cdc employees of the contracting organisation when it has no e-mail, in one mail", async () => {
    const session = await sessionContractedBy(org.cdcWithoutEmail);
    expect((await patch(session.id, { result: bilan({ validatedAssessment: true }) })).statusCode).toBe(200);
    const mails = await mailsAbout(session);
    expect(mails).toHaveLength(1);
    expect(recipientsOf(mails[0]!)).toEqual(["resp.deux@var.test", "resp.un@var.test"]);
  });

  it("still validates when nobody can be told", async () => {
    const session = await sessionContractedBy(org.cdcNobody);
    await t.query("delete from employee_organizations where organization_id = $1", [org.cdcNobody]);
    const res = await patch(session.id, { result: bilan({ validatedAssessment: true }) });
    expect(res.statusCode).toBe(200);
    expect((res.json().data as Session).result.validatedAssessment).toBe(true);
    expect(await mailsAbout(session)).toEqual([]);
  });

  it("saving a bilan without validating it sends nothing and keeps it editable", async () => {
    const session = await sessionContractedBy(org.cdcWithEmail);
    expect((await patch(session.id, { result: bilan() })).statusCode).toBe(200);
    const changed = await patch(session.id, { result: bilan({ objective: "Nouvel objectif" }) });
    expect(changed.statusCode).toBe(200);
    expect((changed.json().data as Session).result).toMatchObject({ objective: "Nouvel objectif", validatedAssessment: false, validatedBy: null });
    expect(await mailsAbout(session)).toEqual([]);
  });

  it("two simultaneous validations validate once and send one mail", async () => {
    const session = await sessionContractedBy(org.cdcWithEmail);
    // Hold the row so that both requests are inside their transaction, waiting, before either may go on: a real race.
    const holder = await t.app.pool.connect();
    let answers: Awaited<ReturnType<typeof patch>>[];
    try {
      await holder.query("begin");
      await holder.query("select 1 from sessions where id = $1 for update", [session.id]);
      const racing = Promise.all([
        patch(session.id, { result: bilan({ validatedAssessment: true }) }),
        patch(session.id, { result: bilan({ validatedAssessment: true }) }, gestOf),
      ]);
      const waiting = async () =>
        (await t.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()"))[0]!.n;
      await expect.poll(waiting, { timeout: 10_000 }).toBe(2);
      await holder.query("commit");
      answers = await racing;
    } finally {
      holder.release();
    }
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(await mailsAbout(session)).toHaveLength(1);
    const validators = new Set(answers.map((a) => (a.json().data as Session).result.validatedBy?.id));
    expect(validators.size).toBe(1);
  });
});

describe("a validated bilan is locked", () => {
  let session: Session;
  beforeAll(async () => {
    session = await sessionContractedBy(org.cdcWithEmail);
    expect((await patch(session.id, { result: bilan({ validatedAssessment: true }) })).statusCode).toBe(200);
  });

  it.each([
    ["a changed text", bilan({ objective: "Autre chose", validatedAssessment: true })],
    ["a text emptied", bilan({ program: "", validatedAssessment: true })],
    ["a changed level", bilan({ level: "LEVEL_4", validatedAssessment: true })],
    ["an un-validation", bilan({ validatedAssessment: false })],
  ])("refuses %s with 409, writing nothing of the request", async (_case, result) => {
    const before = await stored(session.id);
    const res = await patch(session.id, { information: sessionInformation({ capacity: 3 }), result });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SESSION_MSG.resultLocked);
    expect(await stored(session.id)).toEqual(before);
  });

  it("accepts the same bilan resent with other information, and sends no second mail", async () => {
    const res = await patch(session.id, {
      information: sessionInformation({ startDate: "2025-09-01", endDate: "2025-12-19", capacity: 4 }),
      result: bilan({ validatedAssessment: true }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as Session).information.capacity).toBe(4);
    expect(await mailsAbout(session)).toHaveLength(1);
  });

  it("keeps who validated it when their account is deleted", async () => {
    const validator = await t.employee("rol_admin", [], { firstName: "Paul", lastName: "MARTIN" });
    const other = await sessionContractedBy(org.cdcWithEmail);
    expect((await patch(other.id, { result: bilan({ validatedAssessment: true }) }, validator)).statusCode).toBe(200);
    await t.query("delete from employees where id = $1", [validator.id]);
    const res = await call("GET", `/api/sessions/${other.id}`, undefined);
    expect((res.json().data as Session).result.validatedBy).toEqual({ id: null, name: "Paul MARTIN" });
  });
});
