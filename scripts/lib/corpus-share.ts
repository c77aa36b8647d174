// The training corpus's share of each labelled set's request words (analysed terms, each distinct term once), and
// the share the learned pack links from: how much of a set the learned relatedness can reach at all.
import { analyzeStockroom } from "../../search/analysis/stockroom-analyzer";
import type { LabelledQuery } from "../../search/testing/corpus";
import { readJsonl } from "../../search/testing/shared";
import { LEARNED_RELATED } from "../../search/vocabulary/learned";

export function corpusShareTable(sets: ReadonlyArray<{ id: string; queries: readonly LabelledQuery[] }>): string {
  const trained = new Set<string>();
  for (const pair of readJsonl<{ query: string }>("corpus/train/pairs.jsonl"))
    for (const term of analyzeStockroom(pair.query)) trained.add(term);
  const linked = new Set(LEARNED_RELATED.split("\n").map((line) => line.split(" ")[0]!));
  const pct = (n: number, of: number) => (of ? ((100 * n) / of).toFixed(1) : "–");
  const lines = sets.map(({ id, queries }) => {
    const terms = new Set(queries.flatMap((q) => analyzeStockroom(q.query)));
    const inCorpus = [...terms].filter((t) => trained.has(t)).length;
    const inPack = [...terms].filter((t) => linked.has(t)).length;
    return `| ${id} | ${terms.size} | ${pct(inCorpus, terms.size)} | ${pct(inPack, terms.size)} |`;
  });
  return [
    "| set | distinct request terms | in the training requests (%) | with learned links (%) |",
    "|---|---|---|---|",
    ...lines,
  ].join("\n");
}
