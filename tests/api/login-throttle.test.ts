import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { createTestApp, TEST_PASSWORD, type TestApp, type TestEmployee } from "./support/test-app";

const TOO_MANY = "Trop de tentatives, veuillez réessayer plus tard";
const WRONG = "Mauvais-Mot-2026!";

// A low ceiling per address keeps the spraying case short; the pair rules are the product's (5 free failures, then 1 s, 2 s, 4 s…).
const ADDRESS_CEILING = 30;
let t: TestApp;
let organization: string;
/** The app's clock: the throttle's delays pass when the test moves it, not by waiting. */
let now = Date.parse("2026-11-24T09:00:00Z");
beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: { max: ADDRESS_CEILING, windowMs: 15 * 60_000 }, clock: () => new Date(now) });
  organization = await t.organization();
});
afterAll(() => t.close());

const login = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: "POST", url: "/api/auth-sessions", payload: { email, password, longTTL: false }, remoteAddress });
const colleague = () => t.employee("rol_gest-of", [organization]);

async function fail(who: TestEmployee, address: string, times: number) {
  for (let i = 0; i < times; i++) expect((await login(who.email, WRONG, address)).statusCode).toBe(403);
}

describe("the attacker's case", () => {
  it("one account from one address: five failures, then a growing wait (429 with Retry-After), even for the right password", async () => {
    const target = await colleague();
    await fail(target, "10.1.0.1", 5);
    const first = await login(target.email, WRONG, "10.1.0.1");
    expect(first.statusCode).toBe(429);
    expect(first.json()).toMatchObject({ statusCode: 429, message: TOO_MANY });
    expect(Number(first.headers["retry-after"])).toBe(1);
    expect((await login(target.email, TEST_PASSWORD, "10.1.0.1")).statusCode).toBe(429);

    now += 999;
    expect((await login(target.email, WRONG, "10.1.0.1")).statusCode).toBe(429);
    now += 1;
    await fail(target, "10.1.0.1", 1);
    const second = await login(target.email, WRONG, "10.1.0.1");
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers["retry-after"])).toBe(2);
  });

  it("many accounts from one address (spraying): refused once the address reaches its ceiling, for every account", async () => {
    const address = "10.2.0.1";
    let refusedAt = 0;
    for (let i = 1; i <= ADDRESS_CEILING + 1 && !refusedAt; i++) {
      const res = await login(`inconnu.${i}@exemple.fr`, WRONG, address);
      if (res.statusCode === 429) refusedAt = i;
      else expect(res.statusCode).toBe(403);
    }
    expect(refusedAt).toBe(ADDRESS_CEILING + 1);
    const res = await login((await colleague()).email, TEST_PASSWORD, address);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(800);
  });

  it("parallel guesses on one pair cannot slip past the free failures", async () => {
    const target = await colleague();
    const answers = await Promise.all(Array.from({ length: 12 }, () => login(target.email, WRONG, "10.3.0.1")));
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes.filter((code) => code === 403)).toHaveLength(5);
    expect(codes.filter((code) => code === 429)).toHaveLength(7);
  });
});

describe("the office's case", () => {
  it("one colleague's failures do not block another colleague on the same address", async () => {
    const office = "10.4.0.1";
    const forgetful = await colleague();
    const other = await colleague();
    await fail(forgetful, office, 5);
    expect((await login(forgetful.email, WRONG, office)).statusCode).toBe(429);
    expect((await login(other.email, TEST_PASSWORD, office)).statusCode).toBe(201);
  });

  it("a named user attacked from address A still signs in from address B with the right password", async () => {
    const victim = await colleague();
    // Enough failures from several addresses to put the account under attack (20 across addresses).
    for (const attacker of ["10.5.0.1", "10.5.0.2", "10.5.0.3", "10.5.0.4"]) await fail(victim, attacker, 5);
    expect((await login(victim.email, WRONG, "10.5.0.1")).statusCode).toBe(429);
    const res = await login(victim.email, TEST_PASSWORD, "10.5.9.9");
    expect(res.statusCode).toBe(201);
    expect(res.json().data.token).toEqual(expect.any(String));
  });

  it("a successful sign-in gives the pair its free failures back, and successes never count against the address", async () => {
    const user = await colleague();
    await fail(user, "10.6.0.1", 4);
    expect((await login(user.email, TEST_PASSWORD, "10.6.0.1")).statusCode).toBe(201);
    await fail(user, "10.6.0.1", 5);
    for (let i = 0; i < ADDRESS_CEILING + 5; i++) expect((await login((await colleague()).email, TEST_PASSWORD, "10.6.0.2")).statusCode).toBe(201);
  });
});

describe("several instances", () => {
  it("count failures together: five wrong passwords spread over two instances throttle as five on one", async () => {
    const other = await buildApp(t.config);
    try {
      const target = await colleague();
      const address = "10.7.0.1";
      const apps = [t.app, other, t.app, other, t.app];
      for (const app of apps) {
        const res = await app.inject({ method: "POST", url: "/api/auth-sessions", payload: { email: target.email, password: WRONG }, remoteAddress: address });
        expect(res.statusCode).toBe(403);
      }
      const sixth = await other.inject({ method: "POST", url: "/api/auth-sessions", payload: { email: target.email, password: TEST_PASSWORD }, remoteAddress: address });
      expect(sixth.statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });
});
