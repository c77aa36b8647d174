// An OpenAPI operation as a concrete request: the URL with example path values, the auth header, a sample
// body, and which encodings and revalidation it supports. The curl, Python and TypeScript renderers read only this,
// so an operation added to openapi.ts gets its examples without any code here.
import { z } from "zod";

/** The ways a request can ask for its body: plain, compressed, or revalidated with the ETag it holds. */
export const EXAMPLE_VARIANTS = ["identity", "gzip", "br", "revalidate"] as const;
export type ExampleVariant = (typeof EXAMPLE_VARIANTS)[number];
export const VARIANT_LABELS: Record<ExampleVariant, string> = {
  identity: "identity",
  gzip: "gzip",
  br: "br",
  revalidate: "304 revalidation",
};

/** Environment variables every example reads, so one copy-paste works against any server and token. */
export const URL_ENV = "STOCKROOM_URL";
export const TOKEN_ENV = "STOCKROOM_TOKEN";

const parameterSchema = z.object({
  name: z.string(),
  in: z.enum(["path", "query", "header", "cookie"]),
  required: z.boolean().optional(),
  example: z.unknown().optional(),
  schema: z.record(z.string(), z.unknown()).optional(),
});

const operationSchema = z.object({
  operationId: z.string(),
  summary: z.string().optional(),
  parameters: z.array(parameterSchema).default([]),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
  requestBody: z
    .object({
      content: z.record(z.string(), z.object({ example: z.unknown().optional(), schema: z.unknown().optional() })),
    })
    .optional(),
  "x-sdk": z.object({ call: z.string(), revalidate: z.string().optional() }).optional(),
});

const documentSchema = z.object({
  security: z.array(z.record(z.string(), z.array(z.string()))).default([]),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z
    .object({
      schemas: z.record(z.string(), z.unknown()).default({}),
      securitySchemes: z
        .record(
          z.string(),
          z.object({
            type: z.string(),
            scheme: z.string().optional(),
            name: z.string().optional(),
            in: z.string().optional(),
          }),
        )
        .default({}),
    })
    .default({ schemas: {}, securitySchemes: {} }),
});

export interface ExampleRequest {
  operationId: string;
  method: string;
  /** The path with example values, e.g. `/api/v1/catalogs/demo/mcp-tools/snapshots`. */
  path: string;
  pathParams: Record<string, string>;
  /** Auth headers, values written as `$ENV` references (`Bearer $STOCKROOM_TOKEN`). */
  headers: Array<{ name: string; value: string; env?: string; prefix?: string }>;
  body?: unknown;
  variants: ExampleVariant[];
  sdk?: { call: string; revalidate?: string };
}

const HTTP_METHODS = new Set(["get", "put", "post", "delete", "patch", "head", "options"]);

function exampleValue(parameter: z.infer<typeof parameterSchema>, overrides: Record<string, string>): string {
  if (overrides[parameter.name] !== undefined) return overrides[parameter.name]!;
  if (parameter.example !== undefined) return String(parameter.example);
  const schema = parameter.schema ?? {};
  if (schema.default !== undefined) return String(schema.default);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return String(schema.enum[0]);
  return `{${parameter.name}}`;
}

/** A small JSON value that fits a schema: its example or default, else one value per required field. */
export function sampleOf(schema: unknown, schemas: Record<string, unknown>, depth = 0): unknown {
  if (!schema || typeof schema !== "object" || depth > 6) return null;
  const s = schema as Record<string, unknown>;
  if (typeof s.$ref === "string") return sampleOf(schemas[s.$ref.split("/").at(-1)!], schemas, depth + 1);
  if (s.example !== undefined) return s.example;
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  const union = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(union)) return sampleOf(union[0], schemas, depth + 1);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === "object" || s.properties) {
    const properties = (s.properties ?? {}) as Record<string, unknown>;
    const required = new Set((s.required as string[] | undefined) ?? Object.keys(properties));
    return Object.fromEntries(
      Object.entries(properties)
        .filter(([key]) => required.has(key))
        .map(([key, child]) => [key, sampleOf(child, schemas, depth + 1)]),
    );
  }
  if (type === "array") return [sampleOf(s.items, schemas, depth + 1)];
  if (type === "integer" || type === "number") return typeof s.minimum === "number" ? s.minimum : 1;
  if (type === "boolean") return true;
  if (type === "string") return typeof s.minLength === "number" && s.minLength > 6 ? "x".repeat(s.minLength) : "string";
  return null;
}

function authHeaders(
  security: Array<Record<string, string[]>>,
  schemes: z.infer<typeof documentSchema>["components"]["securitySchemes"],
) {
  const names = security.flatMap((requirement) => Object.keys(requirement)).slice(0, 1);
  return names.flatMap((name) => {
    const scheme = schemes[name];
    if (scheme?.type === "http" && scheme.scheme?.toLowerCase() === "bearer")
      return [{ name: "Authorization", value: `Bearer $${TOKEN_ENV}`, env: TOKEN_ENV, prefix: "Bearer " }];
    if (scheme?.type === "apiKey" && scheme.in === "header" && scheme.name)
      return [{ name: scheme.name, value: `$${TOKEN_ENV}`, env: TOKEN_ENV, prefix: "" }];
    return [];
  });
}

/**
 * Every operation of an OpenAPI document as an example request, in document order. `values` replaces path and
 * query examples (the docs page uses the document's own; tests pass a catalog they created); `bodies` replaces
 * the request body of the operations it names by operationId (e.g. an import preview's real fingerprint).
 */
export function exampleRequestsOf(
  document: unknown,
  values: Record<string, string> = {},
  bodies: Record<string, unknown> = {},
): ExampleRequest[] {
  const doc = documentSchema.parse(document);
  const requests: ExampleRequest[] = [];
  for (const [template, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      if (!HTTP_METHODS.has(method)) continue;
      const operation = operationSchema.parse(raw);
      const pathParams: Record<string, string> = {};
      let path = template;
      const query = new URLSearchParams();
      for (const parameter of operation.parameters) {
        if (parameter.in === "path") {
          pathParams[parameter.name] = exampleValue(parameter, values);
          path = path.replace(`{${parameter.name}}`, encodeURIComponent(pathParams[parameter.name]!));
        } else if (
          parameter.in === "query" &&
          (parameter.required || parameter.example !== undefined || values[parameter.name] !== undefined)
        ) {
          query.set(parameter.name, exampleValue(parameter, values));
        }
      }
      const headerNames = new Set(
        operation.parameters.filter((p) => p.in === "header").map((p) => p.name.toLowerCase()),
      );
      const variants: ExampleVariant[] = ["identity"];
      if (headerNames.has("accept-encoding")) variants.push("gzip", "br");
      if (headerNames.has("if-none-match")) variants.push("revalidate");
      const json = operation.requestBody?.content["application/json"];
      requests.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path: query.size > 0 ? `${path}?${query}` : path,
        pathParams,
        headers: authHeaders(operation.security ?? doc.security, doc.components.securitySchemes),
        ...(json
          ? {
              body:
                operation.operationId in bodies
                  ? bodies[operation.operationId]
                  : (json.example ?? sampleOf(json.schema, doc.components.schemas)),
            }
          : {}),
        variants,
        ...(operation["x-sdk"] ? { sdk: operation["x-sdk"] } : {}),
      });
    }
  }
  return requests;
}
