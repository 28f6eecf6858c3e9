/**
 * Mail deliveries as docs/queue.md states them (issue 38): a mail delivered again after a crash is the same message (one
 * Message-ID for every attempt of its job), a « Renvoyer » is a new one; an SMTP session is bounded as a whole, not only its
 * silences: a server that keeps the line alive a byte at a time is cut, and the mail retried.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueMail, MAIL_JOB } from "../../server/mail/queue";
import { outbox } from "./support/outbox";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mailRetry: { firstDelayMs: 60_000, maxDelayMs: 60_000, giveUpAfterMs: 3_600_000 } });
});
afterAll(() => t.close());

const messageIdOf = (mail: string) => /^Message-ID: (.*)$/im.exec(mail)?.[1]?.trim();
const message = (to: string) => ({ to, subject: "Récapitulatif", text: "Bonjour" });

describe("the Message-ID", () => {
  it("is the same for a delivery retried after a crash (the SMTP server had accepted it), and new for another job", async () => {
    await enqueueMail(t.app, t.app.db, { kind: "digest", message: message("once@exemple.test") });
    const first = (await outbox(t)).filter((mail) => mail.includes("once@exemple.test"));
    expect(first).toHaveLength(1);
    // What a kill -9 just after the SMTP server accepted the mail leaves: the job not recorded done, run again later.
    await t.query("update jobs set state = 'pending', run_at = now(), finished_at = null where queue = $1 and payload->'message'->>'to' = 'once@exemple.test'", [MAIL_JOB]);
    const both = (await outbox(t)).filter((mail) => mail.includes("once@exemple.test"));
    expect(both).toHaveLength(2);
    expect(messageIdOf(both[0]!)).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
    expect(messageIdOf(both[1]!)).toBe(messageIdOf(both[0]!));

    await enqueueMail(t.app, t.app.db, { kind: "digest", message: message("once@exemple.test") });
    const three = (await outbox(t)).filter((mail) => mail.includes("once@exemple.test"));
    expect(new Set(three.map(messageIdOf)).size).toBe(2);
  });

  it("is made once and kept for a job queued without one (before the upgrade)", async () => {
    await t.query(`insert into jobs (id, queue, payload) values ('legacy-mail', $1, $2)`, [MAIL_JOB, JSON.stringify({ kind: "digest", message: message("legacy@exemple.test") })]);
    await outbox(t);
    await t.query("update jobs set state = 'pending', run_at = now(), finished_at = null where id = 'legacy-mail'");
    const mails = (await outbox(t)).filter((mail) => mail.includes("legacy@exemple.test"));
    expect(mails).toHaveLength(2);
    expect(messageIdOf(mails[1]!)).toBe(messageIdOf(mails[0]!));
  });
});

describe("an SMTP session", () => {
  it("is cut once it outlives its bound, even while the server trickles bytes, and the mail is retried", async () => {
    // Greets, then answers EHLO one byte every 50 ms, forever: no silence ever reaches the socket timeout.
    const closed: boolean[] = [];
    const trickler = net.createServer((socket) => {
      socket.write("220 lent.exemple.test ESMTP\r\n");
      let timer: NodeJS.Timeout | undefined;
      socket.once("data", () => (timer = setInterval(() => socket.write("2"), 50)));
      socket.on("error", () => undefined);
      socket.on("close", () => {
        clearInterval(timer);
        closed.push(true);
      });
    });
    await new Promise<void>((resolve) => trickler.listen(0, "127.0.0.1", resolve));
    const other = await createTestApp({
      smtpUrl: `smtp://127.0.0.1:${(trickler.address() as net.AddressInfo).port}`,
      smtpTimeoutMs: 1_000,
      smtpSessionMs: 1_500,
      mailRetry: { firstDelayMs: 60_000, maxDelayMs: 60_000, giveUpAfterMs: 3_600_000 },
    });
    try {
      await enqueueMail(other.app, other.app.db, { kind: "digest", message: message("lent@exemple.test") });
      await other.app.mailer.flush();
      expect(await other.query("select state, last_error from jobs where queue = $1", [MAIL_JOB])).toEqual([
        { state: "pending", last_error: "le serveur d'envoi ne répond pas" },
      ]);
      await expect.poll(() => closed.length).toBe(1);
    } finally {
      await other.close();
      await new Promise((resolve) => trickler.close(resolve));
    }
  });
});
