// The canonical JSON forms a snapshot's hash is computed over. Pure: no I/O.
import canonicalize from "canonicalize";

/**
 * RFC 8785 (JSON Canonicalization Scheme): object keys sorted by UTF-16 code unit at every depth, arrays in
 * order, no whitespace, numbers and strings as ECMAScript writes them. Through `canonicalize`, the RFC author's
 * implementation. Undefined members are dropped, as JSON.stringify drops them.
 */
export function canonicalJson(value: unknown): string {
  return canonicalize(value) ?? "null";
}

/**
 * The form `stockroom.snapshot/v1` snapshots were hashed over: keys sorted, then JSON.stringify. It equals RFC
 * 8785 except where an object has integer-like keys ("9", "10"), which JavaScript writes first, in numeric order.
 * Kept so that snapshots published before v2 keep verifying.
 */
export function legacyCanonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const child = (value as Record<string, unknown>)[key];
      if (child !== undefined) sorted[key] = sortKeys(child);
    }
    return sorted;
  }
  return value;
}
