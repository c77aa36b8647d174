import { AppError } from "../errors";

/**
 * How deep a request's JSON may nest (objects and arrays, the outermost counting 1). Tool parameters stop at 32
 * (domain/tool-rules), tRPC's envelope adds two; past a few thousand, `JSON.stringify` and recursive walkers
 * overflow the stack. 256 leaves room for any real import file.
 */
export const MAX_JSON_DEPTH = 256;

const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \

/**
 * The deepest nesting in a JSON text, counted in one pass without parsing (brackets inside strings skipped), and
 * stopping as soon as it passes `cap`. Invalid JSON is left to JSON.parse: this only counts.
 */
export function jsonTextDepth(text: string, cap = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > cap) return deepest;
      }
    } else if ((c === CLOSE_OBJECT || c === CLOSE_ARRAY) && depth > 0) depth--;
  }
  return deepest;
}

/** The 400 for JSON nested past MAX_JSON_DEPTH (`what` names the part: "The body", "The input"). */
export function tooDeepError(what = "The body"): AppError {
  return new AppError(
    "INVALID_INPUT",
    `${what} nests JSON deeper than the limit of ${MAX_JSON_DEPTH} levels of objects and arrays; flatten it.`,
  );
}

/** Refuses JSON text nested past MAX_JSON_DEPTH before anything parses or walks it. */
export function checkJsonDepth(text: string, what?: string): AppError | null {
  return jsonTextDepth(text) > MAX_JSON_DEPTH ? tooDeepError(what) : null;
}

/** JSON.parse behind the depth check; `hint` turns a syntax error's reason into the 400's message. */
export function parseJsonWithinDepth(text: string, hint: (reason: string) => string): unknown {
  const tooDeep = checkJsonDepth(text);
  if (tooDeep) throw tooDeep;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new AppError("INVALID_INPUT", hint((error as Error).message));
  }
}
