import { isAppError } from "@/server/errors";
import { countRefusedRequest, getAuth } from "@/server/auth";
import { AUTH_MAX_BODY_BYTES, errorResponse, readBytesWithLimit } from "@/server/http/guards";

/**
 * better-auth under `next dev` (and `npm start` before instrumentation.ts registers the node:http front, which
 * answers these paths itself: server/http/auth-node.ts). The body is bounded first, as there.
 */
async function handle(request: Request): Promise<Response> {
  if (request.method === "GET" || request.method === "HEAD") return (await getAuth()).handler(request);
  const body = await readBytesWithLimit(request, AUTH_MAX_BODY_BYTES);
  if (isAppError(body)) {
    countRefusedRequest(request.headers);
    return errorResponse(body, { "cache-control": "no-store" });
  }
  const bounded = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: new Uint8Array(body),
  });
  return (await getAuth()).handler(bounded);
}

export { handle as GET, handle as POST };
