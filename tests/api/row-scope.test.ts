/**
 * Row scope per role (server/scope/row-scope.ts, design.md "Roles and scope"): one table of expectations, looped over the seven
 * roles and every entity. For each kind of row: in the list or not; detail 200 or 404; update 200, 403 (readable but not
 * writable) or 404 (outside the scope), nothing changed when refused; delete 204, 403 or 404, nothing deleted when refused.
 * "forbidden": the permission matrix refuses the call whatever the row (403). Sessions and records (one per session, so in
 * scope with the same trainings) have their scope condition run on the database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE_IDS, type RoleId } from "../../resources/permissions";
import { newId } from "../../server/db/ids";
import { records, sessions, trainees as traineesTable } from "../../server/db/schema/index";
import { preparedOnce } from "../../server/db/prepared";
import { preparedRecordScope, preparedTraineeScope, recordScope, sessionScope, traineeScope } from "../../server/scope/row-scope";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";
import { traineeBody } from "./support/trainees";
import { trainingBody } from "./support/trainings";

/** Organisations: "of" is the training-organisation roles', "cdc" the contracting-body roles'; "unattached" has no member nor training. */
const ORGANIZATIONS = ["of", "cdc", "otherOf", "otherCdc", "unattached"] as const;
/** Employees by the organisations they belong to. */
const EMPLOYEES = ["of", "of+cdc", "cdc", "otherOf"] as const;
/** Trainings as educational → contracting organisation; "ss": healthcare-social. */
const TRAININGS = ["of→cdc", "of→cdc ss", "of→otherCdc", "otherOf→cdc", "otherOf→otherCdc"] as const;
/** Trainees by their record: none, or one on a session of that training (the trainee is then in scope with the record). */
const TRAINEES = ["without record", "record of→cdc", "record of→cdc ss", "record otherOf→otherCdc"] as const;
/** A trainee with a record cannot be deleted (409, trainee-records.test.ts): deletions are tried on trainees without one. */
const FREE_TRAINEES = ["without record"] as const;
const SCOPED_TRAINEES = ["without record", "record of→cdc", "record of→cdc ss"];

type Kinds = readonly string[] | "forbidden";
interface Expected {
  list: Kinds;
  show: Kinds;
  edit: Kinds;
  remove: Kinds;
}
const F = "forbidden";
const same = (kinds: readonly string[], remove: Kinds = kinds): Expected => ({ list: kinds, show: kinds, edit: kinds, remove });
const trainees = (kinds: readonly string[]): Expected => same(kinds, FREE_TRAINEES);
const readOnly = (kinds: readonly string[]): Expected => ({ list: kinds, show: kinds, edit: F, remove: F });
const NO_ACCESS: Expected = { list: F, show: F, edit: F, remove: F };

const OF_TRAININGS = ["of→cdc", "of→cdc ss", "of→otherCdc"];
const CDC_TRAININGS = ["of→cdc", "of→cdc ss", "otherOf→cdc"];

/** The design's table, role by role. */
const EXPECTED: Record<RoleId, { organizations: Expected; employees: Expected; trainings: Expected; trainees: Expected; sessions: readonly string[] }> = {
  "rol_sup-admin": { organizations: same(ORGANIZATIONS), employees: same(EMPLOYEES), trainings: same(TRAININGS), trainees: trainees(TRAINEES), sessions: TRAININGS },
  rol_admin: { organizations: same(ORGANIZATIONS), employees: same(EMPLOYEES), trainings: same(TRAININGS), trainees: trainees(TRAINEES), sessions: TRAININGS },
  "rol_resp-of": {
    organizations: { list: ORGANIZATIONS, show: ORGANIZATIONS, edit: ["of"], remove: F },
    employees: { list: ["of", "of+cdc"], show: ["of", "of+cdc"], edit: ["of"], remove: ["of"] },
    trainings: same(OF_TRAININGS, F),
    trainees: trainees(SCOPED_TRAINEES),
    sessions: OF_TRAININGS,
  },
  "rol_gest-of": {
    organizations: { list: ORGANIZATIONS, show: F, edit: F, remove: F },
    employees: NO_ACCESS,
    trainings: same(OF_TRAININGS, F),
    trainees: trainees(SCOPED_TRAINEES),
    sessions: OF_TRAININGS,
  },
  "rol_resp-cdc": {
    organizations: { list: ORGANIZATIONS, show: ORGANIZATIONS, edit: ["cdc"], remove: F },
    employees: { list: ["of+cdc", "cdc"], show: ["of+cdc", "cdc"], edit: ["cdc"], remove: ["cdc"] },
    trainings: same(CDC_TRAININGS),
    trainees: readOnly(SCOPED_TRAINEES),
    sessions: CDC_TRAININGS,
  },
  "rol_gest-cdc": {
    organizations: readOnly(ORGANIZATIONS),
    employees: NO_ACCESS,
    trainings: same(CDC_TRAININGS, F),
    trainees: readOnly(SCOPED_TRAINEES),
    sessions: CDC_TRAININGS,
  },
  "rol_gest-cdcss": {
    organizations: readOnly(ORGANIZATIONS),
    employees: NO_ACCESS,
    trainings: same(["of→cdc ss"], F),
    trainees: readOnly(["without record", "record of→cdc ss"]),
    sessions: ["of→cdc ss"],
  },
};

