/**
 * The process survives its database: dropped connections are replaced, an unreachable database answers 503 in French
 * (and /api/health says so), and the service comes back by itself once PostgreSQL is back.
 */
import fs from "node:fs";
import type { Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { connect } from "../../server/db/connection";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../../server/db/embedded-postgres";
import { runMigrations } from "../../server/db/migrate";
import { createTestApp, type TestApp } from "./support/test-app";

const UNAVAILABLE = "Le service est momentanément indisponible. Réessayez dans un instant.";

// An 'error' event nobody listens to is thrown out of the socket's callback: record it instead of letting it end the worker.
const uncaught: unknown[] = [];
const recordUncaught = (error: unknown) => uncaught.push(error);
beforeEach(() => {
  uncaught.length = 0;
  process.on("uncaughtException", recordUncaught);
});
afterEach(() => {
  process.off("uncaughtException", recordUncaught);
});

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Délai dépassé : ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("a dropped database connection", () => {
  let t: TestApp;
  const applicationName = `test-resilience-${process.pid}-${Date.now()}`;
  afterAll(() => t?.close());

  it("is replaced: after every backend of the pool is terminated, the next requests succeed and the process lives on", async () => {
    t = await createTestApp({ database: { applicationName } });
    const admin = await t.employee("rol_admin", []);
    const headers = await t.auth(admin);
    // Several connections in the pool, idle once the requests are answered.
    const warmUp = await Promise.all(Array.from({ length: 4 }, () => t.app.inject({ method: "GET", url: "/api/organizations", headers })));
    expect(warmUp.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(t.app.pool.idleCount).toBeGreaterThan(0);

    const killer = new pg.Client({ connectionString: t.databaseUrl });
    await killer.connect();
    try {
      const { rows } = await killer.query<{ terminated: boolean }>(
        "select pg_terminate_backend(pid) as terminated from pg_stat_activity where application_name = $1",
        [applicationName],
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.terminated)).toBe(true);
    } finally {
      await killer.end();
    }
    // The pool drops the dead connections when their sockets report the termination.
    await until(() => t.app.pool.totalCount === 0 || uncaught.length > 0, "le pool n'a pas retiré les connexions terminées");

    const after = await Promise.all([
      t.app.inject({ method: "GET", url: "/api/organizations", headers }),
      t.app.inject({ method: "GET", url: "/api/health" }),
    ]);
    expect(after.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(after[1].json()).toEqual({ status: "ok", database: "ok", migrations: "ok" });
    expect(uncaught).toEqual([]);
  });
});

describe("a transaction whose connection drops before its BEGIN", () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it("gives that connection back to the pool, destroyed: the next transactions run and the pool ends", async () => {
    t = await createTestApp();
    const { pool, db } = connect(t.databaseUrl, { onConnectionLost: () => undefined });
    try {
      // The connection the pool lends next dies before drizzle's BEGIN reaches it, as when PostgreSQL's backends are terminated.
      pool.once("acquire", (client: pg.PoolClient) => (client as unknown as { connection: { stream: Socket } }).connection.stream.destroy());
      await expect(db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toThrow();
      // drizzle-orm's transaction() never released it (drizzle-team/drizzle-orm#6023): pool.end() waited for it forever.
      await until(() => pool.totalCount === 0, "la connexion rendue et détruite");
      const answers = await Promise.all(Array.from({ length: 3 }, () => db.transaction(async (tx) => (await tx.execute<{ one: number }>(sql`select 1 as one`)).rows[0]?.one)));
      expect(answers).toEqual([1, 1, 1]);
      // A transaction's connection goes back to the pool as it was lent: nothing wrapped stays on it for the next lender.
      const pooled = await pool.connect();
      pooled.release();
      expect(pooled.query).toBe(pg.Client.prototype.query);
    } finally {
      await pool.end();
    }
    expect(pool.totalCount).toBe(0);
  });
});

describe("a database that goes away and comes back", () => {
  let dataDir: string;
  let postgres: EmbeddedPostgres | undefined;
  let t: TestApp | undefined;
  afterAll(async () => {
    await t?.close();
    await postgres?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers 503 in French (and /api/health 503) while PostgreSQL is stopped, then 200 once it is back", { timeout: 120_000 }, async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "api-pg-restart-"));
    fs.chmodSync(dataDir, 0o755); // as root, PostgreSQL runs as `postgres`, which must reach the cluster
    postgres = await startEmbeddedPostgres({ dataDir, database: "formation", log: () => undefined });
    const port = Number(new URL(postgres.url).port);
    const migrator = connect(postgres.url);
    await runMigrations(migrator.pool);
    await migrator.pool.end();

    // The usual test app, pointed at this PostgreSQL instead of the shared one.
    t = await createTestApp({ databaseUrl: postgres.url });
    const admin = await t.employee("rol_admin", []);
    const headers = await t.auth(admin);
    expect((await t.app.inject({ method: "GET", url: "/api/organizations", headers })).statusCode).toBe(200);

    await postgres.stop();
    const during = await t.app.inject({ method: "GET", url: "/api/organizations", headers });
    expect(during.statusCode).toBe(503);
    expect(during.json()).toMatchObject({ statusCode: 503, message: UNAVAILABLE });
    const health = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: "unavailable", reason: "database", message: UNAVAILABLE });
    // Alive all the same: a database blip must not make a process manager restart every instance.
    expect((await t.app.inject({ method: "GET", url: "/api/health/live" })).statusCode).toBe(200);

    postgres = await startEmbeddedPostgres({ dataDir, database: "formation", port, log: () => undefined });
    expect((await t.app.inject({ method: "GET", url: "/api/health" })).json()).toEqual({ status: "ok", database: "ok", migrations: "ok" });
    expect((await t.app.inject({ method: "GET", url: "/api/organizations", headers })).statusCode).toBe(200);
    expect(uncaught).toEqual([]);
  });
});

describe("connection settings", () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it("names the connections, and cancels a runaway statement after the configured time (15 s by default)", async () => {
    t = await createTestApp({ database: { statementTimeoutMs: 300 } });
    const [settings] = await t.query<{ application_name: string; statement_timeout: string }>(
      "select current_setting('application_name') as application_name, current_setting('statement_timeout') as statement_timeout",
    );
    expect(settings).toEqual({ application_name: "dossiers-formation", statement_timeout: "300ms" });
    const startedAt = Date.now();
    await expect(t.query("select pg_sleep(5)")).rejects.toMatchObject({ code: "57014" });
    expect(Date.now() - startedAt).toBeLessThan(4_000);

    const defaults = connect(t.databaseUrl);
    try {
      const { rows } = await defaults.pool.query<{ statement_timeout: string }>("select current_setting('statement_timeout') as statement_timeout");
      expect(rows[0].statement_timeout).toBe("15s");
    } finally {
      await defaults.pool.end();
    }
  });
});
