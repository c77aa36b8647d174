import { BoundedCache } from "../../cache/bounded-cache";

/**
 * A token bucket per key, kept in this process's memory: each process (and each app instance behind
 * a load balancer) counts on its own, so the effective limit is per token per process. Not a cache: state,
 * bounded by the shared helper (the least recently used key is forgotten first, as if it had a full bucket).
 */
export class TokenBucketLimiter {
  private readonly buckets: BoundedCache<{ tokens: number; at: number }>;
  private readonly refillPerMs: number;

  constructor(
    /** Requests a key may make per minute on average; also the burst size. */
    readonly perMinute: number,
    maxKeys = 50_000,
  ) {
    this.refillPerMs = perMinute / 60_000;
    this.buckets = new BoundedCache({ name: "agent-rate-buckets", max: maxKeys });
  }

  /** Takes one request from `key`'s bucket; when empty, says how many whole seconds until the next one is allowed. */
  take(key: string, now = Date.now()): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const bucket = this.buckets.get(key) ?? { tokens: this.perMinute, at: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.at) * this.refillPerMs);
    bucket.at = now;
    this.buckets.set(key, bucket); // most recently used: eviction drops idle keys first
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true };
    }
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.refillPerMs / 1000)) };
  }
}
