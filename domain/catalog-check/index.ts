// The catalog check (docs/catalog-check.md): quality, findability, confusion and safety findings for tool
// definitions. Pure and browser-safe (zod, domain/ and search/ only): the server, the CLI, the editor and the
// SDK call the same rules.
//
//   const context = prepareCatalog(tools);          // once per catalog
//   checkTool(tool, context);                       // one tool's own rules, per keystroke
//   checkCatalog({ tools, requests, engine });       // every rule, with look-alikes and rankings
export {
  checkAcrossTools,
  checkCatalog,
  checkSafety,
  checkTool,
  contextOfSummary,
  prepareCatalog,
  searchTextOf,
  selfRequest,
  summarizeCatalog,
} from "./check-catalog";
export type { CatalogCheckOptions, CatalogCheckResult, CatalogContext, CatalogSummary } from "./check-catalog";
export { RULES, RULES_REVISION, ruleInfo, type RuleId, type RuleInfo } from "./rules";
export { nameSkeleton } from "./impersonation";
export { stripInvisible } from "./safety-structure";
export { checkInputOfSnapshot, checkToolOfSnapshot } from "./snapshot-tools";
export {
  CHECK_CATEGORIES,
  CHECK_SEVERITIES,
  checkCategorySchema,
  checkSeveritySchema,
  checkToolInputSchema,
  findingSchema,
  QUALITY_COMPONENTS,
  severityRank,
  toCheckTool,
  type CheckCategory,
  type CheckRequest,
  type CheckSeverity,
  type CheckTool,
  type CheckToolInput,
  type Finding,
  type FindingEvidence,
  type FindingFix,
  type QualityComponent,
  type TextSpan,
} from "./types";
