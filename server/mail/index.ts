import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { AppConfig } from "../config";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The action link the mail carries; logged when mails go to the outbox so a developer can follow it. */
  link?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Resolves once every mail handed to send() so far is out (tests, shutdown). */
  flush(): Promise<void>;
  /** Where .eml files are written when no SMTP server is configured. */
  readonly outboxDir?: string;
}

declare module "fastify" {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/**
 * SMTP when SMTP_URL is set; otherwise each mail becomes `<dataDir>/outbox/<time>-<random>.eml` and its file and link
 * are logged (not its address: no personal data in logs).
 */
export function createMailer(config: Pick<AppConfig, "smtpUrl" | "dataDir" | "publicUrl" | "production">, log: FastifyBaseLogger): Mailer {
  // The outbox logs each mail's link, a live token for a reset: never in production (server/environment.ts requires SMTP_URL there).
  if (config.production && !config.smtpUrl) throw new Error("SMTP_URL est obligatoire en production : pas de boîte d'envoi locale.");
  const from = `"Dossiers de formation" <no-reply@${new URL(config.publicUrl).hostname}>`;
  const outboxDir = config.smtpUrl ? undefined : path.join(config.dataDir, "outbox");
  const transport = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const pending = new Set<Promise<void>>();

  async function deliver(message: MailMessage): Promise<void> {
    const info = await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
    if (!outboxDir) {
      log.info({ messageId: info.messageId }, "Mail envoyé");
      return;
    }
    await fs.mkdir(outboxDir, { recursive: true });
    const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`);
    const raw = (info as { message?: unknown }).message;
    await fs.writeFile(file, Buffer.isBuffer(raw) ? raw : String(raw ?? ""));
    log.info({ file, link: message.link }, `Mail écrit dans la boîte d'envoi locale (pas de SMTP_URL)${message.link ? ` : ${message.link}` : ""}`);
  }

  return {
    outboxDir,
    send(message) {
      const sending = deliver(message).finally(() => pending.delete(sending));
      pending.add(sending);
      return sending;
    },
    async flush() {
      await Promise.allSettled([...pending]);
    },
  };
}
