// Reads the three tool-list formats people paste: an MCP `tools/list` result, an OpenAI `tools` array
// (Responses or Chat Completions functions, and namespaces) and an Anthropic tools array. Pure: no I/O.
import { describeUnstorableText, findUnstorableText } from "@/domain/storable-text";
import { readMcpMetadata, type McpToolMetadata } from "../../../domain/tool-rules/mcp-metadata";

export type SourceFormat = "mcp" | "openai" | "anthropic" | "openapi";

export interface ParsedTool {
  name: string;
  /** From an OpenAI namespace entry; otherwise the import's target namespace applies. */
  namespace?: string;
  namespaceDescription?: string;
  description: string;
  parameters: unknown;
  strict?: boolean;
  mcpTitle?: string | null;
  /** The MCP server, when the source names it per tool (a Stockroom MCP export does, in its `_meta`). */
  mcpServer?: string | null;
  /** MCP annotations, outputSchema, icons, _meta, execution as the server sent them (MCP sources only). */
  mcpMetadata?: McpToolMetadata | null;
  /** `defer_loading` as the source said it (undefined when absent). */
  deferLoading?: boolean;
}

export interface ParsedItem {
  index: number;
  /** How the row is named in the preview, even when it could not be read. */
  label: string;
  tool?: ParsedTool;
  /** Built-in provider tools (tool_search, web search, …) are not catalog tools: listed, never imported. */
  skipped?: string;
  error?: string;
}

export interface ParsedSource {
  format: SourceFormat;
  items: ParsedItem[];
}

export class SourceFormatError extends Error {}

const EMPTY_SCHEMA = { type: "object", properties: {} };
const FORMATS_HINT =
  'Expected an MCP tools/list result ({"tools":[{"name","inputSchema"}]}), an OpenAI tools array ([{"type":"function","name","parameters"}]) or an Anthropic tools array ([{"name","input_schema"}]).';

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === "string" ? v : undefined);
const labelOf = (entry: unknown, index: number) =>
  isRecord(entry) && typeof entry.name === "string"
    ? entry.name
    : isRecord(entry) && isRecord(entry.function) && typeof entry.function.name === "string"
      ? entry.function.name
      : `#${index + 1}`;

/** Parses JSON text, with a message that says where it broke. */
export function parseJsonText(text: string): unknown {
  if (!text.trim()) throw new SourceFormatError("The import is empty: paste or upload a tools list.");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new SourceFormatError(`The import is not valid JSON: ${(error as Error).message}.`);
  }
  // Escapes such as \u0000 only become characters once parsed.
  const unstorable = findUnstorableText(value);
  if (unstorable)
    throw new SourceFormatError(
      `The import: ${describeUnstorableText({ ...unstorable, field: unstorable.field === "input" ? "the text" : unstorable.field })}`,
    );
  return value;
}

function toolListOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (isRecord(value) && value.format === "stockroom.catalog/v1") {
    throw new SourceFormatError(
      "This is a Stockroom catalog export, not a tools list: restore it with Restore catalog (into an empty catalog).",
    );
  }
  if (isRecord(value)) {
    if (isRecord(value.result) && Array.isArray(value.result.tools)) return value.result.tools; // a JSON-RPC response
    if (Array.isArray(value.tools)) return value.tools;
  }
  throw new SourceFormatError(`No tools list found. ${FORMATS_HINT}`);
}

/** The format of a list: decided by its first entry that looks like one of them. */
export function detectFormat(list: unknown[]): SourceFormat {
  for (const entry of list) {
    if (!isRecord(entry)) continue;
    if ("inputSchema" in entry) return "mcp";
    if ("input_schema" in entry) return "anthropic";
    if (entry.type === "function" || entry.type === "namespace") return "openai";
  }
  throw new SourceFormatError(
    list.length === 0 ? "The tools list is empty." : `The tools are in no known format. ${FORMATS_HINT}`,
  );
}

function readMcp(entry: Json): ParsedTool | string {
  if (typeof entry.name !== "string") return 'MCP tool without a "name".';
  if (!("inputSchema" in entry)) return `MCP tool "${entry.name}" has no "inputSchema".`;
  // `annotations.title` stays in the annotations: it is a display hint, not the tool's title.
  return {
    name: entry.name,
    description: str(entry.description) ?? "",
    parameters: entry.inputSchema,
    mcpTitle: str(entry.title) ?? null,
    mcpMetadata: readMcpMetadata(entry),
  };
}

