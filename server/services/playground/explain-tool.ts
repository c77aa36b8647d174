import "server-only";
import { AppError } from "../../errors";
import { loadRankingSource } from "./ranking-source";
import { runQuery } from "./run-query";
import { queryTermWords } from "./term-words";
import { describeExplanation, liveRows, type PlaygroundQuery } from "./search-playground";

/**
 * "Why not X?": where tool `key` ranks for the query (even outside the top K, or not at all), which query
 * terms it lacks, and what it would take to enter the top K. Direct and hidden tools are never ranked by
 * tool_search; they come back with a status instead of a score.
 */
export async function explainTool({
  db,
  team,
  catalog,
  query,
  version,
  profile,
  limit,
  key,
  draftRevision,
}: PlaygroundQuery & { key: string }) {
  const source = await loadRankingSource({ db, team, catalog, version, knownRevision: draftRevision });
  const index = source.index(profile);
  const used = index.settings.profile;
  const max = limit ?? source.content.engine.defaultLimit;
  const top = runQuery(() => index.search(query, max));
  const tool = source.toolsById.get(key);
  const where = version === null ? "the draft" : `version ${version}`;
  if (!tool) {
    const row = await db.tool.findFirst({ where: { catalogId: catalog.id, key }, select: { exposure: true } });
    if (version === null && !row)
      throw new AppError("NOT_FOUND", `No tool "${key}" in this catalog; pick one from the suggestions.`);
    if (row?.exposure === "hidden" && version === null) {
      return {
        status: "hidden" as const,
        key,
        message: `"${key}" is hidden: it is kept in the catalog but never indexed, so tool_search cannot find it. Make it deferred to rank it.`,
      };
    }
    return {
      status: "absent" as const,
      key,
      message: `"${key}" is not in ${where}${row ? " (it was added or un-hidden after that version)" : ""}.`,
    };
  }
  if (tool.exposure === "direct") {
    return {
      status: "direct" as const,
      key,
      message: `"${key}" is direct: it is sent in full on the first request, so it is never searched for. Make it deferred to rank it.`,
    };
  }
  const explanation = runQuery(() => index.explain(query, key))!;
  const strengthReason = explanation.strength?.reason ?? index.strength(query).reason; // before the await (see searchPlayground)
  const live = (await liveRows(db, catalog, source, [key])).get(key);
  const cutoff = top.length === max ? top[max - 1]!.score : null;
  return {
    status: "ranked" as const,
    ...describeExplanation(source, index, tool, explanation, queryTermWords(query, used)),
    toolId: live?.id ?? null,
    revision: live?.revision ?? null,
    profile: used,
    limit: max,
    inTopK: explanation.rank !== null && explanation.rank <= max,
    topScore: top[0]?.score ?? null,
    /** Score of the K-th hit: what this tool has to beat to enter the top K (null when fewer than K hits). */
    cutoffScore: cutoff,
    strengthReason,
    dropped: explanation.dropped,
  };
}
