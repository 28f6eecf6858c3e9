/**
 * Sessions per role (design.md "Roles and scope": a session is in scope when its training is; resources/permissions.ts: list,
 * detail and edit for the seven roles, create and delete for sup-admin, admin and resp-cdc). For each role and each kind of
 * session: in the list or not, detail 200/404, update 200/404, delete 204/403/404, create 201/403/404; a refused call changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE_IDS, type RoleId } from "../../resources/permissions";
import { SESSION_MSG, type Session, type SessionListItem } from "../../resources/sessions/schema";
import { sessionBody, sessionInformation } from "./support/sessions";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";
import { trainingBody } from "./support/trainings";

/** Trainings as educational → contracting organisation; "ss": healthcare-social. */
const TRAININGS = ["of→cdc", "of→cdc ss", "of→otherCdc", "otherOf→cdc", "otherOf→otherCdc"] as const;
type TrainingKind = (typeof TRAININGS)[number];

const OF_SIDE: TrainingKind[] = ["of→cdc", "of→cdc ss", "of→otherCdc"];
const CDC_SIDE: TrainingKind[] = ["of→cdc", "of→cdc ss", "otherOf→cdc"];
/** The sessions each role sees, by their training. */
const IN_SCOPE: Record<RoleId, readonly TrainingKind[]> = {
  "rol_sup-admin": TRAININGS,
  rol_admin: TRAININGS,
  "rol_resp-of": OF_SIDE,
  "rol_gest-of": OF_SIDE,
  "rol_resp-cdc": CDC_SIDE,
  "rol_gest-cdc": CDC_SIDE,
  "rol_gest-cdcss": ["of→cdc ss"],
};
const MAY_CREATE_AND_DELETE: readonly RoleId[] = ["rol_sup-admin", "rol_admin", "rol_resp-cdc"];

let t: TestApp;
let admin: TestEmployee;
const staff = {} as Record<RoleId, TestEmployee>;
const org = { of: "", cdc: "", otherOf: "", otherCdc: "" };
const trainingOf = {} as Record<TrainingKind, string>;
const sessionOf = {} as Record<TrainingKind, string>;

