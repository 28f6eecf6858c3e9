import { boolean, index, integer, jsonb, numeric, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import type { Address } from "../../../resources/common/address";
import type {
  CpfFundingOrganization,
  FundingSource,
  FundingType,
  TeachingMethod,
  TrainingDevice,
  TrainingObjective,
  TrainingType,
} from "../../../resources/trainings/schema";
import { french } from "../collation";
import { searchColumn } from "../search";
import { organizations } from "./organizations";
import { sortIndexes } from "./sort-indexes";

/** Euros with cents; read back as numbers. */
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: "number" });

export const trainings = pgTable(
  "trainings",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    number: text("number").notNull(),
    marketNumber: text("market_number"),
    actionNumber: text("action_number").notNull(),
    address: jsonb("address").$type<Address | null>(),
    objective: text("objective").$type<TrainingObjective>().notNull(),
    device: text("device").$type<TrainingDevice>().notNull(),
    type: text("type").$type<TrainingType>().notNull(),
    teachingMethods: text("teaching_methods").$type<TeachingMethod>(),
    /** Derived from the device on every save. */
    healthcareSocial: boolean("healthcare_social").notNull().default(false),
    skillsAssessment: boolean("skills_assessment").notNull().default(false),
    skillsValidation: boolean("skills_validation").notNull().default(false),
    fse: boolean("fse").notNull().default(false),
    forecastedCenterHourDuration: integer("forecasted_center_hour_duration").notNull(),
    forecastedCompanyHourDuration: integer("forecasted_company_hour_duration").notNull(),
    actualCenterHourDuration: integer("actual_center_hour_duration"),
    actualCompanyHourDuration: integer("actual_company_hour_duration"),
    cpfCode: text("cpf_code"),
    fundingOrganizationForCpfHours: text("funding_organization_for_cpf_hours").$type<CpfFundingOrganization>(),
    coverageOfEducationalCostsForCpfHours: money("coverage_of_educational_costs_for_cpf_hours"),
    educationalOrganizationId: text("educational_organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "restrict" }),
    contractingOrganizationId: text("contracting_organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "restrict" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    search: searchColumn("name", "number", "market_number", "action_number"),
  },
  (t) => [
    // The external system identifies a training by number and action number: one product training each.
    unique("trainings_number_action_unique").on(t.number, t.actionNumber),
    index("trainings_search_idx").using("gin", t.search.op("gin_trgm_ops")),
    // The lists' ORDER BY (updated_at desc, id desc: NULLS FIRST, PostgreSQL's default for desc), so page 1 reads 50 index entries.
    // The FSE and « sanitaire et social » flags after the order (it does not change it: id is unique; migration 0023): the list's
    // filters on them, and gest-cdcss's scope, read their page and count in the index alone (a sequential scan of the trainings
    // before, 53 ms for the largest training organisation at 1M records).
    index("trainings_updated_idx").on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.fse, t.healthcareSocial),
    // Scoped lists (one organisation's trainings, most recently updated first) read these in order; they also serve the foreign keys.
    // The list's other sorts (resources/<resource>/list-query.ts): (column, id), read forwards for asc, backwards for desc.
    index("trainings_name_fr_idx").on(french(t.name), t.id),
    index("trainings_educational_name_fr_idx").on(t.educationalOrganizationId, french(t.name), t.id),
    index("trainings_contracting_name_fr_idx").on(t.contractingOrganizationId, french(t.name), t.id),
    ...sortIndexes("trainings", "number_fr", t, french(t.number)),
    index("trainings_educational_org_idx").on(
      t.educationalOrganizationId,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.fse,
      t.healthcareSocial,
    ),
    index("trainings_contracting_org_idx").on(
      t.contractingOrganizationId,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.fse,
      t.healthcareSocial,
    ),
  ],
);

export const trainingFunders = pgTable(
  "training_funders",
  {
    id: text("id").primaryKey(),
    trainingId: text("training_id")
      .notNull()
      .references(() => trainings.id, { onDelete: "cascade" }),
    /** Order in which the user listed the funders. */
    position: integer("position").notNull(),
    siret: text("siret"),
    vat: boolean("vat").notNull().default(false),
    fundingType: text("funding_type").$type<FundingType>().notNull(),
    fundingSource: text("funding_source").$type<FundingSource>().notNull(),
    estimatedAmountCoveredTaxFree: money("estimated_amount_covered_tax_free"),
    estimatedAmountCoveredIncludingTaxes: money("estimated_amount_covered_including_taxes"),
    actualAmountCoveredTaxFree: money("actual_amount_covered_tax_free"),
    actualAmountCoveredIncludingTaxes: money("actual_amount_covered_including_taxes"),
    estimatedAmountOfSubsidy: money("estimated_amount_of_subsidy"),
    actualAmountOfSubsidy: money("actual_amount_of_subsidy"),
  },
  (t) => [index("training_funders_training_idx").on(t.trainingId, t.position)],
);
