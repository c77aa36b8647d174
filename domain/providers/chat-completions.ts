// Deferred loading for any model with plain function calling (Chat Completions: DeepSeek, Kimi, GLM, vLLM,
// Ollama, OpenAI models without tool search). Turn one sends the direct tools and one ordinary `tool_search`
// function; its answer gives the model the found tools' names and descriptions, and the session adds their
// full schemas to the `tools` of the next request. Each conversation keeps its own loaded set, bounded: past
// `maxLoaded` the least recently found tools are dropped, and the answer says which. Pure: no I/O.
import { flatToolNames } from "./first-request";
import type { SnapshotContent, SnapshotTool } from "../snapshot/verify";

/** The name of the search function; a catalog tool of that name keeps `namespace__tool_search`. */
export const CHAT_TOOL_SEARCH_NAME = "tool_search";
/** Loaded schemas kept per conversation by default: enough for a task, well short of the whole catalog. */
export const DEFAULT_MAX_LOADED = 32;

/** A function tool as Chat Completions takes it (the `openai` package's `ChatCompletionFunctionTool`). */
export interface ChatFunctionTool {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown>; strict?: boolean };
}

/** A tool call as the model returned it (`ChatCompletionMessageFunctionToolCall`). */
export interface ChatToolCall {
  id: string;
  type?: string;
  function: { name: string; arguments: string };
}

export interface ChatToolSearchAnswer {
  /** The `role: "tool"` message to append after the assistant message. */
  message: { role: "tool"; tool_call_id: string; content: string };
  /** Tool ids this answer loaded (best first), and the ones it dropped to stay within `maxLoaded`. */
  loaded: string[];
  dropped: string[];
}

/** What the session needs from a catalog: the snapshot it answers from and its ranking. */
export interface ChatSearchSource {
  content(): SnapshotContent;
  search(query: string, limit?: number): Array<{ id: string }>;
}

/** One snapshot tool as a Chat Completions function (strict only when the spec asks for it). */
export function chatTool(tool: SnapshotTool, name: string): ChatFunctionTool {
  const { description, parameters, strict } = tool.spec;
  return { type: "function", function: { name, description, parameters, ...(strict ? { strict: true } : {}) } };
}

/** Names the model calls tools by: direct and deferred tools side by side (as Anthropic's turn one lists them). */
function chatNames(content: SnapshotContent): Map<string, string> {
  const listed = [
    ...content.tools.filter((t) => t.exposure === "direct"),
    ...content.tools.filter((t) => t.exposure === "deferred"),
  ];
  const names = flatToolNames(listed);
  for (const tool of listed)
    if (names.get(tool.id) === CHAT_TOOL_SEARCH_NAME)
      names.set(tool.id, `${tool.namespace ?? "catalog"}__${tool.spec.name}`);
  return names;
}

/** The plain `tool_search` function: what can be found (namespaces, loose deferred tools) goes in its description. */
export function chatToolSearchTool(content: SnapshotContent): ChatFunctionTool {
  const deferred = content.tools.filter((t) => t.exposure === "deferred");
  const used = new Set(deferred.map((t) => t.namespace).filter((n): n is string => !!n));
  const groups = content.namespaces.filter((ns) => used.has(ns.name)).map((ns) => `${ns.name}: ${ns.description}`);
  const loose = deferred.filter((t) => !t.namespace).map((t) => `${t.spec.name}: ${t.spec.description}`);
  const description = [
    "Search for more tools by what they should do. The tools found are added to your tools on your next turn; call them then.",
    ...(groups.length ? ["Tool groups you can search:", ...groups.map((line) => `- ${line}`)] : []),
    ...(loose.length ? ["Other tools you can search:", ...loose.map((line) => `- ${line}`)] : []),
  ].join("\n");
  const parameters = {
    type: "object",
    properties: {
      query: { type: "string", description: "What the tool should do, in a few words." },
      limit: {
        type: "integer",
        minimum: 1,
        description: `How many tools to load (default ${content.engine.defaultLimit}).`,
      },
    },
    required: ["query"],
    additionalProperties: false,
  };
  return { type: "function", function: { name: CHAT_TOOL_SEARCH_NAME, description, parameters } };
}

