// The `tools` array an agent sends on turn one, per provider format. Pure: no I/O, only the snapshot as input,
// so the SDK, the server (first-request preview) and exports produce the same bytes.
//
// Shapes and where they come from:
// - OpenAI Responses (https://developers.openai.com/api/docs/guides/tools-tool-search): direct tools are
//   top-level `{type:"function", name, description, parameters, strict}`; deferred tools carry
//   `"defer_loading": true` and sit inside `{type:"namespace", name, description, tools}` (defer_loading goes
//   on the functions, not on the namespace); a deferred tool without a namespace is a top-level deferred
//   function; `{type:"tool_search"}` turns search on (hosted; `execution: "client"` when the agent answers
//   `tool_search_call` itself with `answerToolSearchCall`). The model sees only namespace names and
//   descriptions (and name + description of a top-level deferred function) until search loads a schema.
// - Anthropic Messages (https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool):
//   `{name, description, input_schema, strict}`, `"defer_loading": true` on deferred tools, plus the BM25 tool search
//   tool `{type:"tool_search_tool_bm25_20251119", name:"tool_search_tool_bm25"}` (beta header
//   `advanced-tool-use-2025-11-20`). Deferred definitions are sent but not shown to the model until found.
// - MCP `tools/list` (https://modelcontextprotocol.io/specification/2025-06-18/server/tools): `{name, title?,
//   description, inputSchema}`. MCP has no deferral, so it lists what a client without search gets.
// Without tool search, a deferred tool follows its `fallback`: `direct` → sent like a direct tool, `hidden` → left out.
// With `toolSearch: "client"` the agent runs the search with the SDK (Stockroom's ranking): OpenAI gets a described
// client `tool_search` (domain/providers/openai-tool-search.ts), Anthropic a custom search tool answered with `tool_reference`
// blocks (domain/providers/anthropic-tool-search.ts). The returned arrays are typed structurally (domain/providers/provider-types.ts).
import { ANTHROPIC_SEARCH_TOOL_NAME, anthropicSearchTool } from "./anthropic-tool-search";
import { openaiToolSearchTool, type OpenAISearchArguments } from "./openai-tool-search";
import type {
  AnthropicCustomTool,
  AnthropicInputSchema,
  McpIcon,
  McpTool,
  OpenAIFunctionTool,
  ProviderTools,
} from "./provider-types";
import type { SnapshotContent, SnapshotTool } from "../snapshot/verify";

export const FIRST_REQUEST_PROVIDERS = ["openai", "anthropic", "mcp"] as const;
export type FirstRequestProvider = (typeof FIRST_REQUEST_PROVIDERS)[number];
/** The first-request preview's client profiles: the provider formats and plain Chat Completions function calling. */
export const CLIENT_PROFILES = [...FIRST_REQUEST_PROVIDERS, "chat-completions"] as const;
export type ClientProfile = (typeof CLIENT_PROFILES)[number];
/** How the first-request preview names each client profile and what it sends. */
export const CLIENT_PROFILE_INFO: { readonly [P in ClientProfile]: { label: string; note: string } } = {
  openai: { label: "OpenAI Responses", note: "namespaces of deferred functions + { type: tool_search }" },
  anthropic: { label: "Anthropic", note: "defer_loading tools + the BM25 tool search tool" },
  mcp: { label: "MCP tools/list", note: "no deferral: what a client without search lists" },
  "chat-completions": {
    label: "Chat Completions (any model)",
    note: "direct functions + a plain tool_search function; the found schemas join the next request (DeepSeek, Kimi, GLM, vLLM, Ollama…)",
  },
};
/** Who runs tool search: the provider (`server`: OpenAI's hosted search, Anthropic's BM25 tool) or the agent. */
export const TOOL_SEARCH_MODES = ["server", "client"] as const;
export type ToolSearchMode = (typeof TOOL_SEARCH_MODES)[number];

export interface FirstRequestOptions<P extends FirstRequestProvider = FirstRequestProvider> {
  provider: P;
  /** `false`: the client cannot search, so each deferred tool follows its fallback. Default `true`. */
  supportsToolSearch?: boolean;
  /**
   * `server` (default) keeps today's provider-side search; `client` makes the agent answer searches with the SDK
   * (`answerToolSearchCall` for OpenAI, `answerToolUse` for Anthropic), ranked exactly as the playground ranks.
   */
  toolSearch?: ToolSearchMode;
  /** OpenAI client search: `query` (default) sends `{query, limit}` parameters; `paths` the built-in loader. */
  toolSearchArguments?: OpenAISearchArguments;
  /** @deprecated Use `toolSearch` (`hosted` is `server`). */
  toolSearchExecution?: "hosted" | "client";
}

