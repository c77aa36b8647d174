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
  PROFILE_NOTES,
  PROFILE_OPTIONS,
  profileLabel,
  resolveSettings,
  type EngineProfile,
  type EngineSettings,
} from "./settings";
export { PROFILES, type ProfileDefinition } from "./profiles";
export {
  currentPacks,
  LEGACY_VOCABULARY,
  VOCABULARY_PACK_IDS,
  VOCABULARY_PACKS,
  type PackRef,
  type VocabularyPack,
  type VocabularyPackId,
  type VocabularySpec,
} from "./vocabulary/packs";
export { vocabularyKey } from "./vocabulary/vocabulary";
export { checkCatalogLines, MAX_CATALOG_LINES, MAX_LINE_LENGTH, type LineProblem } from "./vocabulary/catalog-lines";
export { SearchQueryError, type SearchQueryErrorCode } from "./errors";
export type { IndexDoc, ScoreFactor, StrengthBar, TermExplanation, VocabularyEffect } from "./engine/types";
export {
  createSearchIndex,
  MATCH_STRENGTHS,
  type Explanation,
  type MatchStrength,
  type SearchHit,
  type SearchIndex,
  type StrengthSummary,
} from "./search-index";
export { forgetAnalysedTexts } from "./engine/stockroom-engine";
export { analyzeText, analyzerSteps } from "./analyze";
export {
  effectiveSearchText,
  generatedSearchTextParts,
  generateSearchText,
  joinSearchTextParts,
  partsOfIndexedText,
  SEARCH_TEXT_FIELDS,
  SEARCH_TEXT_MODES,
  searchTextParts,
  type SearchTextField,
  type SearchTextMode,
  type SearchTextPart,
  type SearchTextTool,
} from "./search-text";
export {
  INDEXED_FIELD_LABELS,
  indexedFields,
  termSources,
  type IndexedFieldName,
  type IndexedFields,
  type TermSource,
} from "./indexed-fields";
export { mergeHitsByNamespace } from "./namespaces";
export { evaluateRankings, textSimilarity, type GoldenResult, type RankingMetrics } from "./metrics";
export { lnF32, formatF32 } from "./numeric/f32";
