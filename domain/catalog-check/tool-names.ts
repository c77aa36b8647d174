// Which tools a catalog has, by name: for rules that ask whether a sentence names another tool, and for name
// imitation (skeletons that fold homoglyphs, case, separators and version suffixes).
import { ACTION_VERBS, asVerb } from "./lexicon";
import { nameWords, schemaProperties } from "./text";
import type { CheckTool } from "./types";

export interface NamedTool {
  id: string;
  namespace: string | null;
  server: string | null;
}

/** Case and separators folded: list_followed_projects, listFollowedProjects and list-followed-projects meet. */
export function nameKey(name: string): string {
  return name.toLowerCase().replace(/[_\-.]+/g, "");
}

/** Folded tool name (`nameKey`) → the tools that carry it. */
export type ToolNameIndex = ReadonlyMap<string, readonly NamedTool[]>;

export function indexToolNames(tools: readonly CheckTool[]): ToolNameIndex {
  const index = new Map<string, NamedTool[]>();
  for (const tool of tools) {
    const key = nameKey(tool.name);
    const list = index.get(key) ?? [];
    list.push({ id: tool.id, namespace: tool.namespace, server: tool.mcpServer ?? null });
    index.set(key, list);
  }
  return index;
}

/** Where a tool comes from: its MCP server, else its namespace. */
export function originOf(tool: {
  namespace: string | null;
  mcpServer?: string | null;
  server?: string | null;
}): string {
  return tool.mcpServer ?? tool.server ?? tool.namespace ?? "";
}

const IDENTIFIER = /[`'"]?\b([A-Za-z][A-Za-z0-9]*(?:[_-][A-Za-z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]+)+)\b[`'"]?/g;
const GENERIC_REFERENCE =
  /\b((any|all|every|each|other|another)\s+(other\s+)?(tools?|functions?|servers?)|the\s+(?!this\b)[\w-]+\s+(tool|function))\b/i;

const ownMemo = new WeakMap<CheckTool, Set<string>>();

/** The tool's own name and its parameters' names, folded: a sentence naming them is about this tool. */
function ownNames(tool: CheckTool): Set<string> {
  let own = ownMemo.get(tool);
  if (!own) {
    own = new Set([nameKey(tool.name), ...schemaProperties(tool.parameters).map((p) => nameKey(p.name))]);
    ownMemo.set(tool, own);
  }
  return own;
}

/**
 * The first place a sentence names a tool other than `tool` and its siblings: a catalog tool of another origin,
 * a tool-like identifier the catalog lacks (verb first, like send_email), or "any/other tools".
 */
export function otherToolReference(
  sentence: string,
  tool: CheckTool,
  names: ToolNameIndex,
): { index: number; length: number } | null {
  const own = ownNames(tool);
  const origin = originOf(tool);
  for (const match of sentence.matchAll(IDENTIFIER)) {
    const name = match[1]!;
    const key = nameKey(name);
    if (own.has(key)) continue;
    const known = names.get(key);
    const isOther = known
      ? known.some((t) => originOf({ namespace: t.namespace, server: t.server }) !== origin)
      : asVerb(nameWords(name)[0] ?? "", ACTION_VERBS) !== null;
    if (isOther) return { index: match.index, length: match[0].length };
  }
  const generic = GENERIC_REFERENCE.exec(sentence);
  return generic ? { index: generic.index, length: generic[0].length } : null;
}
