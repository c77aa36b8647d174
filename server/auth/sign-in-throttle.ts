import { BoundedCache } from "../cache/bounded-cache";

/**
 * Failed sign-ins, counted per (account, address): after `maxFailures` wrong passwords for one account from one
 * address, that pair waits out `windowSeconds`. Nothing is counted per account alone, so a stranger guessing
 * from elsewhere never locks the owner out; guessing many accounts from one address meets better-auth's
 * per-address limit (`STOCKROOM_SIGNIN_PER_MINUTE`) as well. Per process, in memory: a restart forgets (the
 * per-address limit still holds), and entries expire with their window. Not a cache: counts, bounded by the
 * shared helper so a spray of addresses cannot grow it; only a success or the window's end clears a pair.
 */
export interface SignInThrottleOptions {
  maxFailures: number;
  windowSeconds: number;
  /** Most pairs remembered; the oldest are forgotten first (bounds memory under a spray of addresses). */
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  failures: number;
  windowEndsAt: number;
}

export class SignInThrottle {
  private readonly entries: BoundedCache<Entry>;
  constructor(private readonly options: SignInThrottleOptions) {
    this.entries = new BoundedCache<Entry>({ name: "sign-in-failures", max: options.maxEntries ?? 100_000 });
  }

  private keyOf(account: string, address: string): string {
    return `${account.trim().toLowerCase()}\u0000${address}`;
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** Seconds to wait before this account may try again from this address, or 0. */
  retryAfter(account: string, address: string): number {
    const entry = this.entries.get(this.keyOf(account, address));
    if (!entry) return 0;
    const left = entry.windowEndsAt - this.now();
    if (left <= 0) {
      this.entries.delete(this.keyOf(account, address));
      return 0;
    }
    return entry.failures >= this.options.maxFailures ? Math.ceil(left / 1000) : 0;
  }

  recordFailure(account: string, address: string): void {
    const key = this.keyOf(account, address);
    const now = this.now();
    const current = this.entries.get(key);
    const entry =
      current && current.windowEndsAt > now
        ? current
        : { failures: 0, windowEndsAt: now + this.options.windowSeconds * 1000 };
    entry.failures += 1;
    this.entries.set(key, entry); // most recently used: the least recently failing pairs are forgotten first
  }

  /** A correct password clears the pair's count. */
  recordSuccess(account: string, address: string): void {
    this.entries.delete(this.keyOf(account, address));
  }
}
