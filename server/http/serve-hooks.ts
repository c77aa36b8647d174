import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createNodeAgentHandler, isAgentApiPath } from "./agent-dispatch";
import { setClientAddressHeader, type TrustedRange } from "./client-address";

// scripts/serve.mjs runs outside the Next.js bundle, so it reaches the bundled server code through these two
// globals, registered by instrumentation.ts once the database is ready.

/** `(req, res) => boolean`: answers a request of the agent route table and says true, or leaves it to Next.js. */
export const AGENT_HANDLER_KEY = Symbol.for("stockroom.agentApiHandler");
/** `(req) => void`: names the request's client (peer, X-Forwarded-For from trusted proxies) for rate limits. */
export const CLIENT_ADDRESS_KEY = Symbol.for("stockroom.clientAddress");

const globals = globalThis as Record<symbol, unknown>;

export function registerNodeAgentHandler(): void {
  const handle = createNodeAgentHandler();
  globals[AGENT_HANDLER_KEY] = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (!isAgentApiPath((req.url ?? "/").split("?", 1)[0]!)) return false;
    handle(req, res);
    return true;
  };
}

/** Registers the client-address rule with the operator's trusted proxies (STOCKROOM_TRUSTED_PROXIES). */
export function registerClientAddressResolver(trustedProxies: readonly TrustedRange[]): void {
  globals[CLIENT_ADDRESS_KEY] = (req: IncomingMessage) => setClientAddressHeader(req, trustedProxies);
}
