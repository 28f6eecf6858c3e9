/**
 * Sign-in and reset-mail throttling, with its state in PostgreSQL (throttle_counters, login_pairs) so that every instance
 * counts the same attempts: N instances do not give N times the budget. Times come from the app's clock (tests move it).
 * Keys are SHA-256 digests of what they count (addresses, e-mails): no personal data at rest for a counter.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database, Executor } from "../db/connection";

export interface Window {
  max: number;
  windowMs: number;
}

type Verdict = { allowed: boolean; retryAfterSeconds: number };

const digest = (kind: string, ...parts: string[]) => createHash("sha256").update([kind, ...parts].join("\u0000")).digest("hex");
const secondsUntil = (at: number, until: number) => Math.max(1, Math.ceil((until - at) / 1000));

interface CounterRow {
  count: number;
  resets_at: Date;
}

/** One attempt more in the key's window (a new window when the last one ended); the count and window end after it. */
async function hit(db: Executor, key: string, window: Window, at: number): Promise<CounterRow> {
  const now = new Date(at);
  const resetsAt = new Date(at + window.windowMs);
  const { rows } = await db.execute<{ count: number; resets_at: Date }>(sql`
    insert into throttle_counters as c (key, count, resets_at) values (${key}, 1, ${resetsAt})
    on conflict (key) do update set
      count = case when c.resets_at <= ${now} then 1 else c.count + 1 end,
      resets_at = case when c.resets_at <= ${now} then excluded.resets_at else c.resets_at end
    returning count, resets_at`);
  const row = rows[0]!;
  return { count: Number(row.count), resets_at: new Date(row.resets_at) };
}

/** The key's count in its current window (0 when none or ended). */
async function peek(db: Executor, key: string, at: number): Promise<CounterRow | undefined> {
  const { rows } = await db.execute<{ count: number; resets_at: Date }>(
    sql`select count, resets_at from throttle_counters where key = ${key} and resets_at > ${new Date(at)}`,
  );
  return rows[0] ? { count: Number(rows[0].count), resets_at: new Date(rows[0].resets_at) } : undefined;
}

async function refund(db: Executor, key: string): Promise<void> {
  await db.execute(sql`update throttle_counters set count = count - 1 where key = ${key} and count > 0`);
}

/**
 * Reset mails per address and per e-mail (mail bombing): `hit` spends one attempt, `allowed` is false past the budget.
 */
export function createResetLimiter(db: Database, window: Window, now: () => number) {
  return {
    async hit(kind: "ip" | "email", value: string): Promise<Verdict> {
      const at = now();
      const counter = await hit(db, digest(`reset-${kind}`, value), window, at);
      return { allowed: counter.count <= window.max, retryAfterSeconds: secondsUntil(at, counter.resets_at.getTime()) };
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
  attempt(account: string, address: string): Promise<ThrottleDecision>;
  /** The password was right: the pair starts afresh and the attempt is not held against the address or the account. */
  succeeded(account: string, address: string): Promise<void>;
}

const keysOf = (account: string, address: string) => ({
  pair: digest("login-pair", address, account),
  address: digest("login-address", address),
  account: digest("login-account", account),
});

export function createLoginThrottle(db: Database, options: LoginThrottleOptions, now: () => number): LoginThrottle {
  const delayAfter = (failures: number, free: number) =>
    failures < free ? 0 : Math.min(options.maxDelayMs, options.firstDelayMs * 2 ** Math.min(failures - free, 30));
  const addressWindow = { max: options.addressMaxFailures, windowMs: options.windowMs };
  const accountWindow = { max: options.accountAlertFailures, windowMs: options.windowMs };

  return {
    attempt: (account, address) =>
      db.transaction(async (tx): Promise<ThrottleDecision> => {
        const at = now();
        const keys = keysOf(account, address);
        // One decision at a time per pair, across instances: parallel guesses are counted one after the other.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${keys.pair}, 0))`);
        const { rows } = await tx.execute<{ failures: number; last_failure_at: Date }>(
          sql`select failures, last_failure_at from login_pairs where key = ${keys.pair}`,
        );
        const stored = rows[0];
        const pair = stored && new Date(stored.last_failure_at).getTime() + options.pairMemoryMs > at
          ? { failures: Number(stored.failures), lastFailureAt: new Date(stored.last_failure_at).getTime() }
          : undefined;
        // Peeked, not spent: a refused attempt costs the attacker nothing, and counts nothing against anyone.
        const accountFailures = (await peek(tx, keys.account, at))?.count ?? 0;
        const underAttack = accountFailures >= accountWindow.max;
        const free = underAttack ? Math.min(1, options.freeFailures) : options.freeFailures;
        const waitUntil = pair ? pair.lastFailureAt + delayAfter(pair.failures, free) : at;
        const byAddress = await peek(tx, keys.address, at);
        if (byAddress && byAddress.count >= addressWindow.max) {
          return { allowed: false, retryAfterSeconds: secondsUntil(at, byAddress.resets_at.getTime()) };
        }
        if (waitUntil > at) return { allowed: false, retryAfterSeconds: secondsUntil(at, waitUntil) };

        await tx.execute(sql`
          insert into login_pairs (key, failures, last_failure_at) values (${keys.pair}, ${(pair?.failures ?? 0) + 1}, ${new Date(at)})
          on conflict (key) do update set failures = excluded.failures, last_failure_at = excluded.last_failure_at`);
        await hit(tx, keys.address, addressWindow, at);
        await hit(tx, keys.account, accountWindow, at);
        return { allowed: true };
      }),

    async succeeded(account, address) {
      const keys = keysOf(account, address);
      await db.transaction(async (tx) => {
        await tx.execute(sql`delete from login_pairs where key = ${keys.pair}`);
        await refund(tx, keys.address);
        await refund(tx, keys.account);
      });
    },
  };
}

/** Forgets ended windows and idle pairs (a periodic task, once per cluster); answers how many rows went. */
export async function sweepThrottles(db: Database, now: number, pairMemoryMs = DEFAULT_LOGIN_THROTTLE.pairMemoryMs): Promise<number> {
  const counters = await db.execute(sql`delete from throttle_counters where resets_at <= ${new Date(now)}`);
  const pairs = await db.execute(sql`delete from login_pairs where last_failure_at <= ${new Date(now - pairMemoryMs)}`);
  return (counters.rowCount ?? 0) + (pairs.rowCount ?? 0);
}
