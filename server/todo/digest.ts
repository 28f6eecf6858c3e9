/**
 * The « À traiter » digest (issue 25): on working days from 7:30 (Paris), one mail to each employee who asked for it on their
 * profile, with the counters in their scope and links to the lists. A periodic queue job (once per cluster) looks every few
 * minutes; each employee's mail is queued in the transaction that marks their day as sent (`digest_sent_on`), so two instances,
 * a retried run or a restart never send one twice.
 */
import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { isRoleId } from "../../resources/permissions";
import { formatTodoCount, nothingToDo, TODO_TEXTS, todoGroups, type TodoCounts } from "../../resources/todo/schema";
import { dayInFrance } from "../calendar/calendar-dates";
import { isWorkingDay } from "../calendar/working-days";
import type { MailMessage } from "../mail/index";
import { enqueueMail } from "../mail/queue";
import { registerPeriodicTask } from "../periodic";
import { frenchDate } from "../sessions/session-days";
import { todoCounts } from "./counts";

export const DIGEST_TASK = "todo.digest";
/** How often the job looks: the mails leave within this much after 7:30. */
export const DIGEST_EVERY_MS = 5 * 60_000;
/** From 7:30 to noon (Paris): a server down at 7:30 still sends that morning; an opt-in in the afternoon waits for the next morning. */
const FROM_MINUTE = 7 * 60 + 30;
const UNTIL_MINUTE = 12 * 60;
/** Employees marked and queued per transaction. */
const BATCH = 50;

const PARIS_TIME = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Paris", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
const minuteInParis = (instant: Date) => {
  const [hours, minutes] = PARIS_TIME.format(instant).split(":").map(Number);
  return hours! * 60 + minutes!;
};

/** The digest of one employee: a line per counter with its link, or « Rien à traiter aujourd'hui ». */
export function digestMail(to: string, firstName: string, today: string, counts: TodoCounts, publicUrl: string): MailMessage {
  const lines = todoGroups(counts).flatMap((group) =>
    group.links.map((link) => {
      const what = group.links.length > 1 ? `${group.title} ${link.label}` : group.title;
      return `- ${what} : ${formatTodoCount(link.count)}${link.count > 0 ? `\n  ${publicUrl}${link.href}` : ""}`;
    }),
  );
  const text = [
    `Bonjour ${firstName},`,
    "",
    nothingToDo(counts) ? `${TODO_TEXTS.empty}.` : `${TODO_TEXTS.title} le ${frenchDate(today)} dans votre périmètre :`,
    "",
    ...(nothingToDo(counts) ? [] : [...lines, ""]),
    `Ouvrir l'application : ${publicUrl}/records`,
    "",
    "Vous recevez ce récapitulatif parce que vous l'avez demandé sur votre profil ; vous pouvez l'y désactiver.",
    "",
  ].join("\n");
  return { to, subject: `${TODO_TEXTS.title} – ${frenchDate(today)}`, text, link: `${publicUrl}/records` };
}

interface Recipient extends Record<string, unknown> {
  id: string;
  email: string;
  first_name: string;
  role_id: string;
  organization_ids: string[];
}

/** Sends today's digests not sent yet, when now is a working day's morning in France; returns how many were queued. */
export async function sendDailyDigests(app: FastifyInstance): Promise<number> {
  const now = app.config.clock?.() ?? new Date();
  const today = dayInFrance(now);
  const minute = minuteInParis(now);
  if (!isWorkingDay(today) || minute < FROM_MINUTE || minute >= UNTIL_MINUTE) return 0;
  let queued = 0;
  for (;;) {
    const done = await app.db.transaction(async (tx) => {
      // SKIP LOCKED: another instance's batch is its own; the day is written before commit, so nobody takes it again.
      const { rows } = await tx.execute<Recipient>(sql`
        update employees e set digest_sent_on = ${today}
        where e.id in (select id from employees where daily_digest and digest_sent_on is distinct from ${today}
                       order by id limit ${BATCH} for update skip locked)
        returning e.id, e.email, e.first_name, e.role_id,
          array(select organization_id from employee_organizations eo where eo.employee_id = e.id) as organization_ids`);
      for (const row of rows) {
        if (!isRoleId(row.role_id)) continue;
        const counts = await todoCounts(tx, { id: row.id, role: row.role_id, organizationIds: row.organization_ids }, today);
        await enqueueMail(app, tx, { kind: "digest", message: digestMail(row.email, row.first_name, today, counts, app.config.publicUrl) });
      }
      queued += rows.length;
      return rows.length < BATCH;
    });
    if (done) return queued;
  }
}

export function registerDailyDigest(app: FastifyInstance): void {
  registerPeriodicTask(app, { name: DIGEST_TASK, everyMs: DIGEST_EVERY_MS, lane: "digest", run: async () => void (await sendDailyDigests(app)) });
}
