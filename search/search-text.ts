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

function pushText(parts: string[], text: string | null | undefined): void {
  const trimmed = text?.trim();
  if (trimmed) parts.push(trimmed);
}

/** The generated search text of a tool (whatever its mode). */
export function generateSearchText(tool: SearchTextTool): string {
  const parts: string[] = [];
  pushText(parts, tool.name);
  const spaced = tool.name.replace(/[_-]+/g, " ").trim();
  if (spaced !== tool.name.trim()) pushText(parts, spaced);
  pushText(parts, tool.namespace?.name);
  pushText(parts, tool.namespace?.description);
  pushText(parts, tool.description);
  const schemaParts: string[] = [];
  collectSchemaText(tool.parameters, schemaParts, new WeakSet(), 0);
  for (const part of schemaParts) pushText(parts, part);
  pushText(parts, tool.mcpServer);
  pushText(parts, tool.mcpTitle);
  return parts.join(" ");
}

/**
 * The text the engine indexes: generated, generated plus the curated extra, or the override.
 * A blank override falls back to the generated text (a tool with no search text could never be found).
 */
export function effectiveSearchText(tool: SearchTextTool): string {
  const mode = tool.searchTextMode ?? "generated";
  if (mode === "override") {
    const override = tool.searchTextOverride?.trim();
    return override ? override : generateSearchText(tool);
  }
  const generated = generateSearchText(tool);
  if (mode === "generated+extra") {
    const extra = tool.searchTextExtra?.trim();
    return extra ? `${generated} ${extra}` : generated;
  }
  return generated;
}
