// The numbers and outputs docs/agents.md shows for its wire example, made from the code: the SDK's answer to the
// example's `tool_search_call` on the published demo catalog. scripts/agents-doc.db.test.ts keeps the document
// current (UPDATE_DOCS=1 rewrites the generated parts), so a change of the ranking cannot leave stale scores.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { StockroomCatalog } from "../../sdk/catalog";

export const AGENTS_DOC = path.resolve(import.meta.dirname, "../../docs/agents.md");

/** The model's search call in the wire example. */
export const WIRE_CALL = {
  type: "tool_search_call",
  call_id: "search-1",
  execution: "client",
  arguments: { query: "refund the most recent payment from a customer", limit: 3 },
} as const;

const START = "<!-- generated:wire-hits (scripts/lib/agents-doc.ts) -->";
const END = "<!-- /generated:wire-hits -->";

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

/** The document with its generated part replaced by `section`. */
export function withWireHits(document: string, section: string): string {
  const from = document.indexOf(START);
  const to = document.indexOf(END);
  if (from < 0 || to < from) throw new Error(`docs/agents.md has no ${START} … ${END} part`);
  return `${document.slice(0, from + START.length)}\n${section}\n${document.slice(to)}`;
}

export function readAgentsDoc(): string {
  return readFileSync(AGENTS_DOC, "utf8");
}

export function writeAgentsDoc(text: string): void {
  writeFileSync(AGENTS_DOC, text);
}
