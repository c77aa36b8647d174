import "server-only";
import type { z } from "zod";
import { IMMUTABLE, REVALIDATE } from "@/domain/agent-api/cache-control";
import type { AgentRouteSpec } from "@/domain/agent-api/route-spec";
import {
  applySyncRoute,
  commitImportRoute,
  getSourceRoute,
  previewSyncRoute,
  getLatestSnapshotRoute,
  getSnapshotRoute,
  listSnapshotsRoute,
  postEventsRoute,
  previewImportRoute,
  searchToolsRoute,
} from "@/domain/agent-api/routes";
import type { SnapshotVersion } from "@/domain/agent-api/schemas";
import { apiImportOptions, IMPORT_SOURCE_MAX } from "@/domain/import";
import type { DatabaseHandle } from "../db/open";
import { AppError } from "../errors";
import type { AgentAccess, QueryRunner } from "../services/tokens/authorize-agent";
import {
  findSnapshotRef,
  knownSnapshotRef,
  loadSnapshotBody,
  type SnapshotRef,
} from "../services/snapshots/get-snapshot";
import { cachedSearchableSnapshot, searchSnapshot } from "../services/snapshots/hosted-search";
import { listSnapshots } from "../services/snapshots/list-snapshots";
import { commitImport, previewImport } from "../services/import/import-tools";
import { ingestEvents } from "../services/insights/ingest-events";
import { validateEventBatchYielding } from "../services/insights/validate-batch";
import { admitEventBatch } from "../services/insights/ingest-admission";
import { findSourceRow, toSource } from "../services/sources/sources";
import { applySync, previewSync } from "../services/sources/sync-namespace";
import { checkEventQuota } from "../services/insights/event-quota";
import { answer, jsonAnswer, parseParams, type AgentAnswer } from "./agent-answer";
import { parseJsonWithinDepth } from "./json-depth";
import { chooseEncoding, matchesEtag } from "./negotiate";

/** What a handler gets once the dispatcher has matched the path, validated its parameters and authorized the token. */
export interface RouteCall<Params> {
  params: Params;
  agent: AgentAccess;
  db: DatabaseHandle["db"];
  sql: DatabaseHandle["sql"];
  query: QueryRunner;
  ifNoneMatch: string | null;
  /** null: always answer identity (Next.js route handlers drop Content-Encoding and gzip by themselves). */
  acceptEncoding: string | null;
  /** The body, refused with the spec's 413 past its `maxBytes` (read only when the handler asks). */
  readBody: () => Promise<Buffer>;
}

/** What a revalidation is checked against when this process already knows it (see `cachedAgentGate`). */
export interface KnownAccess {
  catalogId: string;
  latest: SnapshotRef | null;
}

export interface AgentRoute<S extends AgentRouteSpec = AgentRouteSpec> {
  spec: S;
  handle: (call: RouteCall<z.output<S["params"]>>) => Promise<AgentAnswer>;
  /**
   * A 304 answered at once, with no database and no promise, when the client's If-None-Match names what the route
   * would send and this process knows it; undefined leaves the request to `handle`. Pure: it charges and checks
   * nothing (the dispatcher runs the gate first).
   */
  revalidate?: (params: z.output<S["params"]>, access: KnownAccess, ifNoneMatch: string) => AgentAnswer | undefined;
}

const route = <S extends AgentRouteSpec>(
  spec: S,
  handle: AgentRoute<S>["handle"],
  revalidate?: AgentRoute<S>["revalidate"],
): AgentRoute => ({ spec, handle, revalidate }) as unknown as AgentRoute;
const NO_STORE = { "Cache-Control": "no-store" };

/** JSON text → value, refused past MAX_JSON_DEPTH; `hint` says what to send instead. */
const parseJson = (bytes: Buffer, hint: (reason: string) => string): unknown =>
  parseJsonWithinDepth(bytes.toString("utf8"), hint);

function snapshotHeaders(ref: SnapshotRef, version: SnapshotVersion): Record<string, string> {
  return {
    ETag: `"${ref.contentHash}"`,
    "Cache-Control": version === "latest" ? REVALIDATE : IMMUTABLE,
    // Responses depend on the token (403 for others) and the encoding; shared caches must key on both.
    Vary: "Accept-Encoding, Authorization",
    "X-Stockroom-Version": String(ref.version),
  };
}

