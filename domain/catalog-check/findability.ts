// Findability and ranking confusion: each tool's golden and traffic requests ranked against the catalog with its
// own engine. A tool that misses the top K for most of its requests is flagged with the words that would have
// matched; two tools that each outrank the other for the other's requests are flagged as a swapped pair.
import { type SearchIndex, SearchQueryError } from "../../search/index";
import { makeFinding } from "./finding";
import type { CheckRequest, CheckTool, Finding } from "./types";

interface ToolRequests {
  total: number;
  missed: string[];
  /** Query terms the tool's text lacks, over its missed requests, most frequent first. */
  missingTerms: Map<string, number>;
}

export interface RankingOutcome {
  perTool: Map<string, ToolRequests>;
  /** beats.get(a).get(b): a's requests that ranked b above a (or b in the top 3 while a missed the top K). */
  beats: Map<string, Map<string, string[]>>;
  /** present.get(a): the tools in the top K of any of a's requests. */
  present: Map<string, Set<string>>;
}

function safeSearch(index: SearchIndex, query: string, k: number) {
  try {
    return index.search(query, k);
  } catch (error) {
    if (error instanceof SearchQueryError) return [];
    throw error;
  }
}

/** Ranks every request once and records misses and who outranked whom. */
export function rankRequests(
  index: SearchIndex,
  requests: readonly CheckRequest[],
  k: number,
  explainMisses = true,
): RankingOutcome {
  const perTool = new Map<string, ToolRequests>();
  const beats = new Map<string, Map<string, string[]>>();
  const present = new Map<string, Set<string>>();
  for (const request of requests) {
    const hits = safeSearch(index, request.query, k);
    const seen = present.get(request.toolId) ?? new Set<string>();
    for (const hit of hits) seen.add(hit.id);
    present.set(request.toolId, seen);
    const position = hits.findIndex((h) => h.id === request.toolId);
    const entry: ToolRequests = perTool.get(request.toolId) ?? { total: 0, missed: [], missingTerms: new Map() };
    entry.total++;
    perTool.set(request.toolId, entry);
    const above = position < 0 ? hits.slice(0, 3) : hits.slice(0, position);
    const mine = beats.get(request.toolId) ?? new Map<string, string[]>();
    for (const hit of above) mine.set(hit.id, [...(mine.get(hit.id) ?? []), request.query]);
    beats.set(request.toolId, mine);
    if (position >= 0) continue;
    entry.missed.push(request.query);
    if (!explainMisses) continue;
    const explanation = index.explain(request.query, request.toolId);
    for (const term of explanation?.missingTerms ?? [])
      entry.missingTerms.set(term, (entry.missingTerms.get(term) ?? 0) + 1);
  }
  return { perTool, beats, present };
}

function topTerms(terms: Map<string, number>, limit = 8): string[] {
  return [...terms]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, limit)
    .map(([t]) => t);
}

export function findabilityFindings(outcome: RankingOutcome, k: number): Finding[] {
  const out: Finding[] = [];
  for (const [toolId, entry] of outcome.perTool) {
    if (entry.missed.length === 0) continue;
    const words = topTerms(entry.missingTerms);
    const hint = words.length
      ? ` Words in those requests the tool's text lacks: ${words.join(", ")}; add the ones that fit to its description or search text.`
      : "";
    const evidence = { requests: entry.missed.slice(0, 10), words: { [toolId]: words } };
    if (entry.missed.length === entry.total)
      out.push(
        makeFinding(
          "findability/never-found",
          toolId,
          `None of the tool's ${entry.total} request${entry.total === 1 ? "" : "s"} ranked it in the top ${k}.${hint}`,
          evidence,
        ),
      );
    else if (entry.missed.length * 2 >= entry.total)
      out.push(
        makeFinding(
          "findability/misses-own-requests",
          toolId,
          `${entry.missed.length} of the tool's ${entry.total} requests did not rank it in the top ${k}.${hint}`,
          evidence,
        ),
      );
  }
  return out;
}

/**
 * Pairs that trade places: b outranks a for one of a's own requests, and a comes up in the top K for b's. Both
 * tools get the finding (the one that loses its own requests, and the one that takes them).
 */
export function swappedRankingFindings(outcome: RankingOutcome, tools: ReadonlyMap<string, CheckTool>): Finding[] {
  const out: Finding[] = [];
  const reported = new Set<string>();
  for (const [a, rivals] of outcome.beats) {
    for (const [b, queriesOfA] of rivals) {
      if (a === b || !tools.has(b) || !outcome.present.get(b)?.has(a)) continue;
      const key = a < b ? `${a}\n${b}` : `${b}\n${a}`;
      if (reported.has(key)) continue;
      reported.add(key);
      const message = (self: string, other: string) =>
        `${other} and this tool trade places in the top results for each other's requests (e.g. "${queriesOfA[0]}"): agents will pick one for the other. Say in the description what ${self === a ? "this tool" : "it"} covers that ${other} does not.`;
      out.push(
        makeFinding("confusion/swapped-ranking", a, message(a, b), { tools: [b], requests: queriesOfA.slice(0, 3) }),
        makeFinding("confusion/swapped-ranking", b, message(b, a), { tools: [a], requests: queriesOfA.slice(0, 3) }),
      );
    }
  }
  return out;
}
