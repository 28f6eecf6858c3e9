import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE_IDS, type RoleId } from "../../resources/permissions";
import { INVALID_DATE } from "../../resources/common/date-only";
import { TRAINEE_MSG, type TraineeInput } from "../../resources/trainees/schema";
import { FORBIDDEN_CHARACTER_MESSAGE } from "../../resources/common/text";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";
import { traineeBody } from "./support/trainees";

let t: TestApp;
let org: string;
const staff = {} as Record<RoleId, TestEmployee>;

beforeAll(async () => {
  t = await createTestApp();
  org = await t.organization();
  for (const role of ROLE_IDS) staff[role] = await t.employee(role, [org]);
});
afterAll(() => t.close());

const as = async (role: RoleId) => t.auth(staff[role]);
const create = async (overrides: Partial<TraineeInput> = {}, role: RoleId = "rol_admin") =>
  t.app.inject({ method: "POST", url: "/api/trainees", headers: await as(role), payload: traineeBody(overrides) });
const count = async () => (await t.query<{ n: number }>("select count(*)::int as n from trainees"))[0]!.n;

const WRITERS: RoleId[] = ["rol_sup-admin", "rol_admin", "rol_resp-of", "rol_gest-of"];
const READERS_ONLY: RoleId[] = ["rol_resp-cdc", "rol_gest-cdc", "rol_gest-cdcss"];

