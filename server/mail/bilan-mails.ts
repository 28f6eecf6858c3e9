/**
 * The bilan mail (design.md "Media": validating a session's bilan sends one e-mail to the contracting organisation's e-mail, else to
 * its resp-cdc employees) as jobs of the durable queue, with `subject = session:<id>`: their states are the Bilan tab's.
 */
import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { BilanMailInput } from "../../resources/sessions/bilan-mails";
import type { Caller } from "../auth/guard";
import type { Executor } from "../db/connection";
import { jobs } from "../db/schema/index";
import { bilanRecipients, findSession } from "../repositories/sessions";
import { bilanValidatedMail } from "./bilan-validated";
import type { MailMessage } from "./index";
import { enqueueMail, MAIL_JOB, type MailJob } from "./queue";

const subjectOf = (sessionId: string) => `session:${sessionId}`;
/** One delivery waiting at a time per session: two re-sends asked together make one. */
const keyOf = (sessionId: string) => `bilan-mail:${sessionId}`;

/** The mail as it is sent now: the session read in `executor` (inside the validating transaction, its validation included). */
async function composeBilanMail(app: FastifyInstance, executor: Executor, caller: Caller, sessionId: string): Promise<MailMessage | undefined> {
  const session = await findSession(executor, caller, sessionId);
  if (!session) return undefined;
  const recipients = await bilanRecipients(executor, session.training.information.contractingOrganization.id);
  if (recipients.length === 0) return undefined;
  return bilanValidatedMail(recipients, session, `${app.config.publicUrl}/sessions/${sessionId}`);
}

/**
 * Queues the mail of a bilan validated in `tx` (the session's PATCH transaction): the mail exists if and only if the validation
 * is committed. False when there is nobody to tell (logged; the Bilan tab says so).
 */
export async function enqueueBilanMail(app: FastifyInstance, tx: Executor, caller: Caller, sessionId: string): Promise<boolean> {
  const message = await composeBilanMail(app, tx, caller, sessionId);
  if (!message) {
    app.log.warn({ sessionId }, "Bilan validé : l'organisme contractant n'a ni e-mail ni responsable CDC à prévenir");
    return false;
  }
  await enqueueMail(app, tx, { kind: "bilan", message }, { subject: subjectOf(sessionId), key: keyOf(sessionId) });
  return true;
}

type MailRow = typeof jobs.$inferSelect;

const toAnswer = (row: MailRow): BilanMailInput => ({
  id: row.id,
  state: row.state,
  attempts: row.attempts,
  createdAt: row.createdAt,
  sentAt: row.state === "done" ? row.finishedAt : null,
  nextAttemptAt: row.state === "pending" ? row.runAt : null,
  lastError: row.lastError,
  requestedBy: row.requestedById && row.requestedByName ? { id: row.requestedById, name: row.requestedByName } : null,
});

const mailRows = (executor: Executor, sessionId: string) =>
  executor
    .select()
    .from(jobs)
    .where(and(eq(jobs.subject, subjectOf(sessionId)), eq(jobs.queue, MAIL_JOB)))
    .orderBy(desc(jobs.createdAt), desc(jobs.id));

/** The session's bilan mails, newest first. */
export async function bilanMails(executor: Executor, sessionId: string): Promise<BilanMailInput[]> {
  return (await mailRows(executor, sessionId)).map(toAnswer);
}

/**
 * Sends the bilan mail again, recorded with who asked: the same message as the first one (recipients and text as they were
 * validated); composed afresh only if none was ever queued. "pending" when a delivery is already waiting, "none" when nobody
 * can be told.
 */
export async function resendBilanMail(
  app: FastifyInstance,
  tx: Executor,
  caller: Caller,
  sessionId: string,
  requestedBy: { id: string; name: string },
): Promise<"queued" | "pending" | "none"> {
  const [latest, ...older] = await mailRows(tx, sessionId);
  if (latest && (latest.state === "pending" || latest.state === "active")) return "pending";
  const original = [latest, ...older].reverse().find((row) => row && (row.payload as Partial<MailJob>).message);
  const message = original ? (original.payload as unknown as MailJob).message : await composeBilanMail(app, tx, caller, sessionId);
  if (!message) return "none";
  const queued = await enqueueMail(app, tx, { kind: "bilan", message }, { subject: subjectOf(sessionId), key: keyOf(sessionId), requestedBy });
  return queued ? "queued" : "pending";
}
