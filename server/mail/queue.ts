/**
 * E-mails through the durable queue (design.md "Background work"): a mail is a `mail.send` job written in the transaction of the
 * change that causes it (a bilan validated, a reset asked, an e-mail changed), delivered by a worker, retried with backoff for
 * 24 hours; its state (pending with the next try, sent, failed with the reason) is what the Bilan tab shows.
 */
import type { FastifyInstance } from "fastify";
import type { Executor } from "../db/connection";
import { PermanentJobError, type EnqueueOptions } from "../queue/queue";
import { createMailTransport, newMessageId, type MailMessage, type MailTransport } from "./index";

export const MAIL_JOB = "mail.send";

export type MailKind = "bilan" | "reset" | "email-change" | "digest";

export interface MailJob {
  kind: MailKind;
  message: MailMessage;
  /** Past this instant the mail is useless (a reset link's expiry): not sent, the job fails. */
  expiresAt?: string;
  /** The message holds a secret (a reset link): erased from the job once sent. */
  secret?: boolean;
}

export interface Mailer extends MailTransport {
  /** Delivers every mail job due now, in this process (tests read the outbox after it). */
  flush(): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** 24 hours of retries: after 1 min, doubling up to one try an hour. */
export const MAIL_RETRY = { firstDelayMs: 60_000, maxDelayMs: 3_600_000, giveUpAfterMs: 24 * 3_600_000 };

const SMTP_REASONS: Record<string, string> = {
  ETIMEDOUT: "le serveur d'envoi ne répond pas",
  ECONNECTION: "le serveur d'envoi est injoignable",
  ESOCKET: "la connexion avec le serveur d'envoi a été coupée",
  EDNS: "le serveur d'envoi est introuvable",
  EAUTH: "le serveur d'envoi a refusé l'identification",
  ETLS: "la connexion chiffrée avec le serveur d'envoi a échoué",
  EENVELOPE: "le serveur d'envoi a refusé un destinataire",
};

/**
 * Why a delivery failed, in French and without the addresses an SMTP server's reply may quote (the reason is stored and shown).
 * nodemailer's errors carry a code and, for the server's replies, its 3-digit response code.
 */
export function mailFailureReason(error: unknown): string {
  if (error instanceof PermanentJobError) return error.message;
  const { code, responseCode, syscall } = (typeof error === "object" && error !== null ? error : {}) as { code?: unknown; responseCode?: unknown; syscall?: unknown };
  if (typeof responseCode === "number") {
    return responseCode >= 500
      ? `le serveur d'envoi a refusé le message (code ${responseCode})`
      : `le serveur d'envoi a refusé le message pour l'instant (code ${responseCode})`;
  }
  // A socket error while connecting: nobody listens there (nodemailer's ESOCKET, or the socket's own error, carries the call).
  if (syscall === "connect" && code !== "ETIMEDOUT") return SMTP_REASONS.ECONNECTION!;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || syscall === "getaddrinfo") return SMTP_REASONS.EDNS!;
  return (typeof code === "string" && SMTP_REASONS[code]) || "erreur lors de l'envoi";
}

/**
 * Adds a mail job with the caller's executor: inside a transaction, the mail exists only if the change is committed. Its
 * Message-ID is made here, once, and kept with the job: every delivery of this job is the same message. A new job (« Renvoyer
 * l'e-mail ») is a new message, with its own.
 */
export const enqueueMail = (app: FastifyInstance, executor: Executor, job: MailJob, options?: EnqueueOptions) =>
  app.queue.enqueue(executor, MAIL_JOB, { ...job, message: { ...job.message, messageId: newMessageId(app.config.publicUrl) } }, options);

/** Jobs queued before Message-IDs were kept (or with none): one made and stored before the first delivery, so retries reuse it. */
async function keptMessageId(app: FastifyInstance, jobId: string, message: MailMessage): Promise<MailMessage> {
  if (message.messageId) return message;
  const { rows } = await app.pool.query<{ id: string }>(
    `update jobs set payload = jsonb_set(payload, '{message,messageId}', coalesce(payload #> '{message,messageId}', to_jsonb($2::text)))
     where id = $1 returning payload #>> '{message,messageId}' as id`,
    [jobId, newMessageId(app.config.publicUrl)],
  );
  return { ...message, messageId: rows[0]?.id };
}

/** A mail's lease: renewed while it is delivered; the SMTP session is bounded well under it (SMTP_SESSION_MS, 60 s). */
const MAIL_LEASE_MS = 5 * 60_000;

/** `app.mailer` and the `mail.send` handler. */
export function registerMail(app: FastifyInstance): void {
  const transport = createMailTransport(app.config, app.log);
  app.queue.register<MailJob>(MAIL_JOB, {
    handler: async (job, context) => {
      if (job.expiresAt && new Date(job.expiresAt) < new Date()) throw new PermanentJobError("le lien qu'il contenait a expiré avant l'envoi");
      const message = await keptMessageId(app, context.id, job.message);
      // A stop or a lost lease cuts the session (the job runs again: the same message); the session's bound ends a hung server's.
      await transport.deliver(message, context.signal);
      if (job.secret) await app.pool.query(`update jobs set payload = jsonb_build_object('kind', payload->'kind') where id = $1`, [context.id]);
    },
    retry: app.config.mailRetry ?? MAIL_RETRY,
    describeError: mailFailureReason,
    lane: "mails",
    leaseMs: MAIL_LEASE_MS,
    // 24 h of retries is about 30 runs (server/queue/types.ts: the cap also counts runs that killed their process).
    maxAttempts: 40,
  });
  app.decorate("mailer", { ...transport, flush: () => app.queue.drain([MAIL_JOB]) } satisfies Mailer);
}
