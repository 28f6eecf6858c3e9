import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import type { FseAnswers, FsePeriod } from "../../../resources/fse/schema";
import { records } from "./records";

/**
 * The FSE survey of a record (spec part 2 §3 "Record FSE"): one per period (INPUT, OUTPUT, AFTER_SIX_MONTH) and record.
 *
 * The answers are one jsonb document, not 22 columns: a survey is always written and read whole (the form, the export), never
 * filtered, sorted nor joined on an answer; every write goes through `fseInformationSchema` (types, enumerations, display rules,
 * hidden answers normalised), so the document's shape is the schema's; and the questionnaire changes with each EU programming
 * period, which then needs no migration of the rows already kept. What is filtered on — the record, the period, the update
 * time — are real columns with their indexes.
 */
export const recordFse = pgTable(
  "record_fse",
  {
    id: text("id").primaryKey(),
    // Deleting a record takes its surveys along (records are not deleted today; the surveys mean nothing without one).
    recordId: text("record_id")
      .notNull()
      .references(() => records.id, { onDelete: "cascade" }),
    period: text("period").$type<FsePeriod>().notNull(),
    information: jsonb("information").$type<FseAnswers>().notNull(),
    // Bumped by every save: a save based on an older one is refused (409), as for records.
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One survey per period and record (409); also serves the foreign key, a record's surveys and the list's count.
    unique("record_fse_record_period_unique").on(t.recordId, t.period),
    check("record_fse_period_check", sql`${t.period} in ('INPUT', 'OUTPUT', 'AFTER_SIX_MONTH')`),
    // The export's range on the update time (and its keyset order: updated_at, id).
    index("record_fse_updated_idx").on(t.updatedAt, t.id),
  ],
);
