import "server-only";
import { bearerTokenOf } from "../../../context";
import { getDatabase } from "../../../db";
import { AppError } from "../../../errors";
import { authorizeAgent } from "../../agent-tokens/authorize-agent";
import { findSnapshotRef, loadSnapshotBody } from "../get-snapshot";
import { listSnapshots } from "../list-snapshots";
import { catalogPathSchema, snapshotPathSchema, type CatalogPath, type SnapshotPath } from "../snapshot-api-schemas";
import { IMMUTABLE, REVALIDATE } from "./cache-control";
import { answerImportRequest, MAX_IMPORT_BODY_BYTES } from "./import-route";
import { chooseEncoding, matchesEtag } from "./negotiate";
import { answer, errorAnswer, jsonAnswer, parseParams, toWebResponse, type AgentAnswer } from "./responses";
import { answerSearchRequest } from "./search-http";

/** What an agent request says, whichever server received it. */
export interface AgentRequest {
  /** The path, with or without a query string: `/api/v1/catalogs/{team}/{catalog}/snapshots[/{version}]`. */
  path: string;
  authorization: string | null;
  ifNoneMatch: string | null;
  /**
   * The client's Accept-Encoding, or null to always answer identity: Next.js route handlers drop
   * Content-Encoding (next/dist/server/send-response.js) and gzip by themselves.
   */
  acceptEncoding: string | null;
  /** Default GET. Snapshots answer GET and HEAD; the import endpoints POST. */
  method?: string;
  /** The request body as text (POST only); throws PAYLOAD_TOO_LARGE past MAX_IMPORT_BODY_BYTES. */
  readBody?: () => Promise<string>;
}

const ROUTE = /^\/api\/v1\/catalogs\/([^/]+)\/([^/]+)\/snapshots(?:\/([^/]+))?\/?$/;
const IMPORT_ROUTE = /^\/api\/v1\/catalogs\/([^/]+)\/([^/]+)\/import(\/preview)?\/?$/;
const SEARCH_ROUTE = /^\/api\/v1\/catalogs\/([^/]+)\/([^/]+)\/search\/?$/;

type Route =
  | { kind: "list"; params: CatalogPath }
  | { kind: "snapshot"; params: SnapshotPath }
  | { kind: "import"; params: CatalogPath; commit: boolean }
  | { kind: "search"; params: CatalogPath };

/**
 * Path → route, remembered: agents fetch the same few URLs over and over, and a revalidation is cheap enough
 * that parsing and validating its path again would be a good share of it. Only paths whose token was accepted
 * are remembered, so distinct invalid or unknown paths (a scan) never grow it; forgets all when full.
 */
const routes = new Map<string, Route>();
const MAX_ROUTES = 10_000;

function routeOf(pathname: string): Route {
  return routes.get(pathname) ?? parseRoute(pathname);
}

function rememberRoute(pathname: string, route: Route): void {
  if (routes.has(pathname)) return;
  if (routes.size >= MAX_ROUTES) routes.clear();
  routes.set(pathname, route);
}

/** For tests: how many paths are remembered. */
export const rememberedRouteCount = () => routes.size;

function parseRoute(pathname: string): Route {
  const search = SEARCH_ROUTE.exec(pathname);
  if (search) return { kind: "search", params: parseParams(catalogPathSchema, { team: decodeSegment(search[1]!), catalog: decodeSegment(search[2]!) }) };
  const importMatch = IMPORT_ROUTE.exec(pathname);
  if (importMatch) {
    const [, team, catalog, preview] = importMatch;
    return { kind: "import", params: parseParams(catalogPathSchema, { team: decodeSegment(team!), catalog: decodeSegment(catalog!) }), commit: !preview };
  }
  const match = ROUTE.exec(pathname);
  if (!match) throw new AppError("NOT_FOUND", `No API endpoint at ${pathname}; see /api/v1/openapi.json.`);
  const [, team, catalog, version] = match.map((part) => (part === undefined ? undefined : decodeSegment(part)));
  if (version === undefined) return { kind: "list", params: parseParams(catalogPathSchema, { team, catalog }) };
  return { kind: "snapshot", params: parseParams(snapshotPathSchema, { team, catalog, version }) };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new AppError("INVALID_INPUT", `The path segment "${segment}" is not valid percent-encoding.`);
  }
}

