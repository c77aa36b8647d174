// @stockroom/sdk — fetch a catalog's published snapshot, verify it, rank `tool_search` locally exactly as
// Stockroom's playground did, and build the provider requests around it.
import { connect as connectCatalog } from "./catalog";

export {
  connect,
  StockroomCatalog,
  type CatalogHit,
  type ConnectOptions,
  type ToolSearchAnswer,
  type ToolUseAnswer,
} from "./catalog";
export {
  fetchSnapshot,
  listSnapshots,
  snapshotsUrl,
  StockroomApiError,
  type ApiTarget,
  type FetchSnapshotResult,
  type RetryOptions,
  type SnapshotListing,
} from "./http-client";
export {
  buildToolSearchOutput,
  parseToolSearchCall,
  type ToolSearchCallLike,
  type ToolSearchOutputItem,
  type ToolSearchRequest,
} from "../domain/providers/tool-search-output";
export { resolveToolSearchPaths } from "../domain/providers/tool-search-paths";
export {
  OPENAI_SEARCH_ARGUMENTS,
  OPENAI_TOOL_SEARCH_DESCRIPTION,
  openaiToolSearchParameters,
  openaiToolSearchTool,
  type OpenAISearchArguments,
} from "../domain/providers/openai-tool-search";
export {
  ANTHROPIC_SEARCH_TOOL_DESCRIPTION,
  ANTHROPIC_SEARCH_TOOL_NAME,
  anthropicSearchTool,
  isSearchToolUse,
  parseSearchToolUse,
  toolReferenceResult,
  type ToolReferenceResult,
  type ToolUseLike,
} from "../domain/providers/anthropic-tool-search";
export type * from "../domain/providers/provider-types";
export { TelemetryReporter, eventsUrl, type TelemetryOptions, type TelemetryStats } from "./telemetry";
export { CatalogTelemetry, callsIn } from "./telemetry-session";
export {
  agentEventSchema,
  eventBatchSchema,
  EVENT_BATCH_LIMITS,
  type AgentEvent,
  type EventBatch,
  type EventBatchResult,
} from "../domain/agent-events";
export { readCachedSnapshot, writeCachedSnapshot } from "./snapshot-cache";
export {
  CHAT_TOOL_SEARCH_NAME,
  ChatToolSession,
  chatToolSearchTool,
  DEFAULT_MAX_LOADED,
  type ChatFunctionTool,
  type ChatToolCall,
  type ChatToolSearchAnswer,
} from "../domain/providers/chat-completions";
export {
  chatCompletionsCost,
  planChatCompletions,
  type ChatCompletionsCost,
} from "../domain/providers/chat-completions-cost";
export {
  ANTHROPIC_TOOL_SEARCH_TOOL,
  FIRST_REQUEST_PROVIDERS,
  TOOL_SEARCH_MODES,
  firstRequestCost,
  firstRequestTools,
  flatToolNames,
  namespaceDescriptionIn,
  planFirstRequest,
  providerTool,
  type FirstRequestCost,
  type FirstRequestOptions,
  type FirstRequestPlan,
  type FirstRequestProvider,
  type ToolSearchMode,
} from "../domain/providers/first-request";
export {
  canonicalJson,
  computeContentHash,
  contentOf,
  isSameContent,
  sealSnapshot,
  legacyCanonicalJson,
  SNAPSHOT_FORMAT,
  SNAPSHOT_FORMATS,
  snapshotContentSchema,
  snapshotSchema,
  SnapshotIntegrityError,
  verifySnapshot,
  type Snapshot,
  type SnapshotContent,
  type SnapshotTool,
  type McpToolMetadata,
} from "../domain/snapshot/verify";
export { createSnapshotIndex, snapshotIndexDocs, toolsById } from "../domain/snapshot/snapshot-index";
export {
  SearchQueryError,
  type SearchHit,
  type SearchIndex,
  type EngineSettings,
  type EngineProfile,
} from "../search/index";

export {
  checkCatalog,
  checkInputOfSnapshot,
  checkSafety,
  checkTool,
  prepareCatalog,
  RULES as CHECK_RULES,
  toCheckTool,
  type CatalogCheckOptions,
  type CatalogCheckResult,
  type CheckRequest,
  type CheckTool,
  type Finding,
} from "../domain/catalog-check/index";

/** `Stockroom.connect(…)`, for those who prefer a namespace. */
export const Stockroom = { connect: connectCatalog } as const;