let t: TestApp;
const org = {} as Record<Exclude<(typeof ORGANIZATIONS)[number], "unattached">, string>;
const callers = {} as Record<RoleId, TestEmployee>;
/** The body each row was made with, to send a valid update of it. */
const bodies = new Map<string, Record<string, unknown>>();

async function post(url: string, payload: object): Promise<string> {
  const res = await t.app.inject({ method: "POST", url, headers: await t.auth(callers["rol_sup-admin"]), payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

interface Entity {
  name: "organizations" | "employees" | "trainings" | "trainees";
  kinds: readonly string[];
  /** Kinds of which a fresh row can be made to be deleted (an organisation with members cannot be deleted at all). */
  disposable: readonly string[];
  make(kind: string): Promise<string>;
  /** A valid update of the row as made, with one visible change. */
  update(id: string): Promise<object>;
}

const ENTITIES: Entity[] = [
  {
    name: "organizations",
    kinds: ORGANIZATIONS,
    disposable: ["unattached"],
    make: async (kind) => (kind === "unattached" ? t.organization() : org[kind as keyof typeof org]),
    async update(id) {
      const [row] = await t.query<{ siret: string }>("select siret from organizations where id = $1", [id]);
      return { name: "Renommé", siret: row!.siret, email: "", phoneNumber: "", address: null };
    },
  },
  {
    name: "employees",
    kinds: EMPLOYEES,
    disposable: EMPLOYEES,
    async make(kind) {
      const organizationIds = { of: [org.of], "of+cdc": [org.of, org.cdc], cdc: [org.cdc], otherOf: [org.otherOf] }[kind]!;
      // A role each manager of those organisations may give: only the scope decides.
      const roleId: RoleId = kind === "cdc" ? "rol_gest-cdc" : "rol_gest-of";
      const employee = await t.employee(roleId, organizationIds);
      bodies.set(employee.id, { firstName: "Test", lastName: "EMPLOYÉ", email: employee.email, phoneNumber: "", gender: "FEMALE", roleId, organizationIds });
      return employee.id;
    },
    update: async (id) => ({ ...bodies.get(id), lastName: "Renommée" }),
  },
  {
    name: "trainings",
    kinds: TRAININGS,
    disposable: TRAININGS,
    async make(kind) {
      const [educational, contracting] = kind.replace(" ss", "").split("→") as [keyof typeof org, keyof typeof org];
      const body = trainingBody(
        { educational: org[educational], contracting: org[contracting] },
        kind.endsWith(" ss") ? { device: "HEALTHCARE_SOCIAL_TRAINING_SUBSIDY" } : {},
      );
      const id = await post("/api/trainings", body);
      bodies.set(id, body as unknown as Record<string, unknown>);
      return id;
    },
    async update(id) {
      const body = bodies.get(id) as unknown as ReturnType<typeof trainingBody>;
      return { ...body, information: { ...body.information, name: "Renommée" } };
    },
  },
  {
    name: "trainees",
    kinds: TRAINEES,
    disposable: FREE_TRAINEES,
    async make(kind) {
      const body = traineeBody();
      const id = await post("/api/trainees", body);
      bodies.set(id, body);
      // Trainings are made before trainees (ENTITIES' order): the record goes on a session of the training the kind names.
      if (kind !== "without record") await sessionWithRecord(subjects.get("trainings")!.get(kind.replace("record ", ""))!, id);
      return id;
    },
    async update(id) {
      const { ssn: _kept, ...fields } = bodies.get(id)!;
      return { ...fields, firstName: "Renommée" };
    },
  },
];

/** The shared rows, by entity and kind (deletions use fresh ones). */
const subjects = new Map<string, Map<string, string>>();
const sessionOf = new Map<string, string>();
const recordOf = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  for (const key of ["of", "cdc", "otherOf", "otherCdc"] as const) org[key] = await t.organization();
  // Global roles belong to no organisation: their scope does not depend on any.
  for (const role of ["rol_sup-admin", "rol_admin"] as const) callers[role] = await t.employee(role, []);
  for (const role of ["rol_resp-of", "rol_gest-of"] as const) callers[role] = await t.employee(role, [org.of]);
  for (const role of ["rol_resp-cdc", "rol_gest-cdc", "rol_gest-cdcss"] as const) callers[role] = await t.employee(role, [org.cdc]);
  for (const entity of ENTITIES) {
    const rows = new Map<string, string>();
    for (const kind of entity.kinds) rows.set(kind, await entity.make(kind));
    subjects.set(entity.name, rows);
  }
  for (const [kind, trainingId] of subjects.get("trainings")!) {
    const ids = await sessionWithRecord(trainingId, await post("/api/trainees", traineeBody()));
    sessionOf.set(kind, ids.sessionId);
    recordOf.set(kind, ids.recordId);
  }
});

/** A session of the training with a record of the trainee on it, written directly (their scope is under test, not their routes). */
async function sessionWithRecord(trainingId: string, traineeId: string): Promise<{ sessionId: string; recordId: string }> {
  const sessionId = newId();
  await t.query(
    `insert into sessions (id, training_id, start_date, end_date, total_price_per_person_including_taxes, total_price_per_person_tax_free,
      purchasing_unit, actual_or_calculated_educational_cost) values ($1, $2, '2026-03-02', '2026-06-30', 1200, 1000, 'HOUR_PER_TRAINEE', 'ACTUAL_COST')`,
    [sessionId, trainingId],
  );
  const recordId = newId();
  await t.query(
    `insert into records (id, trainee_id, session_id, agora_id, planned_start_date, planned_end_date) values ($1, $2, $3, $1, '2026-03-02', '2026-06-30')`,
    [recordId, traineeId, sessionId],
  );
  return { sessionId, recordId };
}
afterAll(() => t.close());

const call = async (role: RoleId, method: "GET" | "PATCH" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: await t.auth(callers[role]), ...(payload ? { payload } : {}) });

