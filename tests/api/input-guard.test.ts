import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORBIDDEN_CHARACTER_MESSAGE } from "../../resources/common/text";
import { INVALID_REQUEST_MESSAGE } from "../../server/http/input-guard";
import { createTestApp, uniqueSiret, type TestApp, type TestEmployee } from "./support/test-app";
import { traineeBody } from "./support/trainees";

let t: TestApp;
let org: string;
let admin: TestEmployee;

beforeAll(async () => {
  t = await createTestApp();
  org = await t.organization();
  admin = await t.employee("rol_admin", [org]);
});
afterAll(() => t.close());

const nestedArrays = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const nestedObjects = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
/** 2 MB: a million zeros. */
const millionZeros = () => `[${Array(1_000_000).fill("0").join(",")}]`;

const postRaw = async (url: string, payload: string, signedIn: boolean) =>
  t.app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/json", ...(signedIn ? await t.auth(admin) : {}) },
    payload,
  });

const employeesCount = async () => (await t.query<{ n: number }>("select count(*)::int as n from employees"))[0]!.n;

describe("hostile JSON bodies", () => {
  it.each([
    ["5,000 nested arrays", nestedArrays(5_000)],
    ["5,000 nested arrays under the e-mail", `{"email": ${nestedArrays(5_000)}, "password": "x"}`],
    ["65 nested objects", nestedObjects(65)],
  ])("the anonymous login route answers 400 'Requête invalide' to %s", async (_label, payload) => {
    const res = await postRaw("/api/auth-sessions", payload, false);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: "Bad Request", message: INVALID_REQUEST_MESSAGE, requestId: res.headers["x-request-id"] });
  });

  it("accepts 64 levels: the limit is beyond, not at", async () => {
    const res = await postRaw("/api/auth-sessions", `{"email": "a@b.fr", "password": "x", "extra": ${nestedArrays(63)}}`, false);
    // Past the guard, the schema strips the unknown field: a wrong password, not an invalid request.
    expect(res.statusCode).toBe(403);
  });

  it.each([
    ["a million zeros (2 MB)", millionZeros()],
    ["a million nested arrays (2 MB)", nestedArrays(1_000_000)],
    ["10,001 values", JSON.stringify({ ...bodyOf(), organizationIds: Array(10_001).fill(org) })],
  ])("a signed-in caller's %s → 400 'Requête invalide', nothing created", async (_label, payload) => {
    const before = await employeesCount();
    const res = await postRaw("/api/employees", payload, true);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(INVALID_REQUEST_MESSAGE);
    expect(await employeesCount()).toBe(before);
  });

  it("an anonymous body over 16 KB is refused before parsing (413, in French), declared or chunked", async () => {
    const declared = await postRaw("/api/auth-sessions", millionZeros(), false);
    expect(declared.statusCode).toBe(413);
    expect(declared.json()).toMatchObject({ statusCode: 413, message: "La requête est trop volumineuse" });
    const chunked = await t.app.inject({
      method: "POST",
      url: "/api/auth-sessions",
      headers: { "content-type": "application/json" },
      payload: Readable.from([`{"email": "a@b.fr", "password": "${"x".repeat(20_000)}"}`]),
    });
    expect(chunked.statusCode).toBe(413);
  });

  it("too many query values → 400 'Requête invalide'", async () => {
    const query = Array.from({ length: 10_001 }, (_, i) => `s=${i % 10}`).join("&");
    const res = await t.app.inject({ method: "GET", url: `/api/employees?${query}`, headers: await t.auth(admin) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(INVALID_REQUEST_MESSAGE);
  });
  // How long these bodies hold the event loop is measured by `npm run bench:hostile` (a timing is a benchmark's claim).
});

let n = 0;
function bodyOf(fields: Record<string, unknown> = {}) {
  return {
    firstName: "jean",
    lastName: "martin",
    email: `garde.${n++}@test.fr`,
    phoneNumber: "",
    gender: "MALE",
    roleId: "rol_gest-of",
    organizationIds: [org],
    ...fields,
  };
}

