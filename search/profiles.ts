// The engine profiles, one registry entry each: what the UI calls it, how it analyses text and how it builds an
// engine. A new profile is an entry here and its id in ENGINE_PROFILES (settings.ts), nothing else.
import { codexAnalyzer } from "./analysis/codex-analyzer";
import { analyzeStockroom, STOCKROOM_STEPS } from "./analysis/stockroom-analyzer";
import { CodexEngine } from "./engine/codex-engine";
import { StockroomEngine } from "./engine/stockroom-engine";
import { STOCKROOM_TUNING } from "./engine/stockroom-tuning";
import type { IndexDoc, RankingEngine } from "./engine/types";
import { profileLabel, type EngineProfile, type EngineSettings } from "./settings";

export interface ProfileAnalyzer {
  /** The tokens the profile indexes for a text. */
  analyze(text: string): string[];
  /** Names of its steps, in order. */
  steps: readonly string[];
}

export interface ProfileDefinition {
  id: EngineProfile;
  label: string;
  /** One sentence for a curator choosing a profile. */
  description: string;
  analyzer: ProfileAnalyzer;
  /**
   * The tool name as a field of its own besides the search text: each distinct word of the name adds `weight` to
   * its term frequency, whatever the text says (so the name counts under an override too); null when the profile
   * indexes the search text alone.
   */
  nameField: { weight: number } | null;
  createEngine(docs: readonly IndexDoc[], settings: EngineSettings): RankingEngine;
}

const codexEnglish = codexAnalyzer("english");

export const PROFILES: { readonly [P in EngineProfile]: ProfileDefinition & { id: P } } = {
  "codex-bm25": {
    id: "codex-bm25",
    label: profileLabel("codex-bm25"),
    description:
      "Reproduces Codex's tool_search exactly (Rust bm25 crate, English stemming): rankings match what Codex returns.",
    analyzer: { analyze: (text) => codexEnglish.analyze(text), steps: codexEnglish.steps.map((step) => step.name) },
    nameField: null,
    createEngine: (docs, settings) => new CodexEngine(docs, settings),
  },
  stockroom: {
    id: "stockroom",
    label: profileLabel("stockroom"),
    description:
      "BM25 plus identifier splitting, name boosts, vocabulary packs and CJK segmentation; deterministic ties. Recommended.",
    analyzer: { analyze: analyzeStockroom, steps: [...STOCKROOM_STEPS] },
    nameField: { weight: STOCKROOM_TUNING.nameWeight },
    createEngine: (docs, settings) => new StockroomEngine(docs, settings),
  },
};
