import { contentOf, isSameContent, type SnapshotContent } from "@/domain/snapshot/verify";

/** Structural JSON equality with early exit; keys with undefined values count as absent (as in canonical JSON). */
function isSameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => isSameJson(item, other[i]));
  }
  const keysOf = (o: object) => Object.keys(o).filter((k) => (o as Record<string, unknown>)[k] !== undefined);
  const ka = keysOf(a);
  const kb = keysOf(b);
  if (ka.length !== kb.length) return false;
  return ka.every(
    (key) =>
      Object.hasOwn(b, key) && isSameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

/**
 * `isSameContent` without serialising megabytes when the contents differ (the usual case): the
 * structural walk stops at the first difference; equal contents are confirmed by the canonical form.
 */
export function hasSameContent(a: SnapshotContent, b: SnapshotContent): boolean {
  return isSameJson(contentOf(a), contentOf(b)) ? isSameContent(a, b) : false;
}

export { isSameJson };
