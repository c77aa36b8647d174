// Walks over JSON Schemas without recursion limits of their own: input can be hostile (deep nesting),
// so depth is measured iteratively and the walkers stop at the depth limit.

const JSON_TYPES = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);
const SCHEMA_MAPS = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"] as const;
const SCHEMA_LISTS = ["anyOf", "oneOf", "allOf", "prefixItems"] as const;
const SCHEMA_SINGLES = [
  "items",
  "additionalProperties",
  "not",
  "if",
  "then",
  "else",
  "contains",
  "propertyNames",
  "unevaluatedItems",
  "unevaluatedProperties",
  "additionalItems",
] as const;
const MAX_WALK_DEPTH = 64;

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const pointer = (parts: string[]) => parts.map((p) => `/${p.replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");

/** Nesting depth of a JSON value (a scalar is 0), counted up to `cap`. */
export function jsonDepth(value: unknown, cap: number): number {
  let max = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== "object") continue;
    const here = depth + 1;
    if (here > max) max = here;
    if (max >= cap) return max;
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push([child, here]);
  }
  return max;
}

/** Every subschema with its JSON pointer, parents before children. */
export function* subschemas(
  schema: unknown,
  path: string[] = [],
  depth = 0,
): Generator<{ schema: Json; path: string }> {
  if (!isRecord(schema) || depth > MAX_WALK_DEPTH) return;
  yield { schema, path: pointer(path) };
  for (const key of SCHEMA_MAPS) {
    const map = schema[key];
    if (isRecord(map))
      for (const [name, child] of Object.entries(map)) yield* subschemas(child, [...path, key, name], depth + 1);
  }
  for (const key of SCHEMA_LISTS) {
    const list = schema[key];
    if (Array.isArray(list))
      for (const [i, child] of list.entries()) yield* subschemas(child, [...path, key, String(i)], depth + 1);
  }
  for (const key of SCHEMA_SINGLES) {
    const child = schema[key];
    if (Array.isArray(child))
      for (const [i, item] of child.entries()) yield* subschemas(item, [...path, key, String(i)], depth + 1);
    else yield* subschemas(child, [...path, key], depth + 1);
  }
}

/** `type` values that are not JSON Schema types (e.g. "int", "str"), with where they are. */
export function findUnknownTypes(schema: unknown): Array<{ type: unknown; path: string }> {
  const found: Array<{ type: unknown; path: string }> = [];
  for (const { schema: node, path } of subschemas(schema)) {
    if (!("type" in node)) continue;
    const types = Array.isArray(node.type) ? node.type : [node.type];
    for (const type of types)
      if (typeof type !== "string" || !JSON_TYPES.has(type)) found.push({ type, path: `${path}/type` });
  }
  return found;
}

/** OpenAI's strict-mode rules: every object closes with additionalProperties false and requires all its properties. */
export function checkStrictSchema(schema: Json): string[] {
  for (const { schema: node, path } of subschemas(schema)) {
    const isObject =
      node.type === "object" || (Array.isArray(node.type) && node.type.includes("object")) || isRecord(node.properties);
    if (!isObject) continue;
    const where = path || "/";
    if (node.additionalProperties !== false) {
      return [
        `Strict mode needs "additionalProperties": false on every object (missing at ${where}); add it or turn strict off.`,
      ];
    }
    const properties = isRecord(node.properties) ? Object.keys(node.properties) : [];
    const required = new Set(Array.isArray(node.required) ? node.required : []);
    const missing = properties.filter((p) => !required.has(p));
    if (missing.length > 0) {
      return [
        `Strict mode needs every property in "required" (at ${where}: ${missing.slice(0, 5).join(", ")} missing); make optional ones nullable or turn strict off.`,
      ];
    }
  }
  return [];
}

/** `pattern` and `patternProperties` regexes that do not compile (as ajv would compile them: with the u flag). */
export function findBadPatterns(schema: unknown): Array<{ path: string; message: string }> {
  const bad: Array<{ path: string; message: string }> = [];
  const check = (source: string, path: string) => {
    try {
      new RegExp(source, "u");
    } catch (error) {
      bad.push({ path, message: (error as Error).message });
    }
  };
  for (const { schema: node, path } of subschemas(schema)) {
    if (typeof node.pattern === "string") check(node.pattern, `${path}/pattern`);
    if (isRecord(node.patternProperties))
      for (const key of Object.keys(node.patternProperties)) check(key, `${path}/patternProperties`);
  }
  return bad;
}

function resolvePointer(root: unknown, pointer: string): unknown {
  let node: unknown = root;
  for (const raw of pointer.split("/").slice(1)) {
    const part = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (Array.isArray(node)) node = node[Number(part)];
    else if (isRecord(node) && Object.hasOwn(node, part)) node = node[part];
    else return undefined;
  }
  return node;
}

/**
 * `$ref` / `$dynamicRef` values that do not resolve inside the schema. Tool schemas must be self-contained
 * (providers do not fetch remote schemas), so only `#`, `#/json/pointer`, `#anchor` and embedded `$id`s count.
 */
export function findUnresolvedRefs(schema: Record<string, unknown>): Array<{ ref: string; path: string }> {
  const nodes = [...subschemas(schema)];
  const anchors = new Set(
    nodes.flatMap(({ schema: n }) => [n.$anchor, n.$dynamicAnchor].filter((a): a is string => typeof a === "string")),
  );
  const ids = new Set(nodes.map(({ schema: n }) => n.$id).filter((id): id is string => typeof id === "string"));
  const unresolved: Array<{ ref: string; path: string }> = [];
  for (const { schema: node, path } of nodes) {
    for (const keyword of ["$ref", "$dynamicRef", "$recursiveRef"] as const) {
      const ref = node[keyword];
      if (typeof ref !== "string") continue;
      const ok =
        ref === "#" ||
        (ref.startsWith("#/") && resolvePointer(schema, ref.slice(1)) !== undefined) ||
        (ref.startsWith("#") && !ref.startsWith("#/") && anchors.has(ref.slice(1))) ||
        ids.has(ref.split("#")[0]!);
      if (!ok) unresolved.push({ ref, path: `${path}/${keyword}` });
    }
  }
  return unresolved;
}
