/**
 * List counts (design.md "API contract"): exact up to 10,000 matching rows; beyond, PostgreSQL's estimate, flagged
 * `totalCountCapped: true` so the counter says 'plus de 10 000'. A search counts exactly up to 1,000 matches; beyond, 1,001
 * flagged `totalCountCapped: true` ('plus de 1 000'), whoever asks. Also: a deep page holds the rows of that place in the order,
 * and the pages asked after each other's cursor (keyset) hold the same rows as the offsets, to the microsecond.
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
    expect(await pagination("limit=1")).toEqual({ offset: 0, limit: 1, totalCount: 10_000, nextCursor: expect.any(String) });
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
    expect(await pagination("search=organisme%201100&limit=5")).toEqual({ offset: 0, limit: 5, totalCount: matching!.n, nextCursor: expect.any(String) });
  });

  it("counts a search exactly up to 1,000 matches, then answers 1,001 flagged totalCountCapped, whoever asks", async () => {
    const addMatches = (from: number, to: number) =>
      t.query(
        `insert into organizations (id, name, siret, updated_at)
         select md5('seuil' || g), 'SEUILCOMPTE ' || g, (40000000000000 + g)::text, now() - g * interval '1 second'
         from generate_series($1::int, $2::int) g`,
        [from, to],
      );
    const respOf = await t.employee("rol_resp-of", [await t.organization()]);
    const searched = async (caller: TestEmployee) => {
      const res = await t.app.inject({ url: "/api/organizations?search=seuilcompte&limit=1", headers: await t.auth(caller) });
      expect(res.statusCode, res.body).toBe(200);
      const { nextCursor: _, ...counted } = res.json().metadata.pagination;
      return counted;
    };
    await addMatches(1, 1_000);
    for (const caller of [superAdmin, respOf]) expect(await searched(caller)).toEqual({ offset: 0, limit: 1, totalCount: 1_000 });
    await addMatches(1_001, 1_001);
    for (const caller of [superAdmin, respOf]) expect(await searched(caller)).toEqual({ offset: 0, limit: 1, totalCount: 1_001, totalCountCapped: true });
    await t.query("delete from organizations where name like 'SEUILCOMPTE %'");
  });

  it("serves a deep page with the rows at that place in the order", async () => {
    const expected = await t.query<{ id: string }>("select id from organizations order by updated_at desc, id desc offset 11000 limit 3");
    const res = await t.app.inject({ url: "/api/organizations?offset=11000&limit=3", headers: await t.auth(superAdmin) });
    expect(res.json().data.map((o: { id: string }) => o.id)).toEqual(expected.map((o) => o.id));
    expect(res.json().data[0]).toMatchObject({ name: expect.stringMatching(/^ORGANISME /), employeesCount: 0 });
  });

  it("walks the whole list after each page's cursor, in the order the offsets give", async () => {
    const expected = await t.query<{ id: string }>("select id from organizations order by updated_at desc, id desc");
    const walked: string[] = [];
    let after: string | undefined;
    for (let offset = 0; ; offset += 100) {
      const res = await t.app.inject({ url: `/api/organizations?offset=${offset}&limit=100${after ? `&after=${after}` : ""}`, headers: await t.auth(superAdmin) });
      expect(res.statusCode, res.body).toBe(200);
      const { data, metadata } = res.json();
      walked.push(...data.map((o: { id: string }) => o.id));
      expect(metadata.pagination.offset).toBe(offset);
      after = metadata.pagination.nextCursor;
      if (data.length < 100) {
        expect(after, "a page that is not full has no next cursor").toBeUndefined();
        break;
      }
      expect(after).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z~/);
    }
    expect(walked).toEqual(expected.map((o) => o.id));
  });

  it("keeps rows a microsecond apart, or at the same instant, in order from one page to the next", async () => {
    // The newest rows: five a microsecond apart within one millisecond, then three at the very same instant (the id decides).
    await t.query(
      `insert into organizations (id, name, siret, updated_at)
       select 'micro' || g, 'ORGANISME MICRO ' || g, (30000000000000 + g)::text,
         timestamptz '2099-01-01 00:00:00.000100+00' + case when g <= 5 then g * interval '1 microsecond' else interval '0' end
       from generate_series(1, 8) g`,
    );
    const expected = await t.query<{ id: string }>("select id from organizations order by updated_at desc, id desc limit 8");
    const walked: string[] = [];
    let after: string | undefined;
    for (let offset = 0; offset < 8; offset += 2) {
      const res = await t.app.inject({ url: `/api/organizations?offset=${offset}&limit=2${after ? `&after=${after}` : ""}`, headers: await t.auth(superAdmin) });
      walked.push(...res.json().data.map((o: { id: string }) => o.id));
      after = res.json().metadata.pagination.nextCursor;
    }
    expect(walked).toEqual(expected.map((o) => o.id));
    expect(new Set(walked).size).toBe(8);
  });

  it.each([
    "nimporte",
    "2026-02-30T00:00:00.000000Z~abc",
    "0000-01-01T00:00:00.000000Z~abc",
    "2026-01-01T00:00:00.000Z~abc",
    "2026-01-01T00:00:00.000000Z~ABC'--",
    `2026-01-01T00:00:00.000000Z~${"a".repeat(70)}`,
  ])("refuses the cursor %s with a French 400, and lists nothing", async (after) => {
    const res = await t.app.inject({ url: `/api/organizations?after=${encodeURIComponent(after)}`, headers: await t.auth(superAdmin) });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields[0]).toEqual({ path: "querystring.after", message: "Le curseur de page est invalide" });
  });

  it("keeps a scoped caller's pages after a cursor within the scope", async () => {
    const [mine, other] = [await t.organization(), await t.organization()];
    const respOf = await t.employee("rol_resp-of", [mine]);
    const colleagues = [respOf.id];
    for (let i = 0; i < 5; i++) {
      colleagues.push((await t.employee("rol_gest-of", [mine])).id);
      await t.employee("rol_gest-of", [other]);
    }
    const walked: string[] = [];
    let after: string | undefined;
    for (let offset = 0; offset < 20; offset += 2) {
      const res = await t.app.inject({ url: `/api/employees?offset=${offset}&limit=2${after ? `&after=${after}` : ""}`, headers: await t.auth(respOf) });
      expect(res.statusCode, res.body).toBe(200);
      walked.push(...res.json().data.map((e: { id: string }) => e.id));
      after = res.json().metadata.pagination.nextCursor;
      if (!after) break;
    }
    expect(walked.sort()).toEqual(colleagues.sort());
  });
});
