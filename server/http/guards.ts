import { AppError, httpStatusOf } from "../errors";

/** Largest request body the app accepts (imports of large tools/list files included). */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;
/**
 * Largest body of a better-auth endpoint (`/api/auth/*`): an email, a name, passwords and a few flags, read before
 * anyone is authenticated, so kept small.
 */
export const AUTH_MAX_BODY_BYTES = 32 * 1024;
export const AUTH_PATH_PREFIX = "/api/auth/";

/** The body limit of a path: small for the sign-in endpoints, MAX_BODY_BYTES elsewhere. */
export function bodyLimitOf(pathname: string): number {
  return pathname.startsWith(AUTH_PATH_PREFIX) || pathname === "/api/auth" ? AUTH_MAX_BODY_BYTES : MAX_BODY_BYTES;
}

export function errorResponse(error: AppError, headers: HeadersInit = {}): Response {
  return Response.json(
    { error: { code: error.code, message: error.message } },
    { status: httpStatusOf(error.code), headers },
  );
}

/**
 * Cross-site request forgery: a state-changing request riding on a session cookie must come from
 * our own origin: the configured public URL (STOCKROOM_URL, what a browser behind a proxy shows) or the host the
 * browser addressed (`Host`). Never `X-Forwarded-Host`, which a client can write (issue 33, item 6).
 * Browsers always send `Origin` on POST; agents authenticate with a bearer token and carry no cookie, so they
 * are not affected.
 */
export function checkSameOrigin(request: Request, publicUrl: string): AppError | null {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return null;
  if (!request.headers.get("cookie")) return null;
  const origin = request.headers.get("origin");
  const fetchSite = request.headers.get("sec-fetch-site");
  if (origin) {
    const host = request.headers.get("host");
    if (originOf(origin) === originOf(publicUrl) || (host && hostOf(origin) === host)) return null;
    // `Origin: null` (sandboxed frames, file: pages, some redirects) and unparsable values are never this app.
    return new AppError(
      "FORBIDDEN",
      `Cross-site request refused: origin ${JSON.stringify(origin.slice(0, 200))} is not this app.`,
    );
  }
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") {
    return new AppError("FORBIDDEN", "Cross-site request refused.");
  }
  return null;
}

function originOf(url: string): string | null {
  return URL.canParse(url) ? new URL(url).origin : null;
}

function hostOf(origin: string): string | null {
  if (!URL.canParse(origin)) return null;
  const url = new URL(origin);
  return url.protocol === "http:" || url.protocol === "https:" ? url.host : null;
}

/** The limit as a person reads it: `32 KB`, `5 MB`. */
export function describeBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** The refusal of a body over `limit`, naming the limit. */
export function tooLargeError(limit: number): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", `Request body is over the ${describeBytes(limit)} limit.`);
}

/** A Content-Length header as a number of bytes: null when absent; a malformed one counts as infinitely long. */
export function declaredLengthOf(header: string | null | undefined): number | null {
  if (header === null || header === undefined) return null;
  return /^\d+$/.test(header.trim()) ? Number(header.trim()) : Number.POSITIVE_INFINITY;
}

/** Refuses bodies over `limit` bytes before they are read (by Content-Length), and while reading. */
export async function readBytesWithLimit(request: Request, limit = MAX_BODY_BYTES): Promise<Uint8Array | AppError> {
  if ((declaredLengthOf(request.headers.get("content-length")) ?? 0) > limit) return tooLargeError(limit);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return tooLargeError(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The body as text, refused over `limit` bytes by Content-Length and while reading (see readBytesWithLimit). */
export async function readBodyWithLimit(request: Request, limit = MAX_BODY_BYTES): Promise<string | AppError> {
  const bytes = await readBytesWithLimit(request, limit);
  return bytes instanceof Uint8Array ? new TextDecoder().decode(bytes) : bytes;
}
