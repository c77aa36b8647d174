// CJK handling for the stockroom profile: Han/Kana/Hangul runs are cut by forward maximum matching
// against the Chinese→English tool glossary (translations become English query words); what the
// glossary does not know is segmented by ICU (Intl.Segmenter) and kept as CJK words, so Chinese
// search text (e.g. added with searchTextMode "generated+extra") still matches Chinese requests.
import { segmentWordsIcu } from "./segment";

export const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー々〆]+/gu;

/** CJK word → English words, and the longest key (for forward maximum matching). */
export interface Glossary {
  entries: ReadonlyMap<string, string>;
  longest: number;
}

/** Parses glossary lines `中文|变体=english words` (several texts: later lines add to earlier entries). */
export function parseGlossary(...texts: string[]): Glossary {
  const entries = new Map<string, string>();
  let longest = 1;
  for (const line of texts.join("\n").split("\n")) {
    const at = line.indexOf("=");
    if (at <= 0) continue;
    const english = line.slice(at + 1).trim();
    for (const word of line.slice(0, at).split("|")) {
      const key = word.trim();
      if (key.length === 0) continue;
      entries.set(key, entries.has(key) ? `${entries.get(key)} ${english}` : english);
      longest = Math.max(longest, key.length);
    }
  }
  return { entries, longest };
}

export interface CjkAnalysis {
  /** English words the glossary gives for the run (to be analysed as English). */
  translations: string[];
  /** CJK words left untranslated (ICU segmentation). */
  words: string[];
}

/** Glossary translation of one CJK run, longest entries first; unknown stretches go to ICU. */
export function analyzeCjkRun(run: string, glossary: Glossary): CjkAnalysis {
  const { entries, longest: longestEntry } = glossary;
  const translations: string[] = [];
  const words: string[] = [];
  let unknownStart = -1;
  const flushUnknown = (end: number) => {
    if (unknownStart >= 0) words.push(...segmentWordsIcu(run.slice(unknownStart, end), "zh"));
    unknownStart = -1;
  };
  let i = 0;
  while (i < run.length) {
    let matched = 0;
    for (let len = Math.min(longestEntry, run.length - i); len >= 1; len--) {
      const english = entries.get(run.slice(i, i + len));
      if (english !== undefined) {
        flushUnknown(i);
        translations.push(english);
        matched = len;
        break;
      }
    }
    if (matched > 0) i += matched;
    else {
      if (unknownStart < 0) unknownStart = i;
      i++;
    }
  }
  flushUnknown(run.length);
  return { translations, words };
}

/**
 * The Unicode blocks that hold every character CJK_RUN matches (Hangul Jamo; CJK radicals to Hangul Jamo Extended-A;
 * Hangul syllables and the high surrogates of astral Han, Kana and Hangul; compatibility ideographs; half- and
 * fullwidth forms), whole blocks so later Unicode versions stay inside: the dashes, quotes, arrows and symbols of
 * English text (U+2000–U+2E7F) never reach the script-class regex.
 */
const MAY_BE_CJK = /[\u1100-\u11ff\u2e80-\ua97f\uac00-\udbff\uf900-\ufaff\uff00-\uffef]/;

export function hasCjk(text: string): boolean {
  if (!MAY_BE_CJK.test(text)) return false; // most search text: a plain range scan is far cheaper than script classes
  CJK_RUN.lastIndex = 0;
  return CJK_RUN.test(text);
}
