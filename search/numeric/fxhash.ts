// fxhash 0.2.1 `hash32` of a Rust `&str`: 4-byte little-endian words, then the remaining bytes one by one,
// then the 0xff terminator that `impl Hash for str` writes. The `bm25` crate keys tokens by this hash, so
// tokens that collide count as one term there; the codex-bm25 profile keys them the same way.
const SEED32 = 0x27220a95; // low 32 bits of fxhash's 0x517cc1b727220a95
const encoder = new TextEncoder();

function mix(hash: number, word: number): number {
  return Math.imul(((hash << 5) | (hash >>> 27)) ^ word, SEED32) >>> 0;
}

export function fxhash32(text: string): number {
  let hash = 0;
  let i = 0;
  const n = text.length;
  for (let k = 0; k < n; k++) if (text.charCodeAt(k) >= 0x80) return fxhash32Bytes(encoder.encode(text));
  // ASCII: the UTF-8 bytes are the char codes.
  for (; i + 4 <= n; i += 4) {
    hash = mix(
      hash,
      text.charCodeAt(i) |
        (text.charCodeAt(i + 1) << 8) |
        (text.charCodeAt(i + 2) << 16) |
        (text.charCodeAt(i + 3) << 24),
    );
  }
  for (; i < n; i++) hash = mix(hash, text.charCodeAt(i));
  return mix(hash, 0xff);
}

function fxhash32Bytes(bytes: Uint8Array): number {
  let hash = 0;
  let i = 0;
  for (; i + 4 <= bytes.length; i += 4) {
    hash = mix(hash, bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24));
  }
  for (; i < bytes.length; i++) hash = mix(hash, bytes[i]!);
  return mix(hash, 0xff);
}
