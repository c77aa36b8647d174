// Compound tool names ("socialsearch", "seoanalysis", "keywordexplorer", "brandfetch"): identifier splitting
// cannot cut a name written as one lowercase word, so a request's "social" or "seo" never meets it. A request
// word that begins one of the catalog's name terms, or that a name term begins ("discov" and "discover"), is
// related to that name term like a thesaurus line; both must be at least `minLength` characters long, so short
// stems ("get", "list", "chat") link nothing. Built from the catalog's own name terms: the engine ships no data.
import type { QueryConcept } from "./stockroom-query";

const HAS_DIGIT = /\d/;

export class NamePrefixes {
  /** Distinct name terms of at least `minLength` characters without digits, sorted (prefix ranges by binary search). */
  private readonly sorted: string[];
  private readonly known: ReadonlySet<string>;

  constructor(
    nameTerms: Iterable<string>,
    private readonly minLength: number,
  ) {
    this.sorted = [...new Set(nameTerms)].filter((term) => this.eligible(term)).sort();
    this.known = new Set(this.sorted);
  }

  private eligible(term: string): boolean {
    return term.length >= this.minLength && !HAS_DIGIT.test(term);
  }

  /** The name terms related to an analysed request term (never the term itself), in sorted order. */
  related(term: string): string[] {
    if (this.minLength <= 0 || !this.eligible(term)) return [];
    const out: string[] = [];
    // Name terms the request term begins: a contiguous range of the sorted list.
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.sorted[mid]! < term) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.sorted.length && this.sorted[i]!.startsWith(term); i++)
      if (this.sorted[i] !== term) out.push(this.sorted[i]!);
    // Name terms that begin the request term.
    for (let length = this.minLength; length < term.length; length++) {
      const prefix = term.slice(0, length);
      if (this.known.has(prefix)) out.push(prefix);
    }
    return out.sort();
  }

  /** Adds, to each of the request's own words, the name terms it is related to at `weight` (a higher weight already there stays). */
  expand(concepts: QueryConcept[], weight: number): QueryConcept[] {
    if (weight <= 0) return concepts;
    for (const concept of concepts) {
      if (concept.members[0]!.weight !== 1) continue;
      for (const term of this.related(concept.term)) {
        const existing = concept.members.find((m) => m.term === term);
        if (existing) existing.weight = Math.max(existing.weight, weight);
        else concept.members.push({ term, weight });
      }
    }
    return concepts;
  }
}
