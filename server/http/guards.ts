import { AppError, httpStatusOf } from "../errors";

/** Largest request body the app accepts (imports of large tools/list files included). */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;

export function errorResponse(error: AppError, headers: HeadersInit = {}): Response {
  return Response.json(
    { error: { code: error.code, message: error.message } },
    { status: httpStatusOf(error.code), headers },
  );
}

/**
 * Cross-site request forgery: a state-changing request riding on a session cookie must come from
 * our own origin. Browsers always send `Origin` on POST; agents authenticate with a bearer token
 * and carry no cookie, so they are not affected.
 */
export function checkSameOrigin(request: Request): AppError | null {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return null;
  if (!request.headers.get("cookie")) return null;
  const origin = request.headers.get("origin");
  const fetchSite = request.headers.get("sec-fetch-site");
  if (origin) {
    const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
    if (host && hostOf(origin) === host) return null;
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

function hostOf(origin: string): string | null {
  if (!URL.canParse(origin)) return null;
  const url = new URL(origin);
  return url.protocol === "http:" || url.protocol === "https:" ? url.host : null;
}

/** Refuses bodies over `limit` bytes before they are read (by Content-Length), and while reading. */
export async function readBodyWithLimit(request: Request, limit = MAX_BODY_BYTES): Promise<string | AppError> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  const tooLarge = () =>
    new AppError("PAYLOAD_TOO_LARGE", `Request body is over the ${Math.round(limit / 1024 / 1024)} MB limit.`);
  if (declared > limit) return tooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
