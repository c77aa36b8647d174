import { z } from "zod";
import { apiErrorSchema, snapshotListSchema, snapshotSchema, snapshotVersionSchema } from "./snapshot-api-schemas";

type JsonSchema = Record<string, unknown>;

/** zod's bounds for "any safe integer" say nothing to a reader; drop them. */
function withoutSafeIntegerBounds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSafeIntegerBounds);
  if (!value || typeof value !== "object") return value;
  const out: JsonSchema = {};
  for (const [key, child] of Object.entries(value)) {
    if ((key === "maximum" && child === Number.MAX_SAFE_INTEGER) || (key === "minimum" && child === Number.MIN_SAFE_INTEGER)) continue;
    out[key] = withoutSafeIntegerBounds(child);
  }
  return out;
}

function schemaOf(schema: z.ZodType, io: "input" | "output" = "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return withoutSafeIntegerBounds(rest) as JsonSchema;
}

/** Field notes for the snapshot format (DESIGN.md "Snapshot format"), attached by path without touching the shared schema. */
const SNAPSHOT_NOTES: Record<string, string> = {
  format: "Always `stockroom.snapshot/v1` for this shape.",
  engine: "The ranking settings the playground used: build the index with these to rank identically.",
  "engine.profile": "`stockroom` (default) or `codex-bm25` (reproduces Codex's bm25 crate).",
  "engine.defaultLimit": "Hits returned when tool_search gives no limit.",
  namespaces: "Namespaces that hold at least one tool, sorted by name.",
  tools: "Direct and deferred tools, sorted by id; hidden tools are left out.",
  "tools.id": "`namespace.name`, or `name` without a namespace; the id golden queries and rankings use.",
  "tools.exposure": "`direct`: sent on turn one. `deferred`: found through tool_search (only these are indexed).",
  "tools.fallback": "Deferred tools only: what a client without tool_search does (`direct` = send it, `hidden` = leave it out).",
  "tools.searchText": "The effective search text BM25 indexes; never shown to the model.",
  "tools.spec": "The model-facing function definition.",
  version: "Increments by one per publish; never reused.",
  publishedAt: "ISO 8601, UTC.",
  contentHash: "`sha256-<hex>` of the canonical JSON (keys sorted at every depth, no whitespace) of everything except contentHash. Also the ETag.",
};

function annotate(schema: JsonSchema, notes: Record<string, string>): JsonSchema {
  for (const [path, note] of Object.entries(notes)) {
    let node: JsonSchema | undefined = schema;
    for (const key of path.split(".")) {
      const props: unknown = (node?.items as JsonSchema | undefined)?.properties ?? node?.properties;
      node = (props as Record<string, JsonSchema> | undefined)?.[key];
    }
    if (!node) throw new Error(`openapi: no field ${path} in the snapshot schema`);
    node.description = note;
  }
  return schema;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: JsonSchema) => ({ "application/json": { schema } });

const ERROR_RESPONSES = {
  "400": { description: "A path parameter is malformed (e.g. version is not `latest` or a positive integer).", content: json(ref("Error")) },
  "401": {
    description: "No token, an unknown token, or a revoked token.",
    headers: { "WWW-Authenticate": { schema: { type: "string" }, description: 'Bearer realm="stockroom"' } },
    content: json(ref("Error")),
  },
  "403": { description: "The token belongs to another catalog. Says nothing about the catalog asked for.", content: json(ref("Error")) },
  "404": { description: "No such version, or nothing published yet.", content: json(ref("Error")) },
  "429": {
    description: "Over the token's rate limit (a token bucket per token, per server process).",
    headers: { "Retry-After": { schema: { type: "integer" }, description: "Seconds until the next request is allowed." } },
    content: json(ref("Error")),
  },
};

const CATALOG_PARAMS = [
  { name: "team", in: "path", required: true, schema: { type: "string" }, description: "Team slug, e.g. `demo`." },
  { name: "catalog", in: "path", required: true, schema: { type: "string" }, description: "Catalog slug, e.g. `mcp-tools`." },
];

const CONDITIONAL = [
  { name: "If-None-Match", in: "header", required: false, schema: { type: "string" }, description: "The ETag you hold; a match answers 304 without a body." },
  { name: "Accept-Encoding", in: "header", required: false, schema: { type: "string" }, description: "`br` (brotli) or `gzip` compress the body; with both accepted the server sends `br`, without either the body is sent as is (`identity`)." },
];

function snapshotResponses(cacheControl: string) {
  const headers = {
    ETag: { schema: { type: "string" }, description: 'The snapshot\'s content hash in quotes: `"sha256-<hex>"`.' },
    "Cache-Control": { schema: { type: "string" }, description: `\`${cacheControl}\`` },
    "X-Stockroom-Version": { schema: { type: "integer" }, description: "The version served." },
  };
  return {
    "200": { description: "The sealed snapshot. Verify `contentHash` before use (see the agent guide).", headers, content: json(ref("Snapshot")) },
    "304": { description: "Not modified: the If-None-Match ETag is current. No body.", headers },
    ...ERROR_RESPONSES,
  };
}

/** The agent API as OpenAPI 3.1, its schemas generated from the same zod schemas the routes, tRPC and the SDK use. */
export function buildOpenApiDocument() {
  return {
    openapi: "3.1.0",
    info: {
      title: "Stockroom agent API",
      version: "1",
      description:
        "Read-only access to a catalog's published snapshots (`stockroom.snapshot/v1`) for agents. Authenticate with " +
        "`Authorization: Bearer <agent token>`; a token reads one catalog. Errors are `{ \"error\": { \"code\", \"message\" } }`.",
    },
    security: [{ agentToken: [] }],
    paths: {
      "/api/v1/catalogs/{team}/{catalog}/snapshots": {
        get: {
          operationId: "listSnapshots",
          summary: "List published versions",
          description: "Every published version with its content hash, date and note, newest first.",
          parameters: CATALOG_PARAMS,
          responses: { "200": { description: "The versions.", content: json(ref("SnapshotList")) }, ...ERROR_RESPONSES },
        },
      },
      "/api/v1/catalogs/{team}/{catalog}/snapshots/latest": {
        get: {
          operationId: "getLatestSnapshot",
          summary: "Get the latest snapshot",
          description: "The newest published version. Revalidate with If-None-Match: an unchanged catalog answers 304.",
          parameters: [...CATALOG_PARAMS, ...CONDITIONAL],
          responses: snapshotResponses("no-cache"),
        },
      },
      "/api/v1/catalogs/{team}/{catalog}/snapshots/{version}": {
        get: {
          operationId: "getSnapshot",
          summary: "Get one version",
          description: "A numbered version never changes, so it may be cached for a year.",
          parameters: [...CATALOG_PARAMS, { name: "version", in: "path", required: true, schema: schemaOf(snapshotVersionSchema, "input"), description: "A version number (or `latest`)." }, ...CONDITIONAL],
          responses: snapshotResponses("public, max-age=31536000, immutable"),
        },
      },
    },
    components: {
      securitySchemes: { agentToken: { type: "http", scheme: "bearer", bearerFormat: "srk_…", description: "An agent token created by a catalog owner." } },
      schemas: { Snapshot: annotate(schemaOf(snapshotSchema), SNAPSHOT_NOTES), SnapshotList: schemaOf(snapshotListSchema), Error: schemaOf(apiErrorSchema) },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
