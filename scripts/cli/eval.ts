// `stockroom eval`: ranking quality of a profile on labelled queries, per language and overall.
import { createSearchIndex, evaluateRankings, type GoldenResult } from "../../search/index";
import { limitFlag, parseFlags, profileFlag, readQueries, readTools, runCommand, stringFlag, UsageError } from "./io";

export const usage =
  "eval --profile <codex-bm25|stockroom> --tools F --queries F [--limit 8] [--json]\n" +
  '  query lines {"query","gold":[ids],"lang"}; prints success@1, success@K, recall@10, MRR, nDCG@10\n' +
  "  and the share of no-match queries (empty gold) that returned nothing, per language.";

const pct = (x: number | null) => (x === null ? "-" : (100 * x).toFixed(1));

export function run(argv: string[]): Promise<number> {
  return runCommand(usage, () => {
    const flags = parseFlags(argv, ["profile", "tools", "queries", "limit", "json"]);
    const profile = profileFlag(flags);
    const toolsFile = stringFlag(flags, "tools");
    const queriesFile = stringFlag(flags, "queries");
    if (!toolsFile || !queriesFile) throw new UsageError("--tools and --queries are required");
    const limit = limitFlag(flags, 8);
    const index = createSearchIndex(readTools(toolsFile), { profile });
    const depth = Math.max(limit, 10);
    const byLang = new Map<string, GoldenResult[]>();
    for (const { query, gold, lang } of readQueries(queriesFile)) {
      const ranked = query.trim() ? index.search(query, depth).map((hit) => hit.id) : [];
      for (const key of new Set([lang, "all"])) {
        if (!byLang.has(key)) byLang.set(key, []);
        byLang.get(key)!.push({ gold, ranked });
      }
    }
    const rows = [...byLang.entries()]
      .sort(([a], [b]) => (a === "all" ? 1 : b === "all" ? -1 : a.localeCompare(b)))
      .map(([lang, results]) => {
        const atK = evaluateRankings(
          results.map((r) => ({ gold: r.gold, ranked: r.ranked.slice(0, limit) })),
          limit,
        );
        const at10 = evaluateRankings(results, 10);
        return {
          lang,
          queries: results.length,
          withGold: atK.count,
          successAt1: atK.successAt1,
          [`successAt${limit}`]: atK.successAtK,
          recallAt10: at10.recallAtK,
          mrr: at10.mrr,
          ndcg10: at10.ndcg10,
          noMatchEmptyRate: atK.noMatchEmptyRate,
        };
      });
    if (flags.json) {
      process.stdout.write(`${JSON.stringify({ profile, limit, rows })}\n`);
      return;
    }
    const header = ["lang", "queries", "gold", "s@1", `s@${limit}`, "R@10", "MRR", "nDCG@10", "none-empty"];
    const table = rows.map((r) => [
      r.lang,
      String(r.queries),
      String(r.withGold),
      pct(r.successAt1),
      pct(r[`successAt${limit}`] as number),
      pct(r.recallAt10),
      pct(r.mrr),
      pct(r.ndcg10),
      pct(r.noMatchEmptyRate),
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
    const format = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i]!)).join("  ");
    process.stdout.write(
      `profile ${profile} (limit ${limit}; percentages)\n${[header, ...table].map(format).join("\n")}\n`,
    );
  });
}
