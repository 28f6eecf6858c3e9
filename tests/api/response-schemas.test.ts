/**
 * Every answer has a schema (issue 10 item 1, resources/common/wire.ts): each API route declares its success answers and gets
 * the error answer, the OpenAPI document shows them all, and a key an answer schema lacks is refused, never sent.
 */
import diagnostics from "node:diagnostics_channel";
import type { FastifyInstance, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";
import { traineeBody } from "./support/trainees";

/** A test request asks, by this header, for a key the route's answer schema lacks to be slipped into its `data`. */
const EXTRA_FIELD = "x-test-extra-field";
const SECRET = "hash-qui-ne-doit-pas-sortir";

const routes: RouteOptions[] = [];
/** Runs when buildApp creates its Fastify instance, before any route exists: every route, hidden or not, passes here. */
function instrument({ fastify }: { fastify: FastifyInstance }) {
  fastify.addHook("onRoute", (route) => {
    routes.push(route);
  });
  fastify.addHook("preSerialization", async (request, _reply, payload) => {
    const where = request.headers[EXTRA_FIELD];
    if (typeof where !== "string" || payload === null || typeof payload !== "object" || !("data" in payload)) return payload;
    const data = payload.data as Record<string, unknown> & { address?: Record<string, unknown> };
    if (where === "top") return { ...payload, data: { ...data, passwordHash: SECRET } };
    return { ...payload, data: { ...data, address: { ...data.address, passwordHash: SECRET } } };
  });
}

let t: TestApp;
let admin: TestEmployee;
beforeAll(async () => {
  diagnostics.subscribe("fastify.initialization", instrument as (message: unknown) => void);
  try {
    t = await createTestApp();
  } finally {
    diagnostics.unsubscribe("fastify.initialization", instrument as (message: unknown) => void);
  }
  admin = await t.employee("rol_admin", [await t.organization()]);
});
afterAll(() => t.close());

const methodsOf = (route: RouteOptions) => [route.method].flat().filter((m) => m !== "HEAD");
const ERROR_CODES = ["4xx", "5xx"];

describe("every API route declares its answers", () => {
  it("has schema.response with its success answer and the error answer (4xx, 5xx), hidden routes included", () => {
    const api = routes.filter((r) => r.url.startsWith("/api/") && methodsOf(r).length > 0);
    // The hook saw the whole API (a broken instrumentation would see nothing and pass).
    expect(api.map((r) => `${methodsOf(r).join(",")} ${r.url}`)).toEqual(
      expect.arrayContaining(["GET /api/trainees", "POST /api/auth-sessions", "GET /api/users/me", "GET /api/health", "GET /api/docs"]),
    );
    const missing = api
      .filter((r) => {
        const codes = Object.keys((r.schema?.response as object | undefined) ?? {});
        const successes = codes.filter((code) => /^2\d\d$/.test(code));
        return successes.length === 0 || !ERROR_CODES.every((code) => codes.includes(code));
      })
      .map((r) => `${methodsOf(r).join(",")} ${r.url}`);
    expect(missing).toEqual([]);
  });
});

type JsonSchema = { type?: string; $ref?: string; properties?: Record<string, JsonSchema>; items?: JsonSchema; anyOf?: JsonSchema[] };
interface Operation {
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
}

/** Where a schema says nothing about a value (`{}`): a transform the document cannot show, i.e. an undocumented field. */
function blankSchemas(schema: JsonSchema, at: string): string[] {
  if (Object.keys(schema).length === 0) return [at];
  return [
    ...Object.entries(schema.properties ?? {}).flatMap(([key, value]) => blankSchemas(value, `${at}.${key}`)),
    ...(schema.items ? blankSchemas(schema.items, `${at}[]`) : []),
    ...(schema.anyOf ?? []).flatMap((value, i) => blankSchemas(value, `${at}|${i}`)),
  ];
}

describe("GET /api/docs", () => {
  it("shows, for each path and method, its success answer and the error answer, every field with a type", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs", headers: await t.auth(admin) });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, Operation>>;
    const problems: string[] = [];
    let operations = 0;
    for (const [path, byMethod] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(byMethod)) {
        operations += 1;
        const name = `${method.toUpperCase()} ${path}`;
        const responses = Object.entries(operation.responses ?? {});
        const successes = responses.filter(([code]) => /^2\d\d$/.test(code));
        if (successes.length === 0) problems.push(`${name}: aucune réponse 2xx`);
        for (const [code, response] of responses) {
          if (code === "204") continue;
          // JSON, or a document's own media type (application/pdf).
          const schema = Object.values(response.content ?? {})[0]?.schema;
          if (!schema) problems.push(`${name} ${code}: pas de schéma`);
          else problems.push(...blankSchemas(schema, `${name} ${code}`).map((at) => `${at}: schéma vide`));
        }
        for (const code of ["4XX", "5XX"]) if (!operation.responses?.[code]) problems.push(`${name}: pas de réponse ${code}`);
      }
    }
    expect(operations).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });

  it("documents dates as the wire has them: a calendar day and an ISO instant", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs", headers: await t.auth(admin) });
    const answer = res.json().paths["/api/trainees/{traineeId}"].get.responses["200"].content["application/json"].schema;
    const trainee = answer.properties.data.properties;
    expect(trainee.birthDate).toMatchObject({ type: "string", format: "date" });
    expect(trainee.updatedDate).toMatchObject({ type: "string", format: "date-time" });
    expect(answer.additionalProperties).toBe(false);
  });
});

describe("an answer carrying a key its schema lacks", () => {
  let traineeId: string;
  beforeAll(async () => {
    const created = await t.app.inject({ method: "POST", url: "/api/trainees", headers: await t.auth(admin), payload: traineeBody() });
    expect(created.statusCode).toBe(201);
    traineeId = created.json().data.id;
  });

  const read = async (extra?: "top" | "nested") =>
    t.app.inject({ method: "GET", url: `/api/trainees/${traineeId}`, headers: { ...(await t.auth(admin)), ...(extra ? { [EXTRA_FIELD]: extra } : {}) } });

  it("is answered as it is when nothing is added (the control)", async () => {
    const res = await read();
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: traineeId, birthDate: "1980-01-15", updatedDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) });
  });

  it.each([
    ["at the top of data", "top"],
    ["inside a nested object (the address)", "nested"],
  ] as const)("is refused %s: a French 500, and the key never leaves the server", async (_case, where) => {
    const res = await read(where);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ statusCode: 500, error: "Internal Server Error", message: "Une erreur interne est survenue", requestId: res.headers["x-request-id"] });
    expect(res.body).not.toContain(SECRET);
    expect(res.body).not.toContain("passwordHash");
  });
});
