// A resolved vocabulary: the thesaurus and glossary of a catalog's packs plus its own lines, with where each
// related term comes from (the playground shows it). Resolved once per distinct spec and kept (a handful exist).
import { parseGlossary, type Glossary } from "../analysis/cjk";
import { stockroomEnglishAnalyzer } from "../analysis/stockroom-analyzer";
import { parseThesaurus } from "../analysis/synonyms";
import { splitCatalogLines } from "./catalog-lines";
import { findPack, LEGACY_VOCABULARY, type VocabularySpec } from "./packs";

/** Where a related term comes from: a pack id, or "catalog" for the catalog's own lines. */
export type VocabularySource = string;

export interface Vocabulary {
  /** Canonical text of the spec: equal keys, equal vocabularies. */
  readonly key: string;
  readonly glossary: Glossary;
  /** Terms related to one analysed term (not itself), packs first in their order, then the catalog's lines. */
  related(term: string): readonly string[];
  /** The same, with the source of each. */
  relatedWithSource(term: string): ReadonlyArray<{ term: string; source: VocabularySource }>;
  /** Weighted related terms of learned packs (in pack order, the first pack's weight kept for a repeated term). */
  learned(term: string): readonly LearnedTerm[];
}

export interface LearnedTerm {
  term: string;
  weight: number;
  source: VocabularySource;
}

/** Lines `term related:weight …` of a learned pack, into `into` (a term already there keeps its first weight). */
export function parseLearned(text: string, source: VocabularySource, into: Map<string, LearnedTerm[]>): void {
  for (const line of text.split("\n")) {
    const [term, ...pairs] = line.trim().split(" ");
    if (!term || pairs.length === 0) continue;
    let list = into.get(term);
    if (!list) into.set(term, (list = []));
    for (const pair of pairs) {
      const colon = pair.lastIndexOf(":");
      const related = pair.slice(0, colon);
      if (related !== term && !list.some((r) => r.term === related))
        list.push({ term: related, weight: Number(pair.slice(colon + 1)), source });
    }
  }
}

export function vocabularyKey(spec: VocabularySpec): string {
  return `${spec.packs.map((p) => `${p.id}@${p.version}`).join(",")}\n${spec.lines.trim()}`;
}

function build(spec: VocabularySpec): Vocabulary {
  const analyzer = stockroomEnglishAnalyzer();
  const analyze = (word: string) => analyzer.analyze(word);
  const own = splitCatalogLines(spec.lines);
  const packs = spec.packs.map(findPack);
  const sources = [
    ...packs.map((pack) => ({ source: pack.id, text: pack.thesaurus })),
    { source: "catalog", text: own.thesaurus },
  ];
  const related = new Map<string, Array<{ term: string; source: string }>>();
  for (const { source, text } of sources) {
    for (const [term, targets] of parseThesaurus(text, analyze)) {
      let list = related.get(term);
      if (!list) related.set(term, (list = []));
      for (const target of targets) if (!list.some((r) => r.term === target)) list.push({ term: target, source });
    }
  }
  const terms = new Map([...related].map(([term, list]) => [term, list.map((r) => r.term)]));
  const learned = new Map<string, LearnedTerm[]>();
  for (const pack of packs) if (pack.related) parseLearned(pack.related, pack.id, learned);
  return {
    key: vocabularyKey(spec),
    glossary: parseGlossary(...packs.map((pack) => pack.glossary), own.glossary),
    related: (term) => terms.get(term) ?? [],
    relatedWithSource: (term) => related.get(term) ?? [],
    learned: (term) => learned.get(term) ?? [],
  };
}

const resolved = new Map<string, Vocabulary>();
const MAX_RESOLVED = 32;

/** The vocabulary for a spec (default: the legacy packs, what snapshots naming none ranked with). */
export function resolveVocabulary(spec: VocabularySpec = LEGACY_VOCABULARY): Vocabulary {
  const key = vocabularyKey(spec);
  let vocabulary = resolved.get(key);
  if (!vocabulary) {
    // Bounded: a resolved vocabulary is a pure function of its key, so forgetting one only costs a rebuild.
    if (resolved.size >= MAX_RESOLVED) resolved.clear();
    resolved.set(key, (vocabulary = build(spec)));
  }
  return vocabulary;
}
