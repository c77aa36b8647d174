/** Where a redirect falls back to when `next` is missing or not a path of this app. */
export const DEFAULT_NEXT_PATH = "/";
const MAX_NEXT_LENGTH = 2048;
/** How many layers of percent-encoding are looked through (`%2525…` beyond that is refused, not guessed). */
const MAX_DECODE_ROUNDS = 4;
/** Only the characters RFC 3986 allows in a path, query and fragment, `%` for escapes: no space, control or `\`. */
const URL_CHARACTERS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?#%[\]]*$/;
const PROBE_ORIGIN = "http://stockroom.invalid";

/**
 * A form a browser or a server could read as another site: not a path, `//host`, `/\host`, a control character
 * (which URL parsers strip: `/<TAB>/host` is `//host`) or a backslash anywhere, or a path that resolves elsewhere
 * (`/..//host`).
 */
function looksForeign(text: string): boolean {
  if (!text.startsWith("/") || /^\/[/\\]/.test(text)) return true;
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(text)) return true;
  if (!URL.canParse(text, PROBE_ORIGIN)) return true;
  const url = new URL(text, PROBE_ORIGIN);
  return url.origin !== PROBE_ORIGIN || /^\/[/\\]/.test(url.pathname);
}

/** Every decoding of `text` (up to a few layers), or null when one is malformed or more layers remain. */
function decodings(text: string): string[] | null {
  const layers = [text];
  let current = text;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (decoded === current) return layers;
    layers.push(decoded);
    current = decoded;
  }
  return null;
}

/**
 * The `next` of a sign-in, sign-up or invite link as a path of this app, or `/`: never another origin, whatever
 * it holds (absolute and protocol-relative URLs, backslashes, TAB/LF/CR that browsers strip, percent-encoded forms
 * of any of these, `/..//host` that resolves to `//host`). What comes back is the resolved path, query and fragment.
 */
export function safeNextPath(next: unknown): string {
  if (typeof next !== "string" || next.length === 0 || next.length > MAX_NEXT_LENGTH) return DEFAULT_NEXT_PATH;
  if (!URL_CHARACTERS.test(next)) return DEFAULT_NEXT_PATH;
  const layers = decodings(next);
  if (!layers || layers.some(looksForeign)) return DEFAULT_NEXT_PATH;
  const url = new URL(next, PROBE_ORIGIN);
  return `${url.pathname}${url.search}${url.hash}`;
}
