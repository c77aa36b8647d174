import { BoundedCache } from "../cache/bounded-cache";

/**
 * Sign-in and sign-up attempts per client address per minute, with the requests refused for an oversized body
 * counted among them (issue 33, item 2): an address that floods `/api/auth` with huge bodies spends its sign-in
 * budget doing so. better-auth's own per-address limit (`STOCKROOM_SIGNIN_PER_MINUTE`) still applies to the
 * attempts themselves; this one adds the refusals, which never reach better-auth. Per process, in memory, bounded
 * by the shared helper (a spray of addresses forgets the oldest); not a cache: only the window's end clears a count.
 */
export interface AddressLimiterOptions {
  perMinute: number;
  maxEntries?: number;
  now?: () => number;
}

interface Window {
  count: number;
  endsAt: number;
}

const WINDOW_MS = 60_000;

export class AddressLimiter {
  private readonly windows: BoundedCache<Window>;
  constructor(private readonly options: AddressLimiterOptions) {
    this.windows = new BoundedCache<Window>({ name: "sign-in-addresses", max: options.maxEntries ?? 100_000 });
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  private current(address: string): Window {
    const now = this.now();
    const window = this.windows.get(address);
    return window && window.endsAt > now ? window : { count: 0, endsAt: now + WINDOW_MS };
  }

  /** Counts one request (an attempt or a refusal) from `address`. */
  count(address: string): void {
    const window = this.current(address);
    window.count += 1;
    this.windows.set(address, window);
  }

  /** Counts an attempt: the seconds to wait when the address is over its limit (the attempt is then refused), or 0. */
  attempt(address: string): number {
    const window = this.current(address);
    if (window.count >= this.options.perMinute) return Math.max(1, Math.ceil((window.endsAt - this.now()) / 1000));
    window.count += 1;
    this.windows.set(address, window);
    return 0;
  }
}
