/**
 * List counts (design.md "API contract"): exact up to 10,000 matching rows; beyond, PostgreSQL's estimate, flagged
 * `totalCountCapped: true` so the counter says 'plus de 10 000'. Also: a deep page holds the rows of that place in the order.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";

let t: TestApp;
let superAdmin: TestEmployee;

const addOrganizations = (from: number, to: number) =>
  t.query(
    `insert into organizations (id, name, siret, updated_at)
     select md5('org' || g), 'ORGANISME ' || g, (20000000000000 + g)::text, now() - g * interval '1 second'
     from generate_series($1::int, $2::int) g`,
    [from, to],
  );

const pagination = async (query: string) => {
  const res = await t.app.inject({ url: `/api/organizations?${query}`, headers: await t.auth(superAdmin) });
  expect(res.statusCode).toBe(200);
  return res.json().metadata.pagination;
};

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await t.employee("rol_sup-admin", [await t.organization()]);
  await addOrganizations(1, 9_999);
});
afterAll(() => t.close());

describe("list counts", () => {
  it("counts exactly up to 10,000 rows, without the capped flag", async () => {
    expect(await pagination("limit=1")).toEqual({ offset: 0, limit: 1, totalCount: 10_000 });
  });

  it("past 10,000 rows answers an estimate of at least 10,001 flagged totalCountCapped", async () => {
    await addOrganizations(10_000, 12_000);
    await t.query("analyze organizations");
    const page = await pagination("limit=1");
    expect(page).toMatchObject({ offset: 0, limit: 1, totalCountCapped: true });
    expect(page.totalCount).toBeGreaterThan(10_000);
    // The estimate is the planner's: near the 12,001 rows, not the 10,001 counted.
    expect(page.totalCount).toBeGreaterThan(11_000);
    expect(page.totalCount).toBeLessThan(13_000);
  });

  it("keeps exact counts for a search matching fewer rows", async () => {
    // 'organisme 1100' matches ORGANISME 1100, 11000–11009 and 11100 (and any SIRET holding 1100).
    const [matching] = await t.query<{ n: number }>("select count(*)::int as n from organizations where name like '%1100%' or siret like '%1100%'");
    expect(matching!.n).toBeGreaterThanOrEqual(12);
    expect(await pagination("search=organisme%201100&limit=5")).toEqual({ offset: 0, limit: 5, totalCount: matching!.n });
  });

  it("serves a deep page with the rows at that place in the order", async () => {
    const expected = await t.query<{ id: string }>("select id from organizations order by updated_at desc, id desc offset 11000 limit 3");
    const res = await t.app.inject({ url: "/api/organizations?offset=11000&limit=3", headers: await t.auth(superAdmin) });
    expect(res.json().data.map((o: { id: string }) => o.id)).toEqual(expected.map((o) => o.id));
    expect(res.json().data[0]).toMatchObject({ name: expect.stringMatching(/^ORGANISME /), employeesCount: 0 });
  });
});