describe("characters refused in text fields (C0 controls, non-characters, lone surrogates, bidirectional controls)", () => {
  const create = async (url: string, payload: object) =>
    t.app.inject({ method: "POST", url, headers: await t.auth(admin), payload });
  const organizationBody = (fields: Record<string, unknown> = {}) => ({ name: "organisme garde", siret: uniqueSiret(), ...fields });
  const count = async (table: string) => (await t.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;

  it("a lone surrogate travels as the JSON escape \\ud800", () => {
    expect(JSON.stringify({ lastName: "ma\ud800rtin" })).toBe('{"lastName":"ma\\ud800rtin"}');
  });

  it.each([
    ["employees", "/api/employees", () => bodyOf({ lastName: "ma\ud800rtin" }), "body.lastName"],
    ["employees", "/api/employees", () => bodyOf({ firstName: "je\udc00an" }), "body.firstName"],
    ["employees", "/api/employees", () => bodyOf({ lastName: "\u202Enitram" }), "body.lastName"],
    ["trainees", "/api/trainees", () => traineeBody({ firstName: "jean\u2066-luc" }), "body.firstName"],
    ["trainees", "/api/trainees", () => traineeBody({ address: { streetName: "des \u202BÉcoles", zipCode: "75005", city: "Paris" } }), "body.address.streetName"],
    ["trainees", "/api/trainees", () => traineeBody({ birthName: "DUP\ud83dONT" }), "body.birthName"],
    ["organizations", "/api/organizations", () => organizationBody({ name: "organisme \u2069garde" }), "body.name"],
    ["organizations", "/api/organizations", () => organizationBody({ name: "organisme \udfffgarde" }), "body.name"],
    ["trainees", "/api/trainees", () => traineeBody({ firstName: "Rose\uFFFF" }), "body.firstName"],
    ["employees", "/api/employees", () => bodyOf({ lastName: "ma\uFDD0rtin" }), "body.lastName"],
    ["trainees", "/api/trainees", () => traineeBody({ address: { streetName: "des Écoles", zipCode: "75005", city: "Pa\u{10FFFE}ris" } }), "body.address.city"],
    ["organizations", "/api/organizations", () => organizationBody({ name: "organisme\u0007garde" }), "body.name"],
    ["employees", "/api/employees", () => bodyOf({ firstName: "je\tan" }), "body.firstName"],
    // A line break passes the guard (multi-line texts hold them) and is refused by the single-line field's schema: same message.
    ["organizations", "/api/organizations", () => organizationBody({ name: "organisme\ngarde" }), "body.name"],
  ])("%s: refuses %s with the field's path, creates nothing", async (table, url, payload, path) => {
    const before = await count(table);
    const res = await create(url, payload());
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields).toEqual([{ path, message: FORBIDDEN_CHARACTER_MESSAGE }]);
    expect(await count(table)).toBe(before);
  });

  it.each([
    ["employees", "/api/employees", () => bodyOf({ lastName: "martin 😀" })],
    ["trainees", "/api/trainees", () => traineeBody({ firstName: "jean-luc" })],
    ["organizations", "/api/organizations", () => organizationBody({ name: "organisme عربي" })],
  ])("%s: accepts the same body without them (paired surrogates and right-to-left letters are fine)", async (_table, url, payload) => {
    expect((await create(url, payload())).statusCode).toBe(201);
  });

  it.each([
    ["POST", "/api/auth-sessions", { email: "admin\u202E@test.fr", password: "x" }, "body.email"],
    ["POST", "/api/users/reset-password", { email: "admin@test.fr\u0000" }, "body.email"],
    ["PATCH", "/api/users/reset-password", { token: "abc", password: "Mot-de-passe-1\ud800" }, "body.password"],
  ] as const)("the anonymous route %s %s is walked too", async (method, url, payload, path) => {
    const res = await t.app.inject({ method, url, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields).toEqual([{ path, message: FORBIDDEN_CHARACTER_MESSAGE }]);
  });

  it.each([
    ["/api/employees?search=%E2%80%AEnitram", "querystring.search"],
    ["/api/trainees?search=jean%E2%81%A7", "querystring.search"],
    ["/api/organizations?search=%00", "querystring.search"],
  ])("refuses a search query %s", async (url, path) => {
    const res = await t.app.inject({ method: "GET", url, headers: await t.auth(admin) });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.fields).toEqual([{ path, message: FORBIDDEN_CHARACTER_MESSAGE }]);
  });
});
