import {
  MAX_EXPECTED,
  MAX_NOTE_LENGTH,
  MAX_QUERY_LENGTH,
  MAX_TOOL_ID_LENGTH,
  normalizeQueryText,
  queryKey,
} from "./golden-query-shape";
import { describeUnstorableText, findUnstorableText } from "@/domain/storable-text";

export const MAX_IMPORT_LINES = 5_000;

export interface ParsedGoldenLine {
  /** 1-based line number in the file. */
  line: number;
  query: string;
  gold: string[];
  note: string | null;
}

export interface GoldenLineError {
  line: number;
  message: string;
}

/**
 * Parses golden-query JSONL (`{"query": "...", "gold": ["ns.tool", ...], "note"?: "..."}` per line).
 * Every bad line is reported with its number; nothing is guessed or skipped silently.
 */
export function parseGoldenJsonl(text: string): { lines: ParsedGoldenLine[]; errors: GoldenLineError[] } {
  const lines: ParsedGoldenLine[] = [];
  const errors: GoldenLineError[] = [];
  const seen = new Map<string, number>();
  const rawLines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  rawLines.forEach((raw, index) => {
    const line = index + 1;
    if (!raw.trim()) return;
    if (lines.length + errors.length >= MAX_IMPORT_LINES) {
      if (lines.length + errors.length === MAX_IMPORT_LINES)
        errors.push({ line, message: `more than ${MAX_IMPORT_LINES} queries; split the file` });
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      errors.push({ line, message: "not valid JSON" });
      return;
    }
    const unstorable = findUnstorableText(value, "", 0);
    if (unstorable) {
      errors.push({ line, message: describeUnstorableText(unstorable) });
      return;
    }
    const problem = checkLine(value);
    if (typeof problem === "string") {
      errors.push({ line, message: problem });
      return;
    }
    const first = seen.get(queryKey(problem.query));
    if (first !== undefined) {
      errors.push({ line, message: `repeats the query of line ${first}` });
      return;
    }
    seen.set(queryKey(problem.query), line);
    lines.push({ line, ...problem });
  });
  return { lines, errors };
}

function checkLine(value: unknown): Omit<ParsedGoldenLine, "line"> | string {
  if (!value || typeof value !== "object" || Array.isArray(value))
    return 'expected an object like {"query": "...", "gold": ["tool.id"]}';
  const record = value as Record<string, unknown>;
  if (typeof record.query !== "string") return '"query" must be a string';
  const query = normalizeQueryText(record.query);
  if (!query) return '"query" is empty';
  if (query.length > MAX_QUERY_LENGTH) return `"query" is longer than ${MAX_QUERY_LENGTH} characters`;
  if (!Array.isArray(record.gold)) return '"gold" must be an array of tool ids ([] when no tool fits)';
  const gold: string[] = [];
  for (const id of record.gold) {
    if (typeof id !== "string" || !id.trim()) return '"gold" must contain only non-empty tool id strings';
    if (id.length > MAX_TOOL_ID_LENGTH) return `a "gold" id is longer than ${MAX_TOOL_ID_LENGTH} characters`;
    if (!gold.includes(id.trim())) gold.push(id.trim());
  }
  if (gold.length > MAX_EXPECTED) return `"gold" lists more than ${MAX_EXPECTED} tools`;
  if (record.note !== undefined && typeof record.note !== "string") return '"note" must be a string';
  const note = typeof record.note === "string" ? record.note.trim() : null;
  if (note && note.length > MAX_NOTE_LENGTH) return `"note" is longer than ${MAX_NOTE_LENGTH} characters`;
  return { query, gold, note };
}

/** One line per query, keys in the documented order; `note` only when there is one. */
export function formatGoldenJsonl(
  queries: ReadonlyArray<{ query: string; expected: readonly string[]; note: string }>,
): string {
  return (
    queries
      .map((q) => JSON.stringify({ query: q.query, gold: q.expected, ...(q.note ? { note: q.note } : {}) }))
      .join("\n") + (queries.length ? "\n" : "")
  );
}
