/**
 * Issue 9 "Done when": random and hostile bodies, query strings and path parameters on every route of the API (read from
 * the app), as each role and anonymously. On every answer: no 5xx; a 4xx is French JSON `{statusCode, error, message}`;
 * a refused request leaves every table as it was. Runs are bounded (see RUNS_PER_CALLER) with a fixed seed per route and caller.
 * Longer hunts: HOSTILE_SEED=<n> (other inputs), HOSTILE_RUNS_FACTOR=<k> (k times the runs), HOSTILE_STATS=1 (the answers each
 * route gave), HOSTILE_LOG=1 (the app's log). fast-check prints the counterexample and its seed on failure.
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { fillParams, routeName } from "./support/api-routes";
import { createHostileFixture, fcOptions, printStats, unreachedRoutes } from "./support/hostile-harness";
import { encodeComponent, hostileBody, hostileId, hostileQuery, hostileString } from "./support/hostile-values";

const fixture = await createHostileFixture();
afterAll(async () => {
  printStats(fixture);
  await fixture.close();
});

/** Per route and caller; 27 routes × 8 callers × 8 runs ≈ 1,700 requests. */
const RUNS_PER_CALLER = 8;

describe.each(fixture.routes.map((route) => [routeName(route), route] as const))("%s", (_name, route) => {
  it("has real ids to aim its path parameters at", () => {
    expect(route.params.filter((param) => !fixture.ids[param]), "ajouter un jeu d'ids dans support/hostile-harness.ts").toEqual([]);
  });

  it("answers hostile bodies, query strings and path parameters without a 5xx, in French, changing nothing when it refuses", async () => {
    const request = fc.record({
      params: fc.record(Object.fromEntries(route.params.map((param) => [param, hostileId(fixture.ids[param] ?? [])]))),
      query: hostileQuery,
      // Routes without a body still get one half of the time: the parsers run before the route decides.
      body: fc.option(hostileBody, { nil: undefined, freq: route.hasBody ? 8 : 2 }),
    });
    for (const caller of fixture.callers) {
      await fc.assert(
        fc.asyncProperty(request, async ({ params, query, body }) => {
          const url = fillParams(route, params) + (query ? `?${query}` : "");
          await fixture.send(caller, { method: route.method, url, body }, route);
        }),
        fcOptions(RUNS_PER_CALLER, `${routeName(route)} ${caller.name}`),
      );
    }
  }, 180_000);
});

describe("outside the routes", () => {
  const segment = fc.oneof(
    fc.constantFrom("api", "employees", "..", ".", "%2e%2e", "docs", "health", ""),
    hostileString.filter((s) => s.length < 200).map(encodeComponent),
  );
  const knownUrl = fc.constantFrom(...fixture.routes).map((route) => fillParams(route, Object.fromEntries(route.params.map((p) => [p, fixture.ids[p]![0]!]))));

  it("answers unknown paths, other methods and odd transport headers in French, changing nothing when it refuses", async () => {
    const request = fc.record({
      method: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND", "SEARCH", "QUERY", "CONNECT"),
      url: fc.oneof(knownUrl, fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => `/api/zz-${parts.join("/")}`)),
      caller: fc.constantFrom(...fixture.callers),
      body: fc.option(hostileBody, { nil: undefined }),
      headers: fc.constantFrom<Record<string, string>>(
        {},
        { "content-encoding": "gzip" },
        { "content-encoding": "br" },
        { "content-encoding": "x-inconnu" },
        { "content-length": "3" },
        { "content-length": "-1" },
        { "accept-encoding": "br;q=abc" },
        { accept: "text/html" },
        { "x-forwarded-for": "1.2.3.4, zz" },
      ),
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ method, url, caller, body, headers }) => {
        await fixture.send({ ...caller, headers: { ...caller.headers, ...headers } }, { method, url, body });
      }),
      fcOptions(80, "outside the routes"),
    );
  }, 60_000);
});

// Last: the properties above have run. A route no generated request reached (every one refused by the router) fails here.
it("reached every route of the API as every caller", () => {
  expect(fixture.routes.length).toBeGreaterThan(20);
  expect(unreachedRoutes(fixture, fixture.routes)).toEqual([]);
});
