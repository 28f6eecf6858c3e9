/**
 * Records the statements a pg.Pool runs, grouped in phases: statements started while another is still running share a phase
 * (the app runs a list's rows and count in parallel), the next phase starts once all are done. The baseline replays the
 * phases in order and each phase's statements in parallel, so it does what the app does minus the app. A client checked out
 * of the pool (a transaction: a session period's search sets planner options for itself) is one step of its phase, its
 * statements replayed in order on one connection.
 */
import type pg from "pg";

export interface Query {
  text: string;
  values: unknown[];
  rowMode?: "array";
  /** The prepared statement's name as the app sent it (the baseline replays the text unprepared). */
  name?: string;
}
export type Statement = Query | { sequence: Query[] };
export type Phases = Statement[][];

interface QueryConfigLike {
  text: string;
  values?: unknown[];
  rowMode?: string;
  name?: string;
}

function toStatement(args: unknown[]): Query | undefined {
  const [first, second] = args;
  if (typeof first === "string") return { text: first, values: Array.isArray(second) ? second : [] };
  if (first && typeof first === "object" && typeof (first as QueryConfigLike).text === "string") {
    const config = first as QueryConfigLike;
    const values = config.values ?? (Array.isArray(second) ? second : []);
    return {
      text: config.text,
      values,
      ...(config.rowMode === "array" ? { rowMode: "array" as const } : {}),
      ...(typeof config.name === "string" ? { name: config.name } : {}),
    };
  }
  return undefined;
}

export function capturePool(pool: pg.Pool) {
  let phases: Phases | undefined;
  let inFlight = 0;
  const original = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const wrapped = (...args: unknown[]) => {
    const statement = phases && toStatement(args);
    if (!phases || !statement) return original(...args);
    if (inFlight === 0 || phases.length === 0) phases.push([]);
    phases.at(-1)!.push(statement);
    inFlight++;
    const result = original(...args);
    const settle = () => void inFlight--;
    if (result instanceof Promise) result.then(settle, settle);
    else settle();
    return result;
  };
  // pg's query() is heavily overloaded; the wrapper forwards every form untouched.
  pool.query = wrapped as unknown as typeof pool.query;
  // connect() with a callback is pool.query's own (already recorded); without one, a caller's checkout (drizzle's transaction).
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  const checkout = async () => {
    const client = (await connect()) as pg.PoolClient;
    if (!phases) return client;
    if (inFlight === 0 || phases.length === 0) phases.push([]);
    const sequence: Query[] = [];
    phases.at(-1)!.push({ sequence });
    inFlight++;
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const release = client.release.bind(client);
    client.query = ((...args: unknown[]) => {
      const statement = toStatement(args);
      if (statement) sequence.push(statement);
      return query(...args);
    }) as typeof client.query;
    client.release = ((...args: Parameters<typeof release>) => {
      client.query = query as typeof client.query;
      client.release = release;
      inFlight--;
      return release(...args);
    }) as typeof release;
    return client;
  };
  pool.connect = ((...args: unknown[]) => (args.length > 0 ? connect(...args) : checkout())) as typeof pool.connect;
  return {
    start() {
      phases = [];
      inFlight = 0;
    },
    stop(): Phases {
      const captured = phases ?? [];
      phases = undefined;
      return captured;
    },
  };
}

/** A statement as it was sent, with the planner settings its transaction had made before it (`set local …`). */
export interface SentQuery extends Query {
  settings: string[];
}

/** The phases' statements one after the other, a transaction's each with the `set local` sent before it in that transaction. */
export function sentQueries(phases: Phases): SentQuery[] {
  return phases.flat().flatMap((statement) => {
    if (!("sequence" in statement)) return [{ ...statement, settings: [] }];
    const settings: string[] = [];
    return statement.sequence.flatMap((query) => {
      if (/^\s*set local /i.test(query.text)) {
        settings.push(query.text);
        return [];
      }
      return [{ ...query, settings: [...settings] }];
    });
  });
}
