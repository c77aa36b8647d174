// What an engine indexes for one tool, field by field: the runs of the effective search text (search-text.ts) and,
// for a profile with a name field (profiles.ts), the tool name again. The editor and the playground's explanation
// show these, so what they say is what the engine reads; indexed-fields.test.ts checks it against the engines.
import { PROFILES } from "./profiles";
import type { SearchTextField, SearchTextPart } from "./search-text";
import type { EngineProfile } from "./settings";

/** The search text's fields, then the name field of a profile that has one. */
export type IndexedFieldName = SearchTextField | "name-field";

export interface IndexedFields {
  /** The runs of the search text, in order: joined with single spaces, exactly the text the engine indexes. */
  text: SearchTextPart[];
  /** The name as a field of its own: each distinct word adds `weight` to its term frequency; null: text alone. */
  name: { text: string; weight: number } | null;
}

/** Labels for people, in the order the generated text places the fields. */
export const INDEXED_FIELD_LABELS: Record<IndexedFieldName, string> = {
  name: "Name",
  "name-words": "Name as words",
  namespace: "Namespace",
  "namespace-description": "Namespace description",
  description: "Description",
  parameters: "Parameters",
  "mcp-server": "MCP server",
  "mcp-title": "MCP title",
  extra: "Extra search text",
  override: "Search text override",
  "name-field": "Name field",
};

/** The fields `profile` indexes for a tool whose search text is `parts` and whose name is `name`. */
export function indexedFields(parts: SearchTextPart[], name: string, profile: EngineProfile): IndexedFields {
  const nameField = PROFILES[profile].nameField;
  return { text: parts, name: nameField && name ? { text: name, weight: nameField.weight } : null };
}

/** A field a term occurs in, and what that field adds to the term's frequency. */
export interface TermSource {
  field: IndexedFieldName;
  count: number;
}

/**
 * Per term, the fields it occurs in with what each adds to its term frequency (a text run: its occurrences; the
 * name field: its weight once). `analyze` is the engine's analyzer (index.analyze, with the catalog's vocabulary).
 */
export function termSources(
  fields: IndexedFields,
  analyze: (text: string) => readonly string[],
  terms: readonly string[],
): Map<string, TermSource[]> {
  const wanted = new Set(terms);
  const sources = new Map<string, TermSource[]>(terms.map((term) => [term, []]));
  const add = (field: IndexedFieldName, counts: Map<string, number>) => {
    for (const [term, count] of counts) sources.get(term)?.push({ field, count });
  };
  for (const part of fields.text) {
    const counts = new Map<string, number>();
    for (const token of analyze(part.text)) if (wanted.has(token)) counts.set(token, (counts.get(token) ?? 0) + 1);
    add(part.field, counts);
  }
  if (fields.name) {
    const distinct = new Set(analyze(fields.name.text).filter((token) => wanted.has(token)));
    add("name-field", new Map([...distinct].map((term) => [term, fields.name!.weight])));
  }
  return sources;
}
