import "server-only";
import type { Catalog, PrismaClient, Team } from "@prisma/client";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { chatCompletionsCost, planChatCompletions } from "@/domain/providers/chat-completions-cost";
import { firstRequestCost, planFirstRequest, type ClientProfile } from "@/domain/providers/first-request";
import type { SnapshotContent } from "@/domain/snapshot/verify";
import { loadRankingSource } from "../playground/ranking-source";

export interface PreviewFirstRequestOptions {
  db: PrismaClient;
  team: Pick<Team, "slug">;
  catalog: Catalog;
  /** null = the draft, else a published version. */
  version: number | null;
  /** A provider format, or `chat-completions`: direct functions + a plain `tool_search` function (any model). */
  provider: ClientProfile;
  supportsToolSearch: boolean;
  /** Tools one search loads; default the catalog's default limit. */
  k?: number;
}

/**
 * The exact turn-one `tools` payload for a client profile (built by the SDK's own `firstRequestTools`) with
 * o200k token counts: everything sent directly (N × S) against catalog summary + search tool + K × S.
 * Tokenizing a large catalog takes a while, so results are memoised on the cached source.
 */
export async function previewFirstRequest({
  db,
  team,
  catalog,
  version,
  provider,
  supportsToolSearch,
  k,
}: PreviewFirstRequestOptions) {
  const started = performance.now();
  const source = await loadRankingSource({ db, team, catalog, version });
  const plan = source.memo(`plan:${provider}:${supportsToolSearch}`, () =>
    planFor(source.content, provider, supportsToolSearch),
  );
  const cost = source.memo(`cost:${provider}:${supportsToolSearch}:${k ?? "default"}`, () =>
    costFor(source.content, provider, supportsToolSearch, k),
  );
  const payload = source.memo(`payload:${provider}:${supportsToolSearch}`, () => JSON.stringify(plan.tools, null, 2));
  const outline = plan.tools.map((entry) => outlineOf(entry as unknown as Record<string, unknown>));
  return {
    version: source.version,
    provider,
    supportsToolSearch,
    payload,
    entries: plan.tools.length,
    outline,
    directIds: plan.directIds,
    deferredCount: plan.deferredIds.length,
    omittedIds: plan.omittedIds,
    cost,
    tookMs: Math.round(performance.now() - started),
  };
}

function planFor(
  content: SnapshotContent,
  provider: PreviewFirstRequestOptions["provider"],
  supportsToolSearch: boolean,
) {
  if (provider === "chat-completions") return planChatCompletions(content, { supportsToolSearch });
  return planFirstRequest(content, { provider, supportsToolSearch });
}

function costFor(
  content: SnapshotContent,
  provider: PreviewFirstRequestOptions["provider"],
  supportsToolSearch: boolean,
  k: number | undefined,
) {
  const options = { supportsToolSearch, countTokens, ...(k ? { k } : {}) };
  if (provider === "chat-completions") return chatCompletionsCost(content, options);
  return firstRequestCost(content, { ...options, provider });
}

/** One line per top-level entry: what it is, its name and, for a namespace, how many tools it holds. */
function outlineOf(entry: Record<string, unknown>): {
  kind: string;
  name: string;
  tools: number | null;
  deferred: boolean;
} {
  const kind = typeof entry.type === "string" ? entry.type : "tool";
  // Chat Completions nests the name under `function`.
  const fn = entry.function as { name?: unknown } | undefined;
  const name = typeof entry.name === "string" ? entry.name : typeof fn?.name === "string" ? fn.name : kind;
  return {
    kind,
    name,
    tools: Array.isArray(entry.tools) ? entry.tools.length : null,
    deferred: entry.defer_loading === true,
  };
}
