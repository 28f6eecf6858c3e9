/**
 * Each user's request rate (docs/queue.md « Équité »): a token bucket per user, keyed by the token's signed subject and taken
 * before any database work, so that one user's loops (a script, a stuck tab) cannot slow the others down. Per process: behind
 * a load balancer spreading requests over N instances, a user gets up to N times the rate, which is still a bound.
 */
import { ApiError } from "../http/errors";

export interface UserRateLimit {
  /** Tokens added per second: the sustained rate. */
  perSecond: number;
  /** The bucket's size: requests a user may send at once after a pause. */
  burst: number;
}

/** USER_RATE_LIMIT when unset: 20 requests a second, bursts of 60. */
export const DEFAULT_USER_RATE_LIMIT: UserRateLimit = { perSecond: 20, burst: 60 };

export const USER_RATE_MESSAGE = "Trop de requêtes en peu de temps : patientez un instant avant de réessayer.";

/** Buckets full again are forgotten once this many users are tracked (a full bucket is the same as no bucket). */
const SWEEP_ABOVE = 10_000;

export interface UserRateLimiter {
  /** Takes one token for this user, or throws the 429 (Retry-After: the seconds until a token is back). */
  take(userId: string): void;
}

export function createUserRateLimiter(limit: UserRateLimit | false, now: () => number = () => performance.now()): UserRateLimiter {
  if (!limit) return { take: () => undefined };
  const buckets = new Map<string, { tokens: number; at: number }>();
  const refill = (bucket: { tokens: number; at: number }, time: number) => {
    bucket.tokens = Math.min(limit.burst, bucket.tokens + ((time - bucket.at) / 1_000) * limit.perSecond);
    bucket.at = time;
  };
  return {
    take(userId) {
      const time = now();
      let bucket = buckets.get(userId);
      if (!bucket) {
        if (buckets.size >= SWEEP_ABOVE) {
          for (const [id, other] of buckets) {
            refill(other, time);
            if (other.tokens >= limit.burst) buckets.delete(id);
          }
        }
        bucket = { tokens: limit.burst, at: time };
        buckets.set(userId, bucket);
      } else refill(bucket, time);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return;
      }
      const retryAfter = Math.max(1, Math.ceil((1 - bucket.tokens) / limit.perSecond));
      throw new ApiError(429, USER_RATE_MESSAGE, undefined, { "retry-after": String(retryAfter) });
    },
  };
}

/** USER_RATE_LIMIT's text: `<par seconde>/<rafale>` (e.g. `20/60`), or `0` for no limit. */
export function parseUserRateLimit(text: string): UserRateLimit | false | undefined {
  if (text === "0") return false;
  const match = /^(\d+)\/(\d+)$/.exec(text);
  if (!match) return undefined;
  const perSecond = Number(match[1]);
  const burst = Number(match[2]);
  if (perSecond < 1 || perSecond > 100_000 || burst < perSecond || burst > 1_000_000) return undefined;
  return { perSecond, burst };
}
