import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createNodeAgentHandler, isAgentApiPath } from "./agent-dispatch";
import { applyProxyHeaders, type TrustedRange } from "./client-address";
import { createNodeAuthHandler, isAuthPath } from "./auth-node";
import { bodyLimitOf, declaredLengthOf } from "./guards";
import { guardNodeRequest, writeLengthRequired, writeTooLarge } from "./node-body";
import { createNodeTrpcHandler, isTrpcRequest, TRPC_RESPONSE_HEADERS } from "./trpc-node";

// scripts/serve.mjs runs outside the Next.js bundle, so it reaches the bundled server code through these two
// globals, registered by instrumentation.ts once the database is ready.

/**
 * `(req, res) => boolean`: refuses a declared body over its path's limit (413, any path), answers a request of the
 * agent route table, a tRPC procedure call or a better-auth endpoint and says true, or leaves it to Next.js. A body
 * of undeclared length (chunked) for Next.js is refused 411: its size could only be learnt by reading it, which
 * Next.js does unbounded (browsers always declare theirs).
 */
export const AGENT_HANDLER_KEY = Symbol.for("stockroom.agentApiHandler");
/**
 * `(req) => void`: names the request's client (peer, X-Forwarded-For from trusted proxies) for rate limits and drops
 * X-Forwarded-Host/-Proto/-Port and Forwarded unless a trusted proxy sent them.
 */
export const CLIENT_ADDRESS_KEY = Symbol.for("stockroom.clientAddress");

const globals = globalThis as Record<symbol, unknown>;

export function registerNodeApiHandler(): void {
  globals[AGENT_HANDLER_KEY] = createNodeApiHandler();
}

/** The body limits, the agent API's route table, tRPC and better-auth on node:http: answers and says true, or false. */
export function createNodeApiHandler(): (req: IncomingMessage, res: ServerResponse) => boolean {
  const answerAgent = createNodeAgentHandler();
  const answerTrpc = createNodeTrpcHandler();
  const answerAuth = createNodeAuthHandler();
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const pathname = (req.url ?? "/").split("?", 1)[0]!;
    guardNodeRequest(req, res);
    // Every path, before anything reads the body or looks for a session: a declared length over the path's limit.
    const limit = bodyLimitOf(pathname);
    if ((declaredLengthOf(headerOf(req, "content-length")) ?? 0) > limit) {
      writeTooLarge(res, limit, TRPC_RESPONSE_HEADERS);
      return true;
    }
    if (isTrpcRequest(req.method, req.url)) answerTrpc(req, res);
    else if (isAuthPath(pathname)) answerAuth(req, res);
    else if (isAgentApiPath(pathname)) answerAgent(req, res);
    else if (req.headers["transfer-encoding"] !== undefined) writeLengthRequired(res, limit, TRPC_RESPONSE_HEADERS);
    else return false;
    return true;
  };
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Registers the client-address and proxy-header rule with the operator's trusted proxies (STOCKROOM_TRUSTED_PROXIES). */
export function registerClientAddressResolver(trustedProxies: readonly TrustedRange[]): void {
  globals[CLIENT_ADDRESS_KEY] = (req: IncomingMessage) => applyProxyHeaders(req, trustedProxies);
}
