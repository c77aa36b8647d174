// @stockroom/sdk — fetch a catalog's published snapshot, verify it, rank `tool_search` locally exactly as
// Stockroom's playground did, and build the provider requests around it.
import { connect as connectCatalog } from "./catalog";

export { connect, StockroomCatalog, type CatalogHit, type ConnectOptions } from "./catalog";
export { fetchSnapshot, listSnapshots, snapshotsUrl, StockroomApiError, type ApiTarget, type FetchSnapshotResult, type SnapshotListing } from "./http-client";
export { TelemetryReporter, eventsUrl, type TelemetryOptions, type TelemetryStats } from "./telemetry";
export { CatalogTelemetry, callsIn } from "./telemetry-session";
export { agentEventSchema, eventBatchSchema, EVENT_BATCH_LIMITS, type AgentEvent, type EventBatch, type EventBatchResult } from "./telemetry-events";
export { buildToolSearchOutput, parseToolSearchCall, type ToolSearchOutputItem } from "./tool-search-output";
export { readCachedSnapshot, writeCachedSnapshot } from "./snapshot-cache";
export {
  ANTHROPIC_TOOL_SEARCH_TOOL,
  firstRequestCost,
  firstRequestTools,
  flatToolNames,
  planFirstRequest,
  providerTool,
  type FirstRequestCost,
  type FirstRequestOptions,
  type FirstRequestPlan,
  type FirstRequestProvider,
} from "./first-request";
export {
  canonicalJson,
  computeContentHash,
  contentOf,
  isSameContent,
  sealSnapshot,
  SNAPSHOT_FORMAT,
  snapshotContentSchema,
  snapshotSchema,
  SnapshotIntegrityError,
  verifySnapshot,
  type Snapshot,
  type SnapshotContent,
  type SnapshotTool,
} from "./snapshot";
export { createSnapshotIndex, snapshotIndexDocs, toolsById } from "./snapshot-index";
export { SearchQueryError, type SearchHit, type SearchIndex, type EngineSettings, type EngineProfile } from "../search/index";

/** `Stockroom.connect(…)`, for those who prefer a namespace. */
export const Stockroom = { connect: connectCatalog } as const;
