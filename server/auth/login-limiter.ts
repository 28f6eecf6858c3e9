/**
 * Counts sign-in attempts per key (an IP, an e-mail) in fixed windows.
 * In memory: right for one process; with several processes the same interface goes to Redis (design.md "Scale path").
 */
export interface AttemptLimiter {
  /** Records one attempt; `allowed` is false once the key went over its budget for the current window. */
  hit(key: string): { allowed: boolean; retryAfterSeconds: number };
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
    refund(key) {
      const bucket = buckets.get(key);
      if (bucket && bucket.count > 0) bucket.count -= 1;
    },
    reset(key) {
      buckets.delete(key);
    },
  };
}
