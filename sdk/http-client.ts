// The agent API over HTTP with plain `fetch`: no Node-only APIs, so it runs in Node, Deno, Bun and browsers. URLs and
// answer types come from the route specs the server routes by (domain/agent-api/routes.ts).
import { pathOf, type ResponseOf } from "../domain/agent-api/route-spec";
import { getSnapshotRoute, listSnapshotsRoute } from "../domain/agent-api/routes";
import { verifySnapshot, type Snapshot } from "../domain/snapshot/verify";

export interface ApiTarget {
  /** The Stockroom server's origin, e.g. `https://stockroom.example.com`. */
  url: string;
  /** An agent token (`srk_…`) for this catalog. */
  token: string;
  team: string;
  catalog: string;
  /** Another fetch (tests, proxies, retries); defaults to the global one. */
  fetch?: typeof fetch;
}

/** A refusal by the API: the HTTP status and the `{ error: { code, message } }` it sent. */
export class StockroomApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Seconds to wait before retrying, from Retry-After on a 429. */
    readonly retryAfterSeconds: number | null = null,
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

async function send(target: ApiTarget, url: string, headers: Record<string, string>): Promise<Response> {
  const init = { headers: { authorization: `Bearer ${target.token}`, accept: "application/json", ...headers } };
  const doFetch = target.fetch ?? fetch;
  try {
    return await doFetch(url, init);
  } catch (error) {
    // A pooled keep-alive socket the server closed meanwhile fails once with a network error; GET is safe to retry.
    if (!(error instanceof TypeError)) throw error;
    return doFetch(url, init);
  }
}

async function request(target: ApiTarget, url: string, headers: Record<string, string> = {}): Promise<Response> {
  const response = await send(target, url, headers);
  if (response.ok || response.status === 304) return response;
  let code = "HTTP_ERROR";
  let message = `${response.status} ${response.statusText} from ${url}`;
  try {
    const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
    if (typeof body.error?.code === "string") code = body.error.code;
    if (typeof body.error?.message === "string") message = body.error.message;
  } catch {
    // Not our JSON error shape (a proxy's HTML page, say): keep the status line.
  }
  const retryAfter = Number(response.headers.get("retry-after"));
  throw new StockroomApiError(
    response.status,
    code,
    message,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  );
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
