import type { SQL } from "drizzle-orm";
import { index, type ExtraConfigColumn } from "drizzle-orm/pg-core";

/** A table whose scope is its educational and contracting organisations' copies (records, sessions, trainings). */
interface ScopedColumns {
  id: ExtraConfigColumn;
  educationalOrganizationId: ExtraConfigColumn;
  contractingOrganizationId: ExtraConfigColumn;
}

/**
 * A list's sort (resources/<resource>/list-query.ts) served at scale, as migration 0016 has it: `<table>_<name>_idx` on
 * (key, id), read forwards for asc and backwards for desc, and its variants led by each scope's organisation. `key` is the
 * column, or a text in French order (`french`), as the list's ORDER BY writes it; `after`: columns carried after the id (they
 * do not change the order), for the filters that may meet the index.
 */
export function sortIndexes(table: string, name: string, t: ScopedColumns, key: ExtraConfigColumn | SQL, after: ExtraConfigColumn[] = []) {
  return [
    index(`${table}_${name}_idx`).on(key, t.id, ...after),
    index(`${table}_educational_${name}_idx`).on(t.educationalOrganizationId, key, t.id, ...after),
    index(`${table}_contracting_${name}_idx`).on(t.contractingOrganizationId, key, t.id, ...after),
  ];
}