describe("POST /api/trainees", () => {
  it("creates a trainee with normalised names and e-mail, and answers it", async () => {
    const res = await create({ ssn: "2850275123456", birthName: "durand", lastName: "Durand-Moreau", firstName: "marie-thérèse" });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      firstName: "Marie-Thérèse",
      lastName: "DURAND-MOREAU",
      birthName: "DURAND",
      email: expect.stringMatching(/^jean\.luc\.\d+@exemple\.fr$/),
      ssn: "2850275123456",
      birthDate: "1980-01-15",
      address: { streetName: "des Écoles", zipCode: "75005", city: "Paris", address1: null },
      department: "D75",
      situation: "SINGLE",
      bornInFrance: true,
      records: [],
    });
    // The simulator knows (2850275123456, DURAND): the NIR is verified.
    expect(data.ssnVerified).toBe(true);
  });

  it("marks the NIR unverified when the external system does not know the pair", async () => {
    const res = await create();
    expect(res.statusCode).toBe(201);
    expect(res.json().data.ssnVerified).toBe(false);
  });

  it.each(WRITERS)("is allowed to %s", async (role) => {
    expect((await create({}, role)).statusCode).toBe(201);
  });

  it.each(READERS_ONLY)("is refused to %s (403) and creates nothing", async (role) => {
    const before = await count();
    const res = await create({}, role);
    expect(res.statusCode).toBe(403);
    expect(await count()).toBe(before);
  });

  it("is refused without a session (401)", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/trainees", payload: traineeBody() });
    expect(res.statusCode).toBe(401);
  });

  it("answers 400 with the forms' French messages and creates nothing", async () => {
    const before = await count();
    const res = await create({
      firstName: "J",
      lastName: "x".repeat(51),
      birthName: "",
      email: "pas-un-mail",
      phoneNumber: "06123",
      ssn: "1".repeat(14),
      birthDate: "",
      address: { streetName: "", zipCode: "750", city: "P" },
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().details.fields as { path: string; message: string }[];
    const messageOf = (path: string) => fields.find((f) => f.path === `body.${path}`)?.message;
    expect(messageOf("firstName")).toBe("Le nombre de caractères minimum est 2");
    expect(messageOf("lastName")).toBe("Le nombre de caractères est limité à 50");
    expect(messageOf("birthName")).toBe("Ce champ est obligatoire");
    expect(messageOf("email")).toBe("Cette adresse email n'est pas valide");
    expect(messageOf("phoneNumber")).toBe("Le nombre de caractères doit être 10");
    expect(messageOf("ssn")).toBe("Le nombre de caractères est limité à 13");
    expect(messageOf("birthDate")).toBe("Ce champ est obligatoire");
    expect(messageOf("address.streetName")).toBe("Ce champ est obligatoire");
    expect(messageOf("address.zipCode")).toBe("Le nombre de caractères doit être 5");
    expect(messageOf("address.city")).toBe("Le nombre de caractères minimum est 2");
    expect(await count()).toBe(before);
  });

  it("refuses unknown départements, situations and genders (400)", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/trainees",
      headers: await as("rol_admin"),
      payload: { ...traineeBody(), department: "D20", situation: "ENGAGED", gender: "OTHER" },
    });
    expect(res.statusCode).toBe(400);
    const paths = (res.json().details.fields as { path: string }[]).map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(["body.department", "body.situation", "body.gender"]));
  });

  it("refuses a birth date in the future (400)", async () => {
    const res = await create({ birthDate: "2999-01-01" });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields).toContainEqual({ path: "body.birthDate", message: TRAINEE_MSG.birthDateInFuture });
  });

  it("answers 409 'Ce mail est déjà utilisé pour un autre stagiaire.' for an e-mail in use, whatever its case", async () => {
    await create({ email: "deja.pris@exemple.fr" });
    const before = await count();
    const res = await create({ email: "DEJA.Pris@exemple.fr" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Ce mail est déjà utilisé pour un autre stagiaire.");
    expect(await count()).toBe(before);
  });

  it("answers 409 with a French message for a NIR already held by a trainee", async () => {
    await create({ ssn: "1991299123123" });
    const res = await create({ ssn: "1991299123123" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TRAINEE_MSG.ssnTaken);
  });
});

describe("GET /api/trainees", () => {
  let helene: string;
  beforeAll(async () => {
    const res = await create({ firstName: "Hélène", lastName: "LEFÈVRE", birthName: "GRÉGOIRE", ssn: "2770569555001" });
    helene = res.json().data.id;
  });

  it.each(ROLE_IDS)("lists trainees for %s (trainees without a record are in every scope)", async (role) => {
    const res = await t.app.inject({ method: "GET", url: "/api/trainees?limit=100", headers: await as(role) });
    expect(res.statusCode).toBe(200);
    expect(res.json().metadata.pagination.totalCount).toBe(await count());
  });

  it("shows trainees without a record even to a caller without any organisation", async () => {
    const loner = await t.employee("rol_gest-cdc", []);
    const res = await t.app.inject({ method: "GET", url: "/api/trainees?limit=100", headers: await t.auth(loner) });
    expect(res.json().data.map((r: { id: string }) => r.id)).toContain(helene);
  });

  it("answers the list envelope, most recently updated first", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/trainees?offset=0&limit=2", headers: await as("rol_admin") });
    const json = res.json();
    expect(json.data).toHaveLength(2);
    expect(json.metadata).toMatchObject({ pagination: { offset: 0, limit: 2, totalCount: await count() }, requestId: expect.any(String) });
    const [first, second] = json.data as { updatedDate: string }[];
    expect(new Date(first!.updatedDate).getTime()).toBeGreaterThanOrEqual(new Date(second!.updatedDate).getTime());
  });

  it.each([
    ["helene", "accent- and case-insensitive first name"],
    ["lefevre", "usage name"],
    ["gregoire", "birth name"],
    ["27705", "NIR prefix"],
  ])("finds a trainee by %s (%s)", async (search) => {
    const res = await t.app.inject({ method: "GET", url: `/api/trainees?search=${search}`, headers: await as("rol_gest-of") });
    expect(res.json().data.map((r: { id: string }) => r.id)).toEqual([helene]);
  });

  it("lists only trainees without a record with freeTrainees=true (none of this file has one: trainee-records.test.ts has some)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/trainees?freeTrainees=true&limit=100", headers: await as("rol_gest-of") });
    expect(res.statusCode).toBe(200);
    expect(res.json().metadata.pagination.totalCount).toBe(await count());
  });

  it.each(["freeTrainees=oui", "limit=0", "limit=101", "offset=-1"])("answers 400 for %s", async (query) => {
    const res = await t.app.inject({ method: "GET", url: `/api/trainees?${query}`, headers: await as("rol_admin") });
    expect(res.statusCode).toBe(400);
  });

  it("is refused without a session (401)", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/trainees" })).statusCode).toBe(401);
  });
});

