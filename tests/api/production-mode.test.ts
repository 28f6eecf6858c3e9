/**
 * Production mode (config.production, from NODE_ENV/APP_ENV): mails go through SMTP only, and no line of the log carries a
 * link with a token. The environment's own rules (required variables, no demo data) are in tests/unit/environment.test.ts,
 * the process refusing to start in tests/api/server-process.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { startTestSmtp, type TestSmtp } from "../support/smtp";
import { createTestApp, type TestApp } from "./support/test-app";

let smtp: TestSmtp;
let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ production: true, smtpUrl: smtp.url, logger: true, logStream: { write: (line: string) => void lines.push(line) } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe("production mode", () => {
  it("sends the reset link by SMTP and never writes it, nor its token, to the log", async () => {
    const user = await t.employee("rol_gest-of", []);
    const res = await t.app.inject({ method: "POST", url: "/api/users/reset-password", payload: { email: user.email } });
    expect(res.statusCode).toBe(204);
    // The mail is a job (server/mail/queue.ts); test apps start no worker: the queue is drained here.
    await t.app.mailer.flush();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual([user.email]);
    // Quoted-printable folds lines ("=" at the end) and writes "=" as "=3D"; decoded, the link and its token are there.
    const decoded = mail!.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
    const token = decoded.match(/cta=resetPassword&(?:amp;)?t=([A-Za-z0-9_-]{43})/)?.[1];
    expect(token).toEqual(expect.any(String));
    const log = lines.join("\n");
    expect(log).toContain("Mail envoyé");
    expect(log).not.toContain(token);
    expect(log).not.toContain("resetPassword");
    expect(log).not.toContain(user.email);
  });

  it("refuses to build without an SMTP server (no outbox whose log lines would carry the links)", async () => {
    await expect(buildApp({ ...t.config, smtpUrl: undefined })).rejects.toThrow("SMTP_URL est obligatoire en production");
  });
});
