/**
 * « À traiter » (issue 25): the FSE-due and bilan-due rules at their boundaries, on the app's clock, around Ascension (Thursday
 * 14 May 2026) and Whit Monday (25 May 2026). Every counter of GET /api/todo is checked against its list (`todo=…`): the rows
 * listed are the rows counted.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TodoCounts } from "../../resources/todo/schema";
import { newId } from "../../server/db/ids";
import { createTrainee, recordRow, trainingWithSession } from "./support/records";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";

let t: TestApp;
let admin: TestEmployee;
let now = new Date("2026-05-11T10:00:00Z");
const named: Record<string, string> = {};
const at = (day: string) => (now = new Date(`${day}T10:00:00Z`));

async function get(url: string) {
  const res = await t.app.inject({ method: "GET", url, headers: await t.auth(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const counts = async (): Promise<TodoCounts> => (await get("/api/todo")).data;
/** The names of the rows a list filter gives, sorted, after checking that its total is the count. */
async function listed(resource: "records" | "sessions", todo: string): Promise<string[]> {
  const body = await get(`/api/${resource}?todo=${todo}&limit=100`);
  const names = (body.data as { id: string }[]).map((row) => Object.keys(named).find((name) => named[name] === row.id) ?? row.id);
  expect(body.metadata.pagination.totalCount).toBe(names.length);
  return names.sort();
}

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  const organizations = { educational: await t.organization(), contracting: await t.organization() };
  admin = await t.employee("rol_admin", []);
  const session = async (startDate: string, endDate: string, fse = true) =>
    (await trainingWithSession(t, admin, organizations, { fse }, { startDate, endDate })).sessionId;
  const withFse = await session("2025-01-06", "2026-12-18");
  const withoutFse = await session("2025-01-06", "2026-12-18", false);
  const record = async (name: string, sessionId: string, realStartDate: string | null, realEndDate: string | null, surveys: string[] = []) => {
    named[name] = await recordRow(t, { traineeId: await createTrainee(t, admin), sessionId }, { realStartDate, realEndDate, status: "START_OF_TRAINING" });
    // The surveys' answers do not matter to the rules: only that one exists for the period.
    for (const period of surveys) await t.query("insert into record_fse (id, record_id, period, information) values ($1, $2, $3, '{}')", [newId(), named[name], period]);
  };
  // Entry survey late 4 weeks after the real start: Monday 20 April → late from Monday 18 May.
  await record("entry0420", withFse, "2026-04-20", null);
  // Its deadline is Tuesday 19 May: within the 5 working days after Monday 11 May only because Ascension does not count.
  await record("entry0421", withFse, "2026-04-21", null);
  await record("entry0422", withFse, "2026-04-22", null);
  await record("entryFilled", withFse, "2026-04-20", null, ["INPUT"]);
  await record("noFse", withoutFse, "2026-04-20", "2026-04-20");
  // Exit survey: 4 weeks after the real end, the entry one filled.
  await record("exit0420", withFse, "2026-01-05", "2026-04-20", ["INPUT"]);
  // Six months after Wednesday 31 December 2025: due from 1 July 2026 (30 June is 6 months after the 30th), late from 31 July.
  await record("six1231", withFse, "2025-06-02", "2025-12-31", ["INPUT", "OUTPUT"]);
  await record("sixDone", withFse, "2025-06-02", "2025-12-31", ["INPUT", "OUTPUT", "AFTER_SIX_MONTH"]);

  const bilan = async (name: string, endDate: string, validated = false) => {
    named[name] = await session("2026-03-02", endDate);
    if (validated) await t.query("update sessions set result_validated = true where id = $1", [named[name]]);
  };
  // Ended Monday 4 May: its 10th working day after is Wednesday 20 May (8 and 14 May are holidays): late from Thursday 21 May.
  await bilan("bilan0504", "2026-05-04");
  await bilan("bilan0504Validated", "2026-05-04", true);
  // Ended Monday 11 May: late from Thursday 28 May (Ascension, Whit Monday); soon from Wednesday 20 May.
  await bilan("bilan0511", "2026-05-11");
  // The sessions of the records above end in December 2026; the one without FSE too.
});
afterAll(() => t.close());

