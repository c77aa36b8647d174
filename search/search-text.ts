// The search-text builder (docs/design.md, "Search text"), after Codex's `search_text`: name, name with `_`/`-`
// as spaces, namespace name and description, description, every parameter name and description
// (nested properties too), MCP server and title. Parts are joined with spaces, never newlines: the
// codex-bm25 normaliser glues words across a newline once the text has a non-ASCII character.

/** How a tool's search text is made (domain/vocabulary.ts adds the schema, labels and database spelling). */
export const SEARCH_TEXT_MODES = ["generated", "generated+extra", "override"] as const;
export type SearchTextMode = (typeof SEARCH_TEXT_MODES)[number];

export interface SearchTextTool {
  name: string;
  description: string;
  parameters?: unknown;
  namespace?: { name: string; description?: string | null } | null;
  mcpServer?: string | null;
  mcpTitle?: string | null;
  searchTextMode?: SearchTextMode;
  searchTextExtra?: string | null;
  searchTextOverride?: string | null;
}

const MAX_SCHEMA_DEPTH = 12;
const NESTED_SCHEMA_LISTS = ["anyOf", "oneOf", "allOf", "prefixItems"] as const;
const NESTED_SCHEMA_MAPS = ["properties", "patternProperties", "$defs", "definitions"] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Parameter names and descriptions of a JSON Schema, depth first in document order. */
function collectSchemaText(schema: unknown, parts: string[], seen: WeakSet<object>, depth: number): void {
  if (!isRecord(schema) || depth > MAX_SCHEMA_DEPTH || seen.has(schema)) return;
  seen.add(schema);
  for (const key of NESTED_SCHEMA_MAPS) {
    const map = schema[key];
    if (!isRecord(map)) continue;
    for (const [name, child] of Object.entries(map)) {
      if (key === "properties") parts.push(name);
      if (isRecord(child) && typeof child.description === "string") parts.push(child.description);
      collectSchemaText(child, parts, seen, depth + 1);
    }
  }
  for (const key of ["items", "additionalProperties", "not", "if", "then", "else"]) {
    const child = schema[key];
    if (Array.isArray(child)) child.forEach((item) => collectSchemaText(item, parts, seen, depth + 1));
    else collectSchemaText(child, parts, seen, depth + 1);
  }
  for (const key of NESTED_SCHEMA_LISTS) {
    const list = schema[key];
    if (Array.isArray(list)) list.forEach((item) => collectSchemaText(item, parts, seen, depth + 1));
  }
}

/** Where a run of the search text comes from, in the order the generated text places them. */
export const SEARCH_TEXT_FIELDS = [
  "name",
  "name-words",
  "namespace",
  "namespace-description",
  "description",
  "parameters",
  "mcp-server",
  "mcp-title",
  "extra",
  "override",
] as const;
export type SearchTextField = (typeof SEARCH_TEXT_FIELDS)[number];

/** One run of the search text and the field it comes from. */
export interface SearchTextPart {
  field: SearchTextField;
  text: string;
}

function pushPart(parts: SearchTextPart[], field: SearchTextField, text: string | null | undefined): void {
  const trimmed = text?.trim();
  if (trimmed) parts.push({ field, text: trimmed });
}

/** The runs of the text, joined as the engine reads them: one space between runs, never a newline. */
export function joinSearchTextParts(parts: readonly SearchTextPart[]): string {
  return parts.map((part) => part.text).join(" ");
}

/** The generated search text field by field (whatever the tool's mode). */
export function generatedSearchTextParts(tool: SearchTextTool): SearchTextPart[] {
  const parts: SearchTextPart[] = [];
  pushPart(parts, "name", tool.name);
  const spaced = tool.name.replace(/[_-]+/g, " ").trim();
  if (spaced !== tool.name.trim()) pushPart(parts, "name-words", spaced);
  pushPart(parts, "namespace", tool.namespace?.name);
  pushPart(parts, "namespace-description", tool.namespace?.description);
  pushPart(parts, "description", tool.description);
  const schemaParts: string[] = [];
  collectSchemaText(tool.parameters, schemaParts, new WeakSet(), 0);
  const parameters = schemaParts.map((part) => part.trim()).filter((part) => part.length > 0);
  pushPart(parts, "parameters", parameters.join(" "));
  pushPart(parts, "mcp-server", tool.mcpServer);
  pushPart(parts, "mcp-title", tool.mcpTitle);
  return parts;
}

/**
 * The text the engine indexes, field by field: the generated fields, those plus the curated extra, or the
 * override. A blank override falls back to the generated text (a tool with no search text could never be found).
 */
export function searchTextParts(tool: SearchTextTool): SearchTextPart[] {
  const mode = tool.searchTextMode ?? "generated";
  const override = tool.searchTextOverride?.trim();
  if (mode === "override" && override) return [{ field: "override", text: override }];
  const generated = generatedSearchTextParts(tool);
  const extra = tool.searchTextExtra?.trim();
  return mode === "generated+extra" && extra ? [...generated, { field: "extra", text: extra }] : generated;
}

/** The generated search text of a tool (whatever its mode). */
export function generateSearchText(tool: SearchTextTool): string {
  return joinSearchTextParts(generatedSearchTextParts(tool));
}

/** The text the engine indexes (see `searchTextParts`, which this joins). */
export function effectiveSearchText(tool: SearchTextTool): string {
  return joinSearchTextParts(searchTextParts(tool));
}

/**
 * The fields of a text the engine indexes for `tool` (whose mode is not known: a published snapshot keeps only the
 * text): the generated fields when the text is the generated one, those and an extra when it begins with them, else
 * one override. Joined, the parts are always exactly `indexed`.
 */
export function partsOfIndexedText(tool: SearchTextTool, indexed: string): SearchTextPart[] {
  const generated = generatedSearchTextParts(tool);
  const text = joinSearchTextParts(generated);
  if (indexed === text) return generated;
  if (
    text &&
    indexed.startsWith(`${text} `) &&
    indexed.slice(text.length + 1).trim() === indexed.slice(text.length + 1)
  )
    return [...generated, { field: "extra", text: indexed.slice(text.length + 1) }];
  return indexed ? [{ field: "override", text: indexed }] : [];
}
