/**
 * Issue 9 "Done when", second half: a valid body per route with one field made hostile (replaced, removed, or a prototype-
 * pollution key added beside it). These pass the schema's other checks and reach deeper than fully random bodies.
 * Same properties as hostile-input.property.test.ts: no 5xx, French 4xx, nothing written by a refusal.
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { fillParams, routeName, type ApiRoute } from "./support/api-routes";
import { createHostileFixture, fcOptions, printStats } from "./support/hostile-harness";
import { mutate, mutationOf } from "./support/hostile-mutations";
import { VALID_BODIES } from "./support/valid-bodies";

const fixture = await createHostileFixture();
afterAll(async () => {
  printStats(fixture);
  await fixture.close();
});

/** Per route and caller: 11 routes with a body × 8 callers × 10 runs ≈ 900 requests. */
const RUNS_PER_CALLER = 10;

const admin = fixture.callers.find((caller) => caller.name === "rol_sup-admin")!;
const json = (body: unknown) => ({ payload: JSON.stringify(body), contentType: "application/json" });

/** After an accepted write: the record's detail and its list, as the writer sees them (a stored value must not break reads). */
function readBackUrls(route: ApiRoute, url: string, answer: string): string[] {
  const collection = route.method === "POST" ? route.url : route.url.replace(/\/:\w+$/, "");
  const show = fixture.routes.find((r) => r.method === "GET" && r.url.startsWith(`${collection}/:`) && r.params.length === 1);
  const list = fixture.routes.find((r) => r.method === "GET" && r.url === collection);
  const id = route.method === "POST" ? (JSON.parse(answer) as { data?: { id?: unknown } }).data?.id : url.split("/").pop();
  return [...(show && typeof id === "string" ? [`${collection}/${id}`] : []), ...(list ? [`${collection}?limit=100`] : [])];
}
const routesWithBody = fixture.routes.filter((route) => route.hasBody);

it("knows a valid body for every route that takes one", () => {
  expect(routesWithBody.length).toBeGreaterThan(5);
  expect(routesWithBody.map(routeName).filter((name) => !VALID_BODIES[name]), "ajouter un corps valide dans support/valid-bodies.ts").toEqual([]);
});

describe.each(routesWithBody.map((route) => [routeName(route), route] as const))("%s", (name, route) => {
  const valid = VALID_BODIES[name]!;
  const params = fc.record(Object.fromEntries(route.params.map((param) => [param, fc.constantFrom(...(fixture.ids[param] ?? [""]))])));

  it("accepts its valid body unchanged (the mutations start from an accepted body)", async () => {
    const target = Object.fromEntries(route.params.map((param) => [param, fixture.ids[param]![0]!]));
    await fixture.readyToPush();
    const body = valid.build(await fixture.bodyContext(admin, target));
    const res = await fixture.send(admin, { method: route.method, url: fillParams(route, target), body: json(body) });
    expect(res.statusCode, res.body).toBe(valid.acceptedStatus);
  });

  it("answers a valid body with one hostile field without a 5xx, in French, changing nothing when it refuses", async () => {
    const template = valid.build(await fixture.bodyContext(admin, {}));
    for (const caller of fixture.callers) {
      await fc.assert(
        fc.asyncProperty(params, mutationOf(template), async (target, mutation) => {
          const body = mutate(valid.build(await fixture.bodyContext(caller, target)), mutation);
          const url = fillParams(route, target);
          const res = await fixture.send(caller, { method: route.method, url, body: json(body) }, route);
          if (res.statusCode >= 300 || !res.body) return;
          for (const readBack of readBackUrls(route, url, res.body)) await fixture.send(caller, { method: "GET", url: readBack });
        }),
        fcOptions(RUNS_PER_CALLER, `mutation ${name} ${caller.name}`),
      );
    }
  }, 180_000);
});
