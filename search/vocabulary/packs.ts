// Vocabulary packs: versioned data the stockroom profile expands requests with. A catalog chooses its packs and
// adds its own lines; the snapshot names the packs with their versions, so an agent ranks with exactly the lines
// the preview used. Changing a pack's lines means a new version (keep the old one while snapshots name it).
import { GENERAL_GLOSSARY, GENERAL_THESAURUS } from "./general";
import { LEARNED_RELATED } from "./learned";
import { POPULAR_SERVERS_GLOSSARY, POPULAR_SERVERS_THESAURUS } from "./popular-servers";

export const VOCABULARY_PACK_IDS = ["general", "popular-servers", "learned"] as const;
export type VocabularyPackId = (typeof VOCABULARY_PACK_IDS)[number];

export interface VocabularyPack {
  id: VocabularyPackId;
  version: number;
  label: string;
  description: string;
  /** Thesaurus lines (`a b c`, `a b > x y`). */
  thesaurus: string;
  /** Chinese→English glossary lines (`中文|变体=english words`). */
  glossary: string;
  /**
   * Weighted related terms (a learned pack): lines `term related:weight related:weight`, terms already analysed
   * (stemmed), weights in (0, 1] that the query model bounds by `learnedWeight`.
   */
  related?: string;
}

export const VOCABULARY_PACKS: readonly VocabularyPack[] = [
  {
    id: "general",
    version: 1,
    label: "General software",
    description:
      "How people ask software tools for things: actions, objects, everyday and shell words, and a Chinese glossary.",
    thesaurus: GENERAL_THESAURUS,
    glossary: GENERAL_GLOSSARY,
  },
  {
    id: "popular-servers",
    version: 1,
    label: "Popular MCP servers",
    description:
      "Nicknames and requests for the tools of popular MCP servers: GitHub, Slack, Stripe, Notion, Jira, Kubernetes…",
    thesaurus: POPULAR_SERVERS_THESAURUS,
    glossary: POPULAR_SERVERS_GLOSSARY,
  },
  {
    id: "learned",
    version: 1,
    label: "Learned relatedness",
    description:
      "Request words linked to the tool words they were served by in public tool-use datasets, weighted (learned offline).",
    thesaurus: "",
    glossary: "",
    related: LEARNED_RELATED,
  },
];

/** A pack as a snapshot names it. */
export interface PackRef {
  id: string;
  version: number;
}

/** What a catalog used: its packs (with versions) and its own lines. */
export interface VocabularySpec {
  packs: readonly PackRef[];
  /** The catalog's own lines (`refund > create_refund`, `开票 > create invoice`), one a line. */
  lines: string;
}

/** Packs of a snapshot that names none (published before packs existed): what it ranked with then. */
export const LEGACY_VOCABULARY: VocabularySpec = {
  packs: [
    { id: "general", version: 1 },
    { id: "popular-servers", version: 1 },
  ],
  lines: "",
};

export function findPack({ id, version }: PackRef): VocabularyPack {
  const pack = VOCABULARY_PACKS.find((p) => p.id === id && p.version === version);
  if (!pack)
    throw new RangeError(`unknown vocabulary pack ${id}@${version}: this version of the engine does not ship it`);
  return pack;
}

/** The current version of each chosen pack, for a catalog's draft. */
export function currentPacks(ids: readonly string[]): PackRef[] {
  return VOCABULARY_PACK_IDS.filter((id) => ids.includes(id)).map((id) => {
    const versions = VOCABULARY_PACKS.filter((p) => p.id === id).map((p) => p.version);
    return { id, version: Math.max(...versions) };
  });
}
