import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { constants, gzipSync } from "node:zlib";
import Negotiator from "negotiator";
import { MAX_BODY_BYTES } from "./guards";
import { readNodeBodyWithLimit, TOO_LARGE, writeTooLarge } from "./node-body";
import { TRPC_ENDPOINT, handleTrpcRequest } from "./trpc-handler";
import { log } from "../ops/logger";

/**
 * The headers next.config.mjs gives every `/api/…` answer (its SECURITY_HEADERS and the API's CSP), which
 * Next.js no longer adds once the hook below answers; trpc-node.test.ts keeps the two lists equal.
 */
export const TRPC_RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
};

/** Next.js's compression (the `compression` package): bodies from 1 KiB up, gzip when the client takes it. */
const COMPRESS_FROM_BYTES = 1024;
const ENCODINGS = ["gzip", "identity"];

const PROCEDURE_PATH = new RegExp(`^${TRPC_ENDPOINT}/[^/]+$`);

/**
 * True for what the hook answers: GET and POST of one procedure path, the methods the Next.js route exports.
 * Anything else (HEAD, OPTIONS, other methods, other paths) stays with Next.js, which answers it as before.
 */
export function isTrpcRequest(method: string | undefined, url: string | undefined): boolean {
  if (method !== "GET" && method !== "POST") return false;
  return PROCEDURE_PATH.test((url ?? "/").split("?", 1)[0]!);
}

function toRequest(req: IncomingMessage, body: Buffer | null): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  // Only the path and query reach the handler's logic (tRPC's procedure and input); the host is a placeholder.
  const url = new URL(req.url ?? "/", "http://localhost");
  if (req.method !== "POST") return new Request(url, { method: req.method, headers });
  return new Request(url, {
    method: "POST",
    headers,
    body: body ? new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length) : null,
  });
}

function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  return new Negotiator({ headers: { "accept-encoding": acceptEncoding } }).encoding(ENCODINGS) === "gzip";
}

/** The handler's Response on node:http, with the headers and compression Next.js gave `/api` routes. */
export async function writeApiResponse(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = { ...TRPC_RESPONSE_HEADERS };
  for (const [name, value] of response.headers) if (name !== "set-cookie") headers[name] = value;
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  let body = Buffer.from(await response.arrayBuffer());
  headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding";
  if (body.length >= COMPRESS_FROM_BYTES && acceptsGzip(req.headers["accept-encoding"])) {
    // Level 1: a playground answer (~25 KB of JSON) shrinks about as much as at the default level for a
    // fraction of the CPU, and this runs on the one thread that serves everyone.
    body = gzipSync(body, { level: constants.Z_BEST_SPEED });
    headers["content-encoding"] = "gzip";
  }
  headers["content-length"] = String(body.length);
  // Answered before the body was read (a refused origin, a body over the limit): the rest of it is still on the
  // socket, which cannot carry another request; without this the client's next request on it was reset.
  if (!req.complete) headers.connection = "close";
  res.writeHead(response.status, headers);
  res.end(body);
}

export type NodeTrpcHandler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * tRPC on node:http, in front of Next.js (like the agent API, see agent-dispatch.ts): Next.js's route machinery
 * (tracing, web-stream piping, its compression stream) cost more CPU per playground query than the query itself.
 * The same handler as the route (server/http/trpc-handler.ts), so checks, context and errors are the route's.
 */
export function createNodeTrpcHandler(): NodeTrpcHandler {
  return (req, res) => {
    // The body is read here, bounded (node-body.ts): a body over the limit is answered 413 without reading on.
    const body = req.method === "POST" ? readNodeBodyWithLimit(req, MAX_BODY_BYTES) : Promise.resolve(null);
    body
      .then(async (bytes) => {
        if (bytes === TOO_LARGE) return writeTooLarge(res, MAX_BODY_BYTES, TRPC_RESPONSE_HEADERS);
        await writeApiResponse(req, res, await handleTrpcRequest(toRequest(req, bytes)));
      })
      .catch((error: unknown) => {
        log().error({ err: error }, "tRPC response failed");
        if (res.headersSent) res.destroy();
        else
          res.writeHead(500, { ...TRPC_RESPONSE_HEADERS, "content-type": "application/json" }).end(
            JSON.stringify({
              error: { code: "INTERNAL", message: "Something went wrong on our side; try again shortly." },
            }),
          );
      });
  };
}
