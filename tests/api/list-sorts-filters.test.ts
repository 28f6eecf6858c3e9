/**
 * Sorts and filters of every list (issue 25): the whitelist (400 in French), each filter alone and with a search, counts that
 * follow the filters, every role's scope on every filter, and keyset paging with a non-default sort.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RoleId } from "../../resources/permissions";
import { createTrainee, recordRow, trainingWithSession } from "./support/records";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";

let t: TestApp;
let admin: TestEmployee;
const org = {} as Record<"a" | "b" | "c" | "d", string>;
const ids = {} as Record<"t1" | "t2" | "s1" | "s2" | "r1" | "r2" | "r3" | "free", string>;
const callers = {} as Record<RoleId, TestEmployee>;

async function get(as: TestEmployee, url: string) {
  const res = await t.app.inject({ url, headers: await t.auth(as) });
  return res;
}

/** The ids a list answers (every page of 100) and its totalCount. */
async function listed(as: TestEmployee, url: string): Promise<{ ids: string[]; total: number }> {
  const res = await get(as, `${url}${url.includes("?") ? "&" : "?"}limit=100`);
  expect(res.statusCode, `${url} ${res.body}`).toBe(200);
  const body = res.json() as { data: { id: string }[]; metadata: { pagination: { totalCount: number } } };
  return { ids: body.data.map((row) => row.id), total: body.metadata.pagination.totalCount };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.employee("rol_admin", []);
  org.a = await t.organization({ name: "ORGANISME A" });
  org.b = await t.organization({ name: "ORGANISME B" });
  org.c = await t.organization({ name: "ORGANISME C" });
  org.d = await t.organization({ name: "ORGANISME D" });
  const first = await trainingWithSession(t, admin, { educational: org.a, contracting: org.b }, { name: "Zèbre soudure", fse: true });
  const second = await trainingWithSession(
    t,
    admin,
    { educational: org.c, contracting: org.d },
    { name: "Alpha cuisine", fse: false, device: "HEALTHCARE_SOCIAL_TRAINING_SUBSIDY" },
    { startDate: "2026-06-01", endDate: "2026-07-31" },
  );
  Object.assign(ids, { t1: first.trainingId, s1: first.sessionId, t2: second.trainingId, s2: second.sessionId });
  const trainee = (lastName: string, department: string) => createTrainee(t, admin, { lastName, birthName: lastName, department: department as never });
  ids.r1 = await recordRow(t, { traineeId: await trainee("LEBRUN", "D75"), sessionId: ids.s1 }, { status: "SETUP" });
  ids.r2 = await recordRow(t, { traineeId: await trainee("MARTIN", "D69"), sessionId: ids.s2 }, { status: "VALIDATED", lastExchangeFailed: true });
  ids.r3 = await recordRow(t, { traineeId: await trainee("MARTIN", "D75"), sessionId: ids.s1 }, { status: "VALIDATED" });
  ids.free = await trainee("BERNARD", "D69");
  const staff: [RoleId, string][] = [
    ["rol_sup-admin", org.a],
    ["rol_admin", org.a],
    ["rol_resp-of", org.a],
    ["rol_gest-of", org.c],
    ["rol_resp-cdc", org.b],
    ["rol_gest-cdc", org.d],
    ["rol_gest-cdcss", org.d],
  ];
  for (const [role, organization] of staff) callers[role] = await t.employee(role, [organization]);
});
afterAll(() => t.close());

describe("the sort whitelist", () => {
  it.each(["records", "sessions", "trainees", "trainings", "employees", "organizations"])("GET /api/%s refuses a field it does not sort by (400, in French)", async (list) => {
    const res = await get(admin, `/api/${list}?sort=fsesCount`);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("Tri impossible sur ce champ : fsesCount");
    const order = await get(admin, `/api/${list}?order=up`);
    expect(order.statusCode).toBe(400);
    expect(order.body).toContain("L'ordre de tri doit valoir asc ou desc");
  });

  it("refuses an unknown status, a wrong date, a reversed period and a cursor of another sort", async () => {
    expect((await get(admin, "/api/records?status=SETUP,PERDU")).body).toContain("Statut inconnu : PERDU");
    expect((await get(admin, "/api/records?sessionFrom=2026-02-30")).body).toContain("sessionFrom doit être une date AAAA-MM-JJ");
    expect((await get(admin, "/api/sessions?periodFrom=2026-05-01&periodTo=2026-04-01")).body).toContain("La fin de la période précède son début");
    expect((await get(admin, "/api/trainees?department=D999")).body).toContain("Département inconnu");
    const byName = await get(admin, "/api/organizations?sort=name&limit=1");
    const cursor = byName.json().metadata.pagination.nextCursor as string;
    const mixed = await get(admin, `/api/organizations?limit=1&after=${cursor}`);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.body).toContain("Le curseur de page est invalide");
  });
});

