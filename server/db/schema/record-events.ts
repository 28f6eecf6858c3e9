import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { AgoraErrorDetails } from "../../../resources/records/agora-errors";
import type { RecordEventKind, RecordStatus } from "../../../resources/records/enums";
import { employees } from "./employees";
import { records } from "./records";

/**
 * A record's history (design.md: "kept in the database, not a log file"): its creation, every status change, push and re-push to
 * AGORA, successful or not, with who did it and what AGORA answered. Refusals change the record in nothing but this table.
 */
export const recordEvents = pgTable(
  "record_events",
  {
    id: text("id").primaryKey(),
    recordId: text("record_id")
      .notNull()
      .references(() => records.id, { onDelete: "cascade" }),
    // clock_timestamp(), not now(): two events written in one transaction (creation, push) keep their order.
    at: timestamp("at", { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    employeeId: text("employee_id").references(() => employees.id, { onDelete: "set null" }),
    /** The employee's name at the time: still shown once their account is deleted. */
    employeeName: text("employee_name").notNull(),
    kind: text("kind").$type<RecordEventKind>().notNull(),
    fromStatus: text("from_status").$type<RecordStatus>(),
    toStatus: text("to_status").$type<RecordStatus>(),
    success: boolean("success").notNull(),
    /** What AGORA answered: the file number and status, or `details.agora` of a refusal; null for local events. */
    answer: jsonb("answer").$type<AgoraEventAnswer>(),
    /** A person's words about it: the reason given for abandoning an exchange (supervision). */
    note: text("note"),
  },
  (t) => [
    // The record page's history, newest first.
    index("record_events_record_idx").on(t.recordId, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Deleting an employee sets their events' author to null: without it, each deletion would read every event.
    index("record_events_employee_idx").on(t.employeeId).where(sql`${t.employeeId} is not null`),
  ],
);

/** An exchange's answer as kept: AGORA's acceptance (file number, status) or its refusal. */
export type AgoraEventAnswer = { accepted: { agoraId: string; status: RecordStatus } } | { refused: AgoraErrorDetails };
