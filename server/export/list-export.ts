/**
 * What a list's « Exporter » is (issue 25): the list's own rows — its selection for the caller and the query (scope, search,
 * filters and sort: the repository's `*ListSelection`, the very function its pages use) — with the export's columns,
 * under a French file name. Registered as `GET /api/<list>/export` by server/routes/list-exports.ts.
 */
import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { ResourceName } from "../../resources/permissions";
import type { Caller } from "../auth/guard";
import { sortOrder, type ListSelection } from "../db/list-selection";
import type { ExportLayout } from "./cells";

export interface ListExport<Q, R> {
  resource: ResourceName;
  /** The file's name before the day: 'dossiers-de-formation'. */
  fileStem: string;
  /** What the OpenAPI document says the file holds. */
  description: string;
  /** The columns, which may depend on the caller (the NIR: see trainees). */
  layout(caller: Caller): ExportLayout<R>;
  /** The rows' select for the caller and the list's query; `today` is the day in France (the records' blocking filter). */
  select(caller: Caller, query: Q, today: string): SQL;
}

/** An instant as the wall clock in France, `YYYY-MM-DDTHH:mm` (a `dateTime` cell). */
export const franceDateTime = (column: AnyPgColumn) => sql`to_char(${column} at time zone 'Europe/Paris', 'YYYY-MM-DD"T"HH24:MI')`;

/** The selection's `where …` (when it has a condition) and `order by …` (its sort, the id breaking ties), for the list's table. */
export const selected = (table: PgTable & { id: PgColumn; updatedAt: PgColumn }, { where, sort }: ListSelection) =>
  sql`${where.where ? sql`where ${where.where}` : sql``} order by ${sql.join(sortOrder(table, sort), sql`, `)}`;
