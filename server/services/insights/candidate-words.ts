// Pure (no I/O, no server imports): the suggestion rule, shared by the Insights page and `npm run bench:learning`.
import { analyzeText, type EngineProfile } from "@/search/index";

/** Suggestions per tool at most. */
export const MAX_TERMS = 5;
/**
 * Of the successful requests that contain a word, at least this share must be this tool's: below it, adding the
 * word lifts the tool on other tools' requests more than it helps its own (measured by bench:learning).
 */
const MIN_PRECISION = 0.34;
/** A word in more than this share of the catalog's tool texts is too common to tell a tool apart. */
const MAX_TEXT_SHARE = 0.05;
/** Words the redaction puts in place of values: never worth searching for. */
const PLACEHOLDERS = new Set(["email", "url", "number", "value"]);

export interface CandidateWord {
  word: string;
  /** This tool's requests that contain it. */
  requests: Set<string>;
  /** Other tools' requests (of successful calls) that contain it: where adding it could push this tool above theirs. */
  otherRequests: number;
  /** Other tools whose indexed text has it. */
  otherTools: number;
  /** The tool's own text has it already: adding it again makes it count more there. */
  inText: boolean;
}

/** What the rule knows of the rest of the catalog: every tool's indexed text and its successful requests. */
export interface CatalogTraffic {
  toolTexts: ReadonlyMap<string, string>;
  requestsByTool: ReadonlyMap<string, readonly string[]>;
}

const wordsOf = (request: string) => new Set(request.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? []);

/** Catalog-wide counts the rule reads, computed once for all tools of a catalog. */
export interface TrafficStats {
  profile: EngineProfile;
  traffic: CatalogTraffic;
  analyze: (word: string) => string[];
  toolTokens: Map<string, Set<string>>;
  /** Per token: how many tools' texts have it. */
  textTools: Map<string, number>;
  /** Per analyzed word: how many requests contain it, in all and per tool. */
  requestCounts: Map<string, { all: number; byTool: Map<string, number> }>;
}

export function trafficStats(traffic: CatalogTraffic, profile: EngineProfile): TrafficStats {
  const memo = new Map<string, string[]>();
  const analyze = (word: string) => memo.get(word) ?? memo.set(word, analyzeText(word, profile)).get(word)!;
  const toolTokens = new Map<string, Set<string>>();
  const textTools = new Map<string, number>();
  for (const [id, text] of traffic.toolTexts) {
    const tokens = new Set(analyzeText(text, profile));
    toolTokens.set(id, tokens);
    for (const token of tokens) textTools.set(token, (textTools.get(token) ?? 0) + 1);
  }
  const requestCounts = new Map<string, { all: number; byTool: Map<string, number> }>();
  for (const [id, requests] of traffic.requestsByTool) {
    for (const request of requests) {
      const keys = new Set([...wordsOf(request)].map((word) => analyze(word).join(" ")).filter((key) => key !== ""));
      for (const key of keys) {
        const entry = requestCounts.get(key) ?? requestCounts.set(key, { all: 0, byTool: new Map() }).get(key)!;
        entry.all++;
        entry.byTool.set(id, (entry.byTool.get(id) ?? 0) + 1);
      }
    }
  }
  return { profile, traffic, analyze, toolTokens, textTools, requestCounts };
}

/**
 * Words of the tool's successful requests (after the profile's analysis; stop words analyze to nothing), kept only
 * where they tell this tool apart. A word its text already has is suggested too: the requests that pick this tool
 * lean on it, and once more in the text it weighs more there (bench:learning: slightly better on BFCL and
 * MetaTool, no worse on the demo catalog). Kept: at least MIN_PRECISION of the requests that contain the word
 * must be this tool's (otherwise adding it moves this tool above other tools on their requests
 * more often than it helps), and few other tools' texts may have it (a word many tools carry ranks none of them).
 * Ordered by support × how rare the word is in the catalog's texts, at most `max`.
 */
export function candidateWords(toolId: string, stats: TrafficStats, max = MAX_TERMS): CandidateWord[] {
  const own = stats.toolTokens.get(toolId) ?? new Set<string>();
  const candidates = new Map<string, CandidateWord>();
  for (const request of stats.traffic.requestsByTool.get(toolId) ?? []) {
    for (const word of wordsOf(request)) {
      if (PLACEHOLDERS.has(word)) continue;
      const tokens = stats.analyze(word);
      if (tokens.length === 0) continue;
      const key = tokens.join(" ");
      const entry = candidates.get(key) ?? {
        word,
        requests: new Set<string>(),
        otherRequests: 0,
        otherTools: 0,
        inText: tokens.every((token) => own.has(token)),
      };
      entry.requests.add(request);
      candidates.set(key, entry);
    }
  }
  const tools = Math.max(1, stats.toolTokens.size);
  for (const [key, entry] of candidates) {
    const counts = stats.requestCounts.get(key);
    entry.otherRequests = counts ? counts.all - (counts.byTool.get(toolId) ?? 0) : 0;
    const tokens = key.split(" ");
    entry.otherTools = Math.min(...tokens.map((token) => (stats.textTools.get(token) ?? 0) - (own.has(token) ? 1 : 0)));
  }
  const weight = (c: CandidateWord) => c.requests.size * Math.log(tools / (1 + c.otherTools));
  return [...candidates.values()]
    .filter(
      (c) =>
        c.requests.size > MIN_PRECISION * (c.requests.size + c.otherRequests) &&
        c.otherTools < Math.max(1, tools * MAX_TEXT_SHARE),
    )
    .sort((a, b) => weight(b) - weight(a) || b.requests.size - a.requests.size || a.word.localeCompare(b.word))
    .slice(0, max);
}
