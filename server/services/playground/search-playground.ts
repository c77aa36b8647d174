import "server-only";
import type { Catalog, PrismaClient, Team } from "@prisma/client";
import {
  LEGACY_VOCABULARY,
  type EngineProfile,
  type Explanation,
  type ScoreFactor,
  type SearchIndex,
  type TermSource,
  type TermExplanation,
} from "@/search/index";
import type { SnapshotTool } from "@/domain/snapshot/verify";
import type { LiveRow } from "../draft/build-snapshot-content";
import { highlightSearchText, type TextSegment } from "./highlight";
import { describeIndexedFields, type FieldView } from "./indexed-fields-view";
import { loadRankingSource, type RankingSource } from "./ranking-source";
import { runQuery } from "./run-query";
import { queryTermWords, wordOf } from "./term-words";

export interface PlaygroundQuery {
  db: PrismaClient;
  team: Pick<Team, "slug">;
  catalog: Catalog;
  query: string;
  /** null = the draft, else a published version. */
  version: number | null;
  /** Default: the source's own profile. */
  profile?: EngineProfile;
  /** Default: the catalog's (or snapshot's) default limit. */
  limit?: number;
  /** The draft revision the access check read with `catalog` (spares the draft cache its own read). */
  draftRevision?: string | null;
}

export interface ExplainedTool {
  key: string;
  name: string;
  namespace: string | null;
  description: string;
  segments: TextSegment[];
  /** What the engine indexed, field by field (the name field first, for a profile that has one). */
  fields: FieldView[];
  score: number;
  rank: number | null;
  /** Per term, the fields it came from (matched terms only). */
  terms: Array<TermExplanation & { word: string; sources: TermSource[] }>;
  /** Σ contributions; the stockroom profile multiplies it by `factors`, so it can differ from score. */
  termSum: number;
  factors: ScoreFactor[];
  matchedTerms: string[];
  missingTerms: string[];
  /** The matched and missing terms as words a person reads (term-words.ts). */
  matchedWords: string[];
  missingWords: string[];
  /** The live tool row with this key (for edit-and-see), or null when the draft no longer has it. */
  toolId: string | null;
  revision: number | null;
}

/** One hit explained: its texts with matches marked, per-term figures, and the words (not stems) a person reads. */
export function describeExplanation(
  source: RankingSource,
  index: SearchIndex,
  tool: SnapshotTool,
  explanation: Explanation,
  queryWords: ReadonlyMap<string, string>,
) {
  const profile = index.settings.profile;
  const segments = highlightSearchText(tool.searchText, explanation.matchedTerms, profile);
  const { fields, sources } = describeIndexedFields(source, index, profile, tool, explanation.matchedTerms, segments);
  const marked = [...fields.flatMap((field) => field.segments), ...segments];
  const word = (term: string) => wordOf(term, queryWords, marked);
  return {
    key: tool.id,
    name: tool.name,
    namespace: tool.namespace,
    description: tool.spec.description,
    segments,
    fields,
    score: explanation.score,
    rank: explanation.rank,
    terms: explanation.terms.map((term) => ({ ...term, word: word(term.term), sources: sources.get(term.term) ?? [] })),
    termSum: explanation.terms.reduce((sum, term) => sum + term.contribution, 0),
    factors: explanation.factors,
    matchedTerms: explanation.matchedTerms,
    missingTerms: explanation.missingTerms,
    matchedWords: [...new Set(explanation.matchedTerms.map(word))],
    missingWords: [...new Set(explanation.missingTerms.map(word))],
    strength: explanation.strength?.level ?? null,
    evidence: explanation.strength?.evidence ?? null,
  };
}

const countLines = (text: string) =>
  text.split("\n").filter((line) => line.replace(/#.*/, "").trim().length > 0).length;

/**
 * Current ids and revisions of the draft rows behind `keys` (the editor needs them): the draft's own, read with
 * its content, or for a published version a look-up.
 */
export async function liveRows(
  db: PrismaClient,
  catalog: Catalog,
  source: RankingSource,
  keys: string[],
): Promise<ReadonlyMap<string, LiveRow>> {
  if (source.live) return source.live;
  if (keys.length === 0) return new Map();
  const rows = await db.tool.findMany({
    where: { catalogId: catalog.id, key: { in: keys } },
    select: { id: true, key: true, revision: true },
  });
  return new Map(rows.map((row) => [row.key, { id: row.id, revision: row.revision }]));
}

/**
 * Ranks `query` over the draft or a snapshot exactly as an agent would (same snapshot index), with every hit
 * explained: score, rank, per-term idf/tf/length norm/contribution and its search text with matches highlighted.
 */
export async function searchPlayground({
  db,
  team,
  catalog,
  query,
  version,
  profile,
  limit,
  draftRevision,
}: PlaygroundQuery) {
  const started = performance.now();
  const source = await loadRankingSource({ db, team, catalog, version, knownRevision: draftRevision });
  const index = source.index(profile);
  const used = index.settings.profile;
  const max = limit ?? source.content.engine.defaultLimit;
  const hits = runQuery(() => index.search(query, max));
  const queryWords = queryTermWords(query, used);
  const explained = hits.map((hit) =>
    describeExplanation(source, index, source.toolsById.get(hit.id)!, index.explain(query, hit.id)!, queryWords),
  );
  // Everything from the index before the next await: a newer draft may take it over and update it in place.
  const strength = runQuery(() => index.strength(query));
  const effect = used === "stockroom" ? runQuery(() => index.vocabularyEffect(query)) : [];
  const { size: indexed, settings } = index;
  const queryTokens = index.analyze(query);
  const live = await liveRows(
    db,
    catalog,
    source,
    hits.map((hit) => hit.id),
  );
  const vocabulary = source.content.engine.vocabulary ?? LEGACY_VOCABULARY;
  return {
    version: source.version,
    profile: used,
    limit: max,
    indexed,
    queryTokens,
    queryWords: queryTokens.map((term) => ({ term, word: queryWords.get(term) ?? term })),
    hits: explained.map((hit) => ({
      ...hit,
      toolId: live.get(hit.key)?.id ?? null,
      revision: live.get(hit.key)?.revision ?? null,
    })),
    bar: { matches: strength.bar, reason: strength.reason },
    vocabulary: { packs: [...vocabulary.packs], catalogLines: countLines(vocabulary.lines), effect },
    dropsWeakHits: settings.dropWeakHits,
    noMatch:
      hits.length === 0 && settings.dropWeakHits
        ? `Every matching tool is weak, and this catalog drops weak hits. ${strength.reason}`
        : null,
    tookMs: Math.round((performance.now() - started) * 10) / 10,
  };
}
