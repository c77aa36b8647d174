/**
 * A token bucket per key, kept in this process's memory: each process (and each app instance behind
 * a load balancer) counts on its own, so the effective limit is per token per process.
 */
export class TokenBucketLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly refillPerMs: number;

  constructor(
    /** Requests a key may make per minute on average; also the burst size. */
    readonly perMinute: number,
    private readonly maxKeys = 50_000,
  ) {
    this.refillPerMs = perMinute / 60_000;
  }

  /** Takes one request from `key`'s bucket; when empty, says how many whole seconds until the next one is allowed. */
  take(key: string, now = Date.now()): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const bucket = this.buckets.get(key) ?? { tokens: this.perMinute, at: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.at) * this.refillPerMs);
    bucket.at = now;
    // Re-inserting keeps the Map in least-recently-used order, so eviction drops idle keys first.
    this.buckets.delete(key);
    this.buckets.set(key, bucket);
    if (this.buckets.size > this.maxKeys) this.buckets.delete(this.buckets.keys().next().value!);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true };
    }
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.refillPerMs / 1000)) };
  }
}
