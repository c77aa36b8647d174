import "server-only";
import type { Catalog, PrismaClient, Team } from "@prisma/client";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { firstRequestCost, planFirstRequest, type FirstRequestProvider } from "@/sdk/first-request";
import { loadRankingSource } from "./ranking-source";

export interface PreviewFirstRequestOptions {
  db: PrismaClient;
  team: Pick<Team, "slug">;
  catalog: Catalog;
  /** null = the draft, else a published version. */
  version: number | null;
  provider: FirstRequestProvider;
  supportsToolSearch: boolean;
  /** Tools one search loads; default the catalog's default limit. */
  k?: number;
}

/**
 * The exact turn-one `tools` payload for a client profile (built by the SDK's own `firstRequestTools`) with
 * o200k token counts: everything sent directly (N × S) against catalog summary + search tool + K × S.
 * Tokenizing a large catalog takes a while, so results are memoised on the cached source.
 */
export async function previewFirstRequest({ db, team, catalog, version, provider, supportsToolSearch, k }: PreviewFirstRequestOptions) {
  const started = performance.now();
  const source = await loadRankingSource({ db, team, catalog, version });
  const options = { provider, supportsToolSearch };
  const plan = source.memo(`plan:${provider}:${supportsToolSearch}`, () => planFirstRequest(source.content, options));
  const cost = source.memo(`cost:${provider}:${supportsToolSearch}:${k ?? "default"}`, () =>
    firstRequestCost(source.content, { ...options, countTokens, ...(k ? { k } : {}) }),
  );
  const payload = source.memo(`payload:${provider}:${supportsToolSearch}`, () => JSON.stringify(plan.tools, null, 2));
  const outline = plan.tools.map((entry) => outlineOf(entry));
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

/** One line per top-level entry: what it is, its name and, for a namespace, how many tools it holds. */
function outlineOf(entry: Record<string, unknown>): { kind: string; name: string; tools: number | null; deferred: boolean } {
  const kind = typeof entry.type === "string" ? entry.type : "tool";
  const name = typeof entry.name === "string" ? entry.name : kind;
  return { kind, name, tools: Array.isArray(entry.tools) ? entry.tools.length : null, deferred: entry.defer_loading === true };
}
