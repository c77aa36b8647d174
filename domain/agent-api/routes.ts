// Every agent API endpoint as data. The server binds each to a handler (server/http/agent-routes.ts), the
// OpenAPI document and the docs page are generated from them (openapi.ts), the SDK builds URLs and types on them.
import { EVENT_BATCH_LIMITS, eventBatchResultSchema, eventBatchSchema } from "../agent-events";
import {
  importCommitRequestSchema,
  importPreviewRequestSchema,
  importPreviewSchema,
  importResultSchema,
} from "../import";
import { sourceSchema, syncApplyRequestSchema, syncPreviewRequestSchema, syncPreviewSchema } from "../sources";
import { IMMUTABLE, REVALIDATE } from "./cache-control";
import {
  defineRoute,
  type AgentRouteSpec,
  type HeaderDoc,
  type RequestHeaderDoc,
  type ResponseDoc,
} from "./route-spec";
import {
  catalogPathSchema,
  namespacePathSchema,
  searchRequestSchema,
  searchResponseSchema,
  snapshotListSchema,
  snapshotPathSchema,
  snapshotSchema,
} from "./schemas";

/** Import bodies: a 4 MB tools list plus the options fits. */
export const MAX_IMPORT_BODY_BYTES = 5 * 1024 * 1024;
/** A search body is a query or a list of paths: anything near this size is a mistake, not a search. */
export const MAX_SEARCH_BODY_BYTES = 64 * 1024;

const CATALOG = "/api/v1/catalogs/{team}/{catalog}";

const RETRY_AFTER: Record<string, HeaderDoc> = {
  "Retry-After": { type: "integer", description: "Seconds until the next request is allowed." },
};

/** The refusals every token-gated endpoint can answer. */
const GATE_ERRORS: Record<number, ResponseDoc> = {
  400: "A path parameter is malformed (e.g. version is not `latest` or a positive integer).",
  401: {
    description: "No token, an unknown token, or a revoked token.",
    headers: { "WWW-Authenticate": { type: "string", description: 'Bearer realm="stockroom"' } },
  },
  403: "The token belongs to another catalog (says nothing about the catalog asked for), or lacks the scope.",
  404: "No such version, or nothing published yet.",
  429: {
    description: "Over the token's rate limit (a token bucket per token, per server process).",
    headers: RETRY_AFTER,
  },
};

const CONDITIONAL: RequestHeaderDoc[] = [
  { name: "If-None-Match", description: "The ETag you hold; a match answers 304 without a body." },
  {
    name: "Accept-Encoding",
    description:
      "`br`, `gzip` or `identity` (the default), weighed by q-values; `br` wins a tie (about half gzip's size on snapshots). " +
      "Each snapshot is compressed once per server process.",
  },
];

const snapshotHeaders = (cacheControl: string): Record<string, HeaderDoc> => ({
  ETag: { type: "string", description: 'The snapshot\'s content hash in quotes: `"sha256-<hex>"`.' },
  "Cache-Control": { type: "string", description: `\`${cacheControl}\`` },
  "X-Stockroom-Version": { type: "integer", description: "The version served." },
});

const snapshotAnswer = (cacheControl: string) => ({
  status: 200 as const,
  component: "Snapshot",
  schema: snapshotSchema,
  description: "The sealed snapshot. Verify `contentHash` before use (see the agent guide).",
  headers: snapshotHeaders(cacheControl),
});
const NOT_MODIFIED = "Not modified: the If-None-Match ETag is current. No body.";

export const listSnapshotsRoute = defineRoute({
  operationId: "listSnapshots",
  method: "GET",
  path: `${CATALOG}/snapshots`,
  params: catalogPathSchema,
  scope: "read",
  summary: "List published versions",
  description: "Every published version with its content hash, date and note, newest first.",
  response: { status: 200, component: "SnapshotList", schema: snapshotListSchema, description: "The versions." },
  errors: GATE_ERRORS,
  sdk: { call: "listSnapshots(target)" },
});

export const getLatestSnapshotRoute = defineRoute({
  operationId: "getLatestSnapshot",
  method: "GET",
  path: `${CATALOG}/snapshots/latest`,
  params: catalogPathSchema,
  scope: "read",
  summary: "Get the latest snapshot",
  description: "The newest published version. Revalidate with If-None-Match: an unchanged catalog answers 304.",
  headers: CONDITIONAL,
  response: snapshotAnswer(REVALIDATE),
  notModified: NOT_MODIFIED,
  errors: GATE_ERRORS,
  sdk: { call: "fetchSnapshot(target)", revalidate: "fetchSnapshot(target, { etag: held.contentHash })" },
});

export const getSnapshotRoute = defineRoute({
  operationId: "getSnapshot",
  method: "GET",
  path: `${CATALOG}/snapshots/{version}`,
  params: snapshotPathSchema,
  scope: "read",
  summary: "Get one version",
  description: "A numbered version never changes, so it may be cached for a year.",
  headers: CONDITIONAL,
  response: snapshotAnswer(IMMUTABLE),
  notModified: NOT_MODIFIED,
  errors: GATE_ERRORS,
  sdk: {
    call: "fetchSnapshot(target, { version: 1 })",
    revalidate: "fetchSnapshot(target, { version: 1, etag: held.contentHash })",
  },
});