/** Each filter (alone and with a search) and the rows the admin sees with it. */
const filterCases = (): { url: string; expected: string[] }[] => [
  { url: "/api/records?status=VALIDATED", expected: [ids.r2, ids.r3] },
  { url: "/api/records?status=SETUP,VALIDATED&search=martin", expected: [ids.r2, ids.r3] },
  { url: `/api/records?educationalOrganizationId=${org.a}`, expected: [ids.r1, ids.r3] },
  { url: `/api/records?trainingId=${ids.t2}`, expected: [ids.r2] },
  { url: "/api/records?sessionFrom=2026-05-01", expected: [ids.r2] },
  { url: "/api/records?sessionTo=2026-02-01&search=lebrun", expected: [ids.r1] },
  { url: "/api/records?sessionFrom=2026-03-01&sessionTo=2026-06-10", expected: [ids.r1, ids.r2, ids.r3] },
  { url: "/api/records?withoutFse=true", expected: [ids.r1, ids.r3] },
  { url: "/api/records?agoraFailed=true", expected: [ids.r2] },
  { url: "/api/records?agoraFailed=true&search=lebrun", expected: [] },
  { url: "/api/sessions?periodFrom=2026-04-01", expected: [ids.s2] },
  { url: "/api/sessions?periodTo=2026-01-31&search=soudure", expected: [ids.s1] },
  { url: `/api/sessions?organizationId=${org.d}`, expected: [ids.s2] },
  { url: "/api/sessions?bilanNotValidated=true", expected: [ids.s1, ids.s2] },
  { url: "/api/trainings?fse=true", expected: [ids.t1] },
  { url: "/api/trainings?fse=false&healthcare=true", expected: [ids.t2] },
  { url: `/api/trainings?organizationId=${org.b}&search=soudure`, expected: [ids.t1] },
  { url: "/api/trainings?healthcare=false&search=cuisine", expected: [] },
  { url: "/api/trainees?withoutRecord=true", expected: [ids.free] },
  { url: "/api/trainees?freeTrainees=true", expected: [ids.free] },
];

describe("the filters", () => {
  it("answer exactly the matching rows, alone and with a search, counted as filtered", async () => {
    for (const { url, expected } of filterCases()) {
      const { ids: found, total } = await listed(admin, url);
      expect(found.sort(), url).toEqual([...expected].sort());
      expect(total, url).toBe(expected.length);
    }
    const byDepartment = await listed(admin, "/api/trainees?department=D69");
    expect(byDepartment.ids).toContain(ids.free);
    expect(byDepartment.total).toBe(2);
    expect((await listed(admin, "/api/trainees?department=D69&search=martin")).total).toBe(1);
  });

  it("keep every role's scope: a filtered list is the admin's filtered rows within the caller's own list", async () => {
    const urls = [...filterCases().map((c) => c.url), "/api/trainees?department=D75", "/api/sessions?sort=startDate&order=asc"];
    for (const role of Object.keys(callers) as RoleId[]) {
      for (const url of urls) {
        const list = new URL(url, "http://x").pathname;
        const everything = await get(callers[role], list);
        if (everything.statusCode === 403) continue;
        const own = (await listed(callers[role], list)).ids;
        const filtered = await listed(callers[role], url);
        const expected = (await listed(admin, url)).ids.filter((id) => own.includes(id));
        expect(filtered.ids.sort(), `${role} ${url}`).toEqual(expected.sort());
        expect(filtered.total, `${role} ${url}`).toBe(expected.length);
      }
    }
    // The scope is not widened by naming another organisation: resp-of of A asks for C's records and gets none.
    expect((await listed(callers["rol_resp-of"], `/api/records?educationalOrganizationId=${org.c}`)).ids).toEqual([]);
    expect((await listed(callers["rol_gest-cdcss"], "/api/trainings?healthcare=true")).ids).toEqual([ids.t2]);
    // About 500 calls (7 roles × 22 queries × 3 lists each): slow on a loaded machine, not a measure.
  }, 180_000);
});

