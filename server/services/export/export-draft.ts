import "server-only";
import type { Catalog, PrismaClient, Team } from "@prisma/client";
import { planFirstRequest } from "@/sdk/first-request";
import { buildSnapshotContent } from "../snapshots/build-snapshot-content";

export type ExportFormat = "openai" | "anthropic" | "mcp";

/**
 * The draft in a provider's wire format, built from the same snapshot content and turn-one plan agents use,
 * so an export matches what would be published: OpenAI Responses `tools` (namespaces, defer_loading,
 * tool_search), Anthropic tools (defer_loading + the BM25 tool-search tool), or an MCP `tools/list` result.
 */
export async function exportDraft({ db, team, catalog, format, supportsToolSearch = true }: { db: PrismaClient; team: Team; catalog: Catalog; format: ExportFormat; supportsToolSearch?: boolean }) {
  const content = await buildSnapshotContent({ db, team, catalog });
  const plan = planFirstRequest(content, { provider: format, supportsToolSearch: format !== "mcp" && supportsToolSearch });
  const document = format === "mcp" ? { tools: plan.tools } : plan.tools;
  return {
    format,
    filename: `${catalog.slug}.${format === "mcp" ? "mcp-tools-list" : `${format}-tools`}.json`,
    usesToolSearch: plan.usesToolSearch,
    counts: { direct: plan.directIds.length, deferred: plan.deferredIds.length, omitted: plan.omittedIds.length },
    json: JSON.stringify(document, null, 2),
  };
}
