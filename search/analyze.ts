import { PROFILES } from "./profiles";
import type { EngineProfile } from "./settings";

/** The tokens a profile indexes for `text` (for the UI's "analysed tokens" view). */
export function analyzeText(text: string, profile: EngineProfile): string[] {
  return PROFILES[profile].analyzer.analyze(text);
}

/** Names of the analyzer steps of a profile, in order. */
export function analyzerSteps(profile: EngineProfile): string[] {
  return [...PROFILES[profile].analyzer.steps];
}
