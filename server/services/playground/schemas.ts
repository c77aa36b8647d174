import { z } from "zod";
import { ENGINE_PROFILES, MATCH_STRENGTHS, SEARCH_TEXT_FIELDS } from "@/search/index";

// Zod shapes of the playground procedures (input and output), shared by the router and its tests.

export const PROFILE = z.enum(ENGINE_PROFILES);
/** null = the draft; a number = that published version. */
export const VERSION = z
  .number()
  .int("version is a whole number")
  .min(1, "version starts at 1")
  .max(2_147_483_647, "version is at most 2147483647")
  .nullable();
/** The engine refuses 0 and fractions with a clear message; the upper bound keeps explain affordable. */
export const LIMIT = z.number().int("limit must be a whole number").max(50, "Show at most 50 results.").optional();
export const QUERY = z.string().max(500, "A query is at most 500 characters.");
export const TOOL_KEY = z.string().trim().min(1, "Pick a tool.").max(200);

const segment = z.object({ text: z.string(), term: z.string().optional() });
const indexedField = z.enum([...SEARCH_TEXT_FIELDS, "name-field"]);
const term = z.object({
  term: z.string(),
  /** The word a person reads for the term: typed in the request, or from the tool's text (term-words.ts). */
  word: z.string(),
  queryFrequency: z.number(),
  queryWeight: z.number(),
  idf: z.number(),
  tf: z.number(),
  docLength: z.number(),
  lengthNorm: z.number(),
  contribution: z.number(),
  matched: z.boolean(),
  /** The fields the term came from and what each added to its tf (empty for a term the tool lacks). */
  sources: z.array(z.object({ field: indexedField, count: z.number() })),
});

export const explainedTool = z.object({
  key: z.string(),
  name: z.string(),
  namespace: z.string().nullable(),
  description: z.string(),
  /** The search text as runs, matched words marked (joined, they are the whole text). */
  segments: z.array(segment),
  /** What the engine indexed, field by field: the name field (stockroom), then the runs of the search text. */
  fields: z.array(z.object({ field: indexedField, segments: z.array(segment), weight: z.number().nullable() })),
  score: z.number(),
  rank: z.number().int().nullable(),
  terms: z.array(term),
  termSum: z.number(),
  factors: z.array(
    z.object({
      kind: z.enum(["exact", "name", "namespace", "change", "opening", "plural"]),
      factor: z.number(),
      detail: z.string(),
    }),
  ),
  matchedTerms: z.array(z.string()),
  missingTerms: z.array(z.string()),
  matchedWords: z.array(z.string()),
  missingWords: z.array(z.string()),
  /** Match strength of the tool for the request (null when it scores 0) and score ÷ the request's bar. */
  strength: z.enum(MATCH_STRENGTHS).nullable(),
  evidence: z.number().nullable(),
  toolId: z.string().nullable(),
  revision: z.number().int().nullable(),
});

export const searchOutput = z.object({
  version: z.number().int().nullable(),
  profile: PROFILE,
  limit: z.number().int(),
  indexed: z.number().int(),
  queryTokens: z.array(z.string()),
  /** Each analysed query term with the word of the request it came from (term-words.ts). */
  queryWords: z.array(z.object({ term: z.string(), word: z.string() })),
  hits: z.array(explainedTool),
  /** The request's strong bar in perfect matches (null: no hit can be strong), and why it is there. */
  bar: z.object({ matches: z.number().nullable(), reason: z.string() }),
  /** The packs the source ranks with and what they and the catalog's lines added to the request. */
  vocabulary: z.object({
    packs: z.array(z.object({ id: z.string(), version: z.number().int() })),
    catalogLines: z.number().int(),
    effect: z.array(
      z.object({
        term: z.string(),
        /** Where each related term comes from (a pack id, "catalog", "glossary") and its weight in the request. */
        related: z.array(z.object({ term: z.string(), source: z.string(), weight: z.number() })),
      }),
    ),
  }),
  /** True when the catalog drops weak hits (what agents get too). */
  dropsWeakHits: z.boolean(),
  /** Set when every scored tool was weak and the catalog drops weak hits: why nothing came back. */
  noMatch: z.string().nullable(),
  tookMs: z.number(),
});

export const explainOutput = z.discriminatedUnion("status", [
  explainedTool.extend({
    status: z.literal("ranked"),
    profile: PROFILE,
    limit: z.number().int(),
    inTopK: z.boolean(),
    topScore: z.number().nullable(),
    cutoffScore: z.number().nullable(),
    /** Why the tool's strength is what it is (the request's bar). */
    strengthReason: z.string(),
    /** True when the tool is weak and the catalog drops weak hits, so tool_search leaves it out. */
    dropped: z.boolean(),
  }),
  z.object({ status: z.enum(["direct", "hidden", "absent"]), key: z.string(), message: z.string() }),
]);

const marker = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("same") }),
  z.object({ kind: z.literal("entered") }),
  z.object({ kind: z.literal("moved"), from: z.number().int(), by: z.number().int() }),
  z.object({ kind: z.literal("left"), to: z.number().int().nullable() }),
]);
const compareHit = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  namespace: z.string().nullable(),
  rank: z.number().int(),
  score: z.number(),
  marker: marker.nullable(),
});
const compareColumn = z.object({ version: z.number().int().nullable(), profile: PROFILE, hits: z.array(compareHit) });
export const compareSide = z.object({ version: VERSION, profile: PROFILE.optional() });
export const compareOutput = z.object({ limit: z.number().int(), left: compareColumn, right: compareColumn });

export const sourcesOutput = z.object({
  profile: PROFILE,
  defaultLimit: z.number().int(),
  snapshots: z.array(z.object({ version: z.number().int(), publishedAt: z.date(), note: z.string() })),
});
