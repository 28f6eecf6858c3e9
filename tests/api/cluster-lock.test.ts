/**
 * Work done once per cluster (server/db/cluster-lock.ts, server/db/migrate.ts): two pools stand for two instances.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { runOncePerCluster } from "../../server/db/cluster-lock";
import { latestMigration, migrationsCurrent, runMigrations } from "../../server/db/migrate";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let other: pg.Pool;
beforeAll(async () => {
  t = await createTestApp();
  other = new pg.Pool({ connectionString: t.databaseUrl });
  other.on("connect", (client) => client.on("error", () => undefined));
});
afterAll(async () => {
  await other.end();
  await t.close();
});

describe("runOncePerCluster", () => {
  it("runs on one instance while the other, finding the lock taken, skips", async () => {
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (release = resolve));
    const first = runOncePerCluster(t.app.pool, "test-busy", () => holding.then(() => "premier"));
    // The first has the lock once its work started; until then the second may still win it: wait for the first to hold it.
    for (;;) {
      const held = await t.query<{ n: number }>("select count(*)::int as n from pg_locks where locktype = 'advisory' and granted and objid = hashtext('test-busy')::oid and database = (select oid from pg_database where datname = current_database())");
      if (held[0]!.n > 0) break;
    }
    expect(await runOncePerCluster(other, "test-busy", async () => "second")).toEqual({ ran: false, reason: "busy" });
    release();
    expect(await first).toEqual({ ran: true, value: "premier" });
    expect(await runOncePerCluster(other, "test-busy", async () => "second")).toEqual({ ran: true, value: "second" });
  });

  it("frees the lock when the work fails", async () => {
    await expect(runOncePerCluster(t.app.pool, "test-fail", () => Promise.reject(new Error("échec")))).rejects.toThrow("échec");
    expect(await runOncePerCluster(other, "test-fail", async () => "ok")).toEqual({ ran: true, value: "ok" });
  });
});

describe("migrations", () => {
  it("two instances migrating an empty database at once: one applies every migration, the other waits and applies none", async () => {
    const serverUrl = inject("serverUrl");
    const database = `t_${process.ppid}_migrate_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${database}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    const pools = [0, 1].map(() => new pg.Pool({ connectionString: url.toString() }));
    // A connection still closing when the database is dropped gets PostgreSQL's termination notice: expected, not an error.
    for (const pool of pools) {
      pool.on("connect", (client) => client.on("error", () => undefined));
      pool.on("error", () => undefined);
    }
    try {
      expect(await migrationsCurrent(pools[0]!)).toBe(false);
      const applied = await Promise.all(pools.map((pool) => runMigrations(pool)));
      const { rows } = await pools[0]!.query<{ n: number; last: string }>("select count(*)::int as n, max(created_at) as last from drizzle.__drizzle_migrations");
      expect(applied.sort()).toEqual([0, rows[0]!.n]);
      expect(rows[0]!.n).toBeGreaterThan(10);
      expect(Number(rows[0]!.last)).toBe(latestMigration());
      expect(await migrationsCurrent(pools[1]!)).toBe(true);
      expect(await runMigrations(pools[1]!)).toBe(0);
    } finally {
      for (const pool of pools) await pool.end();
      await admin.query(`drop database if exists "${database}" with (force)`);
      await admin.end();
    }
  });
});
