/**
 * The headers pages get from proxy.ts, per request. Scripts run only with this response's nonce (Next.js puts it
 * on its own scripts when it finds it in the request's CSP) or when loaded by such a script ('strict-dynamic'):
 * no 'unsafe-inline' for scripts. Styles keep 'unsafe-inline': CodeMirror and React set style attributes, which
 * nonces cannot cover, and a style cannot run code.
 */
export function pageSecurityHeaders({
  nonce,
  isDev,
  publicUrl,
}: {
  nonce: string;
  isDev: boolean;
  publicUrl: string | undefined;
}): Record<string, string> {
  const policy = [
    "default-src 'self'",
    // React's development build evaluates code for its error overlay; production never does.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${isDev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  return { "Content-Security-Policy": policy, ...hstsHeader(publicUrl) };
}

/** HSTS only when the public URL is https: over plain http the header is ignored, and on localhost it would stick. */
export function hstsHeader(publicUrl: string | undefined): Record<string, string> {
  return publicUrl?.startsWith("https://")
    ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" }
    : {};
}

/** A fresh, unguessable nonce (128 random bits, base64). */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
