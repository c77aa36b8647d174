import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { templateNames } from "@/domain/agent-api/route-spec";
import type { CatalogPath } from "@/domain/agent-api/schemas";
import { bearerTokenOf } from "../context";
import { getDatabase } from "../db";
import { AppError, isAppError } from "../errors";
import { authorizeAgent, cachedAgentGate } from "../services/tokens/authorize-agent";
import { errorAnswer, parseParams, toWebResponse, type AgentAnswer } from "./agent-answer";
import { AGENT_ROUTES, type AgentRoute } from "./agent-routes";
import { boundedCache } from "../cache/bounded-cache";
import { declaredLengthOf, readBytesWithLimit } from "./guards";
import { log } from "../ops/logger";
import { metrics, secondsSince } from "../ops/metrics";

/** What an agent request says, whichever server received it. */
export interface AgentRequest {
  /** The path, with or without a query string. */
  path: string;
  /** Default GET. */
  method?: string;
  authorization: string | null;
  ifNoneMatch: string | null;
  /** The client's Accept-Encoding, or null to always answer identity (Next.js route handlers gzip by themselves). */
  acceptEncoding: string | null;
  /** Reads the body, rejecting with `tooLarge()` past `maxBytes` without reading the rest. */
  readBody?: (maxBytes: number, tooLarge: () => AppError) => Promise<Buffer>;
  /** The declared Content-Length, if any: over the route's limit it is refused before the token is looked at. */
  contentLength?: number | null;
}

interface CompiledRoute {
  route: AgentRoute;
  pattern: RegExp;
  names: string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, "\\$&");

/** `/a/{team}/b` → `^/a/([^/]+)/b/?$`: a parameter is one non-empty segment; a trailing slash is allowed. */
function compile(route: AgentRoute): CompiledRoute {
  const segments = route.spec.path
    .split("/")
    .map((segment) => (/^\{[^}]+\}$/.test(segment) ? "([^/]+)" : escapeRegExp(segment)));
  return { route, pattern: new RegExp(`^${segments.join("/")}/?$`), names: templateNames(route.spec.path) };
}

const COMPILED = AGENT_ROUTES.map(compile);

interface Matched {
  route: AgentRoute;
  params: Record<string, unknown>;
}

/**
 * Method and path → route and parameters, remembered: agents fetch the same few URLs over and over, and a
 * revalidation is cheap enough that matching and validating its path again would be a good share of it. Only
 * requests whose token was accepted are remembered, so distinct invalid or unknown paths (a scan) never grow it.
 * Nothing clears it: the route table is fixed at build time, so a remembered match can never go stale.
 */
const remembered = boundedCache<Matched>({ name: "agent-route-matches", max: 10_000 });

/** For tests: how many requests are remembered. */
export const rememberedRouteCount = () => remembered.size;

function remember(key: string, matched: Matched): void {
  if (!remembered.has(key)) remembered.set(key, matched);
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new AppError("INVALID_INPUT", `The path segment "${segment}" is not valid percent-encoding.`);
  }
}

/** True when a route of the table has this path (any method). */
export function isAgentApiPath(pathname: string): boolean {
  return COMPILED.some(({ pattern }) => pattern.test(pathname));
}

/** The route for a method and path: 404 for no path in the table, 400 for bad parameters, 405 for another method. */
function matchRoute(method: string, pathname: string): Matched {
  const candidates: Matched[] = [];
  for (const { route, pattern, names } of COMPILED) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    const values = Object.fromEntries(names.map((name, i) => [name, decodeSegment(match[i + 1]!)]));
    candidates.push({ route, params: parseParams(route.spec.params, values) });
  }
  if (candidates.length === 0)
    throw new AppError("NOT_FOUND", `No API endpoint at ${pathname}; see /api/v1/openapi.json.`);
  const wanted = method === "HEAD" ? "GET" : method;
  const found = candidates.find(({ route }) => route.spec.method === wanted);
  if (found) return found;
  // RFC 9110 §15.5.6: a 405 names the methods the resource takes.
  const methods = [
    ...new Set(
      candidates.flatMap(({ route }) => (route.spec.method === "GET" ? ["GET", "HEAD"] : [route.spec.method])),
    ),
  ];
  const { spec } = candidates[0]!.route;
  const message =
    spec.wrongMethod ??
    `${pathname} takes ${spec.method === "GET" ? "GET" : "POST with a JSON body"}; see /api/v1/openapi.json.`;
  throw new AppError("METHOD_NOT_ALLOWED", message, { allow: methods.join(", ") });
}

