import { describe, expect, it } from "vitest";
import { createLoginThrottle, DEFAULT_LOGIN_THROTTLE } from "../../server/auth/login-limiter";

const clock = () => {
  let time = 1_000_000;
  return { now: () => time, advance: (ms: number) => (time += ms) };
};

/** Failed attempts: `attempt` counts each allowed one as a failure until `succeeded`. */
const failures = (throttle: ReturnType<typeof createLoginThrottle>, account: string, address: string, n: number) =>
  Array.from({ length: n }, () => throttle.attempt(account, address).allowed);

describe("login throttle", () => {
  it("gives a pair five free failures, then doubles its wait up to 15 minutes", () => {
    const c = clock();
    const throttle = createLoginThrottle(DEFAULT_LOGIN_THROTTLE, c.now);
    expect(failures(throttle, "a@x.fr", "ip", 5)).toEqual([true, true, true, true, true]);
    const waits: number[] = [];
    for (let i = 0; i < 13; i++) {
      const refused = throttle.attempt("a@x.fr", "ip");
      expect(refused.allowed).toBe(false);
      if (!refused.allowed) waits.push(refused.retryAfterSeconds);
      c.advance(refused.allowed ? 0 : refused.retryAfterSeconds * 1000);
      expect(throttle.attempt("a@x.fr", "ip").allowed).toBe(true);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]);
  });

  it("never blocks another account on the same address, nor the same account on another address", () => {
    const throttle = createLoginThrottle(DEFAULT_LOGIN_THROTTLE, clock().now);
    failures(throttle, "a@x.fr", "office", 5);
    expect(throttle.attempt("a@x.fr", "office").allowed).toBe(false);
    expect(throttle.attempt("b@x.fr", "office").allowed).toBe(true);
    expect(throttle.attempt("a@x.fr", "home").allowed).toBe(true);
  });

  it("refuses every sign-in from an address past its failure ceiling, until the window ends", () => {
    const c = clock();
    const throttle = createLoginThrottle({ ...DEFAULT_LOGIN_THROTTLE, addressMaxFailures: 10 }, c.now);
    for (let i = 0; i < 10; i++) expect(throttle.attempt(`u${i}@x.fr`, "spray").allowed).toBe(true);
    expect(throttle.attempt("new@x.fr", "spray")).toEqual({ allowed: false, retryAfterSeconds: 900 });
    c.advance(15 * 60_000);
    expect(throttle.attempt("new@x.fr", "spray").allowed).toBe(true);
  });

  it("an account failing from many addresses keeps one free attempt per new address (the right password still passes first time)", () => {
    const throttle = createLoginThrottle(DEFAULT_LOGIN_THROTTLE, clock().now);
    for (let i = 0; i < 4; i++) failures(throttle, "victim@x.fr", `bot${i}`, 5);
    expect(throttle.attempt("victim@x.fr", "bot9").allowed).toBe(true);
    expect(throttle.attempt("victim@x.fr", "bot9")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(throttle.attempt("victim@x.fr", "home").allowed).toBe(true);
  });

  it("a success forgets the pair and is not held against the address", () => {
    const throttle = createLoginThrottle({ ...DEFAULT_LOGIN_THROTTLE, addressMaxFailures: 3 }, clock().now);
    for (let i = 0; i < 10; i++) {
      expect(throttle.attempt(`u${i}@x.fr`, "office").allowed).toBe(true);
      throttle.succeeded(`u${i}@x.fr`, "office");
    }
    failures(throttle, "a@x.fr", "office", 2);
    throttle.succeeded("a@x.fr", "office");
    expect(failures(throttle, "b@x.fr", "office", 2)).toEqual([true, true]);
  });
});
