// Pure (no I/O, no server imports): the suggestion rule, shared by the Insights page and `npm run bench:learning`.
import { analyzeText, type EngineProfile } from "@/search/index";

/** Suggestions per tool: the words most requests share. */
export const MAX_TERMS = 5;
/** Words the redaction puts in place of values: never worth searching for. */
const PLACEHOLDERS = new Set(["email", "url", "number", "value"]);

export interface CandidateWord {
  word: string;
  /** The requests that contain it. */
  requests: Set<string>;
}

/**
 * Words of the requests that the tool's indexed text lacks (after the profile's analysis: a word whose stem the
 * text has is not missing), most requests first, then alphabetically; stop words analyze to nothing and drop out.
 */
export function candidateWords(requests: readonly string[], toolText: string, profile: EngineProfile, max = MAX_TERMS): CandidateWord[] {
  const toolTokens = new Set(analyzeText(toolText, profile));
  const counts = new Map<string, CandidateWord>();
  for (const request of requests) {
    for (const word of new Set(request.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [])) {
      if (PLACEHOLDERS.has(word)) continue;
      const tokens = analyzeText(word, profile);
      if (tokens.length === 0 || tokens.every((token) => toolTokens.has(token))) continue;
      const key = tokens.join(" ");
      const entry = counts.get(key) ?? { word, requests: new Set<string>() };
      entry.requests.add(request);
      counts.set(key, entry);
    }
  }
  return [...counts.values()].sort((a, b) => b.requests.size - a.requests.size || a.word.localeCompare(b.word)).slice(0, max);
}