export const ANTHROPIC_TOOL_SEARCH_TOOL = {
  type: "tool_search_tool_bm25_20251119",
  name: "tool_search_tool_bm25",
} as const;

/** What turn one looks like, and which tools ended where. */
export interface FirstRequestPlan<P extends FirstRequestProvider = FirstRequestProvider> {
  tools: Array<ProviderTools[P]>;
  /** Sent with their full schema, visible to the model (direct tools and `fallback: direct` ones without search). */
  directIds: string[];
  /** Sent as deferred, loadable through search (empty without search). */
  deferredIds: string[];
  /** Deferred tools left out because the client cannot search and their fallback is `hidden`. */
  omittedIds: string[];
  usesToolSearch: boolean;
}

/**
 * Flat names for tools listed side by side. Names are unique within a namespace, not across namespaces:
 * when two listed tools share a name, each one with a namespace becomes `namespace__name` (a legal name in
 * all three formats) so the request is not refused for duplicate names. The SDK maps calls back with this map.
 */
export function flatToolNames(tools: readonly SnapshotTool[]): Map<string, string> {
  const counts = new Map<string, number>();
  for (const tool of tools) counts.set(tool.spec.name, (counts.get(tool.spec.name) ?? 0) + 1);
  return new Map(
    tools.map((tool) => [
      tool.id,
      counts.get(tool.spec.name)! > 1 && tool.namespace ? `${tool.namespace}__${tool.spec.name}` : tool.spec.name,
    ]),
  );
}

type ProviderToolOptions = { name?: string; deferred?: boolean };

/** One tool in a provider's format; `deferred` adds `defer_loading: true` where the format has it. */
export function providerTool(tool: SnapshotTool, provider: "openai", options?: ProviderToolOptions): OpenAIFunctionTool;
export function providerTool(
  tool: SnapshotTool,
  provider: "anthropic",
  options?: ProviderToolOptions,
): AnthropicCustomTool;
export function providerTool(tool: SnapshotTool, provider: "mcp", options?: ProviderToolOptions): McpTool;
export function providerTool(
  tool: SnapshotTool,
  provider: FirstRequestProvider,
  options?: ProviderToolOptions,
): ProviderTools[FirstRequestProvider];
export function providerTool(
  tool: SnapshotTool,
  provider: FirstRequestProvider,
  options: ProviderToolOptions = {},
): ProviderTools[FirstRequestProvider] {
  const name = options.name ?? tool.spec.name;
  const { description, parameters, strict } = tool.spec;
  const deferLoading = options.deferred ? { defer_loading: true as const } : {};
  if (provider === "openai") return { type: "function", name, description, ...deferLoading, parameters, strict };
  // Stockroom refuses parameters whose top level is not `"type": "object"` (domain/tool-rules/tool-rules.ts).
  const schema = parameters as AnthropicInputSchema;
  if (provider === "anthropic") return { name, description, input_schema: schema, ...deferLoading, strict };
  // MCP gets its metadata back as received, in the order of MCP's Tool schema; the OpenAI and Anthropic tool
  // formats have no field for it.
  const mcp = tool.mcp;
  const some = <K extends "annotations" | "execution" | "_meta">(key: K) =>
    mcp?.[key] !== undefined ? { [key]: mcp[key] } : {};
  return {
    name,
    ...(mcp?.title ? { title: mcp.title } : {}),
    ...(mcp?.icons !== undefined ? { icons: mcp.icons as McpIcon[] } : {}),
    description,
    inputSchema: schema,
    ...(mcp?.outputSchema !== undefined ? { outputSchema: mcp.outputSchema as AnthropicInputSchema } : {}),
    ...some("annotations"),
    ...some("execution"),
    ...some("_meta"),
  };
}

function searchModeOf(options: FirstRequestOptions): ToolSearchMode {
  return options.toolSearch ?? (options.toolSearchExecution === "client" ? "client" : "server");
}

function toolSearchEntry(
  content: SnapshotContent,
  options: FirstRequestOptions,
): ProviderTools[FirstRequestProvider] | null {
  const mode = searchModeOf(options);
  const { defaultLimit } = content.engine;
  if (options.provider === "openai")
    return openaiToolSearchTool(mode, options.toolSearchArguments ?? "query", defaultLimit);
  if (options.provider === "anthropic")
    return mode === "client" ? anthropicSearchTool(defaultLimit) : { ...ANTHROPIC_TOOL_SEARCH_TOOL };
  return null;
}

