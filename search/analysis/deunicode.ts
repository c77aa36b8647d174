// ASCII transliteration that reproduces `deunicode::deunicode_with_tofu_cow(text, "[?]")` (deunicode 1.6.x),
// quirks included: see ../shared/parity/README.md.
import { MAPPING, POINTER_COUNT, POINTER_RANGES, POINTERS_BASE64 } from "../data/deunicode-table";

const TOFU = "[?]";

let table: Array<string | null> | null = null;

function decodeBase64(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Decoded once, lazily: index = code point, value = transliteration, null = unknown. */
function loadTable(): Array<string | null> {
  if (table) return table;
  const bytes = decodeBase64(POINTERS_BASE64);
  const result = new Array<string | null>(POINTER_COUNT).fill(null);
  let at = 0;
  for (let r = 0; r < POINTER_RANGES.length; r += 2) {
    const start = POINTER_RANGES[r]!;
    const count = POINTER_RANGES[r + 1]!;
    for (let cp = start; cp < start + count; cp++, at += 3) {
      const b0 = bytes[at]!;
      const b1 = bytes[at + 1]!;
      const len = bytes[at + 2]!;
      if (len <= 2) {
        result[cp] = String.fromCharCode(b0, b1).slice(0, len);
      } else {
        const offset = b0 | (b1 << 8);
        result[cp] = offset + len <= MAPPING.length ? MAPPING.slice(offset, offset + len) : null;
      }
    }
  }
  table = result;
  return table;
}

/** The transliteration of one code point, or null when deunicode has none. */
export function deunicodeChar(codePoint: number): string | null {
  if (codePoint >= POINTER_COUNT) return null;
  return loadTable()[codePoint] ?? null;
}

/** Length of the leading run of chars < 0x7F, which deunicode copies unchanged. */
function leadingAsciiLength(text: string): number {
  let i = 0;
  while (i < text.length && text.charCodeAt(i) < 0x7f) i++;
  return i;
}

export function deunicode(text: string): string {
  const asciiLength = leadingAsciiLength(text);
  if (asciiLength === text.length) return text;
  const table = loadTable();
  // Transliterations of the remaining code points, in order (ASCII goes through the table too: it drops control chars).
  const mapped: Array<string | null> = [];
  for (let i = asciiLength; i < text.length; i++) {
    let cp = text.charCodeAt(i);
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
        i++;
      }
    }
    mapped.push(cp < POINTER_COUNT ? (table[cp] ?? null) : null);
  }
  let out = text.slice(0, asciiLength);
  for (let i = 0; i < mapped.length; i++) {
    const current = mapped[i];
    if (current === null || current === undefined) {
      out += TOFU;
      continue;
    }
    // A multi-char transliteration ending in a space drops it at the end or before one that starts with a space.
    if (current.length > 1 && current.charCodeAt(current.length - 1) === 32) {
      const next = i + 1 < mapped.length ? mapped[i + 1] : undefined;
      const trim = next === undefined || (next !== null && next.charCodeAt(0) === 32);
      out += trim ? current.slice(0, -1) : current;
    } else {
      out += current;
    }
  }
  return out;
}
