import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { EducationalCost, PurchasingUnit, SessionMedias, SessionResultContent } from "../../../resources/sessions/schema";
import { employees } from "./employees";
import { french } from "../collation";
import { sortIndexes } from "./sort-indexes";
import { trainings } from "./trainings";

/** Euros with cents; read back as numbers. */
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: "number" });

/**
 * A session of a training (spec part 2 §3). Its scope is its training's (server/scope/row-scope.ts), read from copies of the
 * training's scope columns kept here so that a scoped list reads one index in its order (issue 11).
 * The bilan's texts and the documents are read and written whole, so they are jsonb; the repository fills missing keys.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    // A training used by sessions cannot be deleted (spec §4): the route answers 409 before the database would refuse.
    trainingId: text("training_id")
      .notNull()
      .references(() => trainings.id, { onDelete: "restrict" }),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    capacity: integer("capacity"),
    totalPricePerPersonIncludingTaxes: money("total_price_per_person_including_taxes").notNull(),
    totalPricePerPersonTaxFree: money("total_price_per_person_tax_free").notNull(),
    purchasingUnit: text("purchasing_unit").$type<PurchasingUnit>().notNull(),
    actualOrCalculatedEducationalCost: text("actual_or_calculated_educational_cost").$type<EducationalCost>().notNull(),
    /** The bilan's texts and level (validation state in the columns below). */
    result: jsonb("result").$type<Partial<SessionResultContent>>().notNull().default(sql`'{}'::jsonb`),
    /** Once true the bilan is locked: the server refuses any change of `result` (409). */
    resultValidated: boolean("result_validated").notNull().default(false),
    resultValidatedAt: timestamp("result_validated_at", { withTimezone: true }),
    resultValidatedById: text("result_validated_by_id").references(() => employees.id, { onDelete: "set null" }),
    /** The validator's name when they validated: still shown once their account is deleted. */
    resultValidatedByName: text("result_validated_by_name"),
    /** Media ids (table medias) with their titles and file names, by slot. */
    medias: jsonb("medias").$type<Partial<SessionMedias>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the list's search reads: the training's name, number, market and action numbers and its educational organisation's
     * name and SIRET, lower-cased and unaccented. Other tables' columns, so not a generated column: triggers of migration
     * 0005_sessions_search fill it on insert and follow every change of those columns (never written by the application).
     */
    search: text("search").notNull().default(""),
    /** The training's number and name, for the list's sorts: set with `search` by the same triggers (migration 0026). */
    trainingNumber: text("training_number").notNull().default(""),
    trainingName: text("training_name").notNull().default(""),
    /**
     * Copies of the training's scope columns (trainingScope reads them here, without a join to trainings). Triggers of migration
     * 0008_sessions_scope set them on insert and on a change of training_id, and follow every change of the training's; never
     * written by the application. The defaults only let an insert leave them out: the trigger overwrites them before any check.
     */
    educationalOrganizationId: text("educational_organization_id").notNull().default(""),
    contractingOrganizationId: text("contracting_organization_id").notNull().default(""),
    healthcareSocial: boolean("healthcare_social").notNull().default(false),
  },
  (t) => [
    check("sessions_dates_check", sql`${t.endDate} >= ${t.startDate}`),
    index("sessions_search_idx").using("gin", t.search.op("gin_trgm_ops")),
    // The lists' ORDER BY (updated_at desc, id desc: NULLS FIRST, PostgreSQL's default for desc), so page 1 reads 50 index entries.
    index("sessions_updated_idx").on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // A training's sessions (scope, search by training, the trainings' sessionsCount) in the list's order; serves the foreign key.
    index("sessions_training_idx").on(t.trainingId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Scoped lists (one organisation's sessions, most recently updated first) read these in order, like trainings_*_org_idx.
    index("sessions_educational_org_idx").on(t.educationalOrganizationId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("sessions_contracting_org_idx").on(t.contractingOrganizationId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Deleting an employee sets their validations to null: without it, each deletion would read every session.
    // « Bilans à valider » (server/todo/rules.ts): the sessions whose bilan is not validated, by end date, unscoped and scoped.
    // The start date after the end date (migration 0023): the list's « bilan non validé » on a period counts in the index alone,
    // its sessions met in the order of their end date (a sequential scan of the sessions before, 28 ms for the largest training
    // organisation at 1M records). Narrow: « À traiter » counts its bilans here.
    index("sessions_bilan_due_idx").on(t.endDate, t.startDate).where(sql`not ${t.resultValidated}`),
    index("sessions_educational_bilan_due_idx").on(t.educationalOrganizationId, t.endDate, t.startDate).where(sql`not ${t.resultValidated}`),
    index("sessions_contracting_bilan_due_idx").on(t.contractingOrganizationId, t.endDate, t.startDate).where(sql`not ${t.resultValidated}`),
    // Their lists (todo=bilans-late|bilans-soon, and « bilan non validé ») in the lists' order, the dates in the index: a page
    // without reading the table (migration 0020; the start date since 0023, for the period: a table row per session it walked).
    index("sessions_bilan_open_idx")
      .on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.endDate, t.startDate)
      .where(sql`not ${t.resultValidated}`),
    index("sessions_educational_bilan_open_idx")
      .on(t.educationalOrganizationId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.endDate, t.startDate)
      .where(sql`not ${t.resultValidated}`),
    index("sessions_contracting_bilan_open_idx")
      .on(t.contractingOrganizationId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.endDate, t.healthcareSocial, t.startDate)
      .where(sql`not ${t.resultValidated}`),
    // The list's other sorts (resources/<resource>/list-query.ts): (column, id), read forwards for asc, backwards for desc.
    index("sessions_start_idx").on(t.startDate, t.id),
    index("sessions_educational_start_idx").on(t.educationalOrganizationId, t.startDate, t.id),
    index("sessions_contracting_start_idx").on(t.contractingOrganizationId, t.startDate, t.id),
    ...sortIndexes("sessions", "training_number_fr", t, french(t.trainingNumber)),
    ...sortIndexes("sessions", "training_name_fr", t, french(t.trainingName)),
    index("sessions_result_validated_by_idx").on(t.resultValidatedById).where(sql`${t.resultValidatedById} is not null`),
  ],
);