export const searchToolsRoute = defineRoute({
  operationId: "searchTools",
  method: "POST",
  path: `${CATALOG}/search`,
  params: catalogPathSchema,
  scope: "read",
  summary: "Search the deferred tools (hosted tool_search)",
  description:
    "Ranks a published snapshot's deferred tools exactly as the SDK does locally on that snapshot (same engine, " +
    "same settings; each index is built once per snapshot and server process), or loads the tools a `paths` list " +
    "names. `format` adds the item to hand to the model: `openai` a `tool_search_output`, `anthropic` a " +
    "`tool_result` with `tool_reference` blocks, `mcp` the tool definitions. Same gate and rate limit as the " +
    "snapshot endpoints; `GET` answers 405.",
  body: {
    component: "SearchRequest",
    schema: searchRequestSchema,
    maxBytes: MAX_SEARCH_BODY_BYTES,
    tooLarge: `The body is over ${MAX_SEARCH_BODY_BYTES / 1024} KB; send one query or a short list of paths.`,
  },
  response: {
    status: 200,
    component: "SearchResponse",
    schema: searchResponseSchema,
    description: "The hits and, for a provider format, `output`.",
    headers: {
      "X-Stockroom-Version": { type: "integer", description: "The version searched." },
      "Server-Timing": { type: "string", description: "`search;dur=<ms>`: index lookup, ranking and output." },
    },
  },
  errors: {
    ...GATE_ERRORS,
    400: "The body is not JSON or breaks a rule (the message names the field).",
    405: "Not POST (`Allow: POST`).",
    413: "The body is over 64 KB.",
  },
  wrongMethod: "Search takes POST with a JSON body; see /api/v1/openapi.json.",
});

const IMPORT_NOTE =
  "Needs a token created with the import scope (a read token gets 403). The same plan and checks as the UI's import: " +
  "each row is new, changed (with before and after), unchanged, invalid (with messages) or skipped.";
const IMPORT_TOO_LARGE = `The request body is over ${MAX_IMPORT_BODY_BYTES / 1024 / 1024} MB; split the import.`;
const IMPORT_ERRORS: Record<number, ResponseDoc> = { ...GATE_ERRORS, 405: "Not POST.", 413: "The body is over 5 MB." };

export const previewImportRoute = defineRoute({
  operationId: "previewImport",
  method: "POST",
  path: `${CATALOG}/import/preview`,
  params: catalogPathSchema,
  scope: "import",
  summary: "Preview an import",
  description: `Compares the tools with the catalog's draft and writes nothing. ${IMPORT_NOTE}`,
  body: {
    component: "ImportPreviewRequest",
    schema: importPreviewRequestSchema,
    maxBytes: MAX_IMPORT_BODY_BYTES,
    tooLarge: IMPORT_TOO_LARGE,
  },
  response: {
    status: 200,
    component: "ImportPreview",
    schema: importPreviewSchema,
    description: "The plan; commit it with its fingerprint.",
  },
  errors: IMPORT_ERRORS,
});

export const commitImportRoute = defineRoute({
  operationId: "commitImport",
  method: "POST",
  path: `${CATALOG}/import`,
  params: catalogPathSchema,
  scope: "import",
  summary: "Commit a previewed import",
  description: `Applies the plan the preview showed in one transaction: every row or none. ${IMPORT_NOTE}`,
  body: {
    component: "ImportCommitRequest",
    schema: importCommitRequestSchema,
    maxBytes: MAX_IMPORT_BODY_BYTES,
    tooLarge: IMPORT_TOO_LARGE,
  },
  response: {
    status: 200,
    component: "ImportResult",
    schema: importResultSchema,
    description: "What was written to the draft (publish it from the UI).",
  },
  errors: {
    ...IMPORT_ERRORS,
    409: "The catalog changed since the preview: preview again.",
    422: "Some rows are invalid and skipInvalid is false: nothing was written.",
  },
});

/** A sync body may carry a whole OpenAPI document the CLI read (GitHub's REST description is about 13 MB). */
export const MAX_SYNC_BODY_BYTES = 32 * 1024 * 1024;
const SYNC_TOO_LARGE = "The request body is over 32 MB.";
const SYNC_NOTE =
  "Needs a token with the import scope. Stockroom reads an HTTP MCP server and an OpenAPI URL itself (send no " +
  "`document`); for a stdio server, a tools file or an OpenAPI file, `stockroom sync` reads it and sends it as `document`.";
const SYNC_ERRORS: Record<number, ResponseDoc> = {
  ...GATE_ERRORS,
  404: "The catalog has no namespace of that name with a source.",
  405: "Not POST.",
  413: SYNC_TOO_LARGE,
  422: "The source could not be read, or its document is not a tools list or an OpenAPI 3.0/3.1 document.",
};

