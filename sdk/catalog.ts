import { SearchQueryError, type SearchHit, type SearchIndex } from "../search/index";
import { parseSearchToolUse, toolReferenceResult, type ToolUseLike } from "../domain/providers/anthropic-tool-search";
import { ChatToolSession, DEFAULT_MAX_LOADED } from "../domain/providers/chat-completions";
import {
  firstRequestTools,
  flatToolNames,
  type FirstRequestOptions,
  type FirstRequestProvider,
} from "../domain/providers/first-request";
import { fetchSnapshot, assertSnapshotIsFor, StockroomApiError, type ApiTarget } from "./http-client";
import type { Snapshot, SnapshotTool } from "../domain/snapshot/verify";
import { readCachedSnapshot, writeCachedSnapshot } from "./snapshot-cache";
import { createSnapshotIndex, toolsById } from "../domain/snapshot/snapshot-index";
import type { ProviderTools } from "../domain/providers/provider-types";
import { resolveToolSearchPaths } from "../domain/providers/tool-search-paths";
import {
  buildToolSearchOutput,
  parseToolSearchCall,
  type ToolSearchCallLike,
  type ToolSearchOutputItem,
} from "../domain/providers/tool-search-output";
import type { TelemetryOptions, TelemetryStats } from "./telemetry";
import { CatalogTelemetry, toolResolverFor, type ToolResolver } from "./telemetry-session";

export interface ConnectOptions extends ApiTarget {
  /** Pin a published version (it never changes); default `latest`, which `refresh()` keeps current. */
  version?: number | "latest";
  /** Keep the last verified snapshot here and start from it when the server cannot be reached. */
  cacheDir?: string;
  /**
   * Report searches, calls and outcomes to the catalog's Insights (default on, in the background; it never
   * blocks or fails the agent). `false` turns it off.
   */
  telemetry?: false | TelemetryOptions;
}

export interface CatalogHit extends SearchHit {
  tool: SnapshotTool;
}

/** An answered `tool_search_call`: the item to send back, and what it loaded. */
export type ToolSearchAnswer = {
  output: ToolSearchOutputItem;
  /** Ids of the loaded tools, best first (query form) or in order of mention (paths form). */
  toolIds: string[];
  /** Paths that named no namespace or tool of the snapshot (paths form; always empty for a query). */
  unknownPaths: string[];
};

/** The `tool_result` answering Claude's search: `tool_reference` blocks, or one text block when nothing matched. */
export type ToolUseAnswer = {
  type: "tool_result";
  tool_use_id: string;
  content: Array<{ type: "tool_reference"; tool_name: string } | { type: "text"; text: string }>;
};

/**
 * Everything derived from one snapshot, replaced as a whole so a search never sees half of a refresh. The index and
 * the tools by id are built at once (a search needs them); the name tables only the provider answers and telemetry
 * read are made on first use, so a cold start does not pay for them.
 */
class CatalogState {
  readonly index: SearchIndex;
  readonly tools: Map<string, SnapshotTool>;
  private names: { topLevel: Map<string, string>; anthropic: Map<string, string> } | null = null;
  private resolver: ToolResolver | null = null;

  constructor(readonly snapshot: Snapshot) {
    this.index = createSnapshotIndex(snapshot);
    this.tools = toolsById(snapshot);
  }

  /** Top-level names as turn one sent them (namespace__name where two listed tools share a name). */
  get topLevelNames(): Map<string, string> {
    return this.nameTables().topLevel;
  }

  /** Anthropic tool names as turn one sent them with search on (every tool listed side by side). */
  get anthropicNames(): Map<string, string> {
    return this.nameTables().anthropic;
  }

  /** The deferred tool a model's call names (for telemetry). */
  get resolveCall(): ToolResolver {
    this.resolver ??= toolResolverFor(this.snapshot, this.topLevelNames);
    return this.resolver;
  }

  private nameTables() {
    if (!this.names) {
      const tools = this.snapshot.tools;
      const topLevel = tools.filter((tool) => tool.exposure === "direct" || !tool.namespace);
      this.names = { topLevel: flatToolNames(topLevel), anthropic: flatToolNames(tools) };
    }
    return this.names;
  }
}

const stateOf = (snapshot: Snapshot) => new CatalogState(snapshot);

/** Network failures and server-side trouble fall back to the cache; a refusal (401, 403, 404) does not. */
function isTransient(error: unknown): boolean {
  if (error instanceof StockroomApiError) return error.status === 429 || error.status >= 500;
  return error instanceof TypeError; // fetch's network error
}

/** A catalog's snapshot held locally: ranks `tool_search` exactly as Stockroom's playground ranked that version. */
export class StockroomCatalog {
  private state: CatalogState;
  private pending: Promise<{ changed: boolean; version: number }> | null = null;
  private readonly telemetry: CatalogTelemetry | null;

