/** Under overload the server answers 503 at once (@fastify/under-pressure), in French, and recovers by itself. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/test-app";

const UNAVAILABLE = "Le service est momentanément indisponible. Réessayez dans un instant.";

let t: TestApp;
beforeAll(async () => {
  // A sensitive threshold and a short sample, so that one blocked stretch of the event loop counts as overload.
  t = await createTestApp({ pressure: { maxEventLoopDelayMs: 20, sampleIntervalMs: 100 } });
});
afterAll(() => t.close());

const busy = (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // CPU-bound work: what a costly request does to every other one
  }
};

/** Sustained load: the event loop busy in 60 ms slices for `ms`, yielding between slices (requests still get in). */
async function sustainLoad(ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    busy(60);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

async function pollStatus(expected: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    if (res.statusCode === expected || Date.now() > deadline) return res;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("overload", () => {
  it("answers 503 with the French message while the event loop lags, then 200 again", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    const load = sustainLoad(2_000);
    const overloaded = await pollStatus(503, 2_000);
    // Every route, before authentication or any work: 503 rather than 401 here.
    const api = await t.app.inject({ method: "GET", url: "/api/organizations" });
    // Liveness is not readiness: an overloaded process is alive, restarting it would not help.
    const live = await t.app.inject({ method: "GET", url: "/api/health/live" });
    await load;
    expect(live.statusCode).toBe(200);
    expect(api.statusCode).toBe(503);
    expect(api.json()).toMatchObject({ message: UNAVAILABLE });
    expect(overloaded.statusCode).toBe(503);
    expect(overloaded.headers["retry-after"]).toBe("5");
    expect(overloaded.json()).toEqual({ statusCode: 503, error: "Service Unavailable", message: UNAVAILABLE, requestId: overloaded.headers["x-request-id"] });
    expect((await pollStatus(200, 3_000)).statusCode).toBe(200);
  });

  it("is not tripped by normal use with the default thresholds, only by a loop stalled for seconds", async () => {
    // `pressure: {}`: the defaults of server/http/overload.ts (the test apps otherwise turn the guard off).
    const normal = await createTestApp({ pressure: {} });
    const healthOf = async () => (await normal.app.inject({ method: "GET", url: "/api/health" })).statusCode;
    try {
      await sustainLoad(1_200); // a busy second: still far from the default limit
      // Two samples of the guard (one a second) pass without tripping it.
      for (const end = Date.now() + 2_100; Date.now() < end; ) {
        expect(await healthOf()).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // The defaults are a limit all the same (the guard is on): a loop late by 1.5 s at every turn trips them. The guard
      // averages the loop's delay over a second, so one long stall among short turns does not.
      let status = 200;
      for (const end = Date.now() + 8_000; status !== 503 && Date.now() < end; status = await healthOf()) {
        busy(1_500);
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(status).toBe(503);
    } finally {
      await normal.close();
    }
  });
});