/**
 * Answers one agent API request from the route table: match the path and validate its parameters (404/400),
 * the method (405), the Bearer token for that catalog and the route's scope (401/403/429, the same gate as
 * tRPC's agentProcedure), then the route's handler. A repeat request of a known token touches no database for
 * the gate (see access-cache.ts). Every failure is an answer in the `{ error: { code, message } }` shape.
 */
export async function answerAgentRequest(request: AgentRequest): Promise<AgentAnswer> {
  const started = performance.now();
  const route = { name: "unmatched" };
  const answer = await answerMatched(request, route);
  countAnswer(route.name, answer, started);
  return answer;
}

function countAnswer(route: string, answer: AgentAnswer, started: number): void {
  const { agentRequests, agentSeconds } = metrics();
  agentRequests.inc({ route, status: String(answer.status) });
  agentSeconds.observe({ route }, secondsSince(started));
}

/**
 * A revalidation answered at once, with no database and no promise: a GET or HEAD with If-None-Match, on a path
 * answered before, of a token this process has cached, whose tag names what the route would send (the route's
 * `revalidate`). Then the same gate as `answerAgentRequest` (rate limit, catalog, scope) and a 304, or its refusal.
 * Anything else is undefined, and `answerAgentRequest` answers it (nothing was charged).
 */
export function answerRevalidation(request: AgentRequest): AgentAnswer | undefined {
  const method = request.method ?? "GET";
  if (!request.ifNoneMatch || (method !== "GET" && method !== "HEAD")) return undefined;
  const started = performance.now();
  const matched = remembered.get(`${method} ${request.path.split("?", 1)[0]!}`);
  const revalidate = matched?.route.revalidate;
  if (!matched || !revalidate) return undefined;
  const { spec } = matched.route;
  let answer: AgentAnswer | undefined;
  try {
    const { team, catalog } = matched.params as CatalogPath;
    const gate = cachedAgentGate({ secret: bearerTokenOf(request.authorization), team, catalog, scope: spec.scope });
    answer = gate && revalidate(matched.params, gate, request.ifNoneMatch);
    if (answer) gate!.admit(); // only for an answer given here: a request left to the full path is charged there
  } catch (error) {
    answer = errorAnswer(error);
  }
  if (answer) countAnswer(spec.operationId, answer, started);
  return answer;
}

/** answerAgentRequest's work; names the matched route in `route` for the metrics. */
async function answerMatched(request: AgentRequest, route: { name: string }): Promise<AgentAnswer> {
  const pathname = request.path.split("?", 1)[0]!;
  const method = request.method ?? "GET";
  try {
    const key = `${method} ${pathname}`;
    const matched = remembered.get(key) ?? matchRoute(method, pathname);
    const { spec, handle } = matched.route;
    // Before any authentication: an unauthenticated client cannot make the server wait for a body it refuses.
    if (spec.body && (request.contentLength ?? 0) > spec.body.maxBytes)
      throw new AppError("PAYLOAD_TOO_LARGE", spec.body.tooLarge);
    route.name = spec.operationId;
    const { db, sql } = await getDatabase();
    const query = <T>(text: string, values: unknown[]) => sql.query<T>(text, values);
    const { team, catalog } = matched.params as CatalogPath; // every route is under /catalogs/{team}/{catalog}
    const agent = await authorizeAgent({
      db,
      query,
      secret: bearerTokenOf(request.authorization),
      team,
      catalog,
      scope: spec.scope,
    });
    remember(key, matched);
    const readBody = () => {
      if (!spec.body || !request.readBody) return Promise.resolve(Buffer.alloc(0));
      const { maxBytes, tooLarge } = spec.body;
      return request.readBody(maxBytes, () => new AppError("PAYLOAD_TOO_LARGE", tooLarge));
    };
    return await handle({
      params: matched.params,
      agent,
      db,
      sql,
      query,
      ifNoneMatch: request.ifNoneMatch,
      acceptEncoding: request.acceptEncoding,
      readBody,
    });
  } catch (error) {
    return errorAnswer(error);
  }
}

