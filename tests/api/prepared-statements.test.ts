/**
 * server/db/prepared.ts: a statement built once runs, under its name, on the connection of the executor it is asked for — the
 * pool, or the client a transaction holds — and on the right database when one process has several.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, type Executor } from "../../server/db/connection";
import { preparedOnce } from "../../server/db/prepared";
import { organizations } from "../../server/db/schema/index";
import { capturePool } from "../../scripts/bench/capture";
import { createTestApp, type TestApp } from "./support/test-app";

const nameOf = (db: Executor) =>
  preparedOnce(db, "test_organization_name", (name) =>
    db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, sql.placeholder("id"))).prepare(name),
  );

describe("a statement prepared once", () => {
  let t: TestApp;
  let other: TestApp;
  beforeAll(async () => {
    [t, other] = await Promise.all([createTestApp(), createTestApp()]);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), other?.close()]);
  });

  it("runs in the transaction it is asked in: it sees the transaction's own writes, which the pool does not yet", async () => {
    const id = await t.organization({ name: "Avant" });
    const capture = capturePool(t.app.pool);
    capture.start();
    const seen = await t.app.db.transaction(async (tx) => {
      await tx.update(organizations).set({ name: "Pendant" }).where(eq(organizations.id, id));
      const inside = await nameOf(tx).execute({ id });
      const outside = await nameOf(t.app.db).execute({ id });
      return { inside: inside[0]?.name, outside: outside[0]?.name };
    });
    const phases = capture.stop();
    expect(seen).toEqual({ inside: "Pendant", outside: "Avant" });
    // Sent under its name both times: in the transaction's sequence, and on the pool.
    const named = phases.flat().flatMap((s) => ("sequence" in s ? s.sequence : [s])).filter((q) => q.name === "test_organization_name");
    expect(named).toHaveLength(2);
    expect((await nameOf(t.app.db).execute({ id }))[0]?.name).toBe("Pendant");
  });

  it("runs on the database of its executor when a process has several", async () => {
    const here = await t.organization({ name: "Ici" });
    const there = await other.organization({ name: "Là-bas" });
    expect(await nameOf(t.app.db).execute({ id: there })).toEqual([]);
    expect(await nameOf(other.app.db).execute({ id: there })).toEqual([{ name: "Là-bas" }]);
    expect(await nameOf(other.app.db).execute({ id: here })).toEqual([]);
    // A pool of its own, as a second process would have (the built statement is shared, its connection is not).
    const { pool, db } = connect(t.databaseUrl);
    try {
      expect(await nameOf(db).execute({ id: here })).toEqual([{ name: "Ici" }]);
    } finally {
      await pool.end();
    }
  });
});
