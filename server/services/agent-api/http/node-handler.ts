import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { setClientAddressHeader, type TrustedRange } from "../../../http/client-address";
import { answerAgentRequest, tooLarge } from "./agent-http";
import { MAX_IMPORT_BODY_BYTES } from "./import-route";
import { answerEventsRequest, EVENTS_ROUTE, readNodeBody as readEventsBody } from "./events-http";
import type { AgentAnswer } from "./responses";

/** Where `scripts/serve.mjs` finds the handler (registered by instrumentation.ts inside the Next.js server). */
export const AGENT_HANDLER_KEY = Symbol.for("stockroom.agentApiHandler");

export type NodeAgentHandler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The agent API on node:http, in front of Next.js: route handlers cost about a millisecond of framework
 * work per request and cannot send pre-compressed bodies (Next.js strips Content-Encoding), while agents
 * fetch snapshots often and mostly revalidate. Here a 304 is a cache lookup and a 200 writes bytes
 * compressed once per snapshot (br or gzip).
 */
export function createNodeAgentHandler(): NodeAgentHandler {
  return (req, res) => {
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(", ") : (value ?? null);
    };
    const path = req.url ?? "/";
    const readBody = () => readNodeBody(req);
    // Both answer every failure with an answer; only writing the response can still fail.
    const answering: Promise<AgentAnswer> = EVENTS_ROUTE.test(path.split("?", 1)[0]!)
      ? answerEventsRequest({ path, method: req.method ?? "GET", authorization: header("authorization"), readBody: (max) => readEventsBody(req, max) })
      : answerAgentRequest({ path, authorization: header("authorization"), ifNoneMatch: header("if-none-match"), acceptEncoding: header("accept-encoding"), method: req.method, readBody });
    answering
      .then(({ status, headers, body }) => {
        if (body) headers["Content-Length"] = String(body.length);
        res.writeHead(status, headers);
        res.end(body ?? undefined);
      })
      .catch((error: unknown) => {
        console.error("agent API response failed:", error);
        res.destroy();
      });
  };
}

/** The body as text, refused past MAX_IMPORT_BODY_BYTES without reading the rest. */
function readNodeBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    if (Number(req.headers["content-length"] ?? 0) > MAX_IMPORT_BODY_BYTES) return reject(tooLarge());
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_IMPORT_BODY_BYTES) {
        req.pause();
        reject(tooLarge());
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

export function registerNodeAgentHandler(): void {
  (globalThis as Record<symbol, unknown>)[AGENT_HANDLER_KEY] = createNodeAgentHandler();
}

/** Where `scripts/serve.mjs` finds how to name a request's client (peer, X-Forwarded-For) → address. */
export const CLIENT_ADDRESS_KEY = Symbol.for("stockroom.clientAddress");

/** Registers the client-address rule with the operator's trusted proxies (STOCKROOM_TRUSTED_PROXIES). */
export function registerClientAddressResolver(trustedProxies: readonly TrustedRange[]): void {
  (globalThis as Record<symbol, unknown>)[CLIENT_ADDRESS_KEY] = (req: IncomingMessage) => setClientAddressHeader(req, trustedProxies);
}
