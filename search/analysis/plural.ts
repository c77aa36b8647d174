// Grammatical number, which stemming erases: "which dependabot alerts are open?" asks for a list
// (list_dependabot_alerts), and alert and alerts are one term. Kept per analysed term of a text.
import { nameParts } from "./identifiers";
import { analyzeStockroom } from "./stockroom-analyzer";

/** Words ending in s that are not plurals (status, process, analysis, physics…). */
const NOT_PLURAL = /(?:ss|us|is|ics|news|series|canvas|always|perhaps|yes|whereas)$/;

/** True when an English word looks plural: alerts, entries, PRs (not status, process, analysis). */
export function looksPlural(word: string): boolean {
  if (/^[A-Z]{2,}s$/.test(word)) return true;
  const lower = word.toLowerCase();
  return lower.length > 3 && lower.endsWith("s") && !NOT_PLURAL.test(lower);
}

/** The analysed terms of the text's words that appear in the plural (words of identifiers too: list_alerts). */
export function pluralTerms(text: string): string[] {
  const plurals = new Set<string>();
  for (const word of nameParts(text)) {
    if (!looksPlural(word)) continue;
    const terms = analyzeStockroom(word);
    if (terms.length === 1) plurals.add(terms[0]!);
  }
  return [...plurals];
}
