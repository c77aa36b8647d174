/** The words Stockroom's pages use that a newcomer may not know, each in a sentence or two (/docs/glossary). */
export interface GlossaryTerm {
  id: string;
  term: string;
  meaning: string;
}

export const GLOSSARY: readonly GlossaryTerm[] = [
  {
    id: "tool",
    term: "Tool",
    meaning:
      "A function an agent's model may call: a name, a description the model reads and parameters (a JSON Schema).",
  },
  {
    id: "namespace",
    term: "Namespace",
    meaning:
      "A group of tools, usually one MCP server or one API. A tool's key is namespace.name, so two servers may each have a tool named search.",
  },
  {
    id: "exposure",
    term: "Exposure: direct, deferred, hidden",
    meaning:
      "Direct tools go into every request to the model. Deferred tools stay out until the model finds them with tool_search. Hidden tools are kept in the catalog but never sent.",
  },
  {
    id: "tool-search",
    term: "tool_search",
    meaning:
      "The tool the model calls with a request in its own words. Stockroom ranks the deferred tools for it and loads the best K into the next request.",
  },
  {
    id: "k",
    term: "K (tools per search)",
    meaning: "How many tools one tool_search loads; 8 unless the catalog sets another number.",
  },
  {
    id: "search-text",
    term: "Search text",
    meaning:
      "What the ranking reads for a tool: by default its name, description and parameters. You can replace it or add words to it without changing the description the model reads.",
  },
  {
    id: "profile",
    term: "Ranking profile",
    meaning:
      "The recipe that scores tools against a request. codex-bm25 returns what OpenAI Codex would; stockroom, the default, also matches word forms, related words from vocabulary packs and parts of tool names.",
  },
  {
    id: "vocabulary-pack",
    term: "Vocabulary pack",
    meaning:
      "A versioned list of related words (refund and reimburse, repo and repository) that the stockroom profile uses; a catalog can add its own lines.",
  },
  {
    id: "strength",
    term: "Match strength: strong, weak",
    meaning:
      "Whether a hit matches the request well enough to rely on: strong when its score reaches the bar set from the request's own words, weak below it. A catalog may leave weak hits out.",
  },
  {
    id: "golden-query",
    term: "Golden query",
    meaning:
      "A request with the tools that should answer it, or none when no tool should match. Golden queries are ranked at every review so a change that makes them worse shows before it ships.",
  },
  {
    id: "metrics",
    term: "success@1, recall@K, MRR, nDCG",
    meaning:
      "How well golden queries rank. success@1: the first hit is an expected tool. recall@K: the share of expected tools in the top K. MRR: one over the rank of the first expected tool, averaged. nDCG: 1 when the expected tools come first in the best order, less the lower they rank.",
  },
  {
    id: "draft",
    term: "Draft",
    meaning: "The catalog as you edit it. Agents never see the draft; they see published versions.",
  },
  {
    id: "version",
    term: "Version (snapshot)",
    meaning:
      "A numbered, unchangeable copy of the catalog made by publishing, with a hash agents verify. Agents fetch the latest or pin a number. A rollback publishes an older version's content as a new version.",
  },
  {
    id: "agent-token",
    term: "Agent token",
    meaning:
      "A secret an agent sends to fetch this catalog's versions and, when allowed, to report what it searched and called.",
  },
  {
    id: "insights",
    term: "Insights",
    meaning:
      "What agents searched for and which tools they then called, so you can see requests that found nothing and words worth adding to a tool's search text.",
  },
  {
    id: "catalog-check",
    term: "Findings (catalog check)",
    meaning:
      "What the check says about tool descriptions: quality (is the purpose, usage and parameters clear), findability (do its own requests find it), confusion (look-alike tools) and safety (text aimed at the model rather than describing the tool).",
  },
  {
    id: "first-request",
    term: "First request",
    meaning:
      "Exactly what the model receives on turn one for a given client: the direct tools, tool_search and the deferred tools' names, with its size in tokens.",
  },
];
