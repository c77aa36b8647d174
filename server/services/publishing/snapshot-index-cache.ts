import type { SearchIndex } from "@/search/index";
import { createSnapshotIndex } from "@/sdk/snapshot-index";
import type { SnapshotContent } from "@/sdk/snapshot";
import { timed, type EngineTimer } from "./engine-timer";

/**
 * Indexes of published versions, which never change: the review, the publish regression check and
 * the metrics chart rank the latest version again and again. Drafts are indexed fresh every time.
 */
const MAX_ENTRIES = 6;
const cache = new Map<string, SearchIndex>();

export function snapshotIndexKey(catalogId: string, version: number): string {
  return `${catalogId}:v${version}`;
}

/** The index of a published version (cached by catalog and version), or of a draft when `key` is null. */
export function indexFor(key: string | null, content: SnapshotContent, timer?: EngineTimer): SearchIndex {
  if (key) {
    const hit = cache.get(key);
    if (hit) {
      cache.delete(key); // re-insert: Map order is the LRU order
      cache.set(key, hit);
      return hit;
    }
  }
  const index = timed(timer, () => createSnapshotIndex(content));
  if (key) {
    cache.set(key, index);
    while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  }
  return index;
}
