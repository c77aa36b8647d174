import type { SnapshotBody } from "../snapshot-body-cache";
import { matchesEtag } from "./negotiate";

export const IMMUTABLE = "public, max-age=31536000, immutable";
/** `latest` moves with every publish: caches may keep it but must revalidate (cheap: a 304 carries no body). */
export const REVALIDATE = "no-cache";

interface SnapshotRefLike {
  version: number;
  contentHash: string;
}

/**
 * A snapshot response: ETag = `"<contentHash>"`; a matching If-None-Match gets 304 without touching the
 * payload; otherwise the cached bytes. Always identity: Next.js drops Content-Encoding and Content-Length from
 * route-handler responses (next/dist/server/send-response.js), so pre-compressed bytes would reach clients
 * undeclared; `next start` gzips the body itself when the client asks (its compression supports gzip, not br).
 */
export async function snapshotResponse(request: Request, ref: SnapshotRefLike, isLatest: boolean, body: () => Promise<SnapshotBody>): Promise<Response> {
  const etag = `"${ref.contentHash}"`;
  const headers: Record<string, string> = {
    ETag: etag,
    "Cache-Control": isLatest ? REVALIDATE : IMMUTABLE,
    // Responses depend on the token (403 for others) and the encoding; shared caches must key on both.
    Vary: "Accept-Encoding, Authorization",
    "X-Stockroom-Version": String(ref.version),
  };
  if (matchesEtag(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  const bytes = (await body()).identity;
  headers["Content-Type"] = "application/json; charset=utf-8";
  return new Response(new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.length), { status: 200, headers });
}
