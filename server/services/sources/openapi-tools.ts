// An OpenAPI 3.0 / 3.1 document as tools: each operation one tool, its operationId the name, its summary and
// description the description, its path, query and header parameters and its JSON body one JSON Schema.
// Local `$ref`s are resolved with @apidevtools/json-schema-ref-parser; nothing outside the document is read.
import $RefParser from "@apidevtools/json-schema-ref-parser";
import { parse as parseYaml } from "yaml";
import { TOOL_LIMITS } from "@/domain/tool-rules/tool-rules";
import type { ParsedItem, ParsedSource, ParsedTool } from "../import/parse-tool-source";
import { SourceFormatError } from "../import/parse-tool-source";

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"] as const;
/** OpenAPI says these header parameters are ignored (the request's content and auth are not the caller's to pick). */
const IGNORED_HEADERS = new Set(["accept", "content-type", "authorization"]);
/** Keys that are documentation for people or generators, not what a model needs to call the operation. */
const DROPPED_KEYS = new Set(["example", "examples", "externalDocs", "xml", "discriminator"]);
const MAX_OPERATIONS = 5000;

/** True for a parsed document that declares itself OpenAPI (any version: the reader says which it takes). */
export function isOpenApiDocument(value: unknown): boolean {
  return isRecord(value) && (typeof value.openapi === "string" || typeof value.swagger === "string");
}

/** Parses an OpenAPI document's text, JSON or YAML. */
export function parseOpenApiText(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed) throw new SourceFormatError("The OpenAPI document is empty.");
  try {
    return trimmed.startsWith("{") ? JSON.parse(trimmed) : parseYaml(trimmed, { maxAliasCount: 1000 });
  } catch (error) {
    throw new SourceFormatError(`The OpenAPI document is neither JSON nor YAML: ${(error as Error).message}`);
  }
}

/** A valid tool or namespace name from any text: other characters become `_`, at most 64 characters. */
export function toToolName(text: string): string {
  const name = text
    .replace(/[^a-zA-Z0-9_-]+/g, "_")
    .replace(/_{2,}/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, TOOL_LIMITS.nameChars);
  return name || "operation";
}

