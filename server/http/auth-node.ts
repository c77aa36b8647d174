import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { getAuth } from "../auth";
import { getEnv } from "../env";
import { AUTH_MAX_BODY_BYTES } from "./guards";
import { readNodeBodyWithLimit, TOO_LARGE, writeTooLarge } from "./node-body";
import { TRPC_RESPONSE_HEADERS, writeApiResponse } from "./trpc-node";

/** True for the paths better-auth answers (`app/api/auth/[...all]`). */
export const isAuthPath = (pathname: string) => pathname.startsWith("/api/auth/");

function toHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return headers;
}

async function answerAuth(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = req.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  const body = hasBody ? await readNodeBodyWithLimit(req, AUTH_MAX_BODY_BYTES) : null;
  if (body === TOO_LARGE) return writeTooLarge(res, AUTH_MAX_BODY_BYTES, TRPC_RESPONSE_HEADERS);
  // better-auth resolves its paths against the configured URL (STOCKROOM_URL), never a client's Host.
  const request = new Request(new URL(req.url ?? "/", getEnv().STOCKROOM_URL), {
    method,
    headers: toHeaders(req),
    body: body ? new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length) : null,
  });
  await writeApiResponse(req, res, await (await getAuth()).handler(request));
}

/**
 * better-auth (`/api/auth/*`) on node:http in front of Next.js, so its body is bounded before anyone is
 * authenticated (issue 33, item 2): a body over AUTH_MAX_BODY_BYTES, declared or while reading, is answered 413
 * and the rest is never held. The same handler as the route file, with the `/api` headers of next.config.mjs.
 */
export function createNodeAuthHandler(): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    answerAuth(req, res).catch((error: unknown) => {
      console.error("auth response failed:", error);
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
