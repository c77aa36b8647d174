// Query expansion with the tool thesaurus (data/synonyms.ts): a query term expands to the other
// members of its groups, compared after the stockroom English analysis (so "deleting" finds "remove").
import { SYNONYM_GROUPS } from "../data/synonyms";
import { stockroomEnglishAnalyzer } from "./stockroom-analyzer";

let related: Map<string, Set<string>> | null = null;

function loadThesaurus(): Map<string, Set<string>> {
  if (related) return related;
  related = new Map();
  const analyzer = stockroomEnglishAnalyzer();
  for (const line of SYNONYM_GROUPS.split("\n")) {
    const members = [...new Set(line.split(/\s+/).flatMap((word) => analyzer.analyze(word)))];
    for (const member of members) {
      let set = related.get(member);
      if (!set) related.set(member, (set = new Set()));
      for (const other of members) if (other !== member) set.add(other);
    }
  }
  return related;
}

/** Terms related to one analysed term (not including itself). */
export function relatedTerms(term: string): readonly string[] {
  return [...(loadThesaurus().get(term) ?? [])];
}

/** Terms related to `terms` (analysed form), excluding the terms themselves, in a stable order. */
export function expandSynonyms(terms: readonly string[]): string[] {
  const thesaurus = loadThesaurus();
  const own = new Set(terms);
  const out = new Set<string>();
  for (const term of terms) for (const other of thesaurus.get(term) ?? []) if (!own.has(other)) out.add(other);
  return [...out];
}