function readAnthropic(entry: Json): ParsedTool | string {
  if (typeof entry.type === "string" && entry.type !== "custom")
    return `skip:${entry.type} is an Anthropic server tool, not a catalog tool.`;
  if (typeof entry.name !== "string") return 'Anthropic tool without a "name".';
  if (!("input_schema" in entry)) return `Anthropic tool "${entry.name}" has no "input_schema".`;
  return {
    name: entry.name,
    description: str(entry.description) ?? "",
    parameters: entry.input_schema,
    strict: typeof entry.strict === "boolean" ? entry.strict : undefined,
    deferLoading: typeof entry.defer_loading === "boolean" ? entry.defer_loading : undefined,
  };
}

function readOpenAiFunction(entry: Json): ParsedTool | string {
  if (entry.type !== "function")
    return typeof entry.type === "string"
      ? `skip:${entry.type} is a built-in OpenAI tool, not a catalog tool.`
      : 'OpenAI tool without "type": "function".';
  const fn = isRecord(entry.function) ? entry.function : entry; // Chat Completions nests the function
  if (typeof fn.name !== "string") return 'OpenAI function without a "name".';
  return {
    name: fn.name,
    description: str(fn.description) ?? "",
    parameters: fn.parameters ?? EMPTY_SCHEMA,
    strict: typeof fn.strict === "boolean" ? fn.strict : undefined,
    deferLoading: typeof entry.defer_loading === "boolean" ? entry.defer_loading : undefined,
  };
}

/** Where a Stockroom MCP export says a flat tool name came from (see export/provider-exports.ts). */
function exportOrigins(value: unknown): Map<string, { namespace: string | null; name: string; server: string | null }> {
  const origins = isRecord(value) && isRecord(value._meta) ? value._meta["stockroom/tools"] : undefined;
  if (!isRecord(origins)) return new Map();
  const valid = Object.entries(origins).filter(
    ([, o]) =>
      isRecord(o) &&
      typeof o.name === "string" &&
      (o.namespace === null || typeof o.namespace === "string") &&
      (o.server === null || typeof o.server === "string"),
  );
  return new Map(valid as Array<[string, { namespace: string | null; name: string; server: string | null }]>);
}

function withOrigin(tool: ParsedTool, origins: ReturnType<typeof exportOrigins>): ParsedTool {
  const origin = origins.get(tool.name);
  return origin
    ? {
        ...tool,
        name: origin.name,
        ...(origin.namespace ? { namespace: origin.namespace } : {}),
        mcpServer: origin.server,
      }
    : tool;
}

/** Reads a parsed JSON document into rows; entries that cannot be read become rows with an error. */
export function parseToolSource(value: unknown): ParsedSource {
  const list = toolListOf(value);
  if (list.length > 5000)
    throw new SourceFormatError(`The import has ${list.length} tools; import at most 5,000 at a time.`);
  const format = detectFormat(list);
  const origins = exportOrigins(value);
  const items: ParsedItem[] = [];
  const push = (entry: unknown, result: ParsedTool | string, label: string) => {
    const index = items.length;
    if (typeof result !== "string") items.push({ index, label, tool: result });
    else if (result.startsWith("skip:")) items.push({ index, label, skipped: result.slice(5) });
    else items.push({ index, label, error: result });
  };
  list.forEach((entry, i) => {
    const label = labelOf(entry, i);
    if (!isRecord(entry)) return push(entry, `Entry ${i + 1} is not an object.`, label);
    if (format === "mcp") {
      const read = readMcp(entry);
      return push(entry, typeof read === "string" ? read : withOrigin(read, origins), label);
    }
    if (format === "anthropic") return push(entry, readAnthropic(entry), label);
    if (entry.type !== "namespace") return push(entry, readOpenAiFunction(entry), label);
    if (typeof entry.name !== "string" || !Array.isArray(entry.tools))
      return push(entry, 'OpenAI namespace needs a "name" and a "tools" array.', label);
    for (const [j, member] of entry.tools.entries()) {
      const memberLabel = `${entry.name}.${labelOf(member, j)}`;
      const read = isRecord(member)
        ? readOpenAiFunction(member)
        : `Entry ${j + 1} of namespace ${entry.name} is not an object.`;
      push(
        member,
        typeof read === "string"
          ? read
          : { ...read, namespace: entry.name, namespaceDescription: str(entry.description) },
        memberLabel,
      );
    }
  });
  return { format, items };
}
