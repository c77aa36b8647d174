// Identifier splitting for tool names and search text: snake_case, kebab-case, dotted.paths,
// camelCase and PascalCase (acronyms too: "HTTPServer" → "HTTP Server"). A camel-cased word is kept
// whole as well ("GitHub" → "GitHub Git Hub"), so brand names still match when written in one piece.

import { isAscii } from "./ascii";

const CAMEL_LOWER_UPPER = /(\p{Ll})(\p{Lu})/gu;
const CAMEL_ACRONYM = /(\p{Lu})(\p{Lu}\p{Ll})/gu;
const CAMEL_WORD = /(?<![\p{L}\p{N}])[\p{L}\p{N}]*?(?:\p{Ll}\p{Lu}|\p{Lu}\p{Lu}\p{Ll})[\p{L}\p{N}]*/gu;
const SEPARATORS = /[_\-./:\\|+=~#@$%^&*<>()[\]{}"`,;!?]+/g;
const SEPARATOR_CODES = new Set([...'_-./:\\|+=~#@$%^&*<>()[]{}"`,;!?'].map((c) => c.charCodeAt(0)));

function splitCamel(word: string): string {
  return `${word} ${word.replace(CAMEL_LOWER_UPPER, "$1 $2").replace(CAMEL_ACRONYM, "$1 $2")}`;
}

const isUpper = (c: number) => c >= 65 && c <= 90;
const isLower = (c: number) => c >= 97 && c <= 122;
const isAlnum = (c: number) => isUpper(c) || isLower(c) || (c >= 48 && c <= 57);

/** The same transformation by hand for ASCII text, which is most search text (regexes cost 4× more). */
function splitAsciiIdentifiers(text: string): string {
  let out = "";
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (!isAlnum(c)) {
      let j = i;
      let isSeparator = false;
      while (j < n && !isAlnum(text.charCodeAt(j))) {
        if (SEPARATOR_CODES.has(text.charCodeAt(j))) isSeparator = true;
        j++;
      }
      // A run with any separator becomes one space, as SEPARATORS does; other runs are kept as they are.
      out += isSeparator ? separatorRun(text.slice(i, j)) : text.slice(i, j);
      i = j;
      continue;
    }
    let j = i;
    let hasCamel = false;
    while (j < n && isAlnum(text.charCodeAt(j))) {
      const a = text.charCodeAt(j);
      const b = j + 1 < n ? text.charCodeAt(j + 1) : 0;
      if ((isLower(a) && isUpper(b)) || (isUpper(a) && isUpper(b) && j + 2 < n && isLower(text.charCodeAt(j + 2))))
        hasCamel = true;
      j++;
    }
    const word = text.slice(i, j);
    out += hasCamel ? splitCamel(word) : word;
    i = j;
  }
  return out;
}

function separatorRun(run: string): string {
  return run.replace(SEPARATORS, " ");
}

/** Spaces between the parts of identifiers; other text is left as it is. */
export function splitIdentifiers(text: string): string {
  if (isAscii(text)) return splitAsciiIdentifiers(text);
  return text.replace(SEPARATORS, " ").replace(CAMEL_WORD, splitCamel);
}

/**
 * Lowercase words of ASCII text split as identifiers in one pass: runs of letters and digits, cut at
 * camel transitions; a camel-cased word is emitted whole, then its parts ("GitHub" → github git hub).
 */
export function identifierWords(text: string): string[] {
  const out: string[] = [];
  const lower = text.toLowerCase(); // one lowercasing per text, not per word (ASCII: same offsets)
  const n = text.length;
  let i = 0;
  while (i < n) {
    while (i < n && !isAlnum(text.charCodeAt(i))) i++;
    if (i >= n) break;
    let j = i;
    let hasUpper = false;
    for (let c = text.charCodeAt(j); j < n && isAlnum(c); c = text.charCodeAt(++j)) if (isUpper(c)) hasUpper = true;
    if (!hasUpper) {
      out.push(lower.slice(i, j));
      i = j;
      continue;
    }
    // An acronym's plural ("PRs", "VMs") is the acronym, not a camel cut before "Rs".
    if (isAcronymPlural(text, i, j)) {
      out.push(lower.slice(i, j - 1));
      i = j;
      continue;
    }
    out.push(lower.slice(i, j));
    let hasCamel = false;
    for (let k = i + 1; k < j && !hasCamel; k++) hasCamel = isCamelBoundary(text, k, j);
    if (hasCamel) {
      let start = i;
      for (let k = i + 1; k < j; k++) {
        if (isCamelBoundary(text, k, j)) {
          out.push(lower.slice(start, k));
          start = k;
        }
      }
      out.push(lower.slice(start, j));
    }
    i = j;
  }
  return out;
}

/** Two or more capitals and a final "s": "PRs", "APIs". */
function isAcronymPlural(text: string, start: number, end: number): boolean {
  if (end - start < 3 || text.charCodeAt(end - 1) !== 115) return false;
  for (let k = start; k < end - 1; k++) if (!isUpper(text.charCodeAt(k))) return false;
  return true;
}

/** A camel cut before position k of the word ending at `end`: "aB", or "ABc" (cut before "Bc"). */
function isCamelBoundary(text: string, k: number, end: number): boolean {
  const before = text.charCodeAt(k - 1);
  const at = text.charCodeAt(k);
  if (isLower(before) && isUpper(at)) return true;
  return isUpper(before) && isUpper(at) && k + 1 < end && isLower(text.charCodeAt(k + 1));
}

/** The words of a name as written, split at separators and camel humps only ("list_PRs" → list, PRs; "getAlert" → get, Alert). */
export function nameParts(name: string): string[] {
  if (isAscii(name)) return asciiNameParts(name);
  return name.split(/[^\p{L}\p{N}]+|(?<=\p{Ll})(?=\p{Lu})/u).filter(Boolean);
}

/** `nameParts` of an ASCII name in one pass: the same words, several times faster than the regex split. */
function asciiNameParts(name: string): string[] {
  const parts: string[] = [];
  let start = -1;
  for (let i = 0; i <= name.length; i++) {
    const c = i < name.length ? name.charCodeAt(i) : 0;
    if (!isAlnum(c)) {
      if (start >= 0) parts.push(name.slice(start, i));
      start = -1;
    } else if (start < 0) start = i;
    else if (isUpper(c) && isLower(name.charCodeAt(i - 1))) {
      parts.push(name.slice(start, i));
      start = i;
    }
  }
  return parts;
}
