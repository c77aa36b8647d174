// The numbers and outputs docs/agents.md shows, made from the code: the SDK's answer to the wire example's
// `tool_search_call` on the published demo catalog, the number of labelled requests the Python SDK is checked on,
// and the demo catalog's turn-one tokens with and without `stockroom mcp`. scripts/agents-doc.db.test.ts keeps the
// document current (UPDATE_DOCS=1 rewrites the generated parts), so a change of the code cannot leave stale numbers.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { StockroomCatalog } from "../../sdk/catalog";
import { readManifest, readSetQueries } from "../../search/testing/labelled-sets";
import { deferredTurnOneTokens, directTurnOne } from "./mcp-turn-one";

export const AGENTS_DOC = path.resolve(import.meta.dirname, "../../docs/agents.md");

/** The model's search call in the wire example. */
export const WIRE_CALL = {
  type: "tool_search_call",
  call_id: "search-1",
  execution: "client",
  arguments: { query: "refund the most recent payment from a customer", limit: 3 },
} as const;

const WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight"];

/** The sentence after the example's second request: the hits with their scores, as the SDK ranks them. */
export function wireHitsSection(catalog: StockroomCatalog): string {
  const { query, limit } = WIRE_CALL.arguments;
  const hits = catalog.search(query, limit);
  const namespaces = new Set(hits.map((hit) => hit.tool.namespace));
  const listed = hits.map((hit) => `\`${hit.id}\` ${hit.score.toFixed(2)} (${hit.strength})`).join(", ");
  const shared =
    namespaces.size === 1
      ? "share a namespace, so they arrive as one namespace entry"
      : `come from ${namespaces.size} namespaces, so they arrive as ${namespaces.size} namespace entries`;
  const count = WORDS[hits.length] ?? String(hits.length);
  return `The ${count} hits (${listed}) ${shared}; hits from several namespaces give one entry per namespace, in the
order of each namespace's best hit, and tools without a namespace are top-level functions.`;
}

const thousands = (n: number) => n.toLocaleString("en-US");

/** The labelled requests python-sdk.test.ts has Python rank (every set of the manifest, with both profiles). */
export function labelledSetsSection(): string {
  const requests = readManifest().reduce((sum, set) => sum + readSetQueries(set).length, 0);
  return `Checked: \`sdk/python-vectors.test.ts\` writes small vectors (a catalog's own lines, CJK, typed values, exact names,
\`dropWeakHits\`) that \`python/tests/test_stockroom_ranking.py\` compares, and \`app/api/v1/python-sdk.test.ts\` has Python
rank every query of every labelled set of \`search/testing/sets/manifest.json\` (${thousands(requests)} requests over the demo,
MetaTool and BFCL catalogs) with both profiles and compares its top 8 with TypeScript's.`;
}

/** Turn-one tokens of the demo catalog listed directly and through `stockroom mcp` (bench:mcp prints the same). */
export function mcpTurnOneSection(catalog: StockroomCatalog): string {
  const direct = directTurnOne(catalog.snapshot);
  const about = thousands(Math.round(direct.tokens / 1000) * 1000);
  return `The demo catalog has ${direct.tools} tools of ${direct.servers} servers: listed directly they take about ${about} tokens on turn one, through
\`stockroom mcp\` with every tool deferred ${thousands(deferredTurnOneTokens(catalog.snapshot))} (o200k; \`npm run bench:mcp\` measures both and the overheads).`;
}

/** The document with the generated part `name` replaced by `section`. */
export function withGenerated(document: string, name: string, section: string): string {
  const start = `<!-- generated:${name} (scripts/lib/agents-doc.ts) -->`;
  const end = `<!-- /generated:${name} -->`;
  const from = document.indexOf(start);
  const to = document.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/agents.md has no ${start} … ${end} part`);
  return `${document.slice(0, from + start.length)}\n${section}\n${document.slice(to)}`;
}

/** The document with every generated part made from `catalog` (the published demo catalog) and the code. */
export function withGeneratedParts(document: string, catalog: StockroomCatalog): string {
  let text = withGenerated(document, "wire-hits", wireHitsSection(catalog));
  text = withGenerated(text, "labelled-sets", labelledSetsSection());
  return withGenerated(text, "mcp-turn-one", mcpTurnOneSection(catalog));
}

export function readAgentsDoc(): string {
  return readFileSync(AGENTS_DOC, "utf8");
}

export function writeAgentsDoc(text: string): void {
  writeFileSync(AGENTS_DOC, text);
}
