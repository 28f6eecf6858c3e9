import type { Executor } from "./connection";

/**
 * A statement prepared once per database under its name: drizzle builds its SQL once, and PostgreSQL parses and plans it once
 * per connection. Built on every call, a list's rows statement cost over 200 µs of drizzle's SQL building for a training's
 * (its 40 columns and two joins), then PostgreSQL's parse and plan.
 */
const preparedByDatabase = new WeakMap<Executor, Map<string, unknown>>();

export function preparedOnce<P>(db: Executor, name: string, prepare: (name: string) => P): P {
  let byName = preparedByDatabase.get(db);
  if (!byName) preparedByDatabase.set(db, (byName = new Map()));
  if (!byName.has(name)) byName.set(name, prepare(name));
  // Set under this name by this function only, from the same `prepare` (one name per statement).
  return byName.get(name) as P;
}