/** The stored row, whole: a refused call must leave it as it was (its updated_at included). */
async function stored(table: string, id: string): Promise<string | undefined> {
  const [row] = await t.query<{ row: string }>(`select row_to_json(x)::text as row from ${table} x where id = $1`, [id]);
  return row?.row;
}

/** What a call on a row of `kind` answers: allowed → `ok`; refused by the matrix or readable but not changeable → 403; else 404. */
function statusFor(kind: string, allowed: Kinds, readable: Kinds, ok: number): number {
  if (allowed === F) return 403;
  if (allowed.includes(kind)) return ok;
  return readable !== F && readable.includes(kind) ? 403 : 404;
}

describe.each(ROLE_IDS)("%s", (role) => {
  describe.each(ENTITIES)("$name", (entity) => {
    const expected = EXPECTED[role][entity.name];
    const url = `/api/${entity.name}`;

    it(`lists ${expected.list === F ? "nothing (403)" : `exactly: ${expected.list.join(", ") || "none"}`}`, async () => {
      const res = await call(role, "GET", `${url}?limit=100`);
      if (expected.list === F) return expect(res.statusCode).toBe(403);
      expect(res.statusCode, res.body).toBe(200);
      const listed = new Set(res.json().data.map((row: { id: string }) => row.id));
      const visible = entity.kinds.filter((kind) => listed.has(subjects.get(entity.name)!.get(kind)));
      expect(visible).toEqual(entity.kinds.filter((kind) => expected.list.includes(kind)));
    });

    it("shows what it may read, 404 for the rest", async () => {
      for (const kind of entity.kinds) {
        const res = await call(role, "GET", `${url}/${subjects.get(entity.name)!.get(kind)}`);
        expect(res.statusCode, `${kind}: ${res.body}`).toBe(statusFor(kind, expected.show, expected.show, 200));
      }
    });

    it("updates what it may change; otherwise 403 or 404 and nothing changes", async () => {
      for (const kind of entity.kinds) {
        const id = subjects.get(entity.name)!.get(kind)!;
        const before = await stored(entity.name, id);
        const res = await call(role, "PATCH", `${url}/${id}`, await entity.update(id));
        const status = statusFor(kind, expected.edit, expected.show, 200);
        expect(res.statusCode, `${kind}: ${res.body}`).toBe(status);
        if (status === 200) expect(await stored(entity.name, id)).not.toBe(before);
        else expect(await stored(entity.name, id)).toBe(before);
      }
    });

    it("deletes what it may delete; otherwise 403 or 404 and the row stays", async () => {
      for (const kind of entity.disposable) {
        const id = await entity.make(kind);
        const res = await call(role, "DELETE", `${url}/${id}`);
        const status = statusFor(kind, expected.remove, expected.show, 204);
        expect(res.statusCode, `${kind}: ${res.body}`).toBe(status);
        if (status === 204) expect(await stored(entity.name, id)).toBeUndefined();
        else expect(await stored(entity.name, id)).toBeDefined();
      }
    });
  });

  it(`sees the sessions of its trainings: ${EXPECTED[role].sessions.join(", ")}`, async () => {
    const caller = { id: callers[role].id, role, organizationIds: callers[role].organizationIds };
    const rows = await t.app.db.select({ id: sessions.id }).from(sessions).where(sessionScope(caller));
    const seen = new Set(rows.map((row) => row.id));
    expect(TRAININGS.filter((kind) => seen.has(sessionOf.get(kind)!))).toEqual(TRAININGS.filter((kind) => EXPECTED[role].sessions.includes(kind)));
  });

  it(`sees the records of its trainings' sessions: ${EXPECTED[role].sessions.join(", ")}`, async () => {
    const caller = { id: callers[role].id, role, organizationIds: callers[role].organizationIds };
    const rows = await t.app.db.select({ id: records.id }).from(records).where(recordScope(caller));
    const seen = new Set(rows.map((row) => row.id));
    expect(TRAININGS.filter((kind) => seen.has(recordOf.get(kind)!))).toEqual(TRAININGS.filter((kind) => EXPECTED[role].sessions.includes(kind)));
  });

  it("scopes a statement prepared once as it scopes a built one: the same records and trainees", async () => {
    const caller = { id: callers[role].id, role, organizationIds: callers[role].organizationIds };
    const db = t.app.db;
    const recordsScope = preparedRecordScope(caller);
    const preparedRecords = await preparedOnce(db, `test_scoped_records_${recordsScope.key}`, (name) =>
      db.select({ id: records.id }).from(records).where(recordsScope.condition).prepare(name),
    ).execute(recordsScope.values);
    const seen = new Set(preparedRecords.map((row) => row.id));
    expect(TRAININGS.filter((kind) => seen.has(recordOf.get(kind)!))).toEqual(TRAININGS.filter((kind) => EXPECTED[role].sessions.includes(kind)));
    const builtRecords = await db.select({ id: records.id }).from(records).where(recordScope(caller));
    expect([...seen].sort()).toEqual(builtRecords.map((row) => row.id).sort());

    const traineesScope = preparedTraineeScope(caller);
    const preparedTrainees = await preparedOnce(db, `test_scoped_trainees_${traineesScope.key}`, (name) =>
      db.select({ id: traineesTable.id }).from(traineesTable).where(traineesScope.condition).prepare(name),
    ).execute(traineesScope.values);
    const builtTrainees = await db.select({ id: traineesTable.id }).from(traineesTable).where(traineeScope(caller));
    expect(preparedTrainees.map((row) => row.id).sort()).toEqual(builtTrainees.map((row) => row.id).sort());
  });
});
