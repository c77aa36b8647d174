// When and how long the SDK waits before sending a refused request again: 429 (rate limited) and 503 (unavailable)
// only, with bounded exponential backoff that honours Retry-After (seconds or an HTTP date).

export interface RetryOptions {
  /** Retries after the first attempt (default 4; 0 never retries). */
  retries?: number;
  /** The first wait without Retry-After (default 500 ms), doubled on each retry, 50–100 % of it (jitter). */
  baseDelayMs?: number;
  /** No single wait is longer (default 30,000 ms): a Retry-After beyond it is not waited out, the SDK gives up. */
  maxDelayMs?: number;
}

/** The statuses a request is sent again for: the server asked to slow down, or is briefly away. */
export const RETRIED_STATUSES: readonly number[] = [429, 503];

const DEFAULTS = { retries: 4, baseDelayMs: 500, maxDelayMs: 30_000 } as const;

export type RetryPolicy = Required<RetryOptions>;

/** The options with defaults filled in; a value that is not a finite number ≥ 0 throws (a programming error). */
export function retryPolicyOf(options: RetryOptions | false | undefined): RetryPolicy {
  if (options === false) return { ...DEFAULTS, retries: 0 };
  const policy = { ...DEFAULTS, ...options };
  for (const [key, value] of Object.entries(policy)) {
    if (typeof value !== "number" || !Number.isFinite(value) || value < 0)
      throw new TypeError(`retry.${key} must be a number ≥ 0, got ${String(value)}`);
  }
  return { ...policy, retries: Math.floor(policy.retries) };
}

/** Retry-After in milliseconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMsOf(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === "") return null;
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** What to do after attempt `attempt` (1-based) was refused with `status`: wait `ms`, or give up saying why. */
export function nextRetry(
  policy: RetryPolicy,
  attempt: number,
  status: number,
  retryAfterMs: number | null,
): { wait: number } | { giveUp: string } {
  if (!RETRIED_STATUSES.includes(status)) return { giveUp: "" };
  if (policy.retries === 0) return { giveUp: "not retried (retries: 0)" };
  if (attempt > policy.retries) return { giveUp: `gave up after ${attempt} attempts (retries: ${policy.retries})` };
  if (retryAfterMs !== null && retryAfterMs > policy.maxDelayMs) {
    return {
      giveUp: `gave up after ${attempt} attempt${attempt === 1 ? "" : "s"}: the server asked to wait ${seconds(retryAfterMs)}, more than maxDelayMs (${seconds(policy.maxDelayMs)})`,
    };
  }
  const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1)) * (0.5 + Math.random() / 2);
  return { wait: Math.max(backoff, retryAfterMs ?? 0) };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
