/**
 * Text Postgres cannot store, found before any write: U+0000 (refused by `text` and `jsonb`) and lone UTF-16
 * surrogates (`\ud800` alone is not Unicode: `jsonb` refuses its escape, `text` would silently get U+FFFD).
 * Checked on every tRPC input and inside imported or pasted JSON, whose escapes (`\u0000`) only appear once parsed.
 */
const LONE_SURROGATE = /\p{Cs}/u;
const MAX_DEPTH = 256;

export interface UnstorableText {
  /** Dotted path of the field (or "input"); `(a key)` when an object key is at fault. */
  field: string;
  problem: "nul" | "surrogate";
}

function problemOf(text: string): UnstorableText["problem"] | null {
  if (text.includes("\u0000")) return "nul";
  return LONE_SURROGATE.test(text) ? "surrogate" : null;
}

export function findUnstorableText(value: unknown, path = "", depth = 0): UnstorableText | null {
  if (typeof value === "string") {
    const problem = problemOf(value);
    return problem ? { field: path || "input", problem } : null;
  }
  if (depth > MAX_DEPTH || value === null || typeof value !== "object") return null;
  for (const key of Object.keys(value)) {
    const keyProblem = problemOf(key);
    if (keyProblem) return { field: `${path}${path ? "." : ""}(a key)`, problem: keyProblem };
    const found = findUnstorableText((value as Record<string, unknown>)[key], path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/** The message for the person who sent it: which field, what is wrong, what to do. */
export function describeUnstorableText({ field, problem }: UnstorableText): string {
  return problem === "nul"
    ? `${field} contains a NUL character (U+0000), which cannot be stored; remove it.`
    : `${field} contains a lone UTF-16 surrogate (such as \\ud800), which is not valid Unicode; remove it or send the whole character.`;
}
