import { z } from "zod";
import { apiErrorSchema, snapshotListSchema, snapshotSchema, snapshotVersionSchema } from "./snapshot-api-schemas";

type JsonSchema = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: "input" | "output" = "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
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
  { name: "Accept-Encoding", in: "header", required: false, schema: { type: "string" }, description: "`br` or `gzip` compress the body." },
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
      schemas: { Snapshot: schemaOf(snapshotSchema), SnapshotList: schemaOf(snapshotListSchema), Error: schemaOf(apiErrorSchema) },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