/** The turn-one plan: the exact `tools` array plus where each tool went. */
export function planFirstRequest<P extends FirstRequestProvider>(
  content: SnapshotContent,
  options: FirstRequestOptions<P>,
): FirstRequestPlan<P> {
  const direct = content.tools.filter((tool) => tool.exposure === "direct");
  const deferred = content.tools.filter((tool) => tool.exposure === "deferred");
  const usesToolSearch = options.supportsToolSearch !== false && options.provider !== "mcp" && deferred.length > 0;
  if (!usesToolSearch) {
    const listed = [...direct, ...deferred.filter((tool) => tool.fallback !== "hidden")];
    const names = flatToolNames(listed);
    return {
      tools: listed.map((tool) => providerTool(tool, options.provider, { name: names.get(tool.id)! })) as Array<
        ProviderTools[P]
      >,
      directIds: listed.map((tool) => tool.id),
      deferredIds: [],
      omittedIds: deferred.filter((tool) => tool.fallback === "hidden").map((tool) => tool.id),
      usesToolSearch,
    };
  }
  const tools: Array<ProviderTools[FirstRequestProvider]> = [];
  if (options.provider === "openai") {
    const topLevel = [...direct, ...deferred.filter((tool) => !tool.namespace)];
    const names = flatToolNames(topLevel);
    for (const tool of direct) tools.push(providerTool(tool, "openai", { name: names.get(tool.id)! }));
    for (const namespace of namespacesOf(content, deferred)) {
      const members = deferred.filter((tool) => tool.namespace === namespace.name);
      tools.push({
        type: "namespace",
        name: namespace.name,
        description: namespace.description,
        tools: members.map((tool) => providerTool(tool, "openai", { deferred: true })),
      });
    }
    for (const tool of deferred.filter((t) => !t.namespace))
      tools.push(providerTool(tool, "openai", { name: names.get(tool.id)!, deferred: true }));
  } else {
    const listed = [...direct, ...deferred];
    const names = flatToolNames(listed);
    for (const tool of listed)
      tools.push(
        providerTool(tool, "anthropic", { name: names.get(tool.id)!, deferred: tool.exposure === "deferred" }),
      );
    // Anthropic refuses a request with two tools of one name; say which one to rename instead.
    if (searchModeOf(options) === "client" && [...names.values()].includes(ANTHROPIC_SEARCH_TOOL_NAME)) {
      throw new Error(
        `A catalog tool is named "${ANTHROPIC_SEARCH_TOOL_NAME}" like the client search tool: rename it, or use toolSearch: "server".`,
      );
    }
  }
  tools.push(toolSearchEntry(content, options)!);
  const ids = {
    directIds: direct.map((tool) => tool.id),
    deferredIds: deferred.map((tool) => tool.id),
    omittedIds: [],
  };
  return { tools: tools as Array<ProviderTools[P]>, ...ids, usesToolSearch };
}

/** The exact turn-one `tools` array for a client profile (see the shapes at the top of this file). */
export function firstRequestTools<P extends FirstRequestProvider>(
  content: SnapshotContent,
  options: FirstRequestOptions<P>,
): Array<ProviderTools[P]> {
  return planFirstRequest(content, options).tools;
}

/**
 * The description a namespace goes out with: its own, or, when it has none, one generated from its deferred
 * tools' names. A deferred namespace never goes out empty: the model reads nothing else about its tools on turn
 * one, and openai-agents-js refuses a deferred namespace without a description.
 */
export function namespaceDescriptionIn(content: SnapshotContent, name: string): string {
  const own = content.namespaces.find((ns) => ns.name === name)?.description ?? "";
  if (own.trim()) return own;
  const members = content.tools.filter((tool) => tool.namespace === name);
  const deferred = members.filter((tool) => tool.exposure === "deferred");
  const names = (deferred.length ? deferred : members).map((tool) => tool.spec.name);
  const more = names.length > 6 ? `, and ${names.length - 6} more` : "";
  return `Tools in ${name}: ${names.slice(0, 6).join(", ")}${more}.`;
}

/** Namespaces that hold at least one of `tools`, in the snapshot's order, with the description they go out with. */
function namespacesOf(
  content: SnapshotContent,
  tools: readonly SnapshotTool[],
): Array<{ name: string; description: string }> {
  const used = new Set(tools.map((tool) => tool.namespace).filter((name): name is string => !!name));
  const known = content.namespaces.filter((ns) => used.has(ns.name)).map((ns) => ns.name);
  const missing = [...used].filter((name) => !known.includes(name)).sort();
  return [...known, ...missing].map((name) => ({ name, description: namespaceDescriptionIn(content, name) }));
}

