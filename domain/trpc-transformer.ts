/**
 * The tRPC data transformer of Stockroom (server, browser and TypeScript agents): superjson's wire envelope
 * `{ json, meta: { values: { "path": ["Date"] }, v: 1 } }`, so plain-JSON callers keep sending `{ json }`, but
 * written and read without superjson's walker. superjson refuses any object key named `constructor`,
 * `prototype` or `__proto__` (a 500 for every read of a tool whose schema has such a property) and drops
 * `__proto__` when it copies input; user-owned JSON must come back exactly as it was stored, whatever its keys.
 * Only Dates (and `undefined` at the top) are annotated; every other value is JSON already.
 */

type Annotation = ["Date"] | ["undefined"];
interface WireEnvelope {
  json: unknown;
  meta?: { values?: unknown; v?: number };
}

const hasOwn = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

/** superjson's path escaping (v1): `\` → `\\`, `.` → `\.`, segments joined with dots. */
const escapeKey = (key: string) => key.replace(/\\/g, "\\\\").replace(/\./g, "\\.");

function parsePath(path: string): string[] {
  const segments: string[] = [];
  let segment = "";
  for (let i = 0; i < path.length; i++) {
    const char = path[i]!;
    if (char === "\\" && (path[i + 1] === "\\" || path[i + 1] === ".")) {
      segment += path[++i];
    } else if (char === ".") {
      segments.push(segment);
      segment = "";
    } else {
      segment += char;
    }
  }
  segments.push(segment);
  return segments;
}

/** Sets an own property without ever invoking the `__proto__` setter. */
function defineOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Where a value sits: its key under its parent's place; null is the root. */
type Place = { parent: Place; key: string } | null;

/** The place as superjson's dotted path; built only where a value is annotated (most answers have no Date). */
function pathOf(place: Place): string {
  const keys: string[] = [];
  for (let at = place; at; at = at.parent) keys.push(escapeKey(at.key));
  return keys.reverse().join(".");
}

/** Replaces Dates with ISO strings, recording their paths; returns the input itself when nothing changed. */
function encode(value: unknown, place: Place, values: Record<string, Annotation>, depth: number): unknown {
  if (value instanceof Date) {
    values[pathOf(place)] = ["Date"];
    return Number.isNaN(value.getTime()) ? null : value.toISOString();
  }
  if (value === null || typeof value !== "object" || depth > 200) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    value.forEach((item, index) => {
      if (item === null || typeof item !== "object") return; // a string or number needs no place
      const encoded = encode(item, { parent: place, key: String(index) }, values, depth + 1);
      if (encoded !== item) (copy ??= value.slice())[index] = encoded;
    });
    return copy ?? value;
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === "function") return value;
  let copy: Record<string, unknown> | null = null;
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    // Only objects (Dates among them) can be or hold an annotated value: a string or number needs no place.
    const encoded =
      item !== null && typeof item === "object" ? encode(item, { parent: place, key }, values, depth + 1) : item;
    if (encoded !== item) {
      copy ??= Object.defineProperties({}, Object.getOwnPropertyDescriptors(value)) as Record<string, unknown>;
      defineOwn(copy, key, encoded);
    }
  }
  return copy ?? value;
}

function serialize(value: unknown): WireEnvelope {
  if (value === undefined) return { json: null, meta: { values: ["undefined"], v: 1 } };
  const values: Record<string, Annotation> = {};
  const json = encode(value, null, values, 0);
  return Object.keys(values).length > 0 ? { json, meta: { values, v: 1 } } : { json };
}

function revive(annotation: unknown, value: unknown): unknown {
  const type = Array.isArray(annotation) ? annotation[0] : undefined;
  if (type === "Date" && typeof value === "string") return new Date(value);
  if (type === "undefined") return undefined;
  throw new Error(`Unsupported value annotation ${JSON.stringify(annotation)}.`);
}

/** Applies one annotation at `segments`, walking own properties only. */
function applyAt(root: unknown, segments: string[], annotation: unknown): unknown {
  if (segments.length === 0 || (segments.length === 1 && segments[0] === "")) return revive(annotation, root);
  let node = root;
  for (const segment of segments.slice(0, -1)) {
    if (node === null || typeof node !== "object" || !hasOwn(node, segment)) return root;
    node = (node as Record<string, unknown>)[segment];
  }
  const last = segments.at(-1)!;
  if (node !== null && typeof node === "object" && hasOwn(node, last)) {
    defineOwn(node as Record<string, unknown>, last, revive(annotation, (node as Record<string, unknown>)[last]));
  }
  return root;
}

/** Reads superjson's annotation tree (a flat record of paths, or nested `[type, children]` nodes). */
function applyTree(root: unknown, prefix: string[], tree: unknown): unknown {
  if (Array.isArray(tree)) {
    if (tree.length > 1 && tree[1]) root = applyTree(root, prefix, tree[1]);
    return applyAt(root, prefix, [tree[0]]);
  }
  if (tree === null || typeof tree !== "object") return root;
  for (const [key, child] of Object.entries(tree)) root = applyTree(root, [...prefix, ...parsePath(key)], child);
  return root;
}

function deserialize(payload: unknown): unknown {
  if (payload === null || typeof payload !== "object" || !hasOwn(payload, "json")) return payload;
  const { json, meta } = payload as WireEnvelope;
  return meta?.values ? applyTree(json, [], meta.values) : json;
}

/** Pass as `transformer` to `initTRPC.create()` and to the client's links. */
export const stockroomTransformer = { serialize, deserialize };
