import "server-only";
import type { Catalog, PrismaClient, Team } from "@prisma/client";
import type { SearchIndex } from "@/search/index";
import { createSnapshotIndex } from "@/domain/snapshot/snapshot-index";
import { queryRows } from "../../db/sql-source";
import { AppError } from "../../errors";
import { loadDraftSource } from "../playground/ranking-source";
import { candidateWords, trafficStats } from "./candidate-words";
import type { Period } from "./insights-period";

/** Ranks beyond this count as "not found" when comparing before and after. */
const DEPTH = 50;
const MAX_REQUESTS = 300;
/** Requests of all tools read to tell which words set this tool apart. */
const MAX_CATALOG_REQUESTS = 5_000;
// Requests (as stored) whose search was followed by a successful call of a tool, returned by it or not: the tool's
// own (at most MAX_REQUESTS) and, to weigh words against, every tool's.
const REQUESTS_SQL = `
  SELECT DISTINCT c."toolId", s."query" FROM "AgentEvent" c
  JOIN "AgentEvent" s ON s."catalogId" = c."catalogId" AND s."kind" = 'search' AND s."clientEventId" = c."searchEventId"
  WHERE c."catalogId" = $1 AND c."kind" = 'call' AND c."ok" AND ($2::text IS NULL OR c."toolId" = $2)
    AND c."at" >= ($3::timestamptz AT TIME ZONE 'UTC') AND c."at" < ($4::timestamptz AT TIME ZONE 'UTC') AND s."query" IS NOT NULL
  LIMIT $5`;

export interface TermSuggestion {
  term: string;
  /** The tool's text has the word already; adding it makes it count once more. */
  inText: boolean;
  /** Requests that contain the word (of those that ended in a successful call of the tool). */
  requests: number;
  /** The tool's rank over those requests before and after adding the word (DEPTH + 1 = not within the top 50). */
  meanRankBefore: number;
  meanRankAfter: number;
  top1Before: number;
  top1After: number;
  improved: number;
  worsened: number;
}

const rankOf = (index: SearchIndex, query: string, toolId: string) => {
  try {
    const at = index.search(query, DEPTH).findIndex((hit) => hit.id === toolId);
    return at === -1 ? DEPTH + 1 : at + 1;
  } catch {
    return DEPTH + 1; // an empty query after analysis
  }
};

/**
 * Suggested extra search terms for one deferred tool of the draft, each with the ranking change it would make
 * on the requests that ended in a successful call of the tool (measured by ranking them on the draft with and
 * without the word, exactly as the playground would).
 */
export async function suggestSearchTerms({
  db,
  team,
  catalog,
  period,
  toolId,
}: {
  db: PrismaClient;
  team: Pick<Team, "slug">;
  catalog: Catalog;
  period: Period;
  toolId: string;
}) {
  const source = await loadDraftSource({ db, team, catalog });
  const tool = source.toolsById.get(toolId);
  if (!tool || tool.exposure !== "deferred")
    throw new AppError(
      "NOT_FOUND",
      `"${toolId}" is not a deferred tool of the draft; only deferred tools are searched.`,
    );
  const row = await db.tool.findFirst({
    where: { catalogId: catalog.id, key: toolId },
    select: { id: true, revision: true },
  });
  if (!row) throw new AppError("NOT_FOUND", `"${toolId}" is not in the catalog.`);
  const range = [period.fromAt, period.toAt];
  const requests = (
    await queryRows<{ query: string }>(db, REQUESTS_SQL, [catalog.id, toolId, ...range, MAX_REQUESTS])
  ).map((r) => r.query);
  const requestsByTool = new Map<string, string[]>([[toolId, requests]]);
  for (const row of await queryRows<{ toolId: string; query: string }>(db, REQUESTS_SQL, [
    catalog.id,
    null,
    ...range,
    MAX_CATALOG_REQUESTS,
  ])) {
    if (row.toolId !== toolId) requestsByTool.set(row.toolId, [...(requestsByTool.get(row.toolId) ?? []), row.query]);
  }
  const toolTexts = new Map(source.content.tools.map((t) => [t.id, t.searchText]));
  const stats = trafficStats({ toolTexts, requestsByTool }, source.content.engine.profile);
  const before = source.index();
  const suggestions: TermSuggestion[] = [];
  for (const candidate of candidateWords(toolId, stats)) {
    const after = createSnapshotIndex({
      ...source.content,
      tools: source.content.tools.map((t) =>
        t.id === toolId ? { ...t, searchText: `${t.searchText} ${candidate.word}` } : t,
      ),
    });
    const pairs = [...candidate.requests].map(
      (request) => [rankOf(before, request, toolId), rankOf(after, request, toolId)] as const,
    );
    const mean = (values: number[]) => Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100;
    suggestions.push({
      term: candidate.word,
      inText: candidate.inText,
      requests: pairs.length,
      meanRankBefore: mean(pairs.map(([b]) => b)),
      meanRankAfter: mean(pairs.map(([, a]) => a)),
      top1Before: pairs.filter(([b]) => b === 1).length,
      top1After: pairs.filter(([, a]) => a === 1).length,
      improved: pairs.filter(([b, a]) => a < b).length,
      worsened: pairs.filter(([b, a]) => a > b).length,
    });
  }
  return { toolId, toolDbId: row.id, revision: row.revision, requests: requests.length, suggestions };
}
