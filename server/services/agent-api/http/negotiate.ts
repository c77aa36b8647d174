import type { ContentEncoding } from "../snapshot-body-cache";

/** The best encoding the client accepts (RFC 9110 §12.5.3 weights): brotli, then gzip, else identity (null). */
export function pickEncoding(acceptEncoding: string | null): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim().match(/^q=([0-9.]+)$/)?.[1]).find((v) => v !== undefined);
    weights.set(name, q === undefined ? 1 : Number(q));
  }
  const weightOf = (coding: string) => weights.get(coding) ?? weights.get("*") ?? 0;
  const candidates = (["br", "gzip"] as const).filter((coding) => weightOf(coding) > 0);
  if (candidates.length === 0) return null;
  return candidates.reduce((best, coding) => (weightOf(coding) > weightOf(best) ? coding : best));
}

/** True when an If-None-Match header names this entity tag (weak comparison, as RFC 9110 §13.1.2 asks for GET). */
export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => opaque(tag) === opaque(etag));
}