describe("GET /api/trainees/{id}", () => {
  it("answers the trainee with its (empty) records for every role", async () => {
    const id = (await create()).json().data.id;
    for (const role of ROLE_IDS) {
      const res = await t.app.inject({ method: "GET", url: `/api/trainees/${id}`, headers: await as(role) });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id, records: [] });
    }
  });

  it("answers 404 'Le stagiaire n'existe pas' for an unknown id", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/trainees/${"0".repeat(32)}`, headers: await as("rol_admin") });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("Le stagiaire n'existe pas");
  });
});

describe("PATCH /api/trainees/{id}", () => {
  const patch = async (id: string, payload: unknown, role: RoleId = "rol_gest-of") =>
    t.app.inject({ method: "PATCH", url: `/api/trainees/${id}`, headers: await as(role), payload: payload as object });

  it("updates the editable fields, keeps the NIR and moves the last update date", async () => {
    const created = (await create({ ssn: "1800175000777" })).json().data;
    const { ssn: _ignored, ...rest } = traineeBody({ email: created.email });
    const res = await patch(created.id, { ...rest, ssn: "2990199999999", firstName: "paul", situation: "MARRIED", bornInFrance: undefined });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ firstName: "Paul", situation: "MARRIED", ssn: "1800175000777", bornInFrance: false });
    expect(new Date(data.updatedDate).getTime()).toBeGreaterThan(new Date(created.updatedDate).getTime());
  });

  it("answers 409 'Ce mail est déjà utilisé pour un autre stagiaire.' and changes nothing", async () => {
    const a = (await create({ email: "a.patch@exemple.fr" })).json().data;
    const b = (await create({ email: "b.patch@exemple.fr" })).json().data;
    const res = await patch(b.id, { ...traineeBody({ email: "A.Patch@exemple.fr" }) });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Ce mail est déjà utilisé pour un autre stagiaire.");
    expect((await t.query("select email from trainees where id = $1", [b.id]))[0]).toEqual({ email: "b.patch@exemple.fr" });
    expect(a.id).not.toBe(b.id);
  });

  it("answers 400 for invalid values and changes nothing", async () => {
    const created = (await create()).json().data;
    const res = await patch(created.id, { ...traineeBody(), email: "", department: "D00" });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields).toContainEqual({ path: "body.email", message: "Ce champ est obligatoire" });
    expect((await t.query("select email from trainees where id = $1", [created.id]))[0]).toEqual({ email: created.email });
  });

  it.each(READERS_ONLY)("is refused to %s (403)", async (role) => {
    const created = (await create()).json().data;
    const res = await patch(created.id, traineeBody({ email: created.email, firstName: "Changé" }), role);
    expect(res.statusCode).toBe(403);
    expect((await t.query("select first_name from trainees where id = $1", [created.id]))[0]).toEqual({ first_name: "Jean-Luc" });
  });

  it("answers 404 for an unknown trainee", async () => {
    const res = await patch("f".repeat(32), traineeBody());
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(TRAINEE_MSG.notFound);
  });
});

describe("DELETE /api/trainees/{id}", () => {
  const del = async (id: string, role: RoleId) =>
    t.app.inject({ method: "DELETE", url: `/api/trainees/${id}`, headers: await as(role) });

  it.each(WRITERS)("deletes a trainee for %s, then answers 404", async (role) => {
    const id = (await create()).json().data.id;
    expect((await del(id, role)).statusCode).toBe(204);
    expect((await del(id, role)).statusCode).toBe(404);
    expect(await t.query("select id from trainees where id = $1", [id])).toEqual([]);
  });

  it.each(READERS_ONLY)("is refused to %s (403) and deletes nothing", async (role) => {
    const id = (await create()).json().data.id;
    expect((await del(id, role)).statusCode).toBe(403);
    expect(await t.query("select id from trainees where id = $1", [id])).toHaveLength(1);
  });
});

describe("odd input: 400 (or 404), never 500, and nothing changes", () => {
  it.each(["2023-02-30", "1990-13-01", "1990-1-1", "1990-01-01T00:00:00Z", "10000-01-01"])("refuses the birth date %s", async (birthDate) => {
    const before = await count();
    const res = await create({ birthDate });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields).toContainEqual({ path: "body.birthDate", message: INVALID_DATE });
    expect(await count()).toBe(before);
  });

  // PostgreSQL text cannot hold U+0000: refused before reaching the database.
  it.each([
    ["the NIR", { ssn: "28502\u000075123" }, "body.ssn"],
    ["an address line", { address: { streetName: "des Lilas", zipCode: "69003", city: "Lyon", address1: "b\u0000t A" } }, "body.address.address1"],
  ])("refuses a NUL character in %s", async (_case, overrides, path) => {
    const before = await count();
    const res = await create(overrides as Partial<TraineeInput>);
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields).toEqual([{ path, message: FORBIDDEN_CHARACTER_MESSAGE }]);
    expect(await count()).toBe(before);
  });

  it.each([
    ["/api/trainees?search=%00", "querystring.search"],
    ["/api/trainees/%00", "params.traineeId"],
    ["/api/trainees/agora?ssn=2850275123456&birthName=DUR%00AND", "querystring.birthName"],
  ])("refuses a NUL character in %s", async (url, path) => {
    const res = await t.app.inject({ method: "GET", url, headers: await as("rol_admin") });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields).toEqual([{ path, message: FORBIDDEN_CHARACTER_MESSAGE }]);
  });

  it("refuses a NUL character in the id of a PATCH or DELETE and changes nothing", async () => {
    const before = await count();
    for (const method of ["PATCH", "DELETE"] as const) {
      const res = await t.app.inject({ method, url: "/api/trainees/%00", headers: await as("rol_admin"), ...(method === "PATCH" ? { payload: traineeBody() } : {}) });
      expect(res.statusCode).toBe(400);
    }
    expect(await count()).toBe(before);
  });

  it("keeps unicode names and answers 404 for malformed ids", async () => {
    // The civil-status alphabet (docs/decisions/0001-noms-alphabet-latin.md): French diacritics, ligatures and apostrophes.
    const res = await create({ firstName: "zoë-éloïse", lastName: "N'GUYEN", birthName: "ŒUVRARD" });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ firstName: "Zoë-Éloïse", lastName: "N'GUYEN", birthName: "ŒUVRARD" });
    for (const id of ["abc", "'or 1=1--", "😀", "0123456789abcdef0123456789abcdeg"]) {
      const get = await t.app.inject({ method: "GET", url: `/api/trainees/${encodeURIComponent(id)}`, headers: await as("rol_admin") });
      expect(get.statusCode).toBe(404);
      expect(get.json().message).toBe(TRAINEE_MSG.notFound);
    }
  });

  it("refuses huge strings with the length messages", async () => {
    const res = await create({ firstName: "é".repeat(100_000), email: `${"x".repeat(300)}@exemple.fr` });
    expect(res.statusCode).toBe(400);
    const fields = res.json().details.fields as { path: string; message: string }[];
    expect(fields).toContainEqual({ path: "body.firstName", message: "Le nombre de caractères est limité à 50" });
    expect(fields.map((f) => f.path)).toContain("body.email");
  });
});
