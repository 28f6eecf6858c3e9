/**
 * API tests run against a real PostgreSQL: the embedded one by default, the server of DATABASE_URL when set.
 * A migrated template database is built once; each test file clones it (CREATE DATABASE … TEMPLATE), which takes milliseconds.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { connect } from "../../../server/db/connection";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../../../server/db/embedded-postgres";
import { runMigrations } from "../../../server/db/migrate";

declare module "vitest" {
  export interface ProvidedContext {
    serverUrl: string;
    templateDatabase: string;
  }
}

let embedded: EmbeddedPostgres | undefined;
let dataDir: string | undefined;

const withDatabase = (url: string, database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};

export async function setup(project: TestProject) {
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "api-tests-"));
    fs.chmodSync(dataDir, 0o755);
    embedded = await startEmbeddedPostgres({ dataDir, database: "postgres", log: () => undefined });
    serverUrl = embedded.url;
  }
  const template = `tpl_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${template}"`);
  await admin.end();
  const { pool } = connect(withDatabase(serverUrl, template));
  await runMigrations(pool);
  await pool.end();
  project.provide("serverUrl", serverUrl);
  project.provide("templateDatabase", template);

  return async () => {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    const { rows } = await cleanup.query<{ datname: string }>(
      "select datname from pg_database where datname like $1 or datname = $2",
      [`t_${process.pid}_%`, template],
    );
    for (const { datname } of rows) await cleanup.query(`drop database if exists "${datname}" with (force)`);
    await cleanup.end();
    await embedded?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
