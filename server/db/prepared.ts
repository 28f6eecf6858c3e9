import type { Executor } from "./connection";

/**
 * A statement prepared once per process under its name: drizzle builds its SQL once, and PostgreSQL parses and plans it once
 * per connection. Built on every call, a list's rows statement cost over 200 µs of drizzle's SQL building for a training's
 * (its 40 columns and two joins), then PostgreSQL's parse and plan; a record's creation spent a quarter of the application's
 * CPU building its statements.
 *
 * It runs on the connection of the executor it is asked for: the database's pool, or the client a transaction holds (its
 * statements must see the transaction's writes and locks). drizzle keeps that connection in the executor's session and its
 * prepared query reads it from `this.client`; neither is in its types, so both are reached here only, and the tests of
 * `tests/api/prepared-statements.test.ts` fail if a drizzle upgrade moves them.
 */
const statements = new Map<string, object>();

const connectionOf = (executor: Executor): unknown => {
  const connection = (executor._.session as unknown as { client?: unknown }).client;
  if (!connection) throw new Error("drizzle-orm : la connexion de la session est introuvable (server/db/prepared.ts)");
  return connection;
};

export function preparedOnce<P extends object>(executor: Executor, name: string, prepare: (name: string) => P): P {
  let statement = statements.get(name) as P | undefined;
  if (!statement) statements.set(name, (statement = prepare(name)));
  const connection = connectionOf(executor);
  if ((statement as { client?: unknown }).client === connection) return statement;
  return Object.create(statement, { client: { value: connection } }) as P;
}
