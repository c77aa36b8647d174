import Negotiator from "negotiator";
import type { ContentEncoding } from "../services/snapshots/snapshot-body-cache";

export type { ContentEncoding };

/** True when an If-None-Match header names this entity tag (weak comparison, as RFC 9110 §13.1.2 asks for GET). */
export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => opaque(tag) === opaque(etag));
}

interface NegotiatorWithPreference {
  encoding(available: readonly string[], options: { preferred: readonly string[] }): string | undefined;
}

/** Our preference when the client weighs several alike: brotli is about half the size of gzip on snapshots. */
const PREFERENCE: ContentEncoding[] = ["br", "gzip", "identity"];

/**
 * The encoding to send for an Accept-Encoding header (q-values honoured, RFC 9110 §12.5.3); identity when
 * the header is absent or names nothing we have (we never answer 406: every client can read identity).
 */
export function chooseEncoding(acceptEncoding: string | null): ContentEncoding {
  if (!acceptEncoding) return "identity";
  // negotiator 1.x takes `preferred` (ties broken by our order, not the header's); @types/negotiator lags behind.
  const negotiator = new Negotiator({
    headers: { "accept-encoding": acceptEncoding },
  }) as unknown as NegotiatorWithPreference;
  return (negotiator.encoding(PREFERENCE, { preferred: PREFERENCE }) as ContentEncoding | undefined) ?? "identity";
}
