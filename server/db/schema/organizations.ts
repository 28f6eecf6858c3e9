import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { Address } from "../../../resources/common/address";
import { french } from "../collation";
import { searchColumn } from "../search";

export const organizations = pgTable(
  "organizations",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    siret: text("siret").notNull().unique(),
    email: text("email"),
    phoneNumber: text("phone_number"),
    address: jsonb("address").$type<Address | null>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    search: searchColumn("name", "siret", "address->>'city'"),
  },
  (t) => [
    index("organizations_search_idx").using("gin", t.search.op("gin_trgm_ops")),
    // The lists' ORDER BY (updated_at desc, id desc: NULLS FIRST, PostgreSQL's default for desc), so page 1 reads 50 index entries.
    // The list's sort by name (resources/organizations/list-query.ts).
    index("organizations_name_fr_idx").on(french(t.name), t.id),
    index("organizations_updated_idx").on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
