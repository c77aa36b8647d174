// The agent API over HTTP with plain `fetch`: no Node-only APIs, so it runs in Node, Deno, Bun and browsers. URLs and
// answer types come from the route specs the server routes by (domain/agent-api/routes.ts).
import { pathOf, type ResponseOf } from "../domain/agent-api/route-spec";
import { getSnapshotRoute, listSnapshotsRoute } from "../domain/agent-api/routes";
import { verifySnapshot, type Snapshot } from "../domain/snapshot/verify";
import { nextRetry, retryAfterMsOf, retryPolicyOf, sleep, type RetryOptions } from "./retry";

export type { RetryOptions } from "./retry";

export interface ApiTarget {
  /** The Stockroom server's origin, e.g. `https://stockroom.example.com`. */
  url: string;
  /** An agent token (`srk_…`) for this catalog. */
  token: string;
  team: string;
  catalog: string;
  /** Another fetch (tests, proxies); defaults to the global one. */
  fetch?: typeof fetch;
  /**
   * 429 and 503 answers are sent again with bounded exponential backoff that honours Retry-After (default: 4
   * retries from 500 ms, no single wait over 30 s); `false` never retries. Giving up throws the last refusal,
   * its message saying how many attempts were made and why the SDK stopped.
   */
  retry?: RetryOptions | false;
}

/** A refusal by the API: the HTTP status and the `{ error: { code, message } }` it sent. */
export class StockroomApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Seconds to wait before retrying, from Retry-After on a 429 or 503. */
    readonly retryAfterSeconds: number | null = null,
    /** Requests sent before this refusal was final (more than 1 when 429 or 503 answers were retried). */
    readonly attempts = 1,
  ) {
    super(message);
    this.name = "StockroomApiError";
  }
}

/** The server's origin without trailing slashes, to put a route's path after. */
export const originOf = (target: Pick<ApiTarget, "url">) => target.url.replace(/\/+$/, "");

export function snapshotsUrl(target: Pick<ApiTarget, "url" | "team" | "catalog">, version?: number | "latest"): string {
  const { team, catalog } = target;
  return (
    originOf(target) +
    (version === undefined
      ? pathOf(listSnapshotsRoute, { team, catalog })
      : pathOf(getSnapshotRoute, { team, catalog, version }))
  );
}

/**
 * Node's fetch (undici; Bun's and Deno's alike) decodes br but offers only gzip and deflate: a snapshot in br is about
 * two thirds of its gzip size and decodes in less time. A browser sends its own Accept-Encoding (the header is theirs
 * to set), and a fetch passed in is left to offer what it can decode.
 */
const acceptEncodingFor = (target: ApiTarget): Record<string, string> =>
  !target.fetch && (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node
    ? { "accept-encoding": "br, gzip, deflate" }
    : {};

async function send(target: ApiTarget, url: string, headers: Record<string, string>): Promise<Response> {
  const init = {
    headers: {
      authorization: `Bearer ${target.token}`,
      accept: "application/json",
      ...acceptEncodingFor(target),
      ...headers,
    },
  };
  const doFetch = target.fetch ?? fetch;
  try {
    return await doFetch(url, init);
  } catch (error) {
    // A pooled keep-alive socket the server closed meanwhile fails once with a network error; GET is safe to retry.
    if (!(error instanceof TypeError)) throw error;
    return doFetch(url, init);
  }
}

/** The refusal an answer carries: its JSON error shape, or its status line when it has none. */
async function apiErrorOf(response: Response, url: string, attempts: number, giveUp: string) {
  let code = "HTTP_ERROR";
  let message = `${response.status} ${response.statusText} from ${url}`;
  try {
    const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
    if (typeof body.error?.code === "string") code = body.error.code;
    if (typeof body.error?.message === "string") message = body.error.message;
  } catch {
    // Not our JSON error shape (a proxy's HTML page, say): keep the status line.
  }
  const retryAfter = retryAfterMsOf(response.headers.get("retry-after"));
  if (giveUp) message = `${message} (${response.status} ${code} from ${url}; ${giveUp})`;
  return new StockroomApiError(
    response.status,
    code,
    message,
    retryAfter !== null && retryAfter > 0 ? retryAfter / 1000 : null,
    attempts,
  );
}

/** One GET, sent again after a 429 or 503 as `target.retry` allows; any other refusal throws at once. */
async function request(target: ApiTarget, url: string, headers: Record<string, string> = {}): Promise<Response> {
  const policy = retryPolicyOf(target.retry);
  for (let attempt = 1; ; attempt++) {
    const response = await send(target, url, headers);
    if (response.ok || response.status === 304) return response;
    const next = nextRetry(policy, attempt, response.status, retryAfterMsOf(response.headers.get("retry-after")));
    if ("giveUp" in next) throw await apiErrorOf(response, url, attempt, next.giveUp);
    await response.body?.cancel();
    await sleep(next.wait);
  }
}

export type FetchSnapshotResult = { status: "not-modified" } | { status: "ok"; snapshot: Snapshot; body: string };

/**
 * Fetches a snapshot and verifies its hash (a tampered or truncated one throws SnapshotIntegrityError).
 * With `etag` (a contentHash you hold), an unchanged snapshot answers `not-modified` without a body.
 */
export async function fetchSnapshot(
  target: ApiTarget,
  options: { version?: number | "latest"; etag?: string } = {},
): Promise<FetchSnapshotResult> {
  const version = options.version ?? "latest";
  const response = await request(
    target,
    snapshotsUrl(target, version),
    options.etag ? { "if-none-match": `"${options.etag}"` } : {},
  );
  if (response.status === 304) return { status: "not-modified" };
  const body = await response.text();
  const snapshot = await verifySnapshot(JSON.parse(body));
  assertSnapshotIsFor(snapshot, target, version);
  return { status: "ok", snapshot, body };
}

/** A verified snapshot can still be the wrong one (a misrouted proxy, a stale cache file): check what it claims to be. */
export function assertSnapshotIsFor(
  snapshot: Snapshot,
  target: Pick<ApiTarget, "team" | "catalog">,
  version: number | "latest",
): void {
  const { team, slug } = snapshot.catalog;
  if (team !== target.team || slug !== target.catalog) {
    throw new StockroomApiError(
      0,
      "WRONG_SNAPSHOT",
      `Expected a snapshot of ${target.team}/${target.catalog}, got ${team}/${slug}.`,
    );
  }
  if (version !== "latest" && snapshot.version !== version) {
    throw new StockroomApiError(0, "WRONG_SNAPSHOT", `Expected version ${version}, got ${snapshot.version}.`);
  }
}

/** What `GET …/snapshots` answers: the catalog, its newest version and every published version, newest first. */
export type SnapshotListing = ResponseOf<typeof listSnapshotsRoute>;

/** The catalog's published versions, newest first. */
export async function listSnapshots(target: ApiTarget): Promise<SnapshotListing> {
  return (await (await request(target, snapshotsUrl(target))).json()) as SnapshotListing;
}
