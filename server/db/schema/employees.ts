import { sql } from "drizzle-orm";
import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { french } from "../collation";
import { searchColumn } from "../search";
import { organizations } from "./organizations";

/** Employees are the product's users: they sign in with their e-mail. */
export const employees = pgTable(
  "employees",
  {
    id: text("id").primaryKey(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** Stored lower-cased; unique among employees. */
    email: text("email").notNull().unique(),
    phoneNumber: text("phone_number"),
    gender: text("gender").$type<"MALE" | "FEMALE">().notNull(),
    roleId: text("role_id").notNull(),
    /** argon2id; null until the employee sets a password through the reset flow. */
    passwordHash: text("password_hash"),
    /** Bumped on password change, role change and deletion: tokens carrying an older `ver` stop working. */
    tokenVersion: integer("token_version").notNull().default(1),
    /** The employee asked, on their profile, for the « À traiter » digest every working morning (server/todo/digest.ts). */
    dailyDigest: boolean("daily_digest").notNull().default(false),
    /** The French day of the last digest queued for them: set in the transaction that queues it, so a day gets one at most. */
    digestSentOn: date("digest_sent_on", { mode: "string" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    search: searchColumn("last_name", "first_name", "email"),
  },
  (t) => [
    index("employees_search_idx").using("gin", t.search.op("gin_trgm_ops")),
    // The lists' ORDER BY (updated_at desc, id desc: NULLS FIRST, PostgreSQL's default for desc), so page 1 reads 50 index entries.
    // The list's sort by name (resources/employees/list-query.ts).
    index("employees_last_name_fr_idx").on(french(t.lastName), t.id),
    index("employees_updated_idx").on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The digest's recipients: the few who opted in, without reading every employee.
    index("employees_daily_digest_idx").on(t.id).where(sql`${t.dailyDigest}`),
  ],
);

export const employeeOrganizations = pgTable(
  "employee_organizations",
  {
    employeeId: text("employee_id")
      .notNull()
      .references(() => employees.id, { onDelete: "cascade" }),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "restrict" }),
  },
  // Both ways: an employee's organisations (primary key), an organisation's employees (scope, counts) without visiting the table.
  (t) => [
    primaryKey({ columns: [t.employeeId, t.organizationId] }),
    index("employee_organizations_org_idx").on(t.organizationId, t.employeeId),
  ],
);
