// Turn one and its token cost for the Chat Completions client profile (any model with function calling), in
// the shapes the first-request preview shows for the provider formats (FirstRequestPlan, FirstRequestCost).
import { ChatToolSession, chatTool as asChat, chatToolSearchTool, type ChatFunctionTool } from "./chat-completions";
import { flatToolNames, type FirstRequestCost, type FirstRequestPlan } from "./first-request";
import type { SnapshotContent } from "../snapshot/verify";

export type ChatCompletionsCost = Omit<FirstRequestCost, "provider"> & { provider: "chat-completions" };
export type ChatCompletionsPlan = Omit<FirstRequestPlan, "tools"> & { tools: ChatFunctionTool[] };

/** Turn one: direct tools and `tool_search` (with search); without it, each deferred tool's fallback applies. */
export function planChatCompletions(
  content: SnapshotContent,
  options: { supportsToolSearch: boolean },
): ChatCompletionsPlan {
  const direct = content.tools.filter((t) => t.exposure === "direct");
  const deferred = content.tools.filter((t) => t.exposure === "deferred");
  if (options.supportsToolSearch && deferred.length > 0) {
    const session = new ChatToolSession({ content: () => content, search: () => [] });
    return {
      tools: session.tools(),
      directIds: direct.map((t) => t.id),
      deferredIds: deferred.map((t) => t.id),
      omittedIds: [],
      usesToolSearch: true,
    };
  }
  const listed = [...direct, ...deferred.filter((t) => t.fallback !== "hidden")];
  const names = flatToolNames(listed);
  return {
    tools: listed.map((t) => asChat(t, names.get(t.id)!)),
    directIds: listed.map((t) => t.id),
    deferredIds: [],
    omittedIds: deferred.filter((t) => t.fallback === "hidden").map((t) => t.id),
    usesToolSearch: false,
  };
}

const tokensOf = (countTokens: (text: string) => number, value: unknown[]) =>
  value.length === 0 ? 0 : countTokens(JSON.stringify(value));

/**
 * The cost model (docs/design.md) for Chat Completions: N × S for every tool as a function against the direct functions +
 * `tool_search` (its description carries the catalog summary, counted as `summary`) + K × S loaded next turn.
 */
export function chatCompletionsCost(
  content: SnapshotContent,
  options: { supportsToolSearch: boolean; countTokens: (text: string) => number; k?: number },
): ChatCompletionsCost {
  const { countTokens } = options;
  const plan = planChatCompletions(content, options);
  const all = flatToolNames(content.tools);
  const everythingDirect = tokensOf(
    countTokens,
    content.tools.map((t) => asChat(t, all.get(t.id)!)),
  );
  const byId = new Map(content.tools.map((t) => [t.id, t]));
  const directTools = plan.directIds.map((id) => byId.get(id)!);
  const directNames = flatToolNames(directTools);
  const direct = tokensOf(
    countTokens,
    directTools.map((t) => asChat(t, directNames.get(t.id)!)),
  );
  let summary = 0;
  let searchTool = 0;
  if (plan.usesToolSearch) {
    const full = chatToolSearchTool(content);
    const bare = chatToolSearchTool({ ...content, namespaces: [], tools: [] });
    searchTool = tokensOf(countTokens, [bare]);
    summary = Math.max(0, tokensOf(countTokens, [full]) - searchTool);
  }
  const k = plan.usesToolSearch ? Math.min(options.k ?? content.engine.defaultLimit, plan.deferredIds.length) : 0;
  const each = plan.deferredIds.map((id) =>
    countTokens(JSON.stringify(asChat(byId.get(id)!, byId.get(id)!.spec.name))),
  );
  const loaded = Math.round(k * (each.length ? each.reduce((a, b) => a + b, 0) / each.length : 0));
  const total = direct + summary + searchTool;
  return {
    provider: "chat-completions",
    usesToolSearch: plan.usesToolSearch,
    toolCount: content.tools.length,
    directCount: plan.directIds.length,
    deferredCount: plan.deferredIds.length,
    omittedCount: plan.omittedIds.length,
    tokensPerTool: content.tools.length ? Math.round((everythingDirect / content.tools.length) * 10) / 10 : 0,
    everythingDirect,
    payload: tokensOf(countTokens, plan.tools),
    firstRequest: { direct, summary, searchTool, total },
    k,
    loaded,
    withSearch: total + loaded,
    saved: everythingDirect - (total + loaded),
  };
}