describe("questionnaires FSE à saisir", () => {
  it("entry survey: soon before its deadline, late on the day 4 weeks after the real start and after", async () => {
    at("2026-05-17"); // the day before
    expect(await listed("records", "fse-late")).toEqual([]);
    expect(await listed("records", "fse-soon")).toEqual(["entry0420", "entry0421", "entry0422", "exit0420"]);
    at("2026-05-18"); // the day of
    expect(await listed("records", "fse-late")).toEqual(["entry0420", "exit0420"]);
    expect(await listed("records", "fse-soon")).toEqual(["entry0421", "entry0422"]);
    at("2026-05-19"); // the day after
    expect(await listed("records", "fse-late")).toEqual(["entry0420", "entry0421", "exit0420"]);
    expect(await counts()).toMatchObject({ fse: { late: 3, soon: 1 } });
  });

  it("« bientôt » is late within the next 5 working days: Ascension stretches the window", async () => {
    at("2026-05-11"); // horizon: Tuesday 19 May (12, 13, 15, 18, 19), Wednesday 20 May's deadline is beyond
    expect(await listed("records", "fse-soon")).toEqual(["entry0420", "entry0421", "exit0420"]);
    at("2026-05-08"); // Friday 8 May, a holiday: horizon Monday 18 May (11, 12, 13, 15, 18), not Friday 15
    expect(await listed("records", "fse-soon")).toEqual(["entry0420", "exit0420"]);
  });

  it("six-month survey: due (soon) from 6 months after the real end, late from 7 months after", async () => {
    at("2026-06-30");
    expect(await listed("records", "fse-soon")).not.toContain("six1231");
    at("2026-07-01");
    expect(await listed("records", "fse-soon")).toContain("six1231");
    at("2026-07-30");
    expect(await listed("records", "fse-soon")).toContain("six1231");
    expect(await listed("records", "fse-late")).not.toContain("six1231");
    at("2026-07-31");
    expect(await listed("records", "fse-late")).toContain("six1231");
    expect(await listed("records", "fse-soon")).not.toContain("six1231");
    expect(await listed("records", "fse-late")).not.toContain("sixDone");
  });

  it("never counts a training without FSE nor a filled survey", async () => {
    at("2026-12-01");
    const late = await listed("records", "fse-late");
    expect(late).not.toContain("noFse");
    expect(late).not.toContain("entryFilled");
    expect((await counts()).fse.late).toBe(late.length);
  });
});

describe("bilans à valider", () => {
  it("late once the session ended more than 10 working days ago: the day before, the day of, the day after", async () => {
    at("2026-05-20");
    expect(await listed("sessions", "bilans-late")).toEqual([]);
    expect(await listed("sessions", "bilans-soon")).toEqual(["bilan0504", "bilan0511"]);
    at("2026-05-21");
    expect(await listed("sessions", "bilans-late")).toEqual(["bilan0504"]);
    expect(await listed("sessions", "bilans-soon")).toEqual(["bilan0511"]);
    at("2026-05-22");
    expect(await listed("sessions", "bilans-late")).toEqual(["bilan0504"]);
    expect(await counts()).toMatchObject({ bilans: { late: 1, soon: 1 } });
  });

  it("holidays do not count: without them, the session ended on 4 May would be late on 19 May", async () => {
    at("2026-05-19");
    expect(await listed("sessions", "bilans-late")).toEqual([]);
    at("2026-05-27"); // Whit Monday 25 May does not count: the session ended on 11 May is late on the 28th, not the 27th
    expect(await listed("sessions", "bilans-late")).toEqual(["bilan0504"]);
    at("2026-05-28");
    expect(await listed("sessions", "bilans-late")).toEqual(["bilan0504", "bilan0511"]);
  });

  it("soon from 5 working days before it is late", async () => {
    at("2026-05-19"); // horizon: Wednesday 27 May (20, 21, 22, 26, 27: Whit Monday out), the 10th working day after 11 May
    expect(await listed("sessions", "bilans-soon")).toEqual(["bilan0504"]);
    at("2026-05-20"); // horizon: Wednesday 27 May
    expect(await listed("sessions", "bilans-soon")).toEqual(["bilan0504", "bilan0511"]);
  });
});

describe("the lists' todo parameter", () => {
  it("refuses an unknown counter with a French 400", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/records?todo=bilans-late", headers: await t.auth(admin) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("todo doit valoir fse-late, fse-soon, agora-failed, agora-pending");
    const sessions = await t.app.inject({ method: "GET", url: "/api/sessions?todo=fse-late", headers: await t.auth(admin) });
    expect(sessions.statusCode).toBe(400);
    expect(sessions.body).toContain("todo doit valoir bilans-late, bilans-soon");
  });
});
