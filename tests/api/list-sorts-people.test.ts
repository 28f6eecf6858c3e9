/**
 * The sorts people sort by (issue 40, point 5): trainees by birth name and first name, records by number, trainee and session,
 * sessions by their training's number and name, trainings by number; each in French order for a text, the copies a record or
 * a session sorts by following the trainee's and the training's changes, and each paged by its cursor.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTrainee, recordRow, trainingWithSession } from "./support/records";
import { createTestApp, type TestEmployee } from "./support/test-app";

const t = await createTestApp();
let admin: TestEmployee;
const ids = {} as Record<"educational" | "contracting" | "s1" | "s2" | "t1" | "t2" | "r1" | "r2" | "r3" | "p1" | "p2" | "p3", string>;

beforeAll(async () => {
  admin = await t.employee("rol_admin", []);
  const organizations = { educational: await t.organization(), contracting: await t.organization() };
  const first = await trainingWithSession(t, admin, organizations, { name: "Électricité", number: "N-200" }, { startDate: "2026-09-07", endDate: "2026-10-30" });
  const second = await trainingWithSession(t, admin, organizations, { name: "Soudure", number: "N-100" }, { startDate: "2026-03-02", endDate: "2026-05-29" });
  Object.assign(ids, { t1: first.trainingId, s1: first.sessionId, t2: second.trainingId, s2: second.sessionId });
  // Usage name, birth name and first name ordered differently, so that each sort shows.
  ids.p1 = await createTrainee(t, admin, { lastName: "ZOLA", birthName: "ÉVRARD", firstName: "bruno" });
  ids.p2 = await createTrainee(t, admin, { lastName: "ÉTIENNE", birthName: "TRAORÉ", firstName: "Émile" });
  ids.p3 = await createTrainee(t, admin, { lastName: "MARTIN", birthName: "MARTIN", firstName: "ange" });
  ids.r1 = await recordRow(t, { traineeId: ids.p1, sessionId: ids.s1 }, { agoraId: "DF0000000300" });
  ids.r2 = await recordRow(t, { traineeId: ids.p2, sessionId: ids.s2 }, { agoraId: "DF0000000100" });
  ids.r3 = await recordRow(t, { traineeId: ids.p3, sessionId: ids.s1 }, { agoraId: "DF0000000200" });
});
afterAll(() => t.close());

/** The ids of the list in `url`'s order, walked one row a page through the cursors (keyset). */
async function walked(url: string): Promise<string[]> {
  const seen: string[] = [];
  let after: string | undefined;
  for (let page = 0; page < 10; page++) {
    const res = await t.app.inject({ url: `${url}&limit=1${after ? `&after=${encodeURIComponent(after)}` : ""}`, headers: await t.auth(admin) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: { id: string }[]; metadata: { pagination: { nextCursor?: string } } };
    seen.push(...body.data.map((row) => row.id));
    after = body.metadata.pagination.nextCursor;
    if (!after) break;
  }
  return seen;
}

describe("trainees", () => {
  it("by birth name (« Nom de naissance »: ÉVRARD, MARTIN, TRAORÉ) and by first name (ange, bruno, Émile)", async () => {
    expect(await walked("/api/trainees?sort=birthName&order=asc")).toEqual([ids.p1, ids.p3, ids.p2]);
    expect(await walked("/api/trainees?sort=birthName&order=desc")).toEqual([ids.p2, ids.p3, ids.p1]);
    expect(await walked("/api/trainees?sort=firstName&order=asc")).toEqual([ids.p3, ids.p1, ids.p2]);
    expect(await walked("/api/trainees?sort=lastName&order=asc")).toEqual([ids.p2, ids.p3, ids.p1]);
  });
});

describe("records", () => {
  it("by « N° de dossier », « Stagiaire » (the name shown: usage name, first name) and « Session » (its start)", async () => {
    expect(await walked("/api/records?sort=agoraId&order=asc")).toEqual([ids.r2, ids.r3, ids.r1]);
    expect(await walked("/api/records?sort=traineeName&order=asc")).toEqual([ids.r2, ids.r3, ids.r1]);
    const bySession = await walked("/api/records?sort=sessionStartDate&order=asc");
    expect(bySession[0]).toBe(ids.r2);
    expect(bySession.slice(1).sort()).toEqual([ids.r1, ids.r3].sort());
  });

  it("« Stagiaire » follows a change of the trainee's name", async () => {
    await t.query("update trainees set last_name = 'AUBERT' where id = $1", [ids.p1]);
    expect(await walked("/api/records?sort=traineeName&order=asc")).toEqual([ids.r1, ids.r2, ids.r3]);
  });
});

describe("sessions and trainings", () => {
  it("sessions by their training's number and name, following a change of the training", async () => {
    expect(await walked("/api/sessions?sort=trainingNumber&order=asc")).toEqual([ids.s2, ids.s1]);
    expect(await walked("/api/sessions?sort=trainingName&order=asc")).toEqual([ids.s1, ids.s2]);
    await t.query("update trainings set name = 'Anglais', number = 'N-300' where id = $1", [ids.t2]);
    expect(await walked("/api/sessions?sort=trainingName&order=asc")).toEqual([ids.s2, ids.s1]);
    expect(await walked("/api/sessions?sort=trainingNumber&order=desc")).toEqual([ids.s2, ids.s1]);
  });

  it("trainings by number", async () => {
    expect(await walked("/api/trainings?sort=number&order=asc")).toEqual([ids.t1, ids.t2]);
  });
});
