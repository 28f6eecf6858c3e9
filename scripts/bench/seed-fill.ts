/**
 * The bench seed's bulk load of a step (tables filled together): secondary indexes dropped, rows generated batch by batch and
 * inserted while the next batch is generated, then the indexes rebuilt, all in one transaction.
 */
import type pg from "pg";
import { insertRows, type Table } from "./bulk-insert";
import type { Row } from "./generate";

const BATCH = 5_000;
export type Log = (message: string) => void;
export const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

export const SEEDED_TABLES = ["organizations", "employees", "employee_organizations", "trainings", "training_funders", "sessions", "trainees", "records", "record_fse"];

/**
 * The load's session: index builds after the load sort in memory, B-trees with parallel workers (the GIN trigram ones cannot, in
 * PostgreSQL 15); commits asynchronous, as losing the last ones on a crash is harmless for generated data.
 */
export async function useLoadSettings(client: pg.Client): Promise<void> {
  await client.query("set maintenance_work_mem = '1GB'");
  await client.query("set max_parallel_maintenance_workers = 2");
  await client.query("set synchronous_commit = off");
}

/**
 * After the load: statistics for the planner, and the visibility map autovacuum would set later (index-only scans, cheap
 * counts). The load's commits were asynchronous: until the WAL holding them is flushed, VACUUM cannot mark their rows visible to
 * all (it needs their commit hint bits, which PostgreSQL does not set before that flush), and every index-only scan of the bench
 * then read the table — at 1M records, the trainings' offset pages took 336–840 ms instead of 40–63. The synchronous commit of a
 * transaction that has an xid flushes the WAL up to it.
 */
export async function settleAfterLoad(client: pg.Client): Promise<void> {
  await client.query("set synchronous_commit = on");
  await client.query("begin");
  await client.query("select txid_current()");
  await client.query("commit");
  await client.query(`vacuum (analyze) ${SEEDED_TABLES.join(", ")}`);
}

/**
 * The table's secondary indexes (not those of a primary key or unique constraint, which must check every row): building them once
 * after the load is several times faster than updating a trigram index row by row. Read from the catalogue, so whatever
 * indexes the migrations define are the ones rebuilt.
 */
async function secondaryIndexes(client: pg.Client, tables: string[]) {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
     from pg_index i where i.indrelid = any($1::regclass[])
     and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [tables],
  );
  return rows;
}

/** Statements run in the load's transaction: before the load (after the indexes are dropped), and after it (before they are rebuilt). */
export interface AroundLoad {
  before: string[];
  after: string[];
}

/**
 * Generates `count` rows batch by batch and inserts them, generating the next batch while PostgreSQL stores the previous one.
 * `toRows` may answer rows for several tables (a training and its funders, a trainee and its record), inserted in the order of
 * `tables` (the referenced first).
 */
export async function fill(
  client: pg.Client,
  log: Log,
  label: string,
  tables: Table[],
  count: number,
  toRows: (i: number) => Partial<Record<Table, Row[]>>,
  around: AroundLoad = { before: [], after: [] },
): Promise<Record<string, number>> {
  const started = performance.now();
  const stored: Record<string, number> = {};
  // One transaction: an interrupted seed leaves neither half the rows nor dropped indexes behind.
  await client.query("begin");
  const indexes = await secondaryIndexes(client, tables);
  for (const index of indexes) await client.query(`drop index ${index.name}`);
  for (const statement of around.before) await client.query(statement);
  let pending: Promise<void> = Promise.resolve();
  for (let from = 0; from < count; from += BATCH) {
    const batch: Partial<Record<Table, Row[]>> = {};
    for (let i = from; i < Math.min(count, from + BATCH); i++) {
      for (const [table, rows] of Object.entries(toRows(i)) as [Table, Row[]][]) (batch[table] ??= []).push(...rows);
    }
    await pending;
    pending = (async () => {
      for (const table of tables) stored[table] = (stored[table] ?? 0) + (await insertRows(client, table, batch[table] ?? []));
    })();
    if (from > 0 && (from / BATCH) % 20 === 0) log(`  ${label} : ${from} / ${count} (${seconds(started)})`);
  }
  await pending;
  for (const statement of around.after) await client.query(statement);
  const indexesStarted = performance.now();
  for (const index of indexes) await client.query(index.definition);
  await client.query("commit");
  if (indexes.length > 0) log(`  ${label} : ${indexes.length} index reconstruits en ${seconds(indexesStarted)}`);
  log(`${label} : ${Object.entries(stored).map(([t, n]) => `${n} ${t}`).join(", ") || "0"} en ${seconds(started)}`);
  return stored;
}
