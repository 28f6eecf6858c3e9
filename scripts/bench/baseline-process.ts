/**
 * The bare baseline: node:http and a plain pg.Pool (the app's pool size) serving, for each bench case, exactly the statements
 * the app sent for it, with their parameters, phase by phase, and answering the rows as JSON. No auth, hooks, validation or ORM.
 * Messages: {type: "route", key, phases} registers GET /<key>.
 */
import http from "node:http";
import pg from "pg";
import type { Phases, Query, Statement } from "./capture";
import { childChannel } from "./ipc";

const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) throw new Error("BENCH_DATABASE_URL manquant");
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const routes = new Map<string, Phases>();

const configOf = (s: Query) => ({ text: s.text, values: s.values, ...(s.rowMode ? { rowMode: s.rowMode } : {}) });

/** One step's rows: a statement's, or a transaction's, its statements in order on one connection. */
async function step(statement: Statement): Promise<unknown[]> {
  if (!("sequence" in statement)) return [(await pool.query(configOf(statement))).rows];
  const client = await pool.connect();
  try {
    const rows: unknown[] = [];
    for (const s of statement.sequence) rows.push((await client.query(configOf(s))).rows);
    return rows;
  } finally {
    client.release();
  }
}

async function run(phases: Phases) {
  const results: unknown[] = [];
  for (const phase of phases) {
    const answers = await Promise.all(phase.map(step));
    for (const answer of answers) results.push(...answer);
  }
  return results;
}

const server = http.createServer((request, response) => {
  const phases = routes.get(request.url?.slice(1) ?? "");
  if (!phases) {
    response.writeHead(404).end();
    return;
  }
  run(phases).then(
    (results) => {
      const body = JSON.stringify({ data: results });
      response.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) }).end(body);
    },
    (error: unknown) => response.writeHead(500).end(String(error)),
  );
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  childChannel({
    route: (message) => {
      routes.set(message.key as string, message.phases as Phases);
      return {};
    },
    close: async () => {
      server.closeAllConnections();
      server.close();
      await pool.end();
      return {};
    },
  }).ready({ port: typeof address === "object" && address ? address.port : 0 });
});
