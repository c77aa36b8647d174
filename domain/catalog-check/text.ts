// Text helpers for the rules: a tool's texts (description and every parameter description) and their sentences,
// with offsets so a finding can point at the span.
import type { CheckTool, TextSpan } from "./types";

export interface ToolText {
  /** `description`; `parameters.<path>` for a property's description, `parameters.<path>#title` (or `#default`,
   * `#examples`) for its other words; `parameters#description` / `#title` for the schema's own. */
  field: string;
  text: string;
  /** For a parameter: its property name. */
  property?: string;
}

export interface Sentence {
  field: string;
  start: number;
  end: number;
  text: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export interface SchemaProperty {
  path: string;
  name: string;
  schema: Record<string, unknown>;
}

const propertiesMemo = new WeakMap<object, SchemaProperty[]>();

/** The properties of a JSON Schema, nested ones too (depth-limited), in document order; memoized per schema object. */
export function schemaProperties(schema: unknown): SchemaProperty[] {
  if (!isRecord(schema)) return [];
  let props = propertiesMemo.get(schema);
  if (!props) {
    props = collectProperties(schema, "", 0);
    propertiesMemo.set(schema, props);
  }
  return props;
}

function collectProperties(schema: unknown, prefix: string, depth: number): SchemaProperty[] {
  if (!isRecord(schema) || depth > 6) return [];
  const out: SchemaProperty[] = [];
  const props = schema.properties;
  if (isRecord(props)) {
    for (const [name, child] of Object.entries(props)) {
      if (!isRecord(child)) continue;
      const path = prefix ? `${prefix}.${name}` : name;
      out.push({ path, name, schema: child });
      out.push(...collectProperties(child, path, depth + 1));
      if (isRecord(child.items)) out.push(...collectProperties(child.items, `${path}[]`, depth + 1));
    }
  }
  return out;
}

/**
 * Every place a tool's words reach the model: the description, the schema's own description and title, and each
 * parameter's description, title, default and examples (a client shows the model the whole schema, so text hidden
 * in a default is read as much as a description is).
 */
export function toolTexts(tool: CheckTool): ToolText[] {
  const texts: ToolText[] = [{ field: "description", text: tool.description }];
  const root = isRecord(tool.parameters) ? tool.parameters : {};
  for (const key of ["description", "title"] as const) {
    const text = root[key];
    if (typeof text === "string" && text.length > 0) texts.push({ field: `parameters#${key}`, text });
  }
  for (const prop of schemaProperties(tool.parameters)) {
    const { description, title, default: fallback, examples } = prop.schema;
    if (typeof description === "string" && description.length > 0)
      texts.push({ field: `parameters.${prop.path}`, text: description, property: prop.name });
    const extra: Array<[string, unknown]> = [
      ["title", title],
      ["default", fallback],
      ...(Array.isArray(examples) ? examples.map((e): [string, unknown] => ["examples", e]) : []),
    ];
    for (const [key, text] of extra)
      if (typeof text === "string" && text.length > 0)
        texts.push({ field: `parameters.${prop.path}#${key}`, text, property: prop.name });
  }
  return texts;
}

/**
 * Sentences of a text: split after . ! ? : followed by a space, at blank lines, list items and tags (a single
 * line break inside a sentence, as in hard-wrapped text, does not split), with UTF-16 offsets.
 * Good enough for rules that look at one instruction at a time.
 */
export function sentencesOf(field: string, text: string): Sentence[] {
  const out: Sentence[] = [];
  const boundary = /[.!?:](?=\s)|\n\s*\n|\n(?=\s*([-*•#]|\d+[.)])\s)|(?=<\/?[A-Za-z])/g;
  let start = 0;
  const push = (end: number) => {
    const raw = text.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed.length > 0) out.push({ field, start: start + lead, end: start + lead + trimmed.length, text: trimmed });
  };
  for (const match of text.matchAll(boundary)) {
    const end = match.index + match[0].length;
    if (end <= start) continue;
    push(end);
    start = end;
  }
  push(text.length);
  return out;
}

/**
 * The text without the given spans (sentences of it), each taken out with the white space that followed it, so the
 * rest reads on; overlapping spans are taken out once.
 */
export function removeSpans(text: string, spans: ReadonlyArray<{ start: number; end: number }>): string {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  let out = "";
  let at = 0;
  for (const span of sorted) {
    if (span.end <= at) continue;
    out += text.slice(at, Math.max(at, span.start));
    at = span.end;
    while (at < text.length && /[ \t]/.test(text[at]!)) at++;
  }
  return (out + text.slice(at)).trim();
}

export function spanOf(sentence: Sentence): TextSpan {
  return { field: sentence.field, start: sentence.start, end: sentence.end, text: sentence.text };
}

const WORD = /[\p{L}\p{N}]+/gu;
let lastText: string | null = null;
let lastWords: string[] = [];

/**
 * Lower-case words (letters and digits) of a text: the runs of `[\p{L}\p{N}]`, read char by char while the text is
 * ASCII (the rules read the same description several times, so the last answer is kept: do not change it).
 */
export function wordsOf(text: string): string[] {
  if (text === lastText) return lastWords;
  const lower = text.toLowerCase();
  let out: string[] = [];
  let start = -1;
  for (let i = 0; i < lower.length; i++) {
    const c = lower.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
      if (start < 0) start = i;
    } else if (c > 127) {
      out = lower.match(WORD) ?? [];
      start = -1;
      break;
    } else if (start >= 0) {
      out.push(lower.slice(start, i));
      start = -1;
    }
  }
  if (start >= 0) out.push(lower.slice(start));
  lastText = text;
  lastWords = out;
  return out;
}

/** The words of a tool name: snake_case, kebab-case and camelCase split. */
export function nameWords(name: string): string[] {
  return wordsOf(name.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[_\-.]+/g, " "));
}

const schemaSizes = new WeakMap<object, number>();

/** The length of a schema's JSON, memoized per schema object (a cyclic schema counts as empty). */
function schemaSize(parameters: unknown): number {
  const key = typeof parameters === "object" && parameters !== null ? parameters : null;
  const known = key ? schemaSizes.get(key) : undefined;
  if (known !== undefined) return known;
  let size = 0;
  try {
    size = JSON.stringify(parameters ?? {}).length;
  } catch {
    // cyclic
  }
  if (key) schemaSizes.set(key, size);
  return size;
}

/** A rough token count (≈ 4 characters a token for English JSON), enough to compare tools with each other. */
export function approxTokens(tool: CheckTool): number {
  return Math.ceil((tool.name.length + tool.description.length + schemaSize(tool.parameters)) / 4);
}

export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
