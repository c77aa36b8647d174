import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { answerAgentRequest } from "./agent-http";
import { answerEventsRequest, EVENTS_ROUTE, readNodeBody } from "./events-http";
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
    // Both answer every failure with an answer; only writing the response can still fail.
    const answering: Promise<AgentAnswer> = EVENTS_ROUTE.test(path.split("?", 1)[0]!)
      ? answerEventsRequest({ path, method: req.method ?? "GET", authorization: header("authorization"), readBody: (max) => readNodeBody(req, max) })
      : answerAgentRequest({ path, authorization: header("authorization"), ifNoneMatch: header("if-none-match"), acceptEncoding: header("accept-encoding") });
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

export function registerNodeAgentHandler(): void {
  (globalThis as Record<symbol, unknown>)[AGENT_HANDLER_KEY] = createNodeAgentHandler();
}
