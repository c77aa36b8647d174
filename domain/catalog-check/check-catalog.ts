// The catalog check's entry points: `checkTool` (one tool's own rules, as the editor runs them per keystroke) and
// `checkCatalog` (every rule, including those that compare tools and rank requests).
import { createSearchIndex, effectiveSearchText, type EngineSettings, type IndexDoc } from "../../search/index";
import { checkNearDuplicates, checkSameNames } from "./confusion";
import { findabilityFindings, rankRequests, swappedRankingFindings } from "./findability";
import { checkNameImitation } from "./impersonation";
import { checkQuality } from "./quality";
import { checkOutOfScopeParameters } from "./out-of-scope";
import { checkHiddenBlocks, checkInvisibleUnicode } from "./safety-structure";
import { checkSafetyText } from "./safety-text";
import { buildVectors } from "./text-vectors";
import { approxTokens, median, sentencesOf, wordsOf } from "./text";
import { indexToolNames, type ToolNameIndex } from "./tool-names";
import { type CheckRequest, type CheckSeverity, type CheckTool, type Finding, severityRank } from "./types";

/** What one tool's rules need to know of the catalog; build it once with `prepareCatalog`. */
export interface CatalogContext {
  names: ToolNameIndex;
  /** The median definition cost in (approximate) tokens. */
  medianTokens: number;
}

export function prepareCatalog(tools: readonly CheckTool[]): CatalogContext {
  return { names: indexToolNames(tools), medianTokens: median(tools.map(approxTokens)) };
}

/** What a browser needs to rebuild a catalog's context: every tool's name and origin, and the median cost. */
export interface CatalogSummary {
  tools: Array<{ id: string; name: string; namespace: string | null; server: string | null }>;
  medianTokens: number;
}

export function summarizeCatalog(tools: readonly CheckTool[]): CatalogSummary {
  return {
    tools: tools.map((t) => ({ id: t.id, name: t.name, namespace: t.namespace, server: t.mcpServer ?? null })),
    medianTokens: median(tools.map(approxTokens)),
  };
}

/**
 * The context of `prepareCatalog` from a summary, leaving out the tool being edited (`exceptId`): its draft takes
 * its place, so the editor does not read the saved name as another tool's.
 */
export function contextOfSummary(summary: CatalogSummary, exceptId?: string | null): CatalogContext {
  const tools = summary.tools
    .filter((t) => t.id !== exceptId)
    .map((t) => ({ ...t, description: "", parameters: null, mcpServer: t.server }));
  return { names: indexToolNames(tools), medianTokens: summary.medianTokens };
}

/** The rules that compare tools by their text alone (name imitation, near-duplicates, same names): no rankings. */
export function checkAcrossTools(tools: readonly CheckTool[], texts = tools.map(searchTextOf)): Finding[] {
  const vectors = buildVectors(texts);
  return [...checkNameImitation(tools), ...checkNearDuplicates(tools, vectors), ...checkSameNames(tools, vectors)];
}

function bySeverity(a: Finding, b: Finding): number {
  return severityRank(a.severity) - severityRank(b.severity) || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0);
}

/**
 * The tool's own rules (quality, and safety of its text and parameters), most severe first. Pure and fast (well
 * under a millisecond for a typical tool): the editor reruns it as the curator types.
 */
export function checkTool(tool: CheckTool, context: CatalogContext = prepareCatalog([tool])): Finding[] {
  return [
    ...checkSafetyText(tool, context.names),
    ...checkHiddenBlocks(tool),
    ...checkInvisibleUnicode(tool),
    ...checkOutOfScopeParameters(tool),
    ...checkQuality(tool, context.medianTokens),
  ].sort(bySeverity);
}

/**
 * The safety errors only: each tool's text and parameter rules and name imitation across the catalog, without
 * quality, confusion or rankings. What publishing gates on (an owner acknowledges them with a reason).
 */