  constructor(
    private readonly options: ConnectOptions,
    snapshot: Snapshot,
    /** `network` when the snapshot came from the server, `cache` when connect fell back to the disk cache. */
    readonly source: "network" | "cache",
  ) {
    this.state = stateOf(snapshot);
    this.telemetry = options.telemetry === false ? null : new CatalogTelemetry(options, options.telemetry ?? {});
  }

  get snapshot(): Snapshot {
    return this.state.snapshot;
  }

  get version(): number {
    return this.state.snapshot.version;
  }

  get contentHash(): string {
    return this.state.snapshot.contentHash;
  }

  /** Deferred tools ranked by the snapshot's engine settings (`limit` defaults to the catalog's). */
  search(query: string, limit?: number): CatalogHit[] {
    const { index, tools } = this.state;
    const started = performance.now();
    const hits = index.search(query, limit).map((hit) => ({ ...hit, tool: tools.get(hit.id)! }));
    this.recordSearch(query, limit, hits, started);
    return hits;
  }

  /** Telemetry hook of every answered search (search, toolSearchOutput and the provider-specific answers). */
  private recordSearch(query: string, limit: number | undefined, hits: readonly SearchHit[], started: number): void {
    const { engine, version } = this.state.snapshot;
    this.telemetry?.recordSearch({
      query,
      limit,
      hits,
      snapshotVersion: version,
      profile: engine.profile,
      latencyMs: performance.now() - started,
    });
  }

  /**
   * The `tool_search_output` item answering a model's client-executed `tool_search_call`. Never throws for
   * what the model sent (every call needs an answer): an empty query loads no tools, a bad limit uses the default.
   */
  toolSearchOutput(callId: string | null, query: string, limit?: number): ToolSearchOutputItem {
    const { snapshot, tools, topLevelNames } = this.state;
    return buildToolSearchOutput(
      snapshot,
      callId,
      this.rank(query, limit).map((id) => tools.get(id)!),
      topLevelNames,
    );
  }

  /**
   * `toolSearchOutput` for a `tool_search_call` item exactly as the Responses API returned it. A `call_id` of
   * `null` or none (the `openai` types allow both) is answered with `call_id: null`.
   */
  answerToolSearchCall(call: ToolSearchCallLike): ToolSearchOutputItem {
    return this.resolveToolSearchCall(call).output;
  }

  /**
   * Answers a `tool_search_call` in either form: `{query, limit}` is ranked; `{paths}` (OpenAI's built-in loader)
   * loads the namespaces and tools it names (domain/providers/tool-search-paths.ts). Unknown paths load nothing and are
   * returned in `unknownPaths`, outside the item, which stays exactly what the API accepts.
   */
  resolveToolSearchCall(call: ToolSearchCallLike): ToolSearchAnswer {
    const { snapshot, tools, topLevelNames } = this.state;
    const request = parseToolSearchCall(call);
    const { toolIds, unknown } = request.paths
      ? resolveToolSearchPaths(snapshot, request.paths)
      : { toolIds: this.rank(request.query, request.limit), unknown: [] };
    const output = buildToolSearchOutput(
      snapshot,
      request.callId,
      toolIds.map((id) => tools.get(id)!),
      topLevelNames,
    );
    return { output, toolIds, unknownPaths: unknown };
  }

  /**
   * The `tool_result` for Claude's `tool_use` of the custom search tool (`toolSearch: "client"`): the top K by
   * this snapshot's ranking as `tool_reference` blocks, by the names turn one sent. Throws for a block of another
   * tool (route with `isSearchToolUse`), never for what the model typed.
   */
  answerToolUse(block: ToolUseLike): ToolUseAnswer {
    const { toolUseId, query, limit } = parseSearchToolUse(block);
    const ids = this.rank(query, limit);
    if (ids.length === 0) {
      return {
        type: "tool_result",
        tool_use_id: toolUseId,
        content: [{ type: "text", text: `No tool matched ${JSON.stringify(query)}. Search again with other words.` }],
      };
    }
    return toolReferenceResult(
      toolUseId,
      ids.map((id) => this.state.anthropicNames.get(id)!),
    );
  }

  /**
   * Reads the model's next output items (OpenAI Responses `function_call` items, Anthropic `tool_use` blocks, or
   * the response object holding them) and records which deferred tool it called after which search. Returns
   * how many calls were recorded; never throws for what it is given.
   */
  observe(items: unknown): number {
    return this.telemetry?.observe(items, this.state.resolveCall, this.version) ?? 0;
  }

  /** Records how a call the model made ended (`callId` as the provider gave it). */
  recordOutcome(callId: string, outcome: { ok: boolean; error?: string }): void {
    this.telemetry?.recordOutcome(callId, outcome);
  }

