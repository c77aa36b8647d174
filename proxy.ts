import { NextResponse, type NextRequest } from "next/server";
import { newNonce, pageSecurityHeaders } from "@/server/http/page-security";

/** Gives every page a fresh script nonce (see page-security.ts), in the request for Next.js and in the response's CSP. */
export function proxy(request: NextRequest) {
  const nonce = newNonce();
  const headers = pageSecurityHeaders({
    nonce,
    isDev: process.env.NODE_ENV === "development",
    publicUrl: process.env.STOCKROOM_URL,
  });
  const requestHeaders = new Headers(request.headers);
  // An inline script of our own (e.g. a theme script) reads it with `(await headers()).get("x-nonce")`.
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", headers["Content-Security-Policy"]!);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Pages only: API answers are JSON with their own headers (next.config.mjs, responses.ts), static files run nothing.
  matcher: [{ source: "/((?!api/|_next/static|_next/image|favicon.ico).*)" }],
};