/** One conversation's deferred loading over Chat Completions (see the top of this file). */
export class ChatToolSession {
  /** Loaded tool ids, least recently found first. */
  private readonly loaded: string[] = [];

  constructor(
    private readonly source: ChatSearchSource,
    readonly maxLoaded: number = DEFAULT_MAX_LOADED,
  ) {
    if (!Number.isInteger(maxLoaded) || maxLoaded < 1)
      throw new RangeError(`maxLoaded must be a positive integer, got ${String(maxLoaded)}`);
  }

  /** The `tools` for the next request: direct tools, `tool_search`, then the loaded schemas (oldest first). */
  tools(): ChatFunctionTool[] {
    const content = this.source.content();
    const names = chatNames(content);
    const byId = new Map(content.tools.map((t) => [t.id, t]));
    const loaded = this.loaded.map((id) => byId.get(id)).filter((t): t is SnapshotTool => t?.exposure === "deferred");
    const direct = content.tools.filter((t) => t.exposure === "direct");
    return [
      ...direct.map((t) => chatTool(t, names.get(t.id)!)),
      chatToolSearchTool(content),
      ...loaded.map((t) => chatTool(t, names.get(t.id)!)),
    ];
  }

  loadedIds(): string[] {
    return [...this.loaded];
  }

  isToolSearchCall(call: ChatToolCall): boolean {
    return call.function?.name === CHAT_TOOL_SEARCH_NAME;
  }

  /** The tool id a model's call names (direct or loaded), to dispatch it; undefined for unknown names. */
  toolIdFor(name: string): string | undefined {
    for (const [id, flat] of chatNames(this.source.content())) if (flat === name) return id;
    return undefined;
  }

  /**
   * Answers a `tool_search` call: ranks, loads the hits (a re-found tool becomes the most recent), drops the least
   * recently found past `maxLoaded`. Never throws for what the model sent: bad JSON or an empty query load nothing.
   */
  answerToolCall(call: ChatToolCall): ChatToolSearchAnswer {
    const { query, limit } = parseArguments(call.function.arguments);
    const content = this.source.content();
    let hits: string[] = [];
    // Asking for more than maxLoaded changes nothing (the top maxLoaded of a ranking are its first ones).
    const bounded = limit === undefined ? undefined : Math.min(limit, this.maxLoaded);
    if (query.trim().length > 0)
      hits = this.source
        .search(query, bounded)
        .map((hit) => hit.id)
        .slice(0, this.maxLoaded);
    for (const id of hits) {
      const at = this.loaded.indexOf(id);
      if (at >= 0) this.loaded.splice(at, 1);
      this.loaded.push(id);
    }
    const dropped = this.loaded.splice(0, Math.max(0, this.loaded.length - this.maxLoaded));
    const names = chatNames(content);
    const byId = new Map(content.tools.map((t) => [t.id, t]));
    const body = {
      tools: hits.map((id) => ({ name: names.get(id)!, description: byId.get(id)!.spec.description })),
      ...(dropped.length ? { dropped: dropped.map((id) => names.get(id)!) } : {}),
      note: hits.length
        ? "These tools are now in your tools list: call them directly."
        : "No tools matched: search again with other words.",
    };
    return { message: { role: "tool", tool_call_id: call.id, content: JSON.stringify(body) }, loaded: hits, dropped };
  }
}

function parseArguments(text: unknown): { query: string; limit: number | undefined } {
  let args: unknown = text;
  if (typeof text === "string") {
    try {
      args = JSON.parse(text);
    } catch {
      args = { query: text };
    }
  }
  const record = (args && typeof args === "object" ? args : {}) as Record<string, unknown>;
  const limit =
    typeof record.limit === "number" && Number.isInteger(record.limit) && record.limit >= 1 ? record.limit : undefined;
  return { query: typeof record.query === "string" ? record.query : "", limit };
}
