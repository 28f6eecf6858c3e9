/**
 * E-mails through the durable queue (issue 23) with a real local SMTP server (smtp-server) the test starts and stops: a bilan
 * validated while SMTP is down is sent once it is back; each state of the bilan mail (waiting with its next try, sent, failed
 * with its reason) as the API answers it; « Renvoyer l'e-mail » re-sends the same mail, recorded, for admins and resp-cdc only;
 * a server that never answers holds a stop no longer than its grace period, and the mail is kept for later.
 */
import net from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BILAN_MAIL_MSG } from "../../resources/sessions/bilan-mails";
import type { Session } from "../../resources/sessions/schema";
import { MAIL_JOB } from "../../server/mail/queue";
import { restartApp } from "./support/exchanges";
import { sessionBody } from "./support/sessions";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";
import { trainingBody } from "./support/trainings";

interface Received {
  to: string[];
  raw: string;
}

/** A local SMTP server on `port` (a free one when 0): every message it accepts, in order. */
async function startSmtp(port = 0): Promise<{ port: number; received: Received[]; stop(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, done) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port: (server.server.address() as net.AddressInfo).port,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A free port with nothing listening on it: SMTP down. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

let t: TestApp;
let smtpPort = 0;
let admin: TestEmployee;
let gestOf: TestEmployee;
let respCdc: TestEmployee;
let gestCdc: TestEmployee;
let otherRespCdc: TestEmployee;
const org = { of: "", cdc: "" };

beforeAll(async () => {
  smtpPort = await freePort();
  t = await createTestApp({
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    smtpTimeoutMs: 1_000,
    // Minutes in production: tenths of seconds here, so that the test waits for the next try without waiting long.
    mailRetry: { firstDelayMs: 200, maxDelayMs: 400, giveUpAfterMs: 60_000 },
  });
  org.of = await t.organization({ name: "FORMATIONS DU NORD" });
  org.cdc = await t.organization({ name: "RÉGION NORD", email: "financement@region-nord.test" });
  admin = await t.employee("rol_admin", []);
  gestOf = await t.employee("rol_gest-of", [org.of]);
  respCdc = await t.employee("rol_resp-cdc", [org.cdc], { firstName: "Nadia", lastName: "RESP" });
  gestCdc = await t.employee("rol_gest-cdc", [org.cdc]);
  otherRespCdc = await t.employee("rol_resp-cdc", [await t.organization()]);
});
afterAll(() => t.close());

const call = async (method: "GET" | "POST" | "PATCH", url: string, as: TestEmployee, payload?: object) =>
  t.app.inject({ method, url, headers: await t.auth(as), ...(payload ? { payload } : {}) });

async function validatedSession(): Promise<Session> {
  const training = await call("POST", "/api/trainings", admin, trainingBody({ educational: org.of, contracting: org.cdc }, { name: "Chaudronnier" }));
  const session = (await call("POST", "/api/sessions", admin, sessionBody(training.json().data.id, { startDate: "2025-09-01", endDate: "2025-12-19" }))).json()
    .data as Session;
  const validated = await call("PATCH", `/api/sessions/${session.id}`, gestOf, {
    result: { objective: "Former", targetedQualification: "Titre", level: "LEVEL_3", program: "Programme", improvements: "", validatedAssessment: true },
  });
  expect(validated.statusCode, validated.body).toBe(200);
  return session;
}

const mailsOf = async (session: Session, as: TestEmployee = gestOf) => (await call("GET", `/api/sessions/${session.id}/bilan-mails`, as)).json().data;
/** Time passes for the mail retries: the next try is due now. */
const nextTry = async () => {
  await t.query("update jobs set run_at = now() where queue = $1 and state = 'pending'", [MAIL_JOB]);
  await t.app.mailer.flush();
};

describe("the bilan mail through the queue", () => {
  it("SMTP down when the bilan is validated: 200, the mail waits with its next try, and is sent once SMTP is back", async () => {
    const session = await validatedSession();
    await t.app.mailer.flush();
    const [waiting] = await mailsOf(session);
    expect(waiting).toMatchObject({ state: "pending", attempts: 1, lastError: "le serveur d'envoi est injoignable", sentAt: null, requestedBy: null });
    expect(Date.parse(waiting.nextAttemptAt)).toBeGreaterThan(Date.now() - 1_000);

    const smtp = await startSmtp(smtpPort);
    try {
      await nextTry();
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual(["financement@region-nord.test"]);
      expect(smtp.received[0]!.raw).toContain(`/sessions/${session.id}`);
      const [sent] = await mailsOf(session);
      expect(sent).toMatchObject({ state: "done", attempts: 2, nextAttemptAt: null });
      expect(sent.sentAt).not.toBeNull();
    } finally {
      await smtp.stop();
    }
  });

  it("fails for good once the retries give up, with the reason", async () => {
    const session = await validatedSession();
    await t.query("update jobs set created_at = now() - interval '2 minutes' where subject = $1", [`session:${session.id}`]);
    await t.app.mailer.flush();
    expect((await mailsOf(session))[0]).toMatchObject({ state: "failed", lastError: "le serveur d'envoi est injoignable", nextAttemptAt: null });
  });
});

describe("« Renvoyer l'e-mail »", () => {
  it("sends the same mail again for resp-cdc and admins, recorded with who asked; refused while one waits", async () => {
    const smtp = await startSmtp(smtpPort);
    try {
      const session = await validatedSession();
      await t.app.mailer.flush();
      expect(smtp.received).toHaveLength(1);
      const resent = await call("POST", `/api/sessions/${session.id}/bilan-mails`, respCdc);
      expect(resent.statusCode, resent.body).toBe(201);
      expect(resent.json().data[0]).toMatchObject({ state: "pending", requestedBy: { id: respCdc.id, name: "Nadia RESP" } });
      const again = await call("POST", `/api/sessions/${session.id}/bilan-mails`, admin);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(BILAN_MAIL_MSG.alreadyPending);
      await t.app.mailer.flush();
      expect(smtp.received).toHaveLength(2);
      // The same mail: recipients, subject and text (the Message-ID and Date headers aside).
      const body = (raw: string) => raw.replace(/^(Message-ID|Date): .*$/gim, "");
      expect(body(smtp.received[1]!.raw)).toBe(body(smtp.received[0]!.raw));
      expect((await mailsOf(session)).map((m: { state: string }) => m.state)).toEqual(["done", "done"]);
      expect((await call("POST", `/api/sessions/${session.id}/bilan-mails`, admin)).statusCode).toBe(201);
    } finally {
      await smtp.stop();
    }
  });

  it("is refused to other roles (403), outside the caller's scope (404), and for a bilan not validated (409)", async () => {
    const session = await validatedSession();
    expect((await call("POST", `/api/sessions/${session.id}/bilan-mails`, gestCdc)).statusCode).toBe(403);
    expect((await call("POST", `/api/sessions/${session.id}/bilan-mails`, gestOf)).statusCode).toBe(403);
    expect((await call("POST", `/api/sessions/${session.id}/bilan-mails`, otherRespCdc)).statusCode).toBe(404);
    const training = await call("POST", "/api/trainings", admin, trainingBody({ educational: org.of, contracting: org.cdc }));
    const open = (await call("POST", "/api/sessions", admin, sessionBody(training.json().data.id))).json().data as Session;
    const refused = await call("POST", `/api/sessions/${open.id}/bilan-mails`, respCdc);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(BILAN_MAIL_MSG.notValidated);
  });
});

describe("stopping while SMTP never answers", () => {
  it("stops within its grace period and keeps the mail for later", async () => {
    // Accepts connections and never says a word (no greeting): a hung mail server.
    const sockets = new Set<net.Socket>();
    const mute = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => mute.listen(0, "127.0.0.1", resolve));
    t.config.smtpUrl = `smtp://127.0.0.1:${(mute.address() as net.AddressInfo).port}`;
    t.config.smtpTimeoutMs = 30_000;
    t.config.stopGraceMs = 1_000;
    t.config.queue = { autoStart: true, pollMs: 100 };
    await restartApp(t);
    try {
      const session = await validatedSession();
      await expect.poll(() => sockets.size, { timeout: 5_000 }).toBeGreaterThan(0);
      const stopping = Date.now();
      await t.app.close();
      expect(Date.now() - stopping).toBeLessThan(1_000 + 500);
      t.config.queue = { autoStart: false };
      t.config.smtpUrl = `smtp://127.0.0.1:${smtpPort}`;
      t.config.smtpTimeoutMs = 1_000;
      await restartApp(t);
      expect((await mailsOf(session))[0]).toMatchObject({ state: "pending" });
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => mute.close(resolve));
    }
  });
});
