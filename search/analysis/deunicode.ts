// ASCII transliteration that reproduces `deunicode::deunicode_with_tofu_cow(text, "[?]")` (deunicode 1.6.x),
// quirks included: see search/README.md, "Profile codex-bm25".
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
  const at = text.search(NOT_ASCII);
  return at < 0 ? text.length : at;
}

const NOT_ASCII = /[^\x00-\x7e]/;
const isPrintableAscii = (cp: number) => cp >= 0x20 && cp <= 0x7e;

export function deunicode(text: string): string {
  const asciiLength = leadingAsciiLength(text);
  if (asciiLength === text.length) return text;
  const table = loadTable();
  let out = text.slice(0, asciiLength);
  // A multi-char transliteration ending in a space drops it at the end or before one that starts with a
  // space; such a transliteration waits here until the next one is known.
  let pending: string | null = null;
  const flush = (nextFirst: number) => {
    if (pending !== null) out += nextFirst === 32 ? pending.slice(0, -1) : pending;
    pending = null;
  };
  for (let i = asciiLength; i < text.length; i++) {
    let cp = text.charCodeAt(i);
    if (isPrintableAscii(cp)) {
      // Printable ASCII transliterates to itself (control chars go through the table, which drops them): copy the run.
      let j = i + 1;
      while (j < text.length && isPrintableAscii(text.charCodeAt(j))) j++;
      flush(cp);
      out += text.slice(i, j);
      i = j - 1;
      continue;
    }
    if (cp >= 0xd800 && cp <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
        i++;
      }
    }
    const current = cp < POINTER_COUNT ? (table[cp] ?? null) : null;
    if (current === null) {
      flush(-1);
      out += TOFU;
    } else {
      flush(current.length > 0 ? current.charCodeAt(0) : -1);
      if (current.length > 1 && current.charCodeAt(current.length - 1) === 32) pending = current;
      else out += current;
    }
  }
  flush(32); // at the end, a trailing space is dropped too
  return out;
}
