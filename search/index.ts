// Public API of the ranking engine. Pure TypeScript: no I/O, no Node-only imports; runs in Node,
// the browser and agents, with identical floats everywhere.
export {
  DEFAULT_B,
  DEFAULT_K1,
  DEFAULT_LIMIT,
  DEFAULT_PROFILE,
  DEFAULT_SETTINGS,
  ENGINE_PROFILES,
  isEngineProfile,
  resolveSettings,
  type EngineProfile,
  type EngineSettings,
} from "./settings";
export { SearchQueryError, type SearchQueryErrorCode } from "./errors";
export type { IndexDoc, ScoreFactor, TermExplanation } from "./engine/types";
export { createSearchIndex, type Explanation, type SearchHit, type SearchIndex } from "./search-index";
export { forgetAnalysedTexts } from "./engine/stockroom-engine";
export { analyzeText, analyzerSteps } from "./analyze";
export {
  effectiveSearchText,
  generateSearchText,
  SEARCH_TEXT_MODES,
  type SearchTextMode,
  type SearchTextTool,
} from "./search-text";
export { mergeHitsByNamespace } from "./namespaces";
export { evaluateRankings, textSimilarity, type GoldenResult, type RankingMetrics } from "./metrics";
export { lnF32, formatF32 } from "./numeric/f32";
