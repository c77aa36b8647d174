// The catalogs bench:check reads: JSON lines relative to the checkout (the corpus beside it under ../shared), and a
// 10,000-tool catalog built from them.
import { readFileSync } from "node:fs";
import path from "node:path";
import { type CheckTool, toCheckTool } from "../../domain/catalog-check/index";

const ROOT = path.resolve(import.meta.dirname, "../..");

export const jsonl = <T>(file: string): T[] =>
  readFileSync(path.join(ROOT, file), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);

/**
 * 10,000 tools: every distinct tool of the demo catalog, BFCL, MetaTool and the training pairs (about 5,000), then
 * each again under a second namespace with its sentences rotated — so every tool has one near-twin, a heavier
 * load for the confusion rules than a real catalog.
 */
export function tenThousandTools(): CheckTool[] {
  type Row = Parameters<typeof toCheckTool>[0];
  const rows: Row[] = [
    ...jsonl<Row>("prisma/seed-data/tools.jsonl"),
    ...jsonl<Row>("../shared/corpus/bfcl-python/tools.jsonl"),
    ...jsonl<Row>("../shared/corpus/metatool/tools.jsonl"),
    ...jsonl<{ tool: Row }>("../shared/corpus/train/pairs.jsonl").map((p) => p.tool),
  ];
  const seen = new Set<string>();
  const unique = rows.filter((r) => {
    const key = `${r.namespace}.${r.name}`;
    if (seen.has(key) || typeof r.name !== "string" || r.name === "") return false;
    seen.add(key);
    return true;
  });
  const tools = unique.map(toCheckTool);
  for (let i = 0; tools.length < 10_000; i++) {
    const row = unique[i % unique.length]!;
    const sentences = (row.description ?? "").split(/(?<=\.)\s+/);
    const description = [...sentences.slice(1), sentences[0]].join(" ");
    tools.push(
      toCheckTool({
        ...row,
        namespace: `${row.namespace ?? "tools"}_mirror${Math.floor(i / unique.length) + 1}`,
        description,
      }),
    );
  }
  return tools;
}
