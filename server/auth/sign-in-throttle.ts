/**
 * Failed sign-ins, counted per (account, address): after `maxFailures` wrong passwords for one account from one
 * address, that pair waits out `windowSeconds`. Nothing is counted per account alone, so a stranger guessing
 * from elsewhere never locks the owner out; guessing many accounts from one address meets better-auth's
 * per-address limit (`STOCKROOM_SIGNIN_PER_MINUTE`) as well. Per process, in memory: a restart forgets (the
 * per-address limit still holds), and entries expire with their window.
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
  private readonly entries = new Map<string, Entry>();
  constructor(private readonly options: SignInThrottleOptions) {}

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
    const entry = current && current.windowEndsAt > now ? current : { failures: 0, windowEndsAt: now + this.options.windowSeconds * 1000 };
    entry.failures += 1;
    this.entries.delete(key); // re-insert: Map order is the eviction order
    this.entries.set(key, entry);
    const max = this.options.maxEntries ?? 100_000;
    while (this.entries.size > max) this.entries.delete(this.entries.keys().next().value!);
  }

  /** A correct password clears the pair's count. */
  recordSuccess(account: string, address: string): void {
    this.entries.delete(this.keyOf(account, address));
  }
}
