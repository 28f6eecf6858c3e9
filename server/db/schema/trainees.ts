import { sql } from "drizzle-orm";
import { boolean, date, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { Department } from "../../../resources/common/departments";
import type { Gender, Situation, TraineeAddress } from "../../../resources/trainees/schema";
import { french } from "../collation";
import { searchColumn } from "../search";

export const trainees = pgTable(
  "trainees",
  {
    id: text("id").primaryKey(),
    firstName: text("first_name").notNull(),
    /** Usage name. */
    lastName: text("last_name").notNull(),
    birthName: text("birth_name").notNull(),
    /** Stored lower-cased; unique among trainees. */
    email: text("email").notNull().unique("trainees_email_unique"),
    phoneNumber: text("phone_number"),
    gender: text("gender").$type<Gender>().notNull(),
    /** NIR: personal data, never logged; unique among trainees. */
    ssn: text("ssn").notNull().unique("trainees_ssn_unique"),
    /** The external system confirmed the pair (NIR, birth name) when the trainee was created. */
    ssnVerified: boolean("ssn_verified").notNull().default(false),
    birthDate: date("birth_date", { mode: "string" }).notNull(),
    address: jsonb("address").$type<TraineeAddress>().notNull(),
    department: text("department").$type<Department>(),
    situation: text("situation").$type<Situation>(),
    bornInFrance: boolean("born_in_france").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    search: searchColumn("birth_name", "last_name", "first_name", "email", "ssn"),
    /**
     * Copies of the scope columns of the trainee's record (traineeScope reads them here; a trainee has one record at most), null
     * while it has none. Triggers of migration 0011_records_trainees_scope follow the records (insert, delete, change of trainee or
     * of scope) and recompute them on any direct write; never written by the application.
     */
    recordEducationalOrganizationId: text("record_educational_organization_id"),
    recordContractingOrganizationId: text("record_contracting_organization_id"),
    recordHealthcareSocial: boolean("record_healthcare_social"),
  },
  (t) => [
    index("trainees_search_idx").using("gin", t.search.op("gin_trgm_ops")),
    // The lists' ORDER BY (updated_at desc, id desc: NULLS FIRST, PostgreSQL's default for desc), so page 1 reads 50 index entries.
    index("trainees_updated_idx").on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The same order with the scope's copies after it (they do not change it: id is unique), so that a scoped page, even a deep
    // one, reads the index alone. Apart from trainees_updated_idx, which stays narrow: an unscoped deep page reads half the bytes.
    index("trainees_scope_idx").on(
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.recordEducationalOrganizationId,
      t.recordContractingOrganizationId,
      t.recordHealthcareSocial,
    ),
    // The list's sort by name (resources/trainees/list-query.ts), the scope's copies after it like trainees_scope_idx, and the
    // search text: a searched page by name filters in the index alone (migration 0022), not a table row per name it walks.
    index("trainees_last_name_fr_idx").on(
      french(t.lastName),
      t.id,
      t.recordEducationalOrganizationId,
      t.recordContractingOrganizationId,
      t.recordHealthcareSocial,
      t.search,
    ),
    // The sorts by birth name and first name (issue 40), built like trainees_last_name_fr_idx.
    ...(["birthName", "firstName"] as const).map((name) =>
      index(`trainees_${name === "birthName" ? "birth" : "first"}_name_fr_idx`).on(
        french(t[name]),
        t.id,
        t.recordEducationalOrganizationId,
        t.recordContractingOrganizationId,
        t.recordHealthcareSocial,
        t.search,
      ),
    ),
    // The département filter (issue 25), in the lists' order, the scope's copies after it like trainees_scope_idx, and the
    // search text: its page and its count, searched or not, read this index alone (a common name in a département: a sequential
    // scan of 244,000 rows, 48 ms, before the search joined it in migration 0022; 8 ms).
    index("trainees_department_idx").on(
      t.department,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.recordEducationalOrganizationId,
      t.recordContractingOrganizationId,
      t.recordHealthcareSocial,
      t.search,
    ),
    // The trainees without a record (the record wizard's list), in the lists' order.
    index("trainees_free_idx")
      .on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.recordEducationalOrganizationId} is null`),
  ],
);
