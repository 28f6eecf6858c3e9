import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from "drizzle-orm/node-postgres";
import type { PgDatabase } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema/index";

export type Database = NodePgDatabase<typeof schema>;
/** The database or a transaction on it: what repository and seed functions take. */
export type Executor = PgDatabase<NodePgQueryResultHKT, typeof schema>;

export interface PoolOptions {
  /** Shown in pg_stat_activity: tells the product's connections from others. */
  applicationName?: string;
  /** A statement running longer is cancelled by PostgreSQL (57014); 0 disables the limit. */
  statementTimeoutMs?: number;
  /** Waiting longer for a connection (database down, pool exhausted) fails the query instead of queueing forever. */
  connectionTimeoutMs?: number;
  /** An idle connection is closed after this long. */
  idleTimeoutMs?: number;
  /** Told, in one line without personal data, when a connection is lost; the pool opens a new one on the next query. */
  onConnectionLost?: (message: string) => void;
}

export const DEFAULT_POOL_OPTIONS = {
  applicationName: "dossiers-formation",
  statementTimeoutMs: 15_000,
  connectionTimeoutMs: 5_000,
  idleTimeoutMs: 30_000,
} as const;

const errorCode = (error: unknown) =>
  typeof error === "object" && error !== null && "code" in error && typeof error.code === "string" ? error.code : "inconnu";

export function connect(databaseUrl: string, options: PoolOptions = {}): { pool: pg.Pool; db: Database } {
  const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_POOL_OPTIONS.statementTimeoutMs;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    application_name: options.applicationName ?? DEFAULT_POOL_OPTIONS.applicationName,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? DEFAULT_POOL_OPTIONS.connectionTimeoutMs,
    idleTimeoutMillis: options.idleTimeoutMs ?? DEFAULT_POOL_OPTIONS.idleTimeoutMs,
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}),
  });
  const onConnectionLost = options.onConnectionLost ?? ((message: string) => console.warn(message));
  // An 'error' event without a listener is thrown and ends the process. The pool emits it for an idle connection
  // (PostgreSQL restarted, backend terminated) and has already discarded that connection: say so and carry on.
  pool.on("error", (error) => onConnectionLost(`Base de données : connexion perdue (code ${errorCode(error)}), une nouvelle sera ouverte.`));
  // A connection lent out (e.g. inside a transaction) emits 'error' on the client itself; the query running on it
  // fails and reaches the error handler, so nothing more to say here.
  pool.on("connect", (client) => client.on("error", () => undefined));
  releaseOnFailedBegin(pool);
  return { pool, db: drizzle(pool, { schema }) };
}

/**
 * drizzle-orm's transaction() (0.45.4, the latest) sends BEGIN before the try/finally that gives its connection back
 * (drizzle-team/drizzle-orm#6023, open). A BEGIN that fails — a connection that dropped after the pool lent it, as when
 * PostgreSQL's backends are terminated — kept that connection lent for good: pool.end() then waited for it forever (the server
 * never stopped), and ten such faults would leave every query waiting. So a connection lent for a transaction (checked out
 * without a callback) whose first statement fails is given back with the error, which destroys it; the lender's own release
 * after that does nothing.
 */
function releaseOnFailedBegin(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  const lend = async () => {
    const client = (await connect()) as pg.PoolClient;
    const { query, release } = client;
    // Put back on release, so that the pooled client is the same for its next lender (and wrappers over these unwind in order).
    const restore = () => {
      client.query = query;
      client.release = release;
    };
    let first = true;
    client.query = ((...args: Parameters<typeof client.query>) => {
      const result = (query as (...a: unknown[]) => unknown).apply(client, args);
      if (first && result instanceof Promise) {
        result.catch((error: Error) => {
          restore();
          client.release = (() => undefined) as typeof client.release;
          try {
            release.call(client, error);
          } catch {
            // Already given back by its lender (pg-pool refuses a second release): nothing held.
          }
        });
      }
      first = false;
      return result;
    }) as typeof client.query;
    client.release = ((error?: Error | boolean) => {
      restore();
      release.call(client, error);
    }) as typeof client.release;
    return client;
  };
  // With a callback, the checkout is pool.query's own, which gives its connection back itself.
  pool.connect = ((...args: unknown[]) => (args.length > 0 ? connect(...args) : lend())) as typeof pool.connect;
}
