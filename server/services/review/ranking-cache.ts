import { createHash } from "node:crypto";
import type { SearchIndex } from "@/search/index";
import { boundedCache } from "../../cache/bounded-cache";
import { createSnapshotIndex, snapshotIndexDocs } from "@/domain/snapshot/snapshot-index";
import type { SnapshotContent } from "@/domain/snapshot/verify";
import { timed, type EngineTimer } from "./engine-timer";
import {
  rankGoldenQueries,
  summarizeMetrics,
  type GoldenQuery,
  type RankedGoldenQuery,
  type SnapshotMetrics,
} from "./golden-metrics";

// Rankings are pure functions of (indexed documents + engine settings, golden queries, K). The review,
// the publish that follows it and the metrics chart rank the same content again and again, so indexes
// and results are kept by fingerprint. A draft that changed gets a new fingerprint, never a stale hit.
// Nothing needs to clear them: a key names everything its value depends on.
const indexes = boundedCache<SearchIndex>({ name: "ranking-indexes", max: 4 });
const results = boundedCache<{ ranked: RankedGoldenQuery[]; metrics: SnapshotMetrics }>({
  name: "ranking-results",
  max: 50,
});

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64url");

const fingerprints = new WeakMap<SnapshotContent, string>();

/** What the index depends on and nothing else: the deferred tools' documents and the engine settings. */
export function indexFingerprint(content: SnapshotContent): string {
  let fingerprint = fingerprints.get(content);
  if (!fingerprint) {
    fingerprint = sha256(JSON.stringify([content.engine, snapshotIndexDocs(content)]));
    // Only cached per object: published snapshots are shared and never mutated; drafts are built fresh.
    fingerprints.set(content, fingerprint);
  }
  return fingerprint;
}

/** Forgets every index and result (the benchmark measures cold paths with it). */
export function clearRankingCaches(): void {
  indexes.clear();
  results.clear();
}

export function goldenFingerprint(golden: readonly GoldenQuery[]): string {
  return sha256(JSON.stringify(golden.map((q) => [q.id, q.query, q.expected])));
}

export interface RankContentOptions {
  content: SnapshotContent;
  golden: readonly GoldenQuery[];
  goldenKey?: string;
  k: number;
  timer?: EngineTimer;
  /** Keep the index for later calls (off for one-off evaluations of old versions). */
  keepIndex?: boolean;
}

/** Every golden query ranked on `content` (as agents would rank it) and the metrics of those rankings. */
export function rankContent({
  content,
  golden,
  goldenKey = goldenFingerprint(golden),
  k,
  timer,
  keepIndex = true,
}: RankContentOptions) {
  const indexKey = indexFingerprint(content);
  const resultKey = `${indexKey}|${goldenKey}|${k}`;
  const cached = results.get(resultKey);
  if (cached) return cached;
  let index = indexes.get(indexKey);
  if (!index) {
    index = timed(timer, () => createSnapshotIndex(content));
    if (keepIndex) indexes.set(indexKey, index);
  }
  const ranked = rankGoldenQueries(index, golden, k, timer);
  const result = { ranked, metrics: summarizeMetrics(ranked, k, content, timer) };
  results.set(resultKey, result);
  return result;
}
