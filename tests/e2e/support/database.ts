/**
 * SQL on the server's embedded PostgreSQL, for states no API call can make on demand (a job that exhausted its attempts, an
 * exchange AGORA never answered): the password the server keeps in its data directory, the port its postmaster.pid records.
 * Only for arranging a test's own rows, never for checking what the screens show (the API and the page say that).
 */
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { dataDir } from "./auth";

/** server/db/embedded-postgres.ts: the cluster under DATA_DIR/pg, or where pg-location.txt says when postgres cannot reach it. */
function clusterDir(dir: string): string {
  const moved = path.join(dir, "pg-location.txt");
  return fs.existsSync(moved) ? fs.readFileSync(moved, "utf8").trim() : path.join(dir, "pg");
}

export async function sql<R extends object = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<R[]> {
  const dir = dataDir();
  const password = fs.readFileSync(path.join(dir, "pg-password"), "utf8").trim();
  // postmaster.pid's fourth line is the port.
  const port = Number(fs.readFileSync(path.join(clusterDir(dir), "postmaster.pid"), "utf8").split("\n")[3]);
  const client = new pg.Client({ host: "127.0.0.1", port, user: "postgres", password, database: "formation" });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}
