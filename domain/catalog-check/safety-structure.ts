// Safety rules that read structure rather than sentences: hidden blocks and invisible characters (parameters that
// ask for what a tool has no business receiving are in out-of-scope.ts).
import { makeFinding } from "./finding";
import { AUTHORITY_TAG, BRACKET_MARKER, CAPS_TAG, DIRECTIVE, HTML_COMMENT, PADDING, SECOND_PERSON } from "./patterns";
import { schemaProperties, toolTexts, wordsOf } from "./text";
import type { CheckTool, Finding, TextSpan } from "./types";

/**
 * Invisible and reordering characters: zero-width (U+200B–U+200F), bidirectional embeddings, overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069), invisible operators (U+2060–U+2064), a byte-order mark inside text (U+FEFF),
 * the Mongolian vowel separator (U+180E) and tag characters (U+E0000–U+E007F, "ASCII smuggling"). A zero-width
 * joiner or non-joiner between two non-ASCII letters or symbols (emoji, Persian, Indic scripts) is kept.
 */
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u180E]|\uDB40[\uDC00-\uDC7F]/g;

function isJoinerInScript(text: string, index: number, char: string): boolean {
  if (char !== "\u200C" && char !== "\u200D") return false;
  const before = text.codePointAt(Math.max(0, index - 1)) ?? 0;
  const after = text.codePointAt(index + 1) ?? 0;
  return before > 0x7f && after > 0x7f;
}

/** The invisible characters of a text as spans (positions in UTF-16 units). */
const HAS_INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u180E]|\uDB40[\uDC00-\uDC7F]/;

export function invisibleSpans(field: string, text: string): TextSpan[] {
  const spans: TextSpan[] = [];
  if (!HAS_INVISIBLE.test(text)) return spans;
  for (const match of text.matchAll(INVISIBLE)) {
    if (isJoinerInScript(text, match.index, match[0])) continue;
    const code = match[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
    spans.push({ field, start: match.index, end: match.index + match[0].length, text: `U+${code}` });
  }
  return spans;
}

/** The text without its invisible characters (the deterministic fix). */
export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, (char, index: number) => (isJoinerInScript(text, index, char) ? char : ""));
}

export function checkInvisibleUnicode(tool: CheckTool): Finding[] {
  const texts = [{ field: "name", text: tool.name }, ...toolTexts(tool)];
  for (const prop of schemaProperties(tool.parameters))
    texts.push({ field: `parameters.${prop.path}#name`, text: prop.name });
  const spans = texts.flatMap(({ field, text }) => invisibleSpans(field, text));
  if (spans.length === 0) return [];
  const fields = [...new Set(spans.map((s) => s.field))].join(", ");
  const inDescription = spans.some((s) => s.field === "description");
  return [
    makeFinding(
      "safety/invisible-unicode",
      tool.id,
      `${spans.length} invisible or direction-changing character${spans.length === 1 ? "" : "s"} in ${fields}: a reviewer cannot see what the model reads. Remove them.`,
      { spans: spans.slice(0, 20) },
      inDescription
        ? { label: "Remove the invisible characters", patch: { description: stripInvisible(tool.description) } }
        : undefined,
    ),
  ];
}

function hiddenBlockIn(field: string, text: string): TextSpan | null {
  if (!/[<[#]|\s{9}/.test(text)) return null;
  const span = (m: RegExpExecArray | null, length?: number): TextSpan | null =>
    m
      ? {
          field,
          start: m.index,
          end: m.index + (length ?? m[0].length),
          text: text.slice(m.index, m.index + (length ?? m[0].length)),
        }
      : null;
  const authority = AUTHORITY_TAG.exec(text);
  if (authority && (authority[1] === authority[1]!.toUpperCase() || distinctTags(text) <= 2)) return span(authority);
  const caps = CAPS_TAG.exec(text);
  if (caps && blockAddressesModel(text.slice(caps.index, caps.index + 600))) return span(caps);
  const comment = HTML_COMMENT.exec(text);
  if (comment && wordsOf(comment[1]!).length >= 3) return span(comment);
  const marker = BRACKET_MARKER.exec(text);
  if (marker) return span(marker);
  const padding = PADDING.exec(text);
  if (padding && blockAddressesModel(text.slice(padding.index))) return span(padding, Math.min(padding[0].length, 60));
  return null;
}

/**
 * How many different tag names a text uses. A description laid out in tagged sections (<use_case>, <instructions>,
 * <example>) is formatting; a lone block tagged important or system is an instruction meant to stand apart.
 */
function distinctTags(text: string): number {
  return new Set([...text.matchAll(/<\s*\/?\s*([A-Za-z][\w-]*)[^>]*>/g)].map((m) => m[1]!.toLowerCase())).size;
}

function blockAddressesModel(block: string): boolean {
  return DIRECTIVE.test(block) || SECOND_PERSON.test(block);
}

export function checkHiddenBlocks(tool: CheckTool): Finding[] {
  const spans = toolTexts(tool)
    .map(({ field, text }) => hiddenBlockIn(field, text))
    .filter((s): s is TextSpan => s !== null);
  if (spans.length === 0) return [];
  return [
    makeFinding(
      "safety/hidden-block",
      tool.id,
      "Text is marked for the model only (an <IMPORTANT>-style tag, a comment, a [SYSTEM] marker or padding that pushes it out of view). Write it as plain description or remove it.",
      { spans },
    ),
  ];
}
