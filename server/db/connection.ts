import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from "drizzle-orm/node-postgres";
import type { PgDatabase } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema/index";

export type Database = NodePgDatabase<typeof schema>;
/** The database or a transaction on it: what repository and seed functions take. */
export type Executor = PgDatabase<NodePgQueryResultHKT, typeof schema>;

export function connect(databaseUrl: string): { pool: pg.Pool; db: Database } {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  return { pool, db: drizzle(pool, { schema }) };
}