/** The value at a local JSON pointer (`#/components/schemas/Node`), or undefined. */
function atPointer(doc: Json, ref: string): unknown {
  if (!ref.startsWith("#/")) return undefined;
  return ref
    .slice(2)
    .split("/")
    .map((part) => decodeURIComponent(part).replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>((node, key) => (isRecord(node) ? node[key] : undefined), doc);
}

/**
 * A copy of a resolved schema fit for a tool: documentation keys dropped, and each circular `$ref` the resolver
 * left in place expanded once more along its path, then ended with a note (a tool schema has no `$defs` to point at).
 */
function cleanSchema(value: unknown, doc: Json, path: readonly string[] = []): unknown {
  if (Array.isArray(value)) return value.map((v) => cleanSchema(v, doc, path));
  if (!isRecord(value)) return value;
  if (typeof value.$ref === "string") {
    const target = atPointer(doc, value.$ref);
    if (target === undefined || path.filter((r) => r === value.$ref).length >= 1)
      return { description: `Recursive: the same shape as ${value.$ref}.` };
    return cleanSchema(target, doc, [...path, value.$ref]);
  }
  if (path.length > TOOL_LIMITS.schemaDepth) return {};
  const out: Json = {};
  for (const [key, v] of Object.entries(value)) {
    if (key.startsWith("x-") || DROPPED_KEYS.has(key)) continue;
    out[key] = cleanSchema(v, doc, path);
  }
  return out;
}

function bodySchemaOf(operation: Json, doc: Json): { schema: Json; required: boolean } | null {
  const body = operation.requestBody;
  if (!isRecord(body) || !isRecord(body.content)) return null;
  const types = Object.keys(body.content);
  const chosen =
    types.find((t) => t === "application/json") ??
    types.find((t) => /[/+]json\b/.test(t)) ??
    types.find((t) => t === "application/x-www-form-urlencoded" || t === "multipart/form-data") ??
    types[0];
  const media = chosen ? body.content[chosen] : undefined;
  const schema =
    isRecord(media) && isRecord(media.schema) ? (cleanSchema(media.schema, doc) as Json) : { type: "object" };
  return { schema, required: body.required === true };
}

/** Path-level parameters, then the operation's (which win for the same name and place). */
function parametersOf(pathItem: Json, operation: Json): Json[] {
  const byKey = new Map<string, Json>();
  for (const list of [pathItem.parameters, operation.parameters])
    if (Array.isArray(list))
      for (const p of list) if (isRecord(p) && typeof p.name === "string") byKey.set(`${p.in}\u0000${p.name}`, p);
  return [...byKey.values()].filter(
    (p) =>
      p.in === "path" || p.in === "query" || (p.in === "header" && !IGNORED_HEADERS.has(String(p.name).toLowerCase())),
  );
}

/**
 * One JSON Schema for the call: each parameter a property (its description kept), and the JSON body's properties
 * beside them; a body that is not a plain object, or whose names clash with a parameter, becomes `body`.
 */
export function operationSchema(pathItem: Json, operation: Json, doc: Json): Json {
  const properties: Json = {};
  const required: string[] = [];
  for (const p of parametersOf(pathItem, operation)) {
    const name = String(p.name);
    const schema = isRecord(p.schema) ? (cleanSchema(p.schema, doc) as Json) : { type: "string" };
    const description = typeof p.description === "string" ? p.description : schema.description;
    properties[name] = description ? { ...schema, description } : schema;
    if (p.required === true || p.in === "path") required.push(name);
  }
  const body = bodySchemaOf(operation, doc);
  if (body) {
    const props = isRecord(body.schema.properties) ? body.schema.properties : null;
    const flat = props && body.schema.type === "object" && !Object.keys(props).some((k) => k in properties);
    if (flat) {
      Object.assign(properties, props);
      if (Array.isArray(body.schema.required)) required.push(...body.schema.required.map(String));
    } else {
      properties.body = body.schema;
      if (body.required) required.push("body");
    }
  }
  return { type: "object", properties, ...(required.length > 0 ? { required: [...new Set(required)] } : {}) };
}

function descriptionOf(operation: Json): string {
  const summary = typeof operation.summary === "string" ? operation.summary.trim() : "";
  const description = typeof operation.description === "string" ? operation.description.trim() : "";
  const text =
    summary && description && !description.startsWith(summary)
      ? `${summary}\n\n${description}`
      : description || summary;
  return operation.deprecated === true ? `Deprecated.${text ? ` ${text}` : ""}` : text;
}

interface NameOptions {
  tagsAsNamespaces: boolean;
  taken: Set<string>;
}

/** The tool's namespace (its first tag, when asked) and a unique name within it. */
function nameOf(method: string, path: string, operation: Json, { tagsAsNamespaces, taken }: NameOptions) {
  const tag =
    tagsAsNamespaces && Array.isArray(operation.tags) && typeof operation.tags[0] === "string"
      ? operation.tags[0]
      : null;
  let raw =
    typeof operation.operationId === "string" && operation.operationId.trim()
      ? operation.operationId
      : `${method}_${path}`;
  // GitHub's operationIds repeat their tag ("repos/get"): under the tag's namespace the prefix says nothing.
  if (tag && raw.startsWith(`${tag}/`)) raw = raw.slice(tag.length + 1);
  const namespace = tag ? toToolName(tag) : undefined;
  const base = toToolName(raw);
  let name = base;
  for (let n = 2; taken.has(`${namespace ?? ""}.${name}`); n++)
    name = `${base.slice(0, TOOL_LIMITS.nameChars - String(n).length - 1)}_${n}`;
  taken.add(`${namespace ?? ""}.${name}`);
  return { name, namespace };
}

function checkVersion(doc: unknown): asserts doc is Json {
  if (!isRecord(doc)) throw new SourceFormatError("The OpenAPI document is not a JSON object.");
  if (typeof doc.swagger === "string")
    throw new SourceFormatError(`This is a Swagger ${doc.swagger} document; convert it to OpenAPI 3 first.`);
  if (typeof doc.openapi !== "string" || !/^3\.[01]\./.test(doc.openapi))
    throw new SourceFormatError(
      `Expected an OpenAPI 3.0 or 3.1 document ("openapi": "3.x.y"); got ${JSON.stringify(doc.openapi ?? null)}.`,
    );
  if (!isRecord(doc.paths)) throw new SourceFormatError('The OpenAPI document has no "paths".');
}

/** Resolves the document's own `$ref`s (never a file or URL), leaving responses alone: tools do not need them. */
async function dereference(doc: Json): Promise<Json> {
  try {
    return (await $RefParser.dereference(structuredClone(doc) as never, {
      resolve: { external: false, file: false, http: false },
      dereference: { circular: "ignore", excludedPathMatcher: (path: string) => /\/responses(\/|$)/.test(path) },
      mutateInputSchema: true,
    })) as unknown as Json;
  } catch (error) {
    throw new SourceFormatError(`The OpenAPI document has a $ref that does not resolve: ${(error as Error).message}`);
  }
}

/** Reads an OpenAPI 3.0 / 3.1 document into import rows (one per operation); tags become namespaces when asked. */
export async function readOpenApiSource(
  document: unknown,
  options: { tagsAsNamespaces: boolean },
): Promise<ParsedSource> {
  checkVersion(document);
  const doc = await dereference(document);
  const tagDescriptions = new Map(
    (Array.isArray(doc.tags) ? doc.tags : [])
      .filter(isRecord)
      .map((t) => [toToolName(String(t.name)), typeof t.description === "string" ? t.description : undefined]),
  );
  const naming: NameOptions = { tagsAsNamespaces: options.tagsAsNamespaces, taken: new Set() };
  const items: ParsedItem[] = [];
  for (const [path, pathItem] of Object.entries(doc.paths as Json)) {
    if (!isRecord(pathItem)) continue;
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (!isRecord(operation)) continue;
      if (items.length >= MAX_OPERATIONS)
        throw new SourceFormatError(
          `The document has over ${MAX_OPERATIONS} operations; import at most 5,000 at a time.`,
        );
      const { name, namespace } = nameOf(method, path, operation, naming);
      const tool: ParsedTool = {
        name,
        description: descriptionOf(operation),
        parameters: operationSchema(pathItem, operation, doc),
      };
      if (namespace) Object.assign(tool, { namespace, namespaceDescription: tagDescriptions.get(namespace) });
      items.push({ index: items.length, label: `${method.toUpperCase()} ${path}`, tool });
    }
  }
  if (items.length === 0) throw new SourceFormatError("The OpenAPI document has no operations.");
  return { format: "openapi", items };
}
