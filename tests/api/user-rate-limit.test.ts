/**
 * One user cannot slow the others (issue 38): each user's requests go through a token bucket (server/auth/user-rate-limit.ts),
 * taken on the token before any database work. Beyond the burst: 429 in French with Retry-After; another user is not affected;
 * the bucket fills again with time. USER_RATE_LIMIT's format is checked with the other variables.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserRateLimiter, parseUserRateLimit, USER_RATE_MESSAGE } from "../../server/auth/user-rate-limit";
import { checkEnvironment } from "../../server/environment";
import { createTestApp, type TestApp, type TestEmployee } from "./support/test-app";

let t: TestApp;
let greedy: TestEmployee;
let other: TestEmployee;
beforeAll(async () => {
  t = await createTestApp({ userRateLimit: { perSecond: 1, burst: 5 } });
  const org = await t.organization();
  greedy = await t.employee("rol_gest-of", [org]);
  other = await t.employee("rol_gest-of", [org]);
});
afterAll(() => t.close());

describe("the per-user rate limit", () => {
  it("answers 429 in French with Retry-After beyond a user's burst, without reading the database; another user goes on", async () => {
    const headers = await t.auth(greedy);
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await t.app.inject({ method: "GET", url: "/api/organizations", headers }));
    const codes = answers.map((answer) => answer.statusCode);
    // The bucket refills one token a second: a slow machine may see one more request through, never all of them.
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes.filter((code) => code === 429).length).toBeGreaterThanOrEqual(2);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(refused.json()).toMatchObject({ statusCode: 429, error: "Too Many Requests", message: USER_RATE_MESSAGE });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect((await t.app.inject({ method: "GET", url: "/api/organizations", headers: await t.auth(other) })).statusCode).toBe(200);
  });

  it("refuses before the database: a user over the limit gets 429 even with the database out of reach", async () => {
    const limiter = createUserRateLimiter({ perSecond: 1, burst: 2 }, () => 0);
    limiter.take("u");
    limiter.take("u");
    expect(() => limiter.take("u")).toThrow(USER_RATE_MESSAGE);
    expect(() => limiter.take("v")).not.toThrow();
    // The guard takes the token before its query: with the pool closed, the 429 still answers (a read would be a 503).
    const closed = await createTestApp({ userRateLimit: { perSecond: 1, burst: 1 } });
    const user = await closed.employee("rol_admin", []);
    const headers = await closed.auth(user);
    expect((await closed.app.inject({ method: "GET", url: "/api/organizations", headers })).statusCode).toBe(200);
    await closed.app.pool.end();
    expect((await closed.app.inject({ method: "GET", url: "/api/organizations", headers })).statusCode).toBe(429);
    await closed.app.close().catch(() => undefined);
  });

  it("fills the bucket again with time", () => {
    let now = 0;
    const limiter = createUserRateLimiter({ perSecond: 2, burst: 2 }, () => now);
    limiter.take("u");
    limiter.take("u");
    expect(() => limiter.take("u")).toThrow();
    now += 500;
    expect(() => limiter.take("u")).not.toThrow();
  });

  it("reads USER_RATE_LIMIT as <per second>/<burst>, or 0 for none", () => {
    expect(parseUserRateLimit("20/60")).toEqual({ perSecond: 20, burst: 60 });
    expect(parseUserRateLimit("0")).toBe(false);
    for (const wrong of ["20", "20/10", "vingt/60", "0/0", "-1/5"]) expect(parseUserRateLimit(wrong)).toBeUndefined();
    const check = checkEnvironment({ USER_RATE_LIMIT: "20 par seconde" });
    expect(check.ok).toBe(false);
    expect(check.ok ? [] : check.problems[0]).toContain("USER_RATE_LIMIT vaut « 20 par seconde » ; attendu : <requêtes par seconde>/<rafale>");
  });
});