/**
 * Answers one agent API request: route, validate the path (400), authenticate the Bearer token for that
 * catalog (401/403/429, the same gate as tRPC's agentProcedure), then the snapshot list or a snapshot with
 * ETag/304 and a content encoding. A repeat request of a known token touches no database (see access-cache.ts).
 */
export async function answerAgentRequest(request: AgentRequest): Promise<AgentAnswer> {
  const pathname = request.path.split("?", 1)[0]!;
  try {
    const route = routeOf(pathname);
    const secret = bearerTokenOf(request.authorization);
    const { db, sql } = await getDatabase();
    const query = <T>(text: string, values: unknown[]) => sql.query<T>(text, values);
    const method = request.method ?? "GET";
    if (route.kind === "import") {
      if (method !== "POST") throw new AppError("METHOD_NOT_ALLOWED", `${pathname} takes POST with a JSON body; see /api/v1/openapi.json.`);
      const body = request.readBody ? await request.readBody() : "";
      return await answerImportRequest({ db, query, secret, params: route.params, commit: route.commit, body });
    }
    if (route.kind === "search") {
      const readBody = request.readBody ?? (() => Promise.resolve(""));
      return await answerSearchRequest({ request: { method, readBody }, params: route.params, db, query, secret });
    }
    if (method !== "GET" && method !== "HEAD") throw new AppError("METHOD_NOT_ALLOWED", `${pathname} takes GET; see /api/v1/openapi.json.`);

    if (route.kind === "list") {
      const agent = await authorizeAgent({ db, query, secret, ...route.params });
      rememberRoute(pathname, route);
      return jsonAnswer(await listSnapshots({ db, catalogId: agent.catalogId }), { headers: { "Cache-Control": REVALIDATE, Vary: "Authorization" } });
    }

    const { params } = route;
    const agent = await authorizeAgent({ db, query, secret, team: params.team, catalog: params.catalog });
    rememberRoute(pathname, route);
    const ref = await findSnapshotRef({ db, catalogId: agent.catalogId, version: params.version, latest: agent.latest });
    const etag = `"${ref.contentHash}"`;
    const headers: Record<string, string> = {
      ETag: etag,
      "Cache-Control": params.version === "latest" ? REVALIDATE : IMMUTABLE,
      // Responses depend on the token (403 for others) and the encoding; shared caches must key on both.
      Vary: "Accept-Encoding, Authorization",
      "X-Stockroom-Version": String(ref.version),
    };
    if (matchesEtag(request.ifNoneMatch, etag)) return answer(304, headers, null);

    const encoding = chooseEncoding(request.acceptEncoding);
    const bytes = await (await loadSnapshotBody({ db, ref })).encoded(encoding);
    headers["Content-Type"] = "application/json; charset=utf-8";
    if (encoding !== "identity") headers["Content-Encoding"] = encoding;
    return answer(200, headers, bytes);
  } catch (error) {
    return errorAnswer(error);
  }
}

/** The same answer for a Next.js route handler (identity only; Next.js gzips when asked). */
export async function answerWebRequest(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const readBody = async () => {
    const declared = Number(request.headers.get("content-length") ?? 0);
    if (declared > MAX_IMPORT_BODY_BYTES) throw tooLarge();
    const body = await request.text();
    if (Buffer.byteLength(body) > MAX_IMPORT_BODY_BYTES) throw tooLarge();
    return body;
  };
  return toWebResponse(
    await answerAgentRequest({
      path: url.pathname,
      authorization: request.headers.get("authorization"),
      ifNoneMatch: request.headers.get("if-none-match"),
      acceptEncoding: null,
      method: request.method,
      readBody,
    }),
  );
}

export const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", `The request body is over ${MAX_IMPORT_BODY_BYTES / 1024 / 1024} MB; split the import.`);
