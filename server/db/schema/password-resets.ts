import { pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { employees } from "./employees";

/** Reset tokens are stored hashed (SHA-256); single use, 30 minutes. */
export const passwordResets = pgTable("password_resets", {
  tokenHash: text("token_hash").primaryKey(),
  employeeId: text("employee_id")
    .notNull()
    .references(() => employees.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});
