import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * What several instances must share beyond the data itself (design.md "Scale path"). Throttle keys are SHA-256 digests of
 * the address and e-mail they count (server/auth/login-limiter.ts): no personal data at rest for a mere counter.
 */

/** Fixed-window counters: failed sign-ins per address and per account, reset mails per address and per e-mail. */
export const throttleCounters = pgTable("throttle_counters", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  /** The window's end: past it, the next hit starts a new window at 1. */
  resetsAt: timestamp("resets_at", { withTimezone: true }).notNull(),
});

/** Failed sign-ins of one (account, address) pair: each one past the free ones doubles the pair's wait. */
export const loginPairs = pgTable("login_pairs", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull(),
  lastFailureAt: timestamp("last_failure_at", { withTimezone: true }).notNull(),
});
