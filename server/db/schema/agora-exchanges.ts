import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { RecordStatus, RejectionReason } from "../../../resources/records/enums";
import type { ExchangeKind, ExchangeState } from "../../../resources/records/exchanges";
import type { AgoraRecordFile, AgoraRecordState } from "../../agora/types";
import { employees } from "./employees";
import { type AgoraEventAnswer } from "./record-events";
import { records } from "./records";
import { sessions } from "./sessions";
import { trainees } from "./trainees";

/** The foreign keys that keep an unsettled creation's trainee and session from being deleted (names drizzle-kit gave them). */
export const CREATION_TRAINEE_FK = "agora_exchanges_trainee_id_trainees_id_fk";
export const CREATION_SESSION_FK = "agora_exchanges_session_id_sessions_id_fk";

/** What is sent: the new file (creation), or the record as the product holds it with the change asked (status change, re-push). */
export type ExchangePayload =
  | { kind: "CREATION"; file: AgoraRecordFile }
  | { kind: "STATUS"; record: AgoraRecordState; status: RecordStatus; reason: RejectionReason | null }
  | { kind: "REPUSH"; record: AgoraRecordState; reason: RejectionReason | null };

/**
 * One call that changes AGORA (design.md "Exchanges never diverge"), written with its idempotency key and payload in the
 * transaction that checks and locks the record, before anything is sent; every answer is stored here first, then applied to the
 * record in a transaction of its own (server/exchanges/).
 */
export const agoraExchanges = pgTable(
  "agora_exchanges",
  {
    id: text("id").primaryKey(),
    /** Sent as the `Idempotency-Key` header and in the body: AGORA answers a re-send with this key as it answered the first. */
    idempotencyKey: text("idempotency_key").notNull().unique("agora_exchanges_key_unique"),
    kind: text("kind").$type<ExchangeKind>().notNull(),
    state: text("state").$type<ExchangeState>().notNull().default("pending"),
    /** The record changed; for a creation, the record made from the acceptance (null until then, or for good if refused). */
    recordId: text("record_id").references(() => records.id, { onDelete: "cascade" }),
    /**
     * A creation's trainee and session while it is unsettled: RESTRICT keeps them from being deleted under it (a session deleted
     * while AGORA creates its record left a file with no record). Cleared once settled, so that they can be deleted again.
     */
    traineeId: text("trainee_id").references(() => trainees.id, { onDelete: "restrict" }),
    sessionId: text("session_id").references(() => sessions.id, { onDelete: "restrict" }),
    payload: jsonb("payload").$type<ExchangePayload>().notNull(),
    fromStatus: text("from_status").$type<RecordStatus>(),
    toStatus: text("to_status").$type<RecordStatus>(),
    employeeId: text("employee_id").references(() => employees.id, { onDelete: "set null" }),
    employeeName: text("employee_name").notNull(),
    /** AGORA's answer as received (acceptance or refusal), stored before it is applied. */
    answer: jsonb("answer").$type<AgoraEventAnswer>(),
    /** Calls sent so far; a re-send (AGORA did not know the key) carries the same key. */
    attempts: integer("attempts").notNull().default(0),
    /** Why the last call got no answer (timeout, connection cut, unreadable answer), or why the answer could not be applied. */
    lastError: text("last_error"),
    /**
     * A creation `failed` because AGORA's number is another record's: AGORA holds a file with no record here. While true it keeps
     * its trainee and session, and no new creation for that pair may begin (a second file) until an operator settles it
     * (supervision « Abandonner »; docs/queue.md).
     */
    blocking: boolean("blocking").notNull().default(false),
    /** When a call or a follow-up last left it unsettled: reconciliation takes the least recently tried first, skipping recent ones. */
    triedAt: timestamp("tried_at", { withTimezone: true }),
    /** « Abandonner » in supervision: who, and why (also in the record's history when there is a record). */
    abandonedById: text("abandoned_by_id").references(() => employees.id, { onDelete: "set null" }),
    abandonedByName: text("abandoned_by_name"),
    abandonReason: text("abandon_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    check("agora_exchanges_state_check", sql`${t.state} in ('pending', 'answered', 'accepted', 'refused', 'failed')`),
    check("agora_exchanges_kind_check", sql`${t.kind} in ('CREATION', 'STATUS', 'REPUSH')`),
    // At most one unsettled exchange per record, and one unsettled creation per (trainee, session): the database decides races.
    uniqueIndex("agora_exchanges_record_unsettled_unique").on(t.recordId).where(sql`${t.state} in ('pending', 'answered')`),
    uniqueIndex("agora_exchanges_creation_unsettled_unique")
      .on(t.traineeId, t.sessionId)
      .where(sql`${t.kind} = 'CREATION' and (${t.state} in ('pending', 'answered') or ${t.blocking})`),
    // Supervision's conflicting creations.
    index("agora_exchanges_blocking_idx").on(t.createdAt).where(sql`${t.blocking}`),
    index("agora_exchanges_abandoned_by_idx").on(t.abandonedById).where(sql`${t.abandonedById} is not null`),
    // Reconciliation reads the unsettled ones only.
    index("agora_exchanges_unsettled_idx").on(t.createdAt).where(sql`${t.state} in ('pending', 'answered')`),
    // The outcomes of the last day (agora_exchange_outcomes, README), newest first.
    index("agora_exchanges_settled_idx").on(t.settledAt).where(sql`${t.settledAt} is not null`),
    // The record page's exchanges, newest first; serves the foreign key too.
    index("agora_exchanges_record_idx").on(t.recordId, t.createdAt.desc()),
    // The foreign keys' lookups when a trainee, session or employee is deleted (set only while unsettled).
    index("agora_exchanges_trainee_idx").on(t.traineeId).where(sql`${t.traineeId} is not null`),
    index("agora_exchanges_session_idx").on(t.sessionId).where(sql`${t.sessionId} is not null`),
    index("agora_exchanges_employee_idx").on(t.employeeId).where(sql`${t.employeeId} is not null`),
  ],
);
