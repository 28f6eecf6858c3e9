import { bigint, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { employees } from "./employees";

/**
 * Uploaded PDF files (design.md "Media"). A media is temporary (promoted_at null) from its upload until a session
 * references it; temporaries older than 24 h are purged with their file. The file itself lives in the media storage under the id.
 */
export const medias = pgTable(
  "medias",
  {
    id: text("id").primaryKey(),
    /** The uploader's file name, made safe (no path, no control characters), at most 255 characters. */
    fileName: text("file_name").notNull(),
    /** Bytes. */
    size: bigint("size", { mode: "number" }).notNull(),
    promotedAt: timestamp("promoted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Null once the uploader is deleted: the session's files stay. */
    createdBy: text("created_by").references(() => employees.id, { onDelete: "set null" }),
  },
  // The purge job reads the expired temporaries only.
  (t) => [index("medias_temporary_created_idx").on(t.createdAt).where(sql`${t.promotedAt} is null`)],
);
