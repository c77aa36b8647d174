// The OpenAPI 3.1 document of the agent API, generated from the route specs (routes.ts): an endpoint added to
// AGENT_ROUTE_SPECS appears here, on the docs page and in its executed examples without another edit.
import { z } from "zod";
import { SNAPSHOT_NOTES } from "./openapi-notes";
import type { AgentRouteSpec, HeaderDoc, ResponseDoc } from "./route-spec";
import { templateNames } from "./route-spec";
import { AGENT_ROUTE_SPECS } from "./routes";
import { apiErrorSchema } from "./schemas";

type JsonSchema = Record<string, unknown>;

/** zod's bounds for "any safe integer" say nothing to a reader; drop them. */
function withoutSafeIntegerBounds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSafeIntegerBounds);
  if (!value || typeof value !== "object") return value;
  const out: JsonSchema = {};
  for (const [key, child] of Object.entries(value)) {
    if (
      (key === "maximum" && child === Number.MAX_SAFE_INTEGER) ||
      (key === "minimum" && child === Number.MIN_SAFE_INTEGER)
    )
      continue;
    out[key] = withoutSafeIntegerBounds(child);
  }
  return out;
}

function schemaOf(schema: z.ZodType, io: "input" | "output" = "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return withoutSafeIntegerBounds(rest) as JsonSchema;
}

/** Notes attached by field path (`tools.id`) without touching the shared schema. */
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
const headersOf = (headers: Record<string, HeaderDoc>) =>
  Object.fromEntries(
    Object.entries(headers).map(([name, { type, description }]) => [name, { schema: { type }, description }]),
  );

/** Path parameters from the spec's zod object: the schema, and its `.meta()` description and example lifted out. */
function pathParameters(spec: AgentRouteSpec) {
  const names = templateNames(spec.path);
  const keys = Object.keys(spec.params.shape);
  if (names.join() !== keys.join())
    throw new Error(`openapi: ${spec.operationId} has path {${names}} but params {${keys}}`);
  return names.map((name) => {
    const { description, example, ...schema } = schemaOf(spec.params.shape[name] as z.ZodType, "input");
    return { name, in: "path", required: true, schema, description, example };
  });
}

function errorResponse(doc: ResponseDoc) {
  const { description, headers } = typeof doc === "string" ? { description: doc, headers: undefined } : doc;
  return { description, ...(headers ? { headers: headersOf(headers) } : {}), content: json(ref("Error")) };
}

function operationOf(spec: AgentRouteSpec) {
  const { response } = spec;
  const headers = response.headers ? { headers: headersOf(response.headers) } : {};
  const headerParameters = (spec.headers ?? []).map(({ name, description }) => ({
    name,
    in: "header",
    required: false,
    schema: { type: "string" },
    description,
  }));
  return {
    operationId: spec.operationId,
    summary: spec.summary,
    description: spec.description,
    parameters: [...pathParameters(spec), ...headerParameters],
    ...(spec.body ? { requestBody: { required: true, content: json(ref(spec.body.component)) } } : {}),
    ...(spec.sdk ? { "x-sdk": spec.sdk } : {}),
    responses: {
      [response.status]: { description: response.description, ...headers, content: json(ref(response.component)) },
      ...(spec.notModified ? { "304": { description: spec.notModified, ...headers } } : {}),
      ...Object.fromEntries(Object.entries(spec.errors).map(([status, doc]) => [status, errorResponse(doc)])),
    },
  };
}

/** Each named schema once: bodies as the client sends them (input), answers as the server writes them (output). */
function componentsOf(specs: readonly AgentRouteSpec[]): Record<string, JsonSchema> {
  const schemas = new Map<string, { schema: z.ZodType; io: "input" | "output" }>();
  const add = (name: string, schema: z.ZodType, io: "input" | "output") => {
    const known = schemas.get(name);
    if (known && (known.schema !== schema || known.io !== io))
      throw new Error(`openapi: two schemas are named ${name}`);
    schemas.set(name, { schema, io });
  };
  for (const spec of specs) {
    if (spec.body) add(spec.body.component, spec.body.schema, "input");
    add(spec.response.component, spec.response.schema, "output");
  }
  add("Error", apiErrorSchema, "output");
  const out: Record<string, JsonSchema> = {};
  for (const [name, { schema, io }] of schemas) out[name] = schemaOf(schema, io);
  if (out.Snapshot) annotate(out.Snapshot, SNAPSHOT_NOTES);
  return out;
}

/** The agent API as OpenAPI 3.1, every operation and schema generated from the route specs. */
export function buildOpenApiDocument(specs: readonly AgentRouteSpec[] = AGENT_ROUTE_SPECS) {
  const paths: Record<string, Record<string, ReturnType<typeof operationOf>>> = {};
  for (const spec of specs) (paths[spec.path] ??= {})[spec.method.toLowerCase()] = operationOf(spec);
  return {
    openapi: "3.1.0",
    info: {
      title: "Stockroom agent API",
      version: "1",
      description:
        "Access to a catalog's published snapshots (`stockroom.snapshot/v2`) for agents, hosted search over them, " +
        "imports for tokens with the import scope, and a write-only endpoint where agents report their searches, calls and outcomes. Authenticate with `Authorization: Bearer <agent token>`; a token reads " +
        'one catalog. Errors are `{ "error": { "code", "message" } }`.',
    },
    security: [{ agentToken: [] }],
    paths,
    components: {
      securitySchemes: {
        agentToken: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "srk_…",
          description: "An agent token created by a catalog owner.",
        },
      },
      schemas: componentsOf(specs),
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
