// The catalog check in review (docs/catalog-check.md): the draft's findings against the latest version's, so a
// reviewer sees what an edit or an import introduced (a rug pull shows up as safety findings added) and what it
// fixed. Golden queries are the findability requests; the per-tool self-requests are left out to keep the review fast.
import {
  type CheckSeverity,
  checkCatalog,
  checkInputOfSnapshot,
  type Finding,
  type QualityComponent,
} from "@/domain/catalog-check/index";
import type { SnapshotContent } from "@/domain/snapshot/verify";
import { timeCatalogRun } from "../../ops/metrics";
import type { GoldenQuery } from "./golden-metrics";

export interface ReviewFinding {
  toolId: string;
  rule: string;
  category: Finding["category"];
  severity: CheckSeverity;
  component?: QualityComponent;
  message: string;
  /** Other tools involved (confusion, name imitation). */
  tools: string[];
}

export interface FindingChanges {
  /** In the draft and not in the latest version (all of the draft's before the first publish). */
  added: ReviewFinding[];
  /** In the latest version and gone from the draft. */
  removed: ReviewFinding[];
  /** The draft's findings by severity. */
  counts: Record<CheckSeverity, number>;
}

/**
 * Findings per content object, for one golden set and K. Draft contents (draft-cache.ts) and published payloads are
 * shared objects nobody changes — a changed draft is a new object — so a review reloaded without edits checks nothing
 * again, and entries go with their content. Not a cache of rows: nothing can be stale.
 */
const checked = new WeakMap<SnapshotContent, { key: string; findings: ReviewFinding[] }>();

function findingsOf(
  content: SnapshotContent,
  golden: readonly GoldenQuery[],
  k: number,
  goldenKey: string,
): ReviewFinding[] {
  const key = `${goldenKey}:${k}`;
  const remembered = checked.get(content);
  if (remembered?.key === key) return remembered.findings;
  const findings = checkContent(content, golden, k);
  checked.set(content, { key, findings });
  return findings;
}

function checkContent(content: SnapshotContent, golden: readonly GoldenQuery[], k: number): ReviewFinding[] {
  const { tools, engine } = checkInputOfSnapshot(content);
  const requests = golden.flatMap((g) =>
    g.expected.map((toolId) => ({ query: g.query, toolId, source: "golden" as const })),
  );
  const result = timeCatalogRun("check", () => checkCatalog({ tools, requests, engine, k, selfRequests: false }));
  return [...result.byTool.values()].flat().map((f) => ({
    toolId: f.toolId,
    rule: f.rule,
    category: f.category,
    severity: f.severity,
    ...(f.component ? { component: f.component } : {}),
    message: f.message,
    tools: f.evidence.tools ?? [],
  }));
}

/** A finding's identity across versions: the tool, the rule and the other tools (not the wording, which may carry counts). */
const keyOf = (f: ReviewFinding) => `${f.toolId}\n${f.rule}\n${[...f.tools].sort().join(",")}`;

export function compareFindings(options: {
  draft: SnapshotContent;
  latest: SnapshotContent | null;
  golden: readonly GoldenQuery[];
  /** `goldenFingerprint(golden)`: with K, what the remembered findings of a content depend on besides it. */
  goldenKey: string;
  k: number;
}): FindingChanges {
  const draft = findingsOf(options.draft, options.golden, options.k, options.goldenKey);
  const latest = options.latest ? findingsOf(options.latest, options.golden, options.k, options.goldenKey) : [];
  const before = new Set(latest.map(keyOf));
  const after = new Set(draft.map(keyOf));
  const counts: Record<CheckSeverity, number> = { error: 0, warning: 0, info: 0 };
  for (const f of draft) counts[f.severity]++;
  return {
    added: draft.filter((f) => !before.has(keyOf(f))),
    removed: latest.filter((f) => !after.has(keyOf(f))),
    counts,
  };
}