  /** Events from now on belong to this conversation (an opaque id of the agent's choosing). */
  setConversationId(conversationId: string): void {
    if (this.telemetry && conversationId) this.telemetry.conversationId = conversationId;
  }

  /** Queued, sent and dropped telemetry events (null when telemetry is off). */
  telemetryStats(): TelemetryStats | null {
    return this.telemetry?.stats() ?? null;
  }

  /** Sends queued telemetry now (it also goes on a timer). Never rejects. */
  flushTelemetry(): Promise<void> {
    return this.telemetry?.flush() ?? Promise.resolve();
  }

  /** Sends what telemetry is left and stops its timer; call before the agent exits. Never rejects. */
  close(): Promise<void> {
    return this.telemetry?.close() ?? Promise.resolve();
  }

  /** The turn-one `tools` array for OpenAI Responses, Anthropic or MCP. */
  firstRequestTools<P extends FirstRequestProvider>(options: FirstRequestOptions<P>): Array<ProviderTools[P]> {
    return firstRequestTools(this.state.snapshot, options);
  }

  /**
   * Deferred loading for a Chat Completions conversation (any model with function calling): one session per
   * conversation, which always answers from the snapshot held now (a refresh reaches open sessions too).
   */
  chatSession(options: { maxLoaded?: number } = {}): ChatToolSession {
    return new ChatToolSession(
      { content: () => this.state.snapshot, search: (query, limit) => this.search(query, limit) },
      options.maxLoaded ?? DEFAULT_MAX_LOADED,
    );
  }

  /** Ids ranked for a model's query; what a model sends never throws (empty query → none, bad limit → default). */
  private rank(query: string, limit: number | undefined): string[] {
    const validLimit = limit !== undefined && Number.isInteger(limit) && limit >= 1 ? limit : undefined;
    const started = performance.now();
    let hits: SearchHit[] = [];
    try {
      hits = this.state.index.search(query, validLimit);
    } catch (error) {
      if (!(error instanceof SearchQueryError)) throw error;
    }
    this.recordSearch(query, validLimit, hits, started);
    return hits.map((hit) => hit.id);
  }

  /** A tool by id (`namespace.name`). */
  tool(id: string): SnapshotTool | undefined {
    return this.state.tools.get(id);
  }

  /**
   * Revalidates `latest` with its ETag: unchanged → nothing happens; a new version is fetched, verified and
   * indexed, then swapped in at once. Concurrent calls share one request. A pinned version never changes.
   */
  refresh(): Promise<{ changed: boolean; version: number }> {
    if (this.options.version !== undefined && this.options.version !== "latest")
      return Promise.resolve({ changed: false, version: this.version });
    this.pending ??= this.revalidate().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async revalidate(): Promise<{ changed: boolean; version: number }> {
    const result = await fetchSnapshot(this.options, { version: "latest", etag: this.contentHash });
    if (result.status === "not-modified" || result.snapshot.contentHash === this.contentHash)
      return { changed: false, version: this.version };
    const next = stateOf(result.snapshot);
    this.state = next;
    if (this.options.cacheDir) await writeCachedSnapshot(this.options.cacheDir, cacheKey(this.options), result.body);
    return { changed: true, version: next.snapshot.version };
  }
}

const cacheKey = (options: ConnectOptions) => ({
  team: options.team,
  catalog: options.catalog,
  version: options.version ?? "latest",
});

/**
 * Fetches the catalog's snapshot (latest or pinned), verifies its hash and catalog, and builds the index.
 * With `cacheDir`: a pinned version already cached is used without a request; otherwise the cached copy is
 * revalidated with its ETag, and used as-is when the server cannot be reached.
 */
export async function connect(options: ConnectOptions): Promise<StockroomCatalog> {
  const version = options.version ?? "latest";
  const key = cacheKey(options);
  const cached = options.cacheDir ? await readCachedSnapshot(options.cacheDir, key) : null;
  const usable = cached && isFor(cached, options, version) ? cached : null;
  if (usable && version !== "latest") return new StockroomCatalog(options, usable, "cache");
  try {
    const result = await fetchSnapshot(options, { version, etag: usable?.contentHash });
    if (result.status === "not-modified") return new StockroomCatalog(options, usable!, "network");
    if (options.cacheDir) await writeCachedSnapshot(options.cacheDir, key, result.body);
    return new StockroomCatalog(options, result.snapshot, "network");
  } catch (error) {
    if (usable && isTransient(error)) return new StockroomCatalog(options, usable, "cache");
    throw error;
  }
}

function isFor(snapshot: Snapshot, target: ConnectOptions, version: number | "latest"): boolean {
  try {
    assertSnapshotIsFor(snapshot, target, version);
    return true;
  } catch {
    return false;
  }
}
