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

/** SMTP_TIMEOUT_MS when unset: connecting, the server's greeting, and any silence on the socket, each. */
export const DEFAULT_SMTP_TIMEOUT_MS = 5_000;

/** The transport: mails are queued as jobs (server/mail/queue.ts), whose handler delivers them here. */
export interface MailTransport {
  /** Hands one mail to the SMTP server (or the outbox); rejects on any failure, at the latest after the SMTP timeouts. */
  deliver(message: MailMessage): Promise<void>;
  /** Where .eml files are written when no SMTP server is configured. */
  readonly outboxDir?: string;
}

/** SMTP_URL with the timeouts added (unless the URL sets them): nodemailer's defaults wait minutes for a silent server. */
function smtpUrlWithTimeouts(smtpUrl: string, timeoutMs: number): string {
  const url = new URL(smtpUrl);
  for (const option of ["connectionTimeout", "greetingTimeout", "socketTimeout"]) {
    if (!url.searchParams.has(option)) url.searchParams.set(option, String(timeoutMs));
  }
  return url.toString();
}

/**
 * SMTP when SMTP_URL is set; otherwise each mail becomes `<dataDir>/outbox/<time>-<random>.eml` and its file and link
 * are logged (not its address: no personal data in logs).
 */
export function createMailTransport(config: Pick<AppConfig, "smtpUrl" | "dataDir" | "publicUrl" | "smtpTimeoutMs" | "production">, log: FastifyBaseLogger): MailTransport {
  // The outbox logs each mail's link, a live token for a reset: never in production (server/environment.ts requires SMTP_URL there).
  if (config.production && !config.smtpUrl) throw new Error("SMTP_URL est obligatoire en production : pas de boîte d'envoi locale.");
  const from = `"Dossiers de formation" <no-reply@${new URL(config.publicUrl).hostname}>`;
  const outboxDir = config.smtpUrl ? undefined : path.join(config.dataDir, "outbox");
  const transport = config.smtpUrl
    ? nodemailer.createTransport(smtpUrlWithTimeouts(config.smtpUrl, config.smtpTimeoutMs ?? DEFAULT_SMTP_TIMEOUT_MS))
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });

  return {
    outboxDir,
    async deliver(message) {
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
    },
  };
}
