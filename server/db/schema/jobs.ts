import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { employees } from "./employees";

/** A job's life: waiting (first run or a retry), running in one process (lease until locked_until), then done or failed for good. */
export const JOB_STATES = ["pending", "active", "done", "failed"] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * The durable queue (server/queue/): every effect outside the database (AGORA exchanges, e-mails) and the periodic work is a row
 * here, written in the transaction of the change that causes it, so that it is never lost and never runs for a change rolled back.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: text("id").primaryKey(),
    /** The handler's name, e.g. `mail.send`, `agora.exchange`. */
    queue: text("queue").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    state: text("state").$type<JobState>().notNull().default("pending"),
    /** Runs started so far (the one under way included). */
    attempts: integer("attempts").notNull().default(0),
    /** When the job may run (first run or next retry). */
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    /** While active: the run's lease. A process that died mid-run leaves it to expire; the job then runs again elsewhere. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /** Why the last run failed, in French and without personal data (shown to users: the Bilan tab's mail status). */
    lastError: text("last_error"),
    /** At most one pending or active job per key (periodic jobs, one follow-up per exchange). */
    key: text("key"),
    /** What the job is about, for the screens that show its state (e.g. `session:<id>` for a bilan mail). */
    subject: text("subject"),
    /** Who asked for it when a person did (a re-sent mail), else null. */
    requestedById: text("requested_by_id"),
    requestedByName: text("requested_by_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    check("jobs_state_check", sql`${t.state} in ('pending', 'active', 'done', 'failed')`),
    // What a worker claims: due pending jobs, and active ones whose lease ran out. Only those rows are in it.
    index("jobs_due_idx").on(t.runAt).where(sql`${t.state} in ('pending', 'active')`),
    uniqueIndex("jobs_key_unique").on(t.key).where(sql`${t.state} in ('pending', 'active')`),
    index("jobs_subject_idx").on(t.subject, t.createdAt.desc()).where(sql`${t.subject} is not null`),
    // The clean-up of finished jobs, oldest first.
    index("jobs_finished_idx").on(t.finishedAt).where(sql`${t.state} in ('done', 'failed')`),
    // queue_overview and supervision count and list these per queue from this index, never the done rows (most of the table).
    index("jobs_queue_state_idx").on(t.queue, t.state, t.runAt).where(sql`${t.state} in ('pending', 'active', 'failed')`),
  ],
);

/** Every supervision action (docs/queue.md): who did what to which job or exchange, and why when a reason is asked. */
export const supervisionActions = pgTable(
  "supervision_actions",
  {
    id: text("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    employeeId: text("employee_id").references(() => employees.id, { onDelete: "set null" }),
    /** The employee's name at the time: kept once their account is deleted. */
    employeeName: text("employee_name").notNull(),
    action: text("action").$type<"job.retry" | "exchange.reconcile" | "exchange.abandon">().notNull(),
    targetId: text("target_id").notNull(),
    reason: text("reason"),
  },
  (t) => [
    index("supervision_actions_target_idx").on(t.targetId, t.at.desc()),
    index("supervision_actions_employee_idx").on(t.employeeId).where(sql`${t.employeeId} is not null`),
  ],
);

/** Periodic jobs: one row per schedule; whichever process moves `next_run_at` forward first enqueues the run (once per cluster). */
export const jobSchedules = pgTable("job_schedules", {
  name: text("name").primaryKey(),
  nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull(),
});
