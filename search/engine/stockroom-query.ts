// The stockroom profile's query model: the analysed query as concepts. A concept is one query word
// with its alternatives (thesaurus terms, the other words of a glossary translation), each at a
// weight; a document scores a concept by its best-matching member, so a word with many synonyms
// counts once, like the word itself.
import { extractEntities } from "../analysis/entities";
import { analyzeStockroomDetailed } from "../analysis/stockroom-analyzer";
import { pluralTerms } from "../analysis/plural";
import type { Vocabulary } from "../vocabulary/vocabulary";
import { isReadRequest } from "./stockroom-intent";

export interface ConceptTerm {
  term: string;
  /** 1 for the query's own word; less for alternatives. */
  weight: number;
}

export interface QueryConcept {
  /** The query's own analysed word (or a translation's first word). */
  term: string;
  /** Occurrences of `term` in the query. */
  count: number;
  /** The own term first (weight 1), then alternatives in a stable order. */
  members: ConceptTerm[];
  /** The query has the word in the plural ("alerts"). */
  plural: boolean;
}

export interface QueryWeights {
  synonymWeight: number;
  translationWeight: number;
  /** Weight of the concept a typed value stands for (a URL → "url"); 0 leaves values as plain text. */
  entityWeight: number;
  /** Upper bound on a learned related term's weight (its pack's weight, at most this); 0 turns learned packs off. */
  learnedWeight: number;
}

export function queryConcepts(query: string, weights: QueryWeights, vocabulary: Vocabulary): QueryConcept[] {
  const concepts = new Map<string, QueryConcept>();
  const entities = weights.entityWeight > 0 ? extractEntities(query) : { text: query, concepts: [] };
  const { primary, alternatives } = analyzeStockroomDetailed(entities.text, vocabulary.glossary);
  const plurals = new Set(pluralTerms(entities.text));
  for (const term of primary) {
    const existing = concepts.get(term);
    if (existing) existing.count++;
    else concepts.set(term, { term, count: 1, members: [{ term, weight: 1 }], plural: plurals.has(term) });
  }
  const values = [...entities.concepts];
  // A request that asks about a file it names ("what's in config.yaml?") wants to read its content.
  if (values.includes("file") && isReadRequest(query, [...concepts.values()])) values.push("read", "content");
  for (const word of values) {
    for (const term of analyzeStockroomDetailed(word, vocabulary.glossary).primary) {
      const existing = concepts.get(term);
      if (existing) existing.count++;
      else concepts.set(term, { term, count: 1, members: [{ term, weight: weights.entityWeight }], plural: false });
    }
  }
  for (const { term, of } of alternatives) addMember(concepts.get(of), term, weights.translationWeight);
  if (weights.synonymWeight > 0) {
    for (const concept of concepts.values()) {
      for (const { term } of [...concept.members]) {
        for (const related of vocabulary.related(term)) addMember(concept, related, weights.synonymWeight);
      }
    }
  }
  if (weights.learnedWeight > 0) {
    // Only from the request's own word: a learned link is evidence about how people ask, not a synonym to chain.
    for (const concept of concepts.values()) {
      for (const { term, weight } of vocabulary.learned(concept.term))
        addMember(concept, term, Math.min(weight, weights.learnedWeight));
    }
  }
  return [...concepts.values()];
}

function addMember(concept: QueryConcept | undefined, term: string, weight: number): void {
  if (!concept) return;
  const existing = concept.members.find((m) => m.term === term);
  if (existing) existing.weight = Math.max(existing.weight, weight);
  else concept.members.push({ term, weight });
}

/** Every distinct query term once with its weight, the query's own words (weight 1) taking precedence. */
export function queryTerms(concepts: readonly QueryConcept[]): ConceptTerm[] {
  const weights = new Map<string, number>();
  for (const { term, members } of concepts) weights.set(term, members[0]!.weight);
  for (const { members } of concepts)
    for (const { term, weight } of members) if (!weights.has(term)) weights.set(term, weight);
  return [...weights].map(([term, weight]) => ({ term, weight }));
}
