import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import net from "node:net";
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
  /**
   * Built once per mail job and kept with it (server/mail/queue.ts): a delivery retried after a crash is the same message, which
   * recipients' servers and clients drop as a duplicate (docs/queue.md).
   */
  messageId?: string;
}

/** A new Message-ID, `<uuid@host of PUBLIC_URL>`. */
export const newMessageId = (publicUrl: string) => `<${randomUUID()}@${new URL(publicUrl).hostname}>`;

/** SMTP_SESSION_MS when unset: a whole SMTP session, however lively the server, well under the mail job's lease (5 min). */
export const DEFAULT_SMTP_SESSION_MS = 60_000;

/** The SMTP session outlived its bound: nodemailer's code for a server that does not answer, so the reason reads the same. */
class SessionTooLong extends Error {
  readonly code = "ETIMEDOUT";
}

/** SMTP_TIMEOUT_MS when unset: connecting, the server's greeting, and any silence on the socket, each. */
export const DEFAULT_SMTP_TIMEOUT_MS = 5_000;

/** The transport: mails are queued as jobs (server/mail/queue.ts), whose handler delivers them here. */
export interface MailTransport {
  /**
   * Hands one mail to the SMTP server (or the outbox); rejects on any failure, at the latest after the session's bound. The
   * signal (a stop, a lost lease) cuts the session.
   */
  deliver(message: MailMessage, signal?: AbortSignal): Promise<void>;
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
export function createMailTransport(
  config: Pick<AppConfig, "smtpUrl" | "dataDir" | "publicUrl" | "smtpTimeoutMs" | "smtpSessionMs" | "production">,
  log: FastifyBaseLogger,
): MailTransport {
  // The outbox logs each mail's link, a live token for a reset: never in production (server/environment.ts requires SMTP_URL there).
  if (config.production && !config.smtpUrl) throw new Error("SMTP_URL est obligatoire en production : pas de boîte d'envoi locale.");
  const from = `"Dossiers de formation" <no-reply@${new URL(config.publicUrl).hostname}>`;
  const outboxDir = config.smtpUrl ? undefined : path.join(config.dataDir, "outbox");
  const smtpUrl = config.smtpUrl && smtpUrlWithTimeouts(config.smtpUrl, config.smtpTimeoutMs ?? DEFAULT_SMTP_TIMEOUT_MS);
  const outbox = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const sessionMs = config.smtpSessionMs ?? DEFAULT_SMTP_SESSION_MS;

  return {
    outboxDir,
    async deliver(message, signal) {
      const mail = { from, to: message.to, subject: message.subject, text: message.text, html: message.html, messageId: message.messageId };
      const info = smtpUrl ? await smtpSession(smtpUrl, sessionMs, signal, (transport) => transport.sendMail(mail)) : await outbox.sendMail(mail);
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

/**
 * One SMTP session on a socket of our own, destroyed when the session outlives `sessionMs` or the signal aborts: nodemailer's
 * timeouts bound each silence, not a server that keeps the line alive a byte at a time (the session would outlive the job's lease).
 */
async function smtpSession<T>(smtpUrl: string, sessionMs: number, signal: AbortSignal | undefined, send: (transport: nodemailer.Transporter) => Promise<T>): Promise<T> {
  let socket: net.Socket | undefined;
  type Options = { host?: string; port?: number; connectionTimeout?: number };
  // nodemailer then runs the session (TLS included) on it; connecting is ours, with its timeout (errors keep their syscall).
  const getSocket = (options: Options, callback: (error: Error | null, socketOptions?: { connection: net.Socket }) => void) => {
    const opened = net.connect({ host: options.host ?? "localhost", port: options.port ?? 25, timeout: options.connectionTimeout });
    socket = opened;
    const failed = (error: Error) => callback(error);
    opened.once("error", failed);
    opened.once("timeout", () => opened.destroy(Object.assign(new Error("délai de connexion dépassé"), { code: "ETIMEDOUT" })));
    opened.once("connect", () => {
      opened.off("error", failed);
      opened.setTimeout(0);
      callback(null, { connection: opened });
    });
  };
  const transport = nodemailer.createTransport(smtpUrl);
  (transport.transporter as unknown as { getSocket: typeof getSocket }).getSocket = getSocket;
  let timer: NodeJS.Timeout | undefined;
  // Without an error: nodemailer would rewrite that error's code (ESOCKET), the one this session rejects with.
  const cut = () => socket?.destroy();
  const onAbort = () => cut();
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    return await Promise.race([
      send(transport),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const error = new SessionTooLong(`session SMTP de plus de ${sessionMs} ms`);
          reject(error);
          cut();
        }, sessionMs);
      }),
      new Promise<never>((_, reject) => {
        if (signal?.aborted) reject(signal.reason);
        signal?.addEventListener("abort", () => reject(signal.reason), { once: true });
      }),
    ]);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
    transport.close();
  }
}
