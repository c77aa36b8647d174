import { describe, expect, it } from "vitest";
import { TokenBucketLimiter } from "./rate-limit";

describe("TokenBucketLimiter", () => {
  it("allows a burst of perMinute, then refuses with the wait until one request refills", () => {
    const limiter = new TokenBucketLimiter(6); // one request every 10 s
    const t0 = 1_000_000;
    for (let i = 0; i < 6; i++) expect(limiter.take("a", t0)).toEqual({ allowed: true });
    expect(limiter.take("a", t0)).toEqual({ allowed: false, retryAfterSeconds: 10 });
    expect(limiter.take("a", t0 + 4_000)).toEqual({ allowed: false, retryAfterSeconds: 6 });
    expect(limiter.take("a", t0 + 10_000)).toEqual({ allowed: true });
    expect(limiter.take("a", t0 + 10_000)).toMatchObject({ allowed: false });
  });

  it("keeps one bucket per key and never refills past the burst size", () => {
    const limiter = new TokenBucketLimiter(2);
    expect(limiter.take("a", 0).allowed).toBe(true);
    expect(limiter.take("a", 0).allowed).toBe(true);
    expect(limiter.take("a", 0).allowed).toBe(false);
    expect(limiter.take("b", 0).allowed).toBe(true);
    // An hour idle refills to 2, not 120.
    expect(limiter.take("a", 3_600_000).allowed).toBe(true);
    expect(limiter.take("a", 3_600_000).allowed).toBe(true);
    expect(limiter.take("a", 3_600_000).allowed).toBe(false);
  });

  it("forgets the least recently used keys past maxKeys (a forgotten key starts full again)", () => {
    const limiter = new TokenBucketLimiter(1, 2);
    limiter.take("a", 0);
    limiter.take("b", 0);
    limiter.take("a", 0); // a is refused but now most recent
    limiter.take("c", 0); // evicts b
    expect(limiter.take("b", 0).allowed).toBe(true);
    expect(limiter.take("c", 0).allowed).toBe(false);
  });
});
