// Word splitting as `unicode_words()` of the Rust `unicode-segmentation` crate: UAX #29 word boundaries,
// keeping the segments that contain a letter or a number. ASCII text (all of it after deunicode) takes a
// direct implementation of the UAX #29 rules, far faster than ICU; anything else goes through Intl.Segmenter.

import { isAscii } from "./ascii";

const enum Cls {
  Other,
  Letter, // ALetter
  Numeric,
  MidNumLetQ, // . and '
  MidLetter, // :
  MidNum, // , ;
  ExtendNumLet, // _
  Break, // CR, LF, VT, FF: always a boundary (WB3a/b)
}

const CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  CLASS[c] = /[A-Za-z]/.test(ch)
    ? Cls.Letter
    : /[0-9]/.test(ch)
      ? Cls.Numeric
      : ch === "." || ch === "'"
        ? Cls.MidNumLetQ
        : ch === ":"
          ? Cls.MidLetter
          : ch === "," || ch === ";"
            ? Cls.MidNum
            : ch === "_"
              ? Cls.ExtendNumLet
              : c >= 0x0a && c <= 0x0d
                ? Cls.Break
                : Cls.Other;
}

const isAlnum = (cls: number): boolean => cls === Cls.Letter || cls === Cls.Numeric;

const classAt = (text: string, i: number): number =>
  i >= 0 && i < text.length ? CLASS[text.charCodeAt(i)]! : Cls.Other;

/** True when UAX #29 puts no boundary between positions i and i + 1 (their classes `left`, `right`). */
function isJoined(text: string, i: number, left: number, right: number): boolean {
  if (left === Cls.Letter) {
    if (right === Cls.Letter || right === Cls.Numeric || right === Cls.ExtendNumLet) return true; // WB5, WB9, WB13a
    if (right === Cls.MidLetter || right === Cls.MidNumLetQ) return classAt(text, i + 2) === Cls.Letter; // WB6
    return false;
  }
  if (left === Cls.Numeric) {
    if (right === Cls.Numeric || right === Cls.Letter || right === Cls.ExtendNumLet) return true; // WB8, WB10, WB13a
    if (right === Cls.MidNum || right === Cls.MidNumLetQ) return classAt(text, i + 2) === Cls.Numeric; // WB12
    return false;
  }
  if (left === Cls.ExtendNumLet) return isAlnum(right) || right === Cls.ExtendNumLet; // WB13b, WB13a
  if (left === Cls.MidLetter || left === Cls.MidNumLetQ || left === Cls.MidNum) {
    const before = classAt(text, i - 1);
    if (before === Cls.Letter && right === Cls.Letter && left !== Cls.MidNum) return true; // WB7
    if (before === Cls.Numeric && right === Cls.Numeric && left !== Cls.MidLetter) return true; // WB11
  }
  return false;
}

function splitAsciiWords(text: string, out: string[]): void {
  const n = text.length;
  let start = 0;
  let left = classAt(text, 0);
  let hasAlnum = isAlnum(left);
  for (let i = 0; i < n; i++) {
    const right = classAt(text, i + 1);
    if (i + 1 < n && isJoined(text, i, left, right)) {
      if (!hasAlnum && isAlnum(right)) hasAlnum = true;
      left = right;
      continue;
    }
    if (hasAlnum) out.push(text.slice(start, i + 1));
    start = i + 1;
    hasAlnum = isAlnum(right);
    left = right;
  }
}

const WORDY = /[\p{Alphabetic}\p{N}]/u;
const segmenters = new Map<string, Intl.Segmenter>();

function segmenterFor(locale: string): Intl.Segmenter {
  let segmenter = segmenters.get(locale);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(locale, { granularity: "word" });
    segmenters.set(locale, segmenter);
  }
  return segmenter;
}

/** Words of `text` per UAX #29 via ICU (dictionary-based for CJK), keeping those with a letter or number. */
export function segmentWordsIcu(text: string, locale = "en"): string[] {
  const out: string[] = [];
  for (const { segment } of segmenterFor(locale).segment(text)) if (WORDY.test(segment)) out.push(segment);
  return out;
}

/** `unicode_words()`: UAX #29 words that contain a letter or a number. */
export function splitWords(text: string, locale = "en"): string[] {
  if (!isAscii(text)) return segmentWordsIcu(text, locale);
  const out: string[] = [];
  splitAsciiWords(text, out);
  return out;
}
