import "server-only";
import type { Catalog, PrismaClient, Team } from "@prisma/client";
import { planFirstRequest } from "@/domain/providers/first-request";
import { buildSnapshotContent } from "../draft/build-snapshot-content";
import { buildCatalogDocument } from "./catalog-document";
import { mcpExport, openAiExport } from "./provider-exports";

/** Provider formats, and `stockroom`: the lossless catalog document (see catalog-document.ts). */
export const EXPORT_FORMATS = ["openai", "anthropic", "mcp", "stockroom"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * The draft in a provider's wire format, built from the same snapshot content and turn-one plan agents use,
 * so an export matches what would be published: OpenAI Responses `tools` (namespaces, defer_loading,
 * tool_search), Anthropic tools (defer_loading + the BM25 tool-search tool), or an MCP `tools/list` result.
 */
export async function exportDraft({
  db,
  team,
  catalog,
  format,
  supportsToolSearch = true,
}: {
  db: PrismaClient;
  team: Team;
  catalog: Catalog;
  format: ExportFormat;
  supportsToolSearch?: boolean;
}) {
  if (format === "stockroom") {
    const doc = await buildCatalogDocument(db, catalog);
    const count = (exposure: string) => doc.tools.filter((t) => t.exposure === exposure).length;
    const counts = { direct: count("direct"), deferred: count("deferred"), omitted: count("hidden") };
    return {
      format,
      filename: `${catalog.slug}.stockroom-catalog.json`,
      usesToolSearch: false,
      counts,
      json: JSON.stringify(doc, null, 2),
    };
  }
  const content = await buildSnapshotContent({ db, team, catalog });
  const plan = planFirstRequest(content, {
    provider: format,
    supportsToolSearch: format !== "mcp" && supportsToolSearch,
  });
  const document =
    format === "mcp" ? mcpExport(content, plan) : format === "openai" ? openAiExport(content, plan) : plan.tools;
  return {
    format,
    filename: `${catalog.slug}.${format === "mcp" ? "mcp-tools-list" : `${format}-tools`}.json`,
    usesToolSearch: plan.usesToolSearch,
    counts: { direct: plan.directIds.length, deferred: plan.deferredIds.length, omitted: plan.omittedIds.length },
    json: JSON.stringify(document, null, 2),
  };
}