/** Every page of `url` by `limit`, following the cursors: the ids in the order answered. */
async function pagedIds(url: string, limit: number): Promise<string[]> {
  const seen: string[] = [];
  let after: string | undefined;
  for (let page = 0; page < 100; page++) {
    const res = await get(admin, `${url}&limit=${limit}&offset=${page * limit}${after ? `&after=${encodeURIComponent(after)}` : ""}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: { id: string }[]; metadata: { pagination: { nextCursor?: string } } };
    seen.push(...body.data.map((row) => row.id));
    after = body.metadata.pagination.nextCursor;
    if (!after) break;
  }
  return seen;
}

describe("keyset paging with a sort", () => {
  it("answers every organisation once, by name then id, with ties on the name, both ways", async () => {
    for (let i = 0; i < 5; i++) await t.organization({ name: "ORGANISME HOMONYME" });
    for (const order of ["asc", "desc"] as const) {
      const expected = (await t.query<{ id: string }>(`select id from organizations order by name ${order}, id ${order}`)).map((r) => r.id);
      expect(await pagedIds(`/api/organizations?sort=name&order=${order}`, 2), order).toEqual(expected);
    }
  });

  it("pages records by status and sessions by start date, every row once, ties broken by id", async () => {
    const records = (await t.query<{ id: string }>("select id from records order by status_rank desc, id desc")).map((r) => r.id);
    expect(await pagedIds("/api/records?sort=status&order=desc", 1)).toEqual(records);
    const sessions = (await t.query<{ id: string }>("select id from sessions order by start_date, id")).map((r) => r.id);
    expect(await pagedIds("/api/sessions?sort=startDate&order=asc", 1)).toEqual(sessions);
    const trainees = (await t.query<{ id: string }>("select id from trainees order by last_name, id")).map((r) => r.id);
    expect(await pagedIds("/api/trainees?sort=lastName&order=asc", 2)).toEqual(trainees);
  });

  it("keeps the default order and its cursor when no sort is asked", async () => {
    const res = await get(admin, "/api/records?limit=1");
    expect(res.json().metadata.pagination.nextCursor).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z~[0-9a-z]+$/);
    const expected = (await t.query<{ id: string }>("select id from records order by updated_at desc, id desc")).map((r) => r.id);
    expect(await pagedIds("/api/records?order=desc", 1)).toEqual(expected);
  });
});

describe("the « Statut » sort", () => {
  it("follows a record's life (SETUP, VALIDATED, … END_OF_TRAINING, …, REJECTED), not the codes' alphabet, both ways", async () => {
    for (const status of ["REJECTED", "END_OF_TRAINING", "START_OF_TRAINING", "TERMINATED_FULLY_DONE"] as const) {
      // A name in letters only (the civil-status alphabet, docs/decisions/0001): the status in it, its underscores as hyphens.
      const traineeId = await createTrainee(t, admin, { lastName: `STATUT ${status.replace(/_/g, "-")}`, department: "D75" as never });
      await recordRow(t, { traineeId, sessionId: ids.s2 }, { status });
    }
    const statusesOf = async (order: "asc" | "desc") => {
      const res = await get(admin, `/api/records?sort=status&order=${order}&limit=100`);
      expect(res.statusCode, res.body).toBe(200);
      return [...new Set((res.json() as { data: { status: string }[] }).data.map((row) => row.status))];
    };
    const life = ["SETUP", "VALIDATED", "START_OF_TRAINING", "END_OF_TRAINING", "TERMINATED_FULLY_DONE", "REJECTED"];
    expect(await statusesOf("asc")).toEqual(life);
    expect(await statusesOf("desc")).toEqual([...life].reverse());
  });
});