/** A snapshot with ETag/304 and a content encoding compressed once per snapshot (br or gzip). */
async function answerSnapshot(call: RouteCall<unknown>, version: SnapshotVersion): Promise<AgentAnswer> {
  const { db, agent } = call;
  const ref = await findSnapshotRef({ db, catalogId: agent.catalogId, version, latest: agent.latest });
  const headers = snapshotHeaders(ref, version);
  if (matchesEtag(call.ifNoneMatch, headers.ETag!)) return answer(304, headers, null);
  const encoding = chooseEncoding(call.acceptEncoding);
  const bytes = await (await loadSnapshotBody({ db, ref })).encoded(encoding);
  headers["Content-Type"] = "application/json; charset=utf-8";
  if (encoding !== "identity") headers["Content-Encoding"] = encoding;
  return answer(200, headers, bytes);
}

/** answerSnapshot's 304 when the ref is known here (a catalog with nothing published is left to it: 404). */
function revalidateSnapshot(version: SnapshotVersion, access: KnownAccess, ifNoneMatch: string) {
  const ref = knownSnapshotRef({ catalogId: access.catalogId, version, latest: access.latest });
  if (!ref) return undefined;
  const headers = snapshotHeaders(ref, version);
  return matchesEtag(ifNoneMatch, headers.ETag!) ? answer(304, headers, null) : undefined;
}

async function answerSearch(call: RouteCall<unknown>): Promise<AgentAnswer> {
  const bytes = await call.readBody();
  if (bytes.toString("utf8").trim().length === 0)
    throw new AppError("INVALID_INPUT", 'Send a JSON body, e.g. { "query": "refund a payment" }.');
  const body = parseParams(
    searchToolsRoute.body.schema,
    parseJson(bytes, (reason) => `The body is not valid JSON: ${reason}`),
  );
  const { db, agent } = call;
  const ref = await findSnapshotRef({
    db,
    catalogId: agent.catalogId,
    version: body.version ?? "latest",
    latest: agent.latest,
  });
  const { snapshot } = await loadSnapshotBody({ db, ref });
  const started = performance.now();
  const result = searchSnapshot(cachedSearchableSnapshot(`${ref.id}:${ref.contentHash}`, snapshot), body);
  const took = performance.now() - started;
  return jsonAnswer(result, {
    // Index lookup + ranking + the provider item, for clients and the bench (W3C Server Timing).
    headers: {
      ...NO_STORE,
      "X-Stockroom-Version": String(ref.version),
      "Server-Timing": `search;dur=${took.toFixed(3)}`,
    },
  });
}

/** The same plan, validation and all-or-nothing commit as the UI's import. */
async function answerImport(
  call: RouteCall<unknown>,
  spec: typeof previewImportRoute | typeof commitImportRoute,
): Promise<AgentAnswer> {
  const hint = (reason: string) =>
    `The request body is not JSON (${reason}); send { "source": <tools>, "options": {…} }.`;
  const input = parseParams(spec.body.schema, parseJson(await call.readBody(), hint));
  const text = JSON.stringify(input.source);
  if (text.length > IMPORT_SOURCE_MAX) throw new AppError("PAYLOAD_TOO_LARGE", "The import is over 4 MB; split it.");
  // Postgres cannot store U+0000 (tRPC refuses it in a middleware; the HTTP API here).
  if (text.includes("\\u0000"))
    throw new AppError(
      "INVALID_INPUT",
      "The tools contain a NUL character (U+0000), which cannot be stored; remove it.",
    );
  const { db, agent } = call;
  const catalog = await db.catalog.findUniqueOrThrow({ where: { id: agent.catalogId } });
  const options = apiImportOptions(input.options);
  if (!("fingerprint" in input))
    return jsonAnswer(await previewImport({ db, catalog, text, options }), { headers: NO_STORE });
  const token = await db.agentToken.findUniqueOrThrow({
    where: { id: agent.tokenId },
    select: { name: true, prefix: true },
  });
  const actor = { id: null, label: `agent token "${token.name}" (${token.prefix}…)` };
  const { fingerprint, skipInvalid, decisions } = input;
  return jsonAnswer(await commitImport({ db, catalog, text, options, actor, fingerprint, skipInvalid, decisions }), {
    headers: NO_STORE,
  });
}

