/**
 * Multi-row inserts from arrays: `insert … select … from unnest($1::text[], $2::text[], …)`, one statement per batch of
 * thousands of rows. As fast as COPY here (pg-copy-streams is not a dependency) and it goes through every constraint,
 * trigger and generated column like any insert.
 */
import type pg from "pg";
import type { Row } from "./generate";

/** Column name → SQL type it is cast to from text. */
export type Columns = Record<string, string>;

/** A search column given in clear: lower-cased and unaccented by the insert, as the generated search columns are (server/db/search.ts). */
const SEARCH_TEXT = "search text";

export const COLUMNS = {
  organizations: { id: "text", name: "text", siret: "text", email: "text", phone_number: "text", address: "jsonb", created_at: "timestamptz", updated_at: "timestamptz" },
  employees: { id: "text", first_name: "text", last_name: "text", email: "text", phone_number: "text", gender: "text", role_id: "text", created_at: "timestamptz", updated_at: "timestamptz" },
  employee_organizations: { employee_id: "text", organization_id: "text" },
  trainees: {
    id: "text", first_name: "text", last_name: "text", birth_name: "text", email: "text", phone_number: "text", gender: "text", ssn: "text",
    ssn_verified: "boolean", birth_date: "date", address: "jsonb", department: "text", situation: "text", born_in_france: "boolean",
    created_at: "timestamptz", updated_at: "timestamptz", record_educational_organization_id: "text", record_contracting_organization_id: "text",
    record_healthcare_social: "boolean",
  },
  trainings: {
    id: "text", name: "text", number: "text", market_number: "text", action_number: "text", address: "jsonb", objective: "text", device: "text",
    type: "text", teaching_methods: "text", healthcare_social: "boolean", skills_assessment: "boolean", skills_validation: "boolean", fse: "boolean",
    forecasted_center_hour_duration: "integer", forecasted_company_hour_duration: "integer", actual_center_hour_duration: "integer",
    actual_company_hour_duration: "integer", cpf_code: "text", funding_organization_for_cpf_hours: "text",
    coverage_of_educational_costs_for_cpf_hours: "numeric", educational_organization_id: "text", contracting_organization_id: "text",
    created_at: "timestamptz", updated_at: "timestamptz",
  },
  training_funders: {
    id: "text", training_id: "text", position: "integer", siret: "text", vat: "boolean", funding_type: "text", funding_source: "text",
    estimated_amount_covered_tax_free: "numeric", estimated_amount_covered_including_taxes: "numeric", actual_amount_covered_tax_free: "numeric",
    actual_amount_covered_including_taxes: "numeric", estimated_amount_of_subsidy: "numeric", actual_amount_of_subsidy: "numeric",
  },
  sessions: {
    id: "text", training_id: "text", start_date: "date", end_date: "date", capacity: "integer", total_price_per_person_including_taxes: "numeric",
    total_price_per_person_tax_free: "numeric", purchasing_unit: "text", actual_or_calculated_educational_cost: "text",
    created_at: "timestamptz", updated_at: "timestamptz",
  },
  records: {
    id: "text", trainee_id: "text", session_id: "text", status: "text", agora_id: "text", planned_start_date: "date", planned_end_date: "date",
    real_start_date: "date", real_end_date: "date", rejection_reason: "text", rejected_at: "timestamptz", closed_at: "timestamptz",
    last_exchange_failed: "boolean", version: "integer", created_at: "timestamptz", updated_at: "timestamptz", quality_blocking: "boolean",
    has_fse_input: "boolean", has_fse_output: "boolean", has_fse_after_six_month: "boolean", educational_organization_id: "text",
    contracting_organization_id: "text", healthcare_social: "boolean", session_start_date: "date", session_end_date: "date", training_id: "text",
    training_fse: "boolean", search: SEARCH_TEXT,
  },
  record_fse: { id: "text", record_id: "text", period: "text", information: "jsonb", created_at: "timestamptz", updated_at: "timestamptz" },
} as const satisfies Record<string, Columns>;

export type Table = keyof typeof COLUMNS;

/** The insert statement of a table, rows given column by column as text arrays. */
export function unnestInsert(table: Table): string {
  const names = Object.keys(COLUMNS[table]);
  const types = Object.values(COLUMNS[table]) as string[];
  const list = names.map((n) => `"${n}"`).join(", ");
  const casts = names.map((_, k) => (types[k] === SEARCH_TEXT ? `f_unaccent(lower(u.c${k}))` : `u.c${k}::${types[k]}`)).join(", ");
  const arrays = names.map((_, k) => `$${k + 1}::text[]`).join(", ");
  // A generated NIR may, very rarely, repeat one already stored: that row is skipped and the printed counts are the real ones.
  return `insert into "${table}" (${list}) select ${casts} from unnest(${arrays}) as u(${names.map((_, k) => `c${k}`).join(", ")}) on conflict do nothing`;
}

/** Inserts the rows; answers how many were stored. */
export async function insertRows(client: pg.ClientBase, table: Table, rows: readonly Row[]): Promise<number> {
  if (rows.length === 0) return 0;
  const names = Object.keys(COLUMNS[table]);
  const columns = names.map((name) => rows.map((row) => (row[name] === null || row[name] === undefined ? null : String(row[name]))));
  const result = await client.query(unnestInsert(table), columns);
  return result.rowCount ?? 0;
}
