// `stockroom rank`: one JSON line per query, in order: {"query","hits":[{"id","score","strength"}]} (strength:
// strong or weak, search/README.md "Match strength").
import { createSearchIndex, SearchQueryError } from "../../search/index";
import {
  limitFlag,
  parseFlags,
  profileFlag,
  readDocs,
  readQueries,
  readTools,
  runCommand,
  stringFlag,
  UsageError,
} from "./io";

export const usage =
  "rank --profile <codex-bm25|stockroom> (--docs F | --tools F) --queries F [--limit N]\n" +
  '  --docs lines {"id","text"} are indexed as-is; --tools lines {"namespace","name","description","parameters"}\n' +
  '  go through the search-text builder (id namespace.name). Prints {"query","hits":[{"id","score","strength"}]} per query.';

export function run(argv: string[]): Promise<number> {
  return runCommand(usage, () => {
    const flags = parseFlags(argv, ["profile", "docs", "tools", "queries", "limit"]);
    const profile = profileFlag(flags);
    const docsFile = stringFlag(flags, "docs");
    const toolsFile = stringFlag(flags, "tools");
    const queriesFile = stringFlag(flags, "queries");
    if ((docsFile === undefined) === (toolsFile === undefined))
      throw new UsageError("give exactly one of --docs or --tools");
    if (!queriesFile) throw new UsageError("--queries is required");
    const limit = limitFlag(flags, 8);
    const docs = docsFile ? readDocs(docsFile) : readTools(toolsFile!);
    const index = createSearchIndex(docs, { profile });
    const lines: string[] = [];
    for (const { query } of readQueries(queriesFile)) {
      let hits: Array<{ id: string; score: number; strength: string }> = [];
      try {
        hits = index.search(query, limit).map(({ id, score, strength }) => ({ id, score, strength }));
      } catch (error) {
        if (!(error instanceof SearchQueryError && error.code === "EMPTY_QUERY")) throw error;
      }
      lines.push(JSON.stringify({ query, hits }));
    }
    process.stdout.write(lines.length > 0 ? `${lines.join("\n")}\n` : "");
  });
}
