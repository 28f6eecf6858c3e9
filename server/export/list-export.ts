/**
 * What a list's « Exporter » is (issue 25): the list's own rows — its conditions for the caller and the query (scope, search,
 * filters: the repository's `*ListWhere`, the very function its pages use) in the list's order — with the export's columns,
 * under a French file name. Registered as `GET /api/<list>/export` by server/routes/list-exports.ts.
 */
import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { ResourceName } from "../../resources/permissions";
import type { Caller } from "../auth/guard";
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

/** `where …` when there is a condition. */
export const whereClause = (where: SQL | undefined) => (where ? sql`where ${where}` : sql``);
