// The bench:search corpus: 10k tools = the real corpus (../shared/corpus) plus deterministic variants (other
// namespaces, reworded names and descriptions), and the queries run against it. Shared by the bench and
// scripts/profile-search-build.ts, so a profile measures the build the bench times.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { effectiveSearchText, type IndexDoc } from "../../search/index";
import { seededRandom } from "./seeded-random";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const shared = path.resolve(repoRoot, "../shared");

interface CorpusTool {
  namespace: string;
  name: string;
  description: string;
  parameters?: unknown;
}

const readJsonl = <T>(file: string): T[] =>
  readFileSync(path.join(shared, file), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);

/** Verbs a variant may use instead of the original's (shared with bench-cold-start.ts). */
export const VERB_SWAPS: Record<string, string[]> = {
  get: ["fetch", "read", "retrieve"],
  list: ["find", "browse", "enumerate"],
  create: ["add", "new", "make"],
  delete: ["remove", "drop", "purge"],
  update: ["edit", "modify", "patch"],
  search: ["query", "lookup", "find"],
};
const SUFFIXES = ["enterprise", "eu", "staging", "internal", "v2", "sandbox", "legacy", "cloud", "team", "self_hosted"];

export function makeTools(count: number): IndexDoc[] {
  const base = readJsonl<CorpusTool>("corpus/tools.jsonl");
  const next = seededRandom(42);
  const docs: IndexDoc[] = [];
  for (let i = 0; docs.length < count; i++) {
    const tool = base[i % base.length]!;
    const round = Math.floor(i / base.length);
    let { name, description, namespace } = tool;
    if (round > 0) {
      namespace = `${namespace}_${SUFFIXES[(round - 1) % SUFFIXES.length]}${round > SUFFIXES.length ? round : ""}`;
      const [verb, ...rest] = name.split(/(?=[_-])/);
      const swaps = VERB_SWAPS[verb!.toLowerCase()];
      if (swaps && next() < 0.6) name = [swaps[Math.floor(next() * swaps.length)]!, ...rest].join("");
      const sentences = description.split(/(?<=\.)\s+/);
      if (sentences.length > 1 && next() < 0.5) description = [...sentences.slice(1), sentences[0]].join(" ");
    }
    const text = effectiveSearchText({
      name,
      description,
      parameters: tool.parameters,
      namespace: { name: namespace },
    });
    docs.push({ id: `${namespace}.${name}#${i}`, name, namespace, text });
  }
  return docs;
}

export function makeQueries(docs: readonly IndexDoc[]): string[] {
  const labelled = readJsonl<{ query: string }>("corpus/queries.dev.jsonl").map((q) => q.query);
  const metatool = readJsonl<{ query: string }>("corpus/metatool/queries.jsonl")
    .slice(0, 100)
    .map((q) => q.query);
  const next = seededRandom(7);
  const fromTools = Array.from({ length: 50 }, () => {
    const doc = docs[Math.floor(next() * docs.length)]!;
    return doc.text.split(/\s+/).slice(2, 8).join(" ");
  });
  return [...labelled, ...metatool, ...fromTools].filter((q) => q.trim().length > 0);
}
