import "server-only";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { getEnv } from "../env";
import { isAppError } from "../errors";
import { appRouter } from "../routers/root";
import { createRequestContext } from "../request-context";
import { checkSameOrigin, errorResponse, readBodyWithLimit } from "./guards";
import { checkJsonDepth } from "./json-depth";

/** Where the tRPC API lives; one procedure path per request (`/api/trpc/tool.get`), no batching. */
export const TRPC_ENDPOINT = "/api/trpc";

/**
 * One tRPC request, whichever server received it (the Next.js route handler under `next dev`, the node:http hook
 * of scripts/serve.mjs in production): the same-origin check for cookie POSTs, the body limit, the JSON depth
 * limit (of the body or the GET's `input`), then the router.
 */
export async function handleTrpcRequest(request: Request): Promise<Response> {
  const forgery = checkSameOrigin(request, getEnv().STOCKROOM_URL);
  if (forgery) return errorResponse(forgery);
  let req = request;
  const tooDeep = checkJsonDepth(new URL(request.url).searchParams.get("input") ?? "", "The input");
  if (tooDeep) return errorResponse(tooDeep);
  if (request.method === "POST") {
    const body = await readBodyWithLimit(request);
    if (isAppError(body)) return errorResponse(body);
    const bodyTooDeep = checkJsonDepth(body, "The input");
    if (bodyTooDeep) return errorResponse(bodyTooDeep);
    req = new Request(request.url, { method: "POST", headers: request.headers, body });
  }
  return fetchRequestHandler({
    endpoint: TRPC_ENDPOINT,
    req,
    router: appRouter,
    // 500s are logged, with the request id their body carries, by the error formatter (server/trpc.ts).
    createContext: () => createRequestContext(req.headers),
    // Answers depend on the session or token: never for a shared cache (snapshots included).
    responseMeta: () => ({ headers: new Headers({ "cache-control": "private, no-store" }) }),
  });
}
