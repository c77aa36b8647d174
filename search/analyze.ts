import { codexAnalyzer } from "./analysis/codex-analyzer";
import { analyzeStockroom, STOCKROOM_STEPS } from "./analysis/stockroom-analyzer";
import type { EngineProfile } from "./settings";

/** The tokens a profile indexes for `text` (for the UI's "analysed tokens" view). */
export function analyzeText(text: string, profile: EngineProfile): string[] {
  return profile === "codex-bm25" ? codexAnalyzer("english").analyze(text) : analyzeStockroom(text);
}

/** Names of the analyzer steps of a profile, in order. */
export function analyzerSteps(profile: EngineProfile): string[] {
  return profile === "codex-bm25" ? codexAnalyzer("english").steps.map((s) => s.name) : [...STOCKROOM_STEPS];
}
