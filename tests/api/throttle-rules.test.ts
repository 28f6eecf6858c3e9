/**
 * The throttles' rules on their PostgreSQL state (server/auth/login-limiter.ts), with a test clock: time moves, nobody waits.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLoginThrottle, createResetLimiter, DEFAULT_LOGIN_THROTTLE, sweepThrottles, type LoginThrottle } from "../../server/auth/login-limiter";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const clock = (start = Date.UTC(2026, 0, 5, 9)) => {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
};

let run = 0;
/** Addresses and accounts of their own per test: the tests share one database. */
const fresh = () => {
  run += 1;
  return { account: (name: string) => `${name}.${run}@x.fr`, address: (name: string) => `${name}-${run}` };
};

/** Failed attempts: `attempt` counts each allowed one as a failure until `succeeded`. */
async function failures(throttle: LoginThrottle, account: string, address: string, n: number): Promise<boolean[]> {
  const allowed: boolean[] = [];
  for (let i = 0; i < n; i++) allowed.push((await throttle.attempt(account, address)).allowed);
  return allowed;
}

describe("login throttle", () => {
  it("gives a pair five free failures, then doubles its wait up to 15 minutes", async () => {
    const c = clock();
    const { account, address } = fresh();
    const throttle = createLoginThrottle(t.app.db, DEFAULT_LOGIN_THROTTLE, c.now);
    expect(await failures(throttle, account("a"), address("ip"), 5)).toEqual([true, true, true, true, true]);
    const waits: number[] = [];
    for (let i = 0; i < 13; i++) {
      const refused = await throttle.attempt(account("a"), address("ip"));
      expect(refused.allowed).toBe(false);
      if (!refused.allowed) waits.push(refused.retryAfterSeconds);
      c.advance(refused.allowed ? 0 : refused.retryAfterSeconds * 1000);
      expect((await throttle.attempt(account("a"), address("ip"))).allowed).toBe(true);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]);
  });

  it("never blocks another account on the same address, nor the same account on another address", async () => {
    const { account, address } = fresh();
    const throttle = createLoginThrottle(t.app.db, DEFAULT_LOGIN_THROTTLE, clock().now);
    await failures(throttle, account("a"), address("office"), 5);
    expect((await throttle.attempt(account("a"), address("office"))).allowed).toBe(false);
    expect((await throttle.attempt(account("b"), address("office"))).allowed).toBe(true);
    expect((await throttle.attempt(account("a"), address("home"))).allowed).toBe(true);
  });

  it("refuses every sign-in from an address past its failure ceiling, until the window ends", async () => {
    const c = clock();
    const { account, address } = fresh();
    const throttle = createLoginThrottle(t.app.db, { ...DEFAULT_LOGIN_THROTTLE, addressMaxFailures: 10 }, c.now);
    for (let i = 0; i < 10; i++) expect((await throttle.attempt(account(`u${i}`), address("spray"))).allowed).toBe(true);
    expect(await throttle.attempt(account("new"), address("spray"))).toEqual({ allowed: false, retryAfterSeconds: 900 });
    c.advance(15 * 60_000);
    expect((await throttle.attempt(account("new"), address("spray"))).allowed).toBe(true);
  });

  it("an account failing from many addresses keeps one free attempt per new address (the right password still passes first time)", async () => {
    const { account, address } = fresh();
    const throttle = createLoginThrottle(t.app.db, DEFAULT_LOGIN_THROTTLE, clock().now);
    for (let i = 0; i < 4; i++) await failures(throttle, account("victim"), address(`bot${i}`), 5);
    expect((await throttle.attempt(account("victim"), address("bot9"))).allowed).toBe(true);
    expect(await throttle.attempt(account("victim"), address("bot9"))).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect((await throttle.attempt(account("victim"), address("home"))).allowed).toBe(true);
  });

  it("a success forgets the pair and is not held against the address", async () => {
    const { account, address } = fresh();
    const throttle = createLoginThrottle(t.app.db, { ...DEFAULT_LOGIN_THROTTLE, addressMaxFailures: 3 }, clock().now);
    for (let i = 0; i < 10; i++) {
      expect((await throttle.attempt(account(`u${i}`), address("office"))).allowed).toBe(true);
      await throttle.succeeded(account(`u${i}`), address("office"));
    }
    await failures(throttle, account("a"), address("office"), 2);
    await throttle.succeeded(account("a"), address("office"));
    expect(await failures(throttle, account("b"), address("office"), 2)).toEqual([true, true]);
  });

  it("forgets a pair idle for a day", async () => {
    const c = clock();
    const { account, address } = fresh();
    const throttle = createLoginThrottle(t.app.db, DEFAULT_LOGIN_THROTTLE, c.now);
    await failures(throttle, account("a"), address("ip"), 5);
    expect((await throttle.attempt(account("a"), address("ip"))).allowed).toBe(false);
    c.advance(DEFAULT_LOGIN_THROTTLE.pairMemoryMs);
    expect(await failures(throttle, account("a"), address("ip"), 5)).toEqual([true, true, true, true, true]);
  });

  it("keeps no e-mail or address in the database, only digests", async () => {
    const { account, address } = fresh();
    const throttle = createLoginThrottle(t.app.db, DEFAULT_LOGIN_THROTTLE, clock().now);
    await throttle.attempt(account("secret"), address("10.9.9.9"));
    const keys = await t.query<{ key: string }>("select key from login_pairs union all select key from throttle_counters");
    expect(keys.length).toBeGreaterThan(0);
    for (const { key } of keys) expect(key).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("reset limiter", () => {
  it("allows max attempts per window, then refuses with the seconds left; a new window starts afresh", async () => {
    const c = clock();
    const { address } = fresh();
    const limiter = createResetLimiter(t.app.db, { max: 3, windowMs: 60_000 }, c.now);
    const allowed = [];
    for (let i = 0; i < 3; i++) allowed.push((await limiter.hit("ip", address("k"))).allowed);
    expect(allowed).toEqual([true, true, true]);
    c.advance(15_000);
    expect(await limiter.hit("ip", address("k"))).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect((await limiter.hit("ip", address("other"))).allowed).toBe(true);
    expect((await limiter.hit("email", address("k"))).allowed).toBe(true);
    c.advance(45_000);
    expect((await limiter.hit("ip", address("k"))).allowed).toBe(true);
  });
});

describe("sweep", () => {
  it("removes ended windows and idle pairs, keeps the live ones", async () => {
    const c = clock(Date.UTC(2030, 0, 1));
    const { account, address } = fresh();
    const throttle = createLoginThrottle(t.app.db, DEFAULT_LOGIN_THROTTLE, c.now);
    await throttle.attempt(account("old"), address("old"));
    c.advance(DEFAULT_LOGIN_THROTTLE.pairMemoryMs);
    await throttle.attempt(account("live"), address("live"));
    const before = Number((await t.query<{ n: string }>("select (select count(*) from login_pairs) + (select count(*) from throttle_counters) as n"))[0]!.n);
    // The old pair and its two windows go (and the earlier tests' rows, all in the past); the live pair and its two windows stay.
    const removed = await sweepThrottles(t.app.db, c.now());
    const after = Number((await t.query<{ n: string }>("select (select count(*) from login_pairs) + (select count(*) from throttle_counters) as n"))[0]!.n);
    expect(after).toBe(3);
    expect(removed).toBe(before - 3);
  });
});
