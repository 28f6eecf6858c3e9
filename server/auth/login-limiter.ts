/**
 * Counts attempts per key (an IP, an e-mail) in fixed windows: the reset-mail budget.
 * In memory: right for one process; with several processes the same interfaces go to Redis (design.md "Scale path").
 */
export interface AttemptLimiter {
  /** Records one attempt; `allowed` is false once the key went over its budget for the current window. */
  hit(key: string): { allowed: boolean; retryAfterSeconds: number };
  /** Whether the key is still within its budget, without spending an attempt. */
  peek(key: string): { allowed: boolean; retryAfterSeconds: number };
  /** Gives back one attempt (a successful sign-in should not eat a shared IP's budget). */
  refund(key: string): void;
  /** Forgets the key (its budget is whole again). */
  reset(key: string): void;
}

interface Bucket {
  count: number;
  resetAt: number;
}

// Beyond this many keys, expired windows are swept so that a stream of distinct e-mails cannot grow the map forever.
const SWEEP_THRESHOLD = 10_000;

export function createMemoryLimiter(options: { max: number; windowMs: number }, now: () => number = Date.now): AttemptLimiter {
  const buckets = new Map<string, Bucket>();

  const sweep = (at: number) => {
    for (const [key, bucket] of buckets) if (bucket.resetAt <= at) buckets.delete(key);
  };

  return {
    hit(key) {
      const at = now();
      if (buckets.size >= SWEEP_THRESHOLD) sweep(at);
      let bucket = buckets.get(key);
      if (!bucket || bucket.resetAt <= at) {
        bucket = { count: 0, resetAt: at + options.windowMs };
        buckets.set(key, bucket);
      }
      bucket.count += 1;
      return { allowed: bucket.count <= options.max, retryAfterSeconds: Math.max(1, Math.ceil((bucket.resetAt - at) / 1000)) };
    },
    peek(key) {
      const at = now();
      const bucket = buckets.get(key);
      if (!bucket || bucket.resetAt <= at) return { allowed: true, retryAfterSeconds: 0 };
      return { allowed: bucket.count < options.max, retryAfterSeconds: Math.max(1, Math.ceil((bucket.resetAt - at) / 1000)) };
    },
    refund(key) {
      const bucket = buckets.get(key);
      if (bucket && bucket.count > 0) bucket.count -= 1;
    },
    reset(key) {
      buckets.delete(key);
    },
  };
}

export interface LoginThrottleOptions {
  /** Failed sign-ins from one address, all accounts together, per window; beyond, every sign-in from it waits (spraying). */
  addressMaxFailures: number;
  windowMs: number;
  /** Failures an (account, address) pair makes for free; each further one doubles the pair's wait, from firstDelayMs up to maxDelayMs. */
  freeFailures: number;
  firstDelayMs: number;
  maxDelayMs: number;
  /** Failures on one account, all addresses together, per window from which its pairs keep one free failure only (a distributed attack). */
  accountAlertFailures: number;
  /** A pair idle this long is forgotten. */
  pairMemoryMs: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleOptions = {
  addressMaxFailures: 100,
  windowMs: 15 * 60_000,
  freeFailures: 5,
  firstDelayMs: 1000,
  maxDelayMs: 15 * 60_000,
  accountAlertFailures: 20,
  pairMemoryMs: 24 * 3600_000,
};

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Sign-in throttling (design.md "Authentication"): per (account, address) pair with a growing delay, plus a high per-address
 * ceiling. Nothing blocks an account as such: a colleague's mistakes never lock the office's address out, and typing wrong
 * passwords for a named user from one address never stops that user from signing in from another. An account under attack
 * from many addresses only loses its free failures, so the right password still goes through at the first try.
 */
export interface LoginThrottle {
  /** Before the (slow) password check; an allowed attempt counts as a failure until `succeeded`, so parallel guesses cannot slip through. */
  attempt(account: string, address: string): ThrottleDecision;
  /** The password was right: the pair starts afresh and the attempt is not held against the address or the account. */
  succeeded(account: string, address: string): void;
}

interface Pair {
  failures: number;
  lastFailureAt: number;
}

export function createLoginThrottle(options: LoginThrottleOptions, now: () => number = Date.now): LoginThrottle {
  const pairs = new Map<string, Pair>();
  const failuresByAddress = createMemoryLimiter({ max: options.addressMaxFailures, windowMs: options.windowMs }, now);
  const failuresByAccount = createMemoryLimiter({ max: options.accountAlertFailures, windowMs: options.windowMs }, now);
  const pairKey = (account: string, address: string) => `${address}\u0000${account}`;

  const delayAfter = (failures: number, free: number) =>
    failures < free ? 0 : Math.min(options.maxDelayMs, options.firstDelayMs * 2 ** Math.min(failures - free, 30));

  const sweep = (at: number) => {
    for (const [key, pair] of pairs) if (pair.lastFailureAt + options.pairMemoryMs <= at) pairs.delete(key);
  };

  return {
    attempt(account, address) {
      const at = now();
      if (pairs.size >= SWEEP_THRESHOLD) sweep(at);
      const key = pairKey(account, address);
      let pair = pairs.get(key);
      if (pair && pair.lastFailureAt + options.pairMemoryMs <= at) pair = undefined;
      // Peeked, not spent: a refused attempt costs the attacker nothing, and counts nothing against anyone.
      const underAttack = !failuresByAccount.peek(`a:${account}`).allowed;
      const free = underAttack ? Math.min(1, options.freeFailures) : options.freeFailures;
      const waitUntil = pair ? pair.lastFailureAt + delayAfter(pair.failures, free) : at;
      const byAddress = failuresByAddress.peek(address);
      if (!byAddress.allowed) return { allowed: false, retryAfterSeconds: byAddress.retryAfterSeconds };
      if (waitUntil > at) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((waitUntil - at) / 1000)) };

      pairs.set(key, { failures: (pair?.failures ?? 0) + 1, lastFailureAt: at });
      failuresByAddress.hit(address);
      failuresByAccount.hit(`a:${account}`);
      return { allowed: true };
    },
    succeeded(account, address) {
      pairs.delete(pairKey(account, address));
      failuresByAddress.refund(address);
      failuresByAccount.refund(`a:${account}`);
    },
  };
}
