import type { Catalog, PrismaClient, Team } from "@prisma/client";
import { AppError } from "../../errors";
import { loadDraftContent } from "../draft/draft-cache";
import { loadGoldenQueries, loadPublishedVersion } from "./catalog-state";
import { compareQuery, sortComparisons, type QueryComparison } from "./compare-golden-queries";
import { diffTools, type ToolChanges } from "./diff-tools";
import type { EngineTimer } from "./engine-timer";
import { findRegressions, type MetricRegression, type SnapshotMetrics } from "./golden-metrics";
import { holdUpstreamChanges } from "./hold-upstream-changes";
import { goldenFingerprint, rankContent } from "./ranking-cache";
import { compareFindings, type FindingChanges } from "./review-findings";
import { findQualityBlocks, type QualityBlock } from "./quality-gate";
import { hasSameContent } from "./same-content";

export interface ReviewDraftOptions {
  db: PrismaClient;
  team: Pick<Team, "slug">;
  catalog: Catalog;
  /** Top K compared per query; defaults to the catalog's default limit (what tool_search returns). */
  k?: number;
  timer?: EngineTimer;
}

export interface DraftReview {
  k: number;
  latest: { version: number; contentHash: string; publishedAt: Date; publishedBy: string } | null;
  /** The draft has the latest version's content: publishing would be refused as a no-op. */
  isUnchanged: boolean;
  metrics: { draft: SnapshotMetrics; latest: SnapshotMetrics | null; regressions: MetricRegression[] };
  /**
   * Verdict counts; `failing`: queries the draft answers wrong on its own (isFailingQuery); `expectNoTool`: the
   * golden queries whose right answer is no tool at all ("no tool should match").
   */
  counts: {
    worse: number;
    better: number;
    changed: number;
    same: number;
    new: number;
    failing: number;
    expectNoTool: number;
  };
  queries: QueryComparison[];
  tools: ToolChanges;
  /** Catalog-check findings added and removed since the latest version (docs/catalog-check.md). */
  findings: FindingChanges;
  /** Tools publishing would ship in their approved form: their upstream change waits for review (by key). */
  heldBack: string[];
  /** The catalog's "Block publishing on quality findings" and, when on, what blocks the draft (quality-gate.ts). */
  qualityGate: QualityGateState;
}

export interface QualityGateState {
  isOn: boolean;
  /** The first MAX_LISTED_BLOCKS quality findings that block publishing (none when the gate is off). */
  blocks: QualityBlock[];
  blockCount: number;
  toolCount: number;
}

const MAX_LISTED_BLOCKS = 50;

function qualityGateOf(catalog: Catalog, draft: Parameters<typeof findQualityBlocks>[0]): QualityGateState {
  const blocks = catalog.blockOnQuality ? findQualityBlocks(draft) : [];
  return {
    isOn: catalog.blockOnQuality,
    blocks: blocks.slice(0, MAX_LISTED_BLOCKS),
    blockCount: blocks.length,
    toolCount: new Set(blocks.map((b) => b.toolId)).size,
  };
}

export const MAX_REVIEW_K = 50;

/**
 * Draft vs latest version over every golden query, ranked by the same index agents build
 * (`createSnapshotIndex` with the content's own engine settings), plus what changed per tool.
 */
export async function reviewDraft({ db, team, catalog, k, timer }: ReviewDraftOptions): Promise<DraftReview> {
  // What publishing would ship: tools whose upstream change waits for review in their approved form.
  const [{ content: draft, heldBack }, latest, golden] = await Promise.all([
    loadDraftContent({ db, team, catalog }).then((content) => holdUpstreamChanges(db, catalog.id, content)),
    loadPublishedVersion(db, catalog),
    loadGoldenQueries(db, catalog.id),
  ]);
  const topK = k ?? draft.engine.defaultLimit;
  if (!Number.isInteger(topK) || topK < 1 || topK > MAX_REVIEW_K)
    throw new AppError("INVALID_INPUT", `k must be a whole number from 1 to ${MAX_REVIEW_K}.`);

  const goldenKey = goldenFingerprint(golden);
  const draftRun = rankContent({ content: draft, golden, goldenKey, k: topK, timer });
  const latestRun = latest ? rankContent({ content: latest.snapshot, golden, goldenKey, k: topK, timer }) : null;
  const queries = sortComparisons(
    draftRun.ranked.map((ranked, i) => compareQuery(ranked, latestRun?.ranked[i] ?? null, topK)),
  );
  const counts = { worse: 0, better: 0, changed: 0, same: 0, new: 0, failing: 0, expectNoTool: 0 };
  for (const q of queries) {
    counts[q.verdict]++;
    if (q.isFailing) counts.failing++;
    if (q.expected.length === 0) counts.expectNoTool++;
  }
  return {
    k: topK,
    latest: latest && {
      version: latest.version,
      contentHash: latest.contentHash,
      publishedAt: latest.publishedAt,
      publishedBy: latest.publishedBy,
    },
    isUnchanged: latest !== null && hasSameContent(draft, latest.snapshot),
    metrics: {
      draft: draftRun.metrics,
      latest: latestRun?.metrics ?? null,
      regressions: latestRun ? findRegressions(latestRun.metrics, draftRun.metrics) : [],
    },
    counts,
    queries,
    tools: diffTools(latest?.snapshot ?? null, draft),
    findings: compareFindings({ draft, latest: latest?.snapshot ?? null, golden, goldenKey, k: topK }),
    heldBack,
    qualityGate: qualityGateOf(catalog, draft),
  };
}