export function checkSafety(tools: readonly CheckTool[]): Finding[] {
  const names = indexToolNames(tools);
  const own = tools.flatMap((tool) => [
    ...checkSafetyText(tool, names),
    ...checkHiddenBlocks(tool),
    ...checkInvisibleUnicode(tool),
    ...checkOutOfScopeParameters(tool),
  ]);
  return [...own, ...checkNameImitation(tools)].filter((f) => f.severity === "error");
}

export interface CatalogCheckOptions {
  tools: readonly CheckTool[];
  /** Golden queries and traffic (requests agents sent before calling a tool), by tool id. */
  requests?: readonly CheckRequest[];
  /** The catalog's engine settings (profile, k1, b, …); the default profile otherwise. */
  engine?: Partial<EngineSettings>;
  /** The top K a request must reach (default: the engine's default limit). */
  k?: number;
  /**
   * Also rank a request made from each tool's own first sentence (for swapped pairs). Default: on up to 3,000
   * tools, where it costs well under a second.
   */
  selfRequests?: boolean;
}

export interface CatalogCheckResult {
  /** Findings per tool id, in the input order of the tools, most severe first within a tool. */
  byTool: Map<string, Finding[]>;
  counts: Record<CheckSeverity, number>;
}

export function searchTextOf(tool: CheckTool): string {
  return (
    tool.searchText ??
    effectiveSearchText({
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters,
      namespace: tool.namespace ? { name: tool.namespace } : null,
      mcpServer: tool.mcpServer ?? null,
    })
  );
}

/** A request from a tool's own words: the first sentence of its description, at most 16 words. */
export function selfRequest(tool: CheckTool): string {
  const first = sentencesOf("description", tool.description)[0]?.text ?? tool.name.replace(/[_-]+/g, " ");
  return wordsOf(first).slice(0, 16).join(" ");
}

function rankingFindings(options: CatalogCheckOptions, texts: readonly string[]): Finding[] {
  const { tools } = options;
  const requests = [...(options.requests ?? [])];
  const self = options.selfRequests ?? tools.length <= 3000;
  if (self) for (const tool of tools) requests.push({ query: selfRequest(tool), toolId: tool.id, source: "golden" });
  if (requests.length === 0 || tools.length < 2) return [];
  const docs: IndexDoc[] = tools.map((tool, i) => ({
    id: tool.id,
    text: texts[i]!,
    name: tool.name,
    ...(tool.namespace ? { namespace: tool.namespace } : {}),
  }));
  const index = createSearchIndex(docs, options.engine);
  const k = options.k ?? index.settings.defaultLimit;
  const known = new Set(tools.map((t) => t.id));
  const byId = new Map(tools.map((t) => [t.id, t]));
  const own = rankRequests(
    index,
    (options.requests ?? []).filter((r) => known.has(r.toolId)),
    k,
  );
  const all = self
    ? rankRequests(
        index,
        requests.filter((r) => known.has(r.toolId)),
        k,
        false,
      )
    : own;
  return [...findabilityFindings(own, k), ...swappedRankingFindings(all, byId)];
}

/** Every rule over a catalog. 10,000 tools take about a second (docs/benchmarks.md, "Catalog check"). */
export function checkCatalog(options: CatalogCheckOptions): CatalogCheckResult {
  const { tools } = options;
  const context = prepareCatalog(tools);
  const byTool = new Map<string, Finding[]>(tools.map((t) => [t.id, checkTool(t, context)]));
  const texts = tools.map(searchTextOf);
  const catalogFindings = [...checkAcrossTools(tools, texts), ...rankingFindings(options, texts)];
  for (const finding of catalogFindings) byTool.get(finding.toolId)?.push(finding);
  const counts: Record<CheckSeverity, number> = { error: 0, warning: 0, info: 0 };
  for (const [id, findings] of byTool) {
    findings.sort(bySeverity);
    byTool.set(id, findings);
    for (const f of findings) counts[f.severity]++;
  }
  return { byTool, counts };
}
