/**
 * Records the statements a pg.Pool runs, grouped in phases: statements started while another is still running share a phase
 * (the app runs a list's rows and count in parallel), the next phase starts once all are done. The baseline replays the
 * phases in order and each phase's statements in parallel, so it does what the app does minus the app.
 */
import type pg from "pg";

export interface Statement {
  text: string;
  values: unknown[];
  rowMode?: "array";
}
export type Phases = Statement[][];

interface QueryConfigLike {
  text: string;
  values?: unknown[];
  rowMode?: string;
}

function toStatement(args: unknown[]): Statement | undefined {
  const [first, second] = args;
  if (typeof first === "string") return { text: first, values: Array.isArray(second) ? second : [] };
  if (first && typeof first === "object" && typeof (first as QueryConfigLike).text === "string") {
    const config = first as QueryConfigLike;
    const values = config.values ?? (Array.isArray(second) ? second : []);
    return { text: config.text, values, ...(config.rowMode === "array" ? { rowMode: "array" as const } : {}) };
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