/** The same answers for Next.js route handlers (`next dev`; identity only: Next.js gzips when asked). */
export async function answerWebRequest(request: Request): Promise<Response> {
  const readBody = async (maxBytes: number, tooLarge: () => AppError) => {
    const bytes = await readBytesWithLimit(request, maxBytes);
    if (isAppError(bytes)) throw tooLarge();
    return Buffer.from(bytes);
  };
  const { headers } = request;
  const agentRequest: AgentRequest = {
    path: new URL(request.url).pathname,
    method: request.method,
    authorization: headers.get("authorization"),
    ifNoneMatch: headers.get("if-none-match"),
    acceptEncoding: null,
    readBody,
    contentLength: declaredLengthOf(headers.get("content-length")),
  };
  return toWebResponse(answerRevalidation(agentRequest) ?? (await answerAgentRequest(agentRequest)));
}

/** A node:http body, refused past `maxBytes` without reading the rest. */
function readNodeBody(req: IncomingMessage, maxBytes: number, tooLarge: () => AppError): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers["content-length"] ?? 0) > maxBytes) return reject(tooLarge());
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.pause();
        reject(tooLarge());
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** A request that declares a body (a length over 0, or chunks). */
const hasBody = (req: IncomingMessage) =>
  req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;

export type NodeAgentHandler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The agent API on node:http, in front of Next.js: route handlers cost about a millisecond of framework work
 * per request and cannot send pre-compressed bodies (Next.js strips Content-Encoding), while agents fetch
 * snapshots often and mostly revalidate. Here a 304 is a cache lookup and a 200 writes bytes compressed once
 * per snapshot (br or gzip). Answers every path (unknown ones with the JSON 404).
 */
export function createNodeAgentHandler(): NodeAgentHandler {
  return (req, res) => {
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(", ") : (value ?? null);
    };
    const write = ({ status, headers, body }: AgentAnswer) => {
      if (body) headers["Content-Length"] = String(body.length);
      // Answered before the body was read (refused, too large): the rest of it is still on the socket, so the
      // socket cannot carry another request; without this the client's next request on it was reset.
      // (A request answered synchronously is not marked complete yet even when it has no body.)
      if (!req.complete && hasBody(req)) headers.Connection = "close";
      res.writeHead(status, headers);
      res.end(body ?? undefined);
    };
    const request: AgentRequest = {
      path: req.url ?? "/",
      method: req.method,
      authorization: header("authorization"),
      ifNoneMatch: header("if-none-match"),
      acceptEncoding: header("accept-encoding"),
      readBody: (maxBytes, tooLarge) => readNodeBody(req, maxBytes, tooLarge),
      contentLength: declaredLengthOf(header("content-length")),
    };
    // answerAgentRequest answers every failure; only writing the response can still fail.
    const failed = (error: unknown) => {
      log().error({ err: error }, "agent API response failed");
      res.destroy();
    };
    const now = answerRevalidation(request);
    if (!now) return void answerAgentRequest(request).then(write).catch(failed);
    try {
      write(now);
    } catch (error) {
      failed(error);
    }
  };
}