async function actorOf(call: RouteCall<unknown>) {
  const token = await call.db.agentToken.findUniqueOrThrow({
    where: { id: call.agent.tokenId },
    select: { name: true, prefix: true },
  });
  return { id: null, label: `agent token "${token.name}" (${token.prefix}…)` };
}

/** A namespace's sync: the CLI sends what it read (stdio servers, files); URL sources are read by the server. */
async function answerSync(
  call: RouteCall<{ namespace: string }>,
  spec: typeof previewSyncRoute | typeof applySyncRoute,
): Promise<AgentAnswer> {
  const hint = (reason: string) =>
    `The request body is not JSON (${reason}); send { "document": <what the source lists> }.`;
  const input = parseParams(spec.body.schema, parseJson(await call.readBody(), hint));
  if (input.document !== undefined && JSON.stringify(input.document).includes("\\u0000"))
    throw new AppError("INVALID_INPUT", "The document contains a NUL character (U+0000), which cannot be stored.");
  const { db, agent, params } = call;
  const catalog = await db.catalog.findUniqueOrThrow({ where: { id: agent.catalogId } });
  const sent = input.document === undefined ? undefined : { document: input.document, serverName: input.serverName };
  const request = { db, catalog, namespace: params.namespace, sent };
  if (!("fingerprint" in input)) return jsonAnswer(await previewSync(request), { headers: NO_STORE });
  const { fingerprint, skipInvalid, decisions } = input;
  const result = await applySync({ ...request, actor: await actorOf(call), fingerprint, skipInvalid, decisions });
  return jsonAnswer(result, { headers: NO_STORE });
}

/**
 * Taken in while the catalog and the server have room for one more batch in flight (else 429 "busy", before the
 * body is read: ingest-admission.ts), every event valid (400 naming each bad one by index), within the bounds on
 * stored events (429/413 naming the bound, the events counted as dropped), then stored once per client event id.
 * Its statements run in the database's background lane, behind other users' (server/db/background-lane.ts).
 */
async function answerEvents(call: RouteCall<unknown>): Promise<AgentAnswer> {
  const hint = () => 'The body is not valid JSON; send { "events": [...] } as application/json.';
  const release = admitEventBatch(call.agent.catalogId);
  try {
    const body = await call.readBody();
    const batch = await validateEventBatchYielding(parseJson(body, hint));
    await checkEventQuota({
      sql: call.sql.background ?? call.sql,
      catalogId: call.agent.catalogId,
      events: batch.events.length,
      bytes: body.length,
      reportedDropped: batch.dropped,
    });
    const result = await ingestEvents({
      sql: call.sql,
      catalogId: call.agent.catalogId,
      tokenId: call.agent.tokenId,
      batch,
    });
    return jsonAnswer(result, { status: 202, headers: NO_STORE });
  } finally {
    release();
  }
}

/**
 * The agent API: each spec (domain/agent-api/routes.ts) with the handler that answers it, in the specs' order
 * (the first match wins). The dispatcher (agent-dispatch.ts) serves it on node:http and in Next.js.
 */
export const AGENT_ROUTES: readonly AgentRoute[] = [
  route(listSnapshotsRoute, async ({ db, agent }) =>
    jsonAnswer(await listSnapshots({ db, catalogId: agent.catalogId }), {
      headers: { "Cache-Control": REVALIDATE, Vary: "Authorization" },
    }),
  ),
  route(
    getLatestSnapshotRoute,
    (call) => answerSnapshot(call, "latest"),
    (_params, access, ifNoneMatch) => revalidateSnapshot("latest", access, ifNoneMatch),
  ),
  route(
    getSnapshotRoute,
    (call) => answerSnapshot(call, call.params.version),
    (params, access, ifNoneMatch) => revalidateSnapshot(params.version, access, ifNoneMatch),
  ),
  route(searchToolsRoute, answerSearch),
  route(previewImportRoute, (call) => answerImport(call, previewImportRoute)),
  route(commitImportRoute, (call) => answerImport(call, commitImportRoute)),
  route(getSourceRoute, async ({ db, agent, params }) =>
    jsonAnswer(toSource(await findSourceRow(db, agent.catalogId, params.namespace)), { headers: NO_STORE }),
  ),
  route(previewSyncRoute, (call) => answerSync(call, previewSyncRoute)),
  route(applySyncRoute, (call) => answerSync(call, applySyncRoute)),
  route(postEventsRoute, answerEvents),
];
