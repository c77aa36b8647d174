import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createNodeAgentHandler, isAgentApiPath } from "./agent-dispatch";
import { setClientAddressHeader, type TrustedRange } from "./client-address";
import { createNodeTrpcHandler, isTrpcRequest } from "./trpc-node";

// scripts/serve.mjs runs outside the Next.js bundle, so it reaches the bundled server code through these two
// globals, registered by instrumentation.ts once the database is ready.

/**
 * `(req, res) => boolean`: answers a request of the agent route table or a tRPC procedure call and says true, or
 * leaves it to Next.js.
 */
export const AGENT_HANDLER_KEY = Symbol.for("stockroom.agentApiHandler");
/** `(req) => void`: names the request's client (peer, X-Forwarded-For from trusted proxies) for rate limits. */
export const CLIENT_ADDRESS_KEY = Symbol.for("stockroom.clientAddress");

const globals = globalThis as Record<symbol, unknown>;

export function registerNodeApiHandler(): void {
  const answerAgent = createNodeAgentHandler();
  const answerTrpc = createNodeTrpcHandler();
  globals[AGENT_HANDLER_KEY] = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (isTrpcRequest(req.method, req.url)) {
      answerTrpc(req, res);
      return true;
    }
    if (!isAgentApiPath((req.url ?? "/").split("?", 1)[0]!)) return false;
    answerAgent(req, res);
    return true;
  };
}

/** Registers the client-address rule with the operator's trusted proxies (STOCKROOM_TRUSTED_PROXIES). */
export function registerClientAddressResolver(trustedProxies: readonly TrustedRange[]): void {
  globals[CLIENT_ADDRESS_KEY] = (req: IncomingMessage) => setClientAddressHeader(req, trustedProxies);
}