/** What the model reads on turn one when it searches: namespace summaries (OpenAI) — Anthropic shows none. */
function catalogSummary(content: SnapshotContent, plan: FirstRequestPlan, provider: FirstRequestProvider): unknown[] {
  if (provider !== "openai" || !plan.usesToolSearch) return [];
  const deferred = content.tools.filter((tool) => tool.exposure === "deferred");
  const names = flatToolNames(content.tools.filter((tool) => tool.exposure === "direct" || !tool.namespace));
  return [
    ...namespacesOf(content, deferred).map(({ name, description }) => ({ type: "namespace", name, description })),
    ...deferred
      .filter((tool) => !tool.namespace)
      .map((tool) => ({ type: "function", name: names.get(tool.id)!, description: tool.spec.description })),
  ];
}

export interface FirstRequestCost {
  provider: FirstRequestProvider;
  usesToolSearch: boolean;
  /** N: tools a client gets when everything is sent directly (direct + deferred). */
  toolCount: number;
  directCount: number;
  deferredCount: number;
  omittedCount: number;
  /** S: mean tokens of one tool schema sent directly (everythingDirect / N). */
  tokensPerTool: number;
  /** N × S, measured: the whole catalog sent as direct tools. */
  everythingDirect: number;
  /** Tokens of the exact turn-one `tools` JSON (deferred schemas included: they are sent, but not shown to the model). */
  payload: number;
  /** What the model reads on turn one: direct schemas, the catalog summary and the search tool. */
  firstRequest: { direct: number; summary: number; searchTool: number; total: number };
  /** K: tools one search loads (the catalog's default limit, at most the deferred count). */
  k: number;
  /** K × S for loaded deferred schemas (S = their mean, in the shape search returns). */
  loaded: number;
  /** firstRequest.total + loaded: the cost of a turn that searches once. */
  withSearch: number;
  /** everythingDirect − withSearch (negative when searching costs more). */
  saved: number;
}

const tokensOf = (countTokens: (text: string) => number, value: unknown[]) =>
  value.length === 0 ? 0 : countTokens(JSON.stringify(value));

/**
 * The cost model of docs/design.md: N × S tokens for sending every tool vs catalog summary + search tool + K × S.
 * Counts the compact JSON with the given tokenizer (the server uses o200k); providers render tools into the
 * prompt in their own way, so these are close estimates, not billing figures.
 */
export function firstRequestCost(
  content: SnapshotContent,
  options: FirstRequestOptions & { countTokens: (text: string) => number; k?: number },
): FirstRequestCost {
  const { countTokens, provider } = options;
  const plan = planFirstRequest(content, options);
  const everyTool = content.tools;
  const everythingNames = flatToolNames(everyTool);
  const everythingDirect = tokensOf(
    countTokens,
    everyTool.map((tool) => providerTool(tool, provider, { name: everythingNames.get(tool.id)! })),
  );
  const byId = new Map(everyTool.map((tool) => [tool.id, tool]));
  const shownDirect = plan.directIds.map((id) => byId.get(id)!);
  const directNames = flatToolNames(shownDirect);
  const direct = tokensOf(
    countTokens,
    shownDirect.map((tool) => providerTool(tool, provider, { name: directNames.get(tool.id)! })),
  );
  const summary = tokensOf(countTokens, catalogSummary(content, plan, provider));
  const searchEntry = plan.usesToolSearch ? toolSearchEntry(content, options) : null;
  const searchTool = searchEntry ? tokensOf(countTokens, [searchEntry]) : 0;
  const k = plan.usesToolSearch ? Math.min(options.k ?? content.engine.defaultLimit, plan.deferredIds.length) : 0;
  const loadedEach = plan.deferredIds.map((id) =>
    countTokens(JSON.stringify(providerTool(byId.get(id)!, provider, { deferred: true }))),
  );
  const meanLoaded = loadedEach.length ? loadedEach.reduce((a, b) => a + b, 0) / loadedEach.length : 0;
  const loaded = Math.round(k * meanLoaded);
  const total = direct + summary + searchTool;
  return {
    provider,
    usesToolSearch: plan.usesToolSearch,
    toolCount: everyTool.length,
    directCount: plan.directIds.length,
    deferredCount: plan.deferredIds.length,
    omittedCount: plan.omittedIds.length,
    tokensPerTool: everyTool.length ? Math.round((everythingDirect / everyTool.length) * 10) / 10 : 0,
    everythingDirect,
    payload: tokensOf(countTokens, plan.tools),
    firstRequest: { direct, summary, searchTool, total },
    k,
    loaded,
    withSearch: total + loaded,
    saved: everythingDirect - (total + loaded),
  };
}
