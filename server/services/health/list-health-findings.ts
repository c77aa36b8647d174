// The Health tab's findings: the draft's catalog check, filtered by category, severity and tool, grouped by tool
// (worst first), a page at a time, each with where to fix it (the tool's editor) and where to see it (the
// Playground, with the request that shows it).
import type { Catalog, Team } from "@prisma/client";
import {
  CHECK_CATEGORIES,
  CHECK_SEVERITIES,
  type CheckCategory,
  type CheckSeverity,
  type CheckTool,
  type Finding,
  type QualityComponent,
  selfRequest,
  severityRank,
} from "@/domain/catalog-check/index";
import type { SqlSource } from "../../db/sql-source";
import type { LiveRow } from "../draft/build-snapshot-content";
import { checkDraftHealth } from "./check-draft-health";

export const HEALTH_PAGE_SIZE = 20;

export interface HealthFilters {
  category?: CheckCategory | null;
  severity?: CheckSeverity | null;
  /** Part of a tool id (`namespace.name`), any case. */
  tool?: string | null;
}

export interface ToolLink {
  id: string;
  /** The tool's row id (its editor page), or null when the draft no longer has it. */
  editorId: string | null;
}

export interface HealthFinding {
  rule: string;
  category: CheckCategory;
  severity: CheckSeverity;
  component?: QualityComponent;
  message: string;
  /** The other tools involved (confusion, name imitation). */
  tools: ToolLink[];
  /** For findability and confusion: the request that shows the finding in the Playground. */
  playgroundQuery: string | null;
  /** Where in the tool's text (the first spans, each cut to MAX_SPAN_TEXT characters): untrusted text. */
  spans: Array<{ field: string; text: string }>;
}

const MAX_SPANS = 2;
const MAX_SPAN_TEXT = 200;

export type CategoryCounts = Record<CheckCategory, Record<CheckSeverity, number>>;

export interface HealthFindings {
  summary: { counts: CategoryCounts; tools: number; toolsWithFindings: number; golden: number; traffic: number };
  tools: Array<ToolLink & { findings: HealthFinding[] }>;
  matching: { tools: number; findings: number };
  page: number;
  pageCount: number;
}

export function emptyCounts(): CategoryCounts {
  const row = () => Object.fromEntries(CHECK_SEVERITIES.map((s) => [s, 0])) as Record<CheckSeverity, number>;
  return Object.fromEntries(CHECK_CATEGORIES.map((c) => [c, row()])) as CategoryCounts;
}

export function countFindings(findings: readonly Finding[]): CategoryCounts {
  const counts = emptyCounts();
  for (const f of findings) counts[f.category][f.severity]++;
  return counts;
}

/** The request that shows a findability or confusion finding: one of its own, else the tool's own first words. */
function playgroundQueryOf(finding: Finding, tool: CheckTool | undefined): string | null {
  if (finding.category !== "findability" && finding.category !== "confusion") return null;
  const request = finding.evidence.requests?.find((r) => r.trim());
  if (request) return request;
  const own = tool ? selfRequest(tool) : "";
  return own.trim() ? own : null;
}

function toHealthFinding(f: Finding, tools: Map<string, CheckTool>, live: ReadonlyMap<string, LiveRow>) {
  return {
    rule: f.rule,
    category: f.category,
    severity: f.severity,
    ...(f.component ? { component: f.component } : {}),
    message: f.message,
    tools: (f.evidence.tools ?? []).map((id) => ({ id, editorId: live.get(id)?.id ?? null })),
    playgroundQuery: playgroundQueryOf(f, tools.get(f.toolId)),
    spans: (f.evidence.spans ?? []).slice(0, MAX_SPANS).map((s) => ({
      field: s.field,
      text: s.text.length > MAX_SPAN_TEXT ? `${s.text.slice(0, MAX_SPAN_TEXT)}…` : s.text,
    })),
  };
}

/** Tool groups, the worst first: by their most severe finding, then by how many, then by id. */
function groupByTool(findings: readonly Finding[]): Array<{ id: string; findings: Finding[] }> {
  const groups = new Map<string, Finding[]>();
  for (const f of findings) {
    const group = groups.get(f.toolId);
    if (group) group.push(f);
    else groups.set(f.toolId, [f]);
  }
  const worst = (list: Finding[]) => Math.min(...list.map((f) => severityRank(f.severity)));
  return [...groups]
    .map(([id, list]) => ({ id, findings: list, worst: worst(list) }))
    .sort((a, b) => a.worst - b.worst || b.findings.length - a.findings.length || (a.id < b.id ? -1 : 1));
}

export async function listHealthFindings(options: {
  db: SqlSource;
  team: Pick<Team, "slug">;
  catalog: Catalog;
  filters?: HealthFilters;
  page?: number;
}): Promise<HealthFindings> {
  const { category, severity, tool } = options.filters ?? {};
  const health = await checkDraftHealth(options);
  const needle = tool?.trim().toLowerCase() ?? "";
  const matching = health.findings.filter(
    (f) =>
      (!category || f.category === category) &&
      (!severity || f.severity === severity) &&
      (!needle || f.toolId.toLowerCase().includes(needle)),
  );
  const groups = groupByTool(matching);
  const pageCount = Math.max(1, Math.ceil(groups.length / HEALTH_PAGE_SIZE));
  const page = Math.min(Math.max(1, options.page ?? 1), pageCount);
  const shown = groups.slice((page - 1) * HEALTH_PAGE_SIZE, page * HEALTH_PAGE_SIZE);
  return {
    summary: {
      counts: countFindings(health.findings),
      tools: health.tools.size,
      toolsWithFindings: new Set(health.findings.map((f) => f.toolId)).size,
      ...health.requests,
    },
    tools: shown.map((g) => ({
      id: g.id,
      editorId: health.live.get(g.id)?.id ?? null,
      findings: g.findings.map((f) => toHealthFinding(f, health.tools, health.live)),
    })),
    matching: { tools: groups.length, findings: matching.length },
    page,
    pageCount,
  };
}
