import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { isAppError } from "@/server/errors";
import { checkSameOrigin, errorResponse, readBodyWithLimit } from "@/server/http/guards";
import { appRouter } from "@/server/routers/root";
import { createRequestContext } from "@/server/request-context";

async function handler(request: Request) {
  const forgery = checkSameOrigin(request);
  if (forgery) return errorResponse(forgery);
  let req = request;
  if (request.method === "POST") {
    const body = await readBodyWithLimit(request);
    if (isAppError(body)) return errorResponse(body);
    req = new Request(request.url, { method: "POST", headers: request.headers, body });
  }
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    // 500s are logged, with the request id their body carries, by the error formatter (server/trpc.ts).
    createContext: () => createRequestContext(req.headers),
    // Answers depend on the session or token: never for a shared cache (snapshots included).
    responseMeta: () => ({ headers: new Headers({ "cache-control": "private, no-store" }) }),
  });
}

export { handler as GET, handler as POST };
