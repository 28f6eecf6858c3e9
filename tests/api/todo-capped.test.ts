/**
 * « À traiter » at scale (issue 25): a counter counts like a list, exactly up to 10,000 and no further. 10,050 sessions whose
 * bilan is late (copies of one, inserted in SQL): the counter answers 10,001, its list says it counted no further, and the block's
 * and the digest's text reads « plus de 10 000 ».
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { EXACT_COUNT_LIMIT } from "../../resources/common/list-count";
import { todoGroups, type TodoCounts } from "../../resources/todo/schema";
import { REMEMBERED_MS } from "../../server/db/over-limit-counts";
import { digestMail } from "../../server/todo/digest";
import { trainingWithSession } from "./support/records";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";

let t: TestApp;
let admin: TestEmployee;
let gestOf: TestEmployee;
const LATE = 10_050;
const today = "2026-05-21";

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date(`${today}T10:00:00Z`) });
  const organizations = { educational: await t.organization(), contracting: await t.organization() };
  admin = await t.employee("rol_admin", []);
  gestOf = await t.employee("rol_gest-of", [organizations.educational]);
  // Ended Monday 4 May: late on Thursday 21 May.
  const { sessionId } = await trainingWithSession(t, admin, organizations, {}, { startDate: "2026-03-02", endDate: "2026-05-04" });
  await t.query(
    `insert into sessions (id, training_id, start_date, end_date, total_price_per_person_including_taxes, total_price_per_person_tax_free,
       purchasing_unit, actual_or_calculated_educational_cost)
     select s.id || '-' || n, training_id, start_date, end_date, total_price_per_person_including_taxes, total_price_per_person_tax_free,
       purchasing_unit, actual_or_calculated_educational_cost
     from sessions s, generate_series(2, $2) n where s.id = $1`,
    [sessionId, LATE],
  );
}, 120_000);
afterEach(() => vi.useRealTimers());
afterAll(() => t.close());

describe("a counter past 10,000", () => {
  it.each([
    ["sup-admin", () => admin],
    ["gest-of", () => gestOf],
  ])("counts up to 10,001 (%s), like its list", async (_role, caller) => {
    const headers = await t.auth(caller());
    const res = await t.app.inject({ method: "GET", url: "/api/todo", headers });
    expect(res.statusCode, res.body).toBe(200);
    const counts = res.json().data as TodoCounts;
    expect(counts.bilans).toEqual({ late: EXACT_COUNT_LIMIT + 1, soon: 0 });
    const list = await t.app.inject({ method: "GET", url: "/api/sessions?todo=bilans-late&limit=1", headers });
    expect(list.json().metadata.pagination).toMatchObject({ totalCountCapped: true });
    expect(list.json().metadata.pagination.totalCount).toBeGreaterThan(EXACT_COUNT_LIMIT);
  });

  it("reads « plus de 10 000 » in the digest", async () => {
    const counts = (await t.app.inject({ method: "GET", url: "/api/todo", headers: await t.auth(admin) })).json().data as TodoCounts;
    const mail = digestMail("alice@example.org", "Alice", today, counts, "http://localhost:3000");
    expect(mail.text.replace(/\u202f/g, " ")).toContain("- Bilans à valider en retard : plus de 10 000\n  http://localhost:3000/sessions?todo=bilans-late");
    expect(todoGroups(counts)[2]?.links[0]).toMatchObject({ count: EXACT_COUNT_LIMIT + 1, href: "/sessions?todo=bilans-late" });
  });

  // Last: it deletes the late sessions.
  it("is remembered a minute, then counted again", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    const headers = await t.auth(gestOf);
    const visit = async () => ((await t.app.inject({ method: "GET", url: "/api/todo", headers })).json().data as TodoCounts).bilans.late;
    expect(await visit()).toBe(EXACT_COUNT_LIMIT + 1);
    await t.query("delete from sessions where id like '%-%' and split_part(id, '-', 2)::int <= 10000");
    const [left] = await t.query<{ n: number }>("select count(*)::int as n from sessions");
    expect(left!.n).toBeLessThan(100);
    vi.setSystemTime(Date.now() + REMEMBERED_MS - 1_000);
    expect(await visit()).toBe(EXACT_COUNT_LIMIT + 1);
    vi.setSystemTime(Date.now() + 2_000);
    expect(await visit()).toBe(left!.n);
  });
});