export const getSourceRoute = defineRoute({
  operationId: "getSource",
  method: "GET",
  path: `${CATALOG}/namespaces/{namespace}/source`,
  params: namespacePathSchema,
  scope: "import",
  summary: "Read a namespace's source",
  description: "Where the namespace's tools come from (secret header values are never sent: only that they are set).",
  response: { status: 200, component: "Source", schema: sourceSchema, description: "The source." },
  errors: { ...GATE_ERRORS, 404: "The catalog has no namespace of that name with a source." },
});

export const previewSyncRoute = defineRoute({
  operationId: "previewSync",
  method: "POST",
  path: `${CATALOG}/namespaces/{namespace}/sync/preview`,
  params: namespacePathSchema,
  scope: "import",
  summary: "Preview a sync",
  description: `Reads the namespace's source and compares it with the draft: new, changed (field by field), conflict, removed and unchanged tools. Writes nothing. ${SYNC_NOTE}`,
  body: {
    component: "SyncPreviewRequest",
    schema: syncPreviewRequestSchema,
    maxBytes: MAX_SYNC_BODY_BYTES,
    tooLarge: SYNC_TOO_LARGE,
  },
  response: {
    status: 200,
    component: "SyncPreview",
    schema: syncPreviewSchema,
    description: "The change set; apply it with its fingerprint.",
  },
  errors: SYNC_ERRORS,
});

export const applySyncRoute = defineRoute({
  operationId: "applySync",
  method: "POST",
  path: `${CATALOG}/namespaces/{namespace}/sync`,
  params: namespacePathSchema,
  scope: "import",
  summary: "Apply a previewed sync",
  description: `Applies the change set the preview showed, all or nothing; every removed and conflict row needs a decision. ${SYNC_NOTE}`,
  body: {
    component: "SyncApplyRequest",
    schema: syncApplyRequestSchema,
    maxBytes: MAX_SYNC_BODY_BYTES,
    tooLarge: SYNC_TOO_LARGE,
  },
  response: {
    status: 200,
    component: "ImportResult",
    schema: importResultSchema,
    description: "What was written to the draft.",
  },
  errors: { ...SYNC_ERRORS, 409: "The catalog or the source changed since the preview: preview again." },
});

export const postEventsRoute = defineRoute({
  operationId: "postEvents",
  method: "POST",
  path: `${CATALOG}/events`,
  params: catalogPathSchema,
  scope: "events",
  summary: "Report agent events",
  description:
    `A batch of up to ${EVENT_BATCH_LIMITS.maxEvents} events (at most 1 MB): \`search\` (a tool_search the agent answered), ` +
    "`call` (the tool the model called after it) and `outcome` (how the call ended). Idempotent by the client's event " +
    "`id`: resending a batch stores nothing twice. Needs a token with the `events` scope. Write-only: tokens cannot read events back. Request text is stored, " +
    "redacted or only hashed as the catalog's privacy setting says, decided on the server before anything is written.",
  body: {
    component: "EventBatch",
    schema: eventBatchSchema,
    maxBytes: EVENT_BATCH_LIMITS.maxBytes,
    tooLarge: `A batch may carry at most ${EVENT_BATCH_LIMITS.maxBytes.toLocaleString("en")} bytes and ${EVENT_BATCH_LIMITS.maxEvents} events; split it.`,
  },
  response: {
    status: 202,
    component: "EventBatchResult",
    schema: eventBatchResultSchema,
    description: "Stored (`stored` new, `duplicates` already stored by an earlier try).",
  },
  errors: {
    400: "The body is not JSON, has no events or too many, or events are invalid: `invalidEvents` names each by index. Nothing was stored.",
    401: "No token, an unknown token, or a revoked token.",
    403: "The token belongs to another catalog, or lacks the events scope (new tokens have it unless unticked).",
    405: "Any method but POST: events cannot be read with a token.",
    413: "The body is over 1 MB: split the batch. Or the catalog or its team holds its bound of event bytes (the message names it; `droppedEvents` were counted as dropped).",
    429: {
      description:
        "Over the token's rate limit (shared with its snapshot reads); or event ingest is busy (the catalog or the server already has its share of batches being stored: nothing was stored or counted, resend after Retry-After); or the catalog or its team stored its bound of events today (the message names it; `droppedEvents` were counted as dropped, do not resend them).",
      headers: RETRY_AFTER,
    },
  },
  wrongMethod: "Agent tokens write events (POST) but cannot read them back; the catalog's Insights tab shows them.",
});

/**
 * The agent API, in the order the OpenAPI document and the docs page list it. A literal segment is listed
 * before a parameter in the same place (`snapshots/latest` before `snapshots/{version}`): the first match wins.
 */
export const AGENT_ROUTE_SPECS: readonly AgentRouteSpec[] = [
  listSnapshotsRoute,
  getLatestSnapshotRoute,
  getSnapshotRoute,
  searchToolsRoute,
  previewImportRoute,
  commitImportRoute,
  getSourceRoute,
  previewSyncRoute,
  applySyncRoute,
  postEventsRoute,
];