async function call(role: RoleId | TestEmployee, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown) {
  const as = typeof role === "string" ? staff[role] : role;
  return t.app.inject({ method, url, headers: await t.auth(as), ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function newSession(kind: TrainingKind) {
  const res = await call(admin, "POST", "/api/sessions", sessionBody(trainingOf[kind]));
  expect(res.statusCode, res.body).toBe(201);
  return (res.json().data as Session).id;
}

const rowOf = async (id: string) => (await t.query("select * from sessions where id = $1", [id]))[0];
const countSessions = async () => (await t.query<{ n: number }>("select count(*)::int as n from sessions"))[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  org.of = await t.organization({ name: "OF" });
  org.cdc = await t.organization({ name: "CDC" });
  org.otherOf = await t.organization({ name: "AUTRE OF" });
  org.otherCdc = await t.organization({ name: "AUTRE CDC" });
  admin = await t.employee("rol_admin", []);
  for (const role of ROLE_IDS) {
    const organizations = role.endsWith("-of") ? [org.of] : role.includes("cdc") ? [org.cdc] : [];
    staff[role] = await t.employee(role, organizations);
  }
  for (const kind of TRAININGS) {
    const [educational, contracting] = kind.replace(" ss", "").split("→") as [keyof typeof org, keyof typeof org];
    const device = kind.endsWith(" ss") ? "HEALTHCARE_SOCIAL_TRAINING_SUBSIDY" : "CPF";
    const res = await call(admin, "POST", "/api/trainings", trainingBody({ educational: org[educational], contracting: org[contracting] }, { device }));
    expect(res.statusCode, res.body).toBe(201);
    trainingOf[kind] = res.json().data.id;
    sessionOf[kind] = await newSession(kind);
  }
});
afterAll(() => t.close());

describe.each(ROLE_IDS)("%s", (role) => {
  const visible = IN_SCOPE[role];
  const hidden = TRAININGS.filter((kind) => !visible.includes(kind));

  it("lists exactly the sessions of the trainings in scope", async () => {
    const res = await call(role, "GET", "/api/sessions?limit=100");
    expect(res.statusCode).toBe(200);
    const listed = (res.json().data as SessionListItem[]).map((s) => s.id);
    for (const kind of visible) expect(listed, kind).toContain(sessionOf[kind]);
    for (const kind of hidden) expect(listed, kind).not.toContain(sessionOf[kind]);
  });

  it.each(visible)("reads and updates the session of %s", async (kind) => {
    expect((await call(role, "GET", `/api/sessions/${sessionOf[kind]}`)).statusCode).toBe(200);
    const capacity = 10 + ROLE_IDS.indexOf(role);
    const res = await call(role, "PATCH", `/api/sessions/${sessionOf[kind]}`, { information: sessionInformation({ capacity }) });
    expect(res.statusCode, res.body).toBe(200);
    expect((await rowOf(sessionOf[kind]))?.capacity).toBe(capacity);
  });

  // Global roles see every session: nothing is out of their scope.
  if (hidden.length) it.each(hidden)("answers 404 for the session of %s, changing nothing", async (kind) => {
    const id = sessionOf[kind];
    const detail = await call(role, "GET", `/api/sessions/${id}`);
    expect(detail.statusCode).toBe(404);
    expect(detail.json().message).toBe(SESSION_MSG.notFound);
    const before = await rowOf(id);
    const update = await call(role, "PATCH", `/api/sessions/${id}`, { information: sessionInformation({ capacity: 999 }), result: { objective: "Intrus", level: null } });
    expect(update.statusCode).toBe(404);
    expect(await rowOf(id)).toEqual(before);
    if (MAY_CREATE_AND_DELETE.includes(role)) {
      expect((await call(role, "DELETE", `/api/sessions/${id}`)).statusCode).toBe(404);
      expect(await rowOf(id)).toEqual(before);
    }
  });

  if (MAY_CREATE_AND_DELETE.includes(role)) {
    it("creates sessions of the trainings in scope only", async () => {
      for (const kind of visible) {
        const res = await call(role, "POST", "/api/sessions", sessionBody(trainingOf[kind]));
        expect(res.statusCode, `${kind}: ${res.body}`).toBe(201);
      }
      for (const kind of hidden) {
        const before = await countSessions();
        const res = await call(role, "POST", "/api/sessions", sessionBody(trainingOf[kind]));
        expect(res.statusCode, kind).toBe(404);
        expect(await countSessions()).toBe(before);
      }
    });

    it("deletes a session in scope", async () => {
      const id = await newSession(visible[0]!);
      expect((await call(role, "DELETE", `/api/sessions/${id}`)).statusCode).toBe(204);
      expect(await rowOf(id)).toBeUndefined();
    });
  } else {
    it("may neither create nor delete sessions (403), even in scope, changing nothing", async () => {
      const kind = visible[0]!;
      const before = await countSessions();
      const created = await call(role, "POST", "/api/sessions", sessionBody(trainingOf[kind]));
      expect(created.statusCode).toBe(403);
      const removed = await call(role, "DELETE", `/api/sessions/${sessionOf[kind]}`);
      expect(removed.statusCode).toBe(403);
      expect(await countSessions()).toBe(before);
    });
  }
});

describe("anonymous callers", () => {
  it("get 401 on every session route", async () => {
    const id = sessionOf["of→cdc"];
    for (const [method, url] of [["GET", "/api/sessions"], ["GET", `/api/sessions/${id}`], ["POST", "/api/sessions"], ["PATCH", `/api/sessions/${id}`], ["DELETE", `/api/sessions/${id}`]] as const) {
      expect((await t.app.inject({ method, url, payload: method === "POST" || method === "PATCH" ? {} : undefined })).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
