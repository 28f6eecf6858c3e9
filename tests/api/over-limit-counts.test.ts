/**
 * A list whose count went past 10,000 is remembered for a minute (server/db/over-limit-counts.ts): asked again, it answers
 * « plus de 10 000 » without counting; a list under the limit is counted at every call; the memory is per scope and filters,
 * and forgets after REMEMBERED_MS.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { capturePool, sentQueries } from "../../scripts/bench/capture";
import { REMEMBERED_MS } from "../../server/db/over-limit-counts";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";

let t: TestApp;
let superAdmin: TestEmployee;
let capture: ReturnType<typeof capturePool>;

const addOrganizations = (from: number, to: number) =>
  t.query(
    `insert into organizations (id, name, siret, updated_at)
     select md5('memo' || g), 'MEMO ' || g, (50000000000000 + g)::text, now() - g * interval '1 second'
     from generate_series($1::int, $2::int) g`,
    [from, to],
  );

const pagination = async (query: string, caller = superAdmin, list = "organizations") => {
  const res = await t.app.inject({ url: `/api/${list}?${query}`, headers: await t.auth(caller) });
  expect(res.statusCode, res.body).toBe(200);
  const { nextCursor: _, ...counted } = res.json().metadata.pagination;
  return counted;
};

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await t.employee("rol_sup-admin", [await t.organization()]);
  capture = capturePool(t.app.pool);
});
afterEach(() => vi.useRealTimers());
afterAll(() => t.close());

describe("a count past the limit, remembered", () => {
  it("is counted at every call while under the limit, and says so at once when the list passes it", async () => {
    await addOrganizations(1, 9_998);
    expect(await pagination("limit=1")).toEqual({ offset: 0, limit: 1, totalCount: 9_999 });
    await addOrganizations(9_999, 9_999);
    expect(await pagination("limit=1")).toEqual({ offset: 0, limit: 1, totalCount: 10_000 });
    await addOrganizations(10_000, 12_000);
    await t.query("analyze organizations");
    expect(await pagination("limit=1")).toMatchObject({ totalCountCapped: true });
  });

  it("answers the same « plus de » without counting again for a minute, then counts", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const capped = await pagination("limit=1");
    expect(capped).toMatchObject({ totalCountCapped: true });
    // Rows deleted by the thousand: the list remembered is not counted again, so it still says « plus de 10 000 »...
    await t.query("delete from organizations where name like 'MEMO %' and name not like 'MEMO 1%'");
    const [left] = await t.query<{ n: number }>("select count(*)::int as n from organizations");
    expect(left!.n).toBeLessThan(10_000);
    vi.setSystemTime(Date.now() + REMEMBERED_MS - 1_000);
    expect(await pagination("limit=1")).toEqual(capped);
    // ... until the minute has passed.
    vi.setSystemTime(Date.now() + 2_000);
    expect(await pagination("limit=1")).toEqual({ offset: 0, limit: 1, totalCount: left!.n });
  });

  it("is remembered per scope: a narrower scope is counted, and each scope past the limit is remembered apart", async () => {
    const [large, small] = [await t.organization(), await t.organization()];
    await t.query(
      `insert into employees (id, first_name, last_name, email, gender, role_id)
       select md5('memo-employee' || g), 'Test', 'MEMO ' || g, 'memo' || g || '@test.fr', 'FEMALE', 'rol_gest-of' from generate_series(1, 10001) g`,
    );
    await t.query("insert into employee_organizations (employee_id, organization_id) select md5('memo-employee' || g), $1 from generate_series(1, 10001) g", [large]);
    await t.query("analyze employees");
    const [ofLarge, ofSmall] = [await t.employee("rol_resp-of", [large]), await t.employee("rol_resp-of", [small])];
    expect(await pagination("limit=1", superAdmin, "employees")).toMatchObject({ totalCountCapped: true });
    expect(await pagination("limit=1", ofSmall, "employees")).toEqual({ offset: 0, limit: 1, totalCount: 1 });
    expect(await pagination("limit=1", ofLarge, "employees")).toMatchObject({ totalCountCapped: true });
    // The large organisation's list, remembered, is not the small one's: the small one grows and is counted.
    await t.employee("rol_gest-of", [small]);
    expect(await pagination("limit=1", ofSmall, "employees")).toEqual({ offset: 0, limit: 1, totalCount: 2 });
  });
});

describe("the planner's estimate that chooses how a session period's page is read", () => {
  /** The EXPLAINs the list's page sent. */
  const explainsOf = async (url: string) => {
    const headers = await t.auth(superAdmin);
    capture.start();
    const res = await t.app.inject({ url, headers });
    const phases = capture.stop();
    expect(res.statusCode, res.body).toBe(200);
    return sentQueries(phases).filter((s) => /^\s*explain/i.test(s.text)).length;
  };

  it("is asked once a minute per list, not at every page", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const period = "/api/records?sessionFrom=2025-03-01&sessionTo=2025-06-30";
    expect(await explainsOf(period)).toBe(1);
    expect(await explainsOf(period)).toBe(0);
    // Another period is another list.
    expect(await explainsOf("/api/records?sessionFrom=2025-03-01&sessionTo=2025-07-31")).toBe(1);
    vi.setSystemTime(Date.now() + REMEMBERED_MS + 1_000);
    expect(await explainsOf(period)).toBe(1);
  });
});
