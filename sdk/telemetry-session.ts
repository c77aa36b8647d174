// What the connected catalog reports: its searches, the calls the model made after them (read from the
// model's output items) and how those calls ended. Links each call to the latest search that returned its tool.
import { newEventId, TelemetryReporter, type TelemetryOptions, type TelemetryStats } from "./telemetry";
import type { ApiTarget } from "./http-client";
import type { Snapshot } from "../domain/snapshot/verify";

export interface SearchRecord {
  query: string;
  limit?: number;
  hits: ReadonlyArray<{ id: string; rank: number; score: number; strength?: unknown }>;
  snapshotVersion: number;
  profile: string;
  latencyMs: number;
}

/** Finds the snapshot tool a model called by the name it used; null = not a tool worth reporting (a direct one). */
export type ToolResolver = (name: string, namespace: string | null) => { id: string } | null;

/**
 * Deferred tools by the names a model calls them: `namespace` + `name` (Responses namespaces), the flat
 * top-level name turn one used, `namespace__name`, or a name only one deferred tool has. Direct tools → null.
 */
export function toolResolverFor(snapshot: Snapshot, topLevelNames: ReadonlyMap<string, string>): ToolResolver {
  const deferred = snapshot.tools.filter((tool) => tool.exposure === "deferred");
  const byName = new Map<string, string | null>();
  for (const tool of deferred) byName.set(tool.spec.name, byName.has(tool.spec.name) ? null : tool.id);
  for (const tool of deferred) {
    byName.set(tool.id, tool.id);
    if (tool.namespace) byName.set(`${tool.namespace}__${tool.spec.name}`, tool.id);
    const flat = topLevelNames.get(tool.id);
    if (flat) byName.set(flat, tool.id);
  }
  return (name, namespace) => {
    const id = (namespace ? byName.get(`${namespace}.${name}`) : undefined) ?? byName.get(name);
    return id ? { id } : null;
  };
}

interface RecentSearch {
  eventId: string;
  returned: ReadonlySet<string>;
}

/** Searches remembered per conversation to link calls (the newest few are enough: calls follow searches closely). */
const RECENT_SEARCHES = 20;
const MAX_CONVERSATIONS = 1000;

const text = (value: unknown) => (typeof value === "string" && value.length > 0 ? value : null);

/** Output items of OpenAI Responses (`function_call`) and Anthropic Messages (`tool_use`) as calls. */
export function callsIn(items: unknown): Array<{ callId: string; name: string; namespace: string | null }> {
  const list = Array.isArray(items)
    ? items
    : ((items as { output?: unknown; content?: unknown } | null)?.output ??
      (items as { content?: unknown } | null)?.content);
  if (!Array.isArray(list)) return [];
  const calls = [];
  for (const item of list as Array<Record<string, unknown>>) {
    if (!item || typeof item !== "object") continue;
    const name = text(item.name);
    if (item.type === "function_call" && name && text(item.call_id))
      calls.push({ callId: item.call_id as string, name, namespace: text(item.namespace) });
    if (item.type === "tool_use" && name && text(item.id))
      calls.push({ callId: item.id as string, name, namespace: null });
  }
  return calls;
}

export class CatalogTelemetry {
  private readonly reporter: TelemetryReporter;
  private readonly recent = new Map<string, RecentSearch[]>();
  conversationId: string;

  constructor(target: ApiTarget, options: TelemetryOptions = {}) {
    this.reporter = new TelemetryReporter(target, options);
    this.conversationId = options.conversationId ?? newEventId();
  }

  /** Records one answered search; returns its event id. */
  recordSearch(search: SearchRecord): string {
    const id = newEventId();
    const hits = search.hits.map((hit) => ({
      id: hit.id,
      rank: hit.rank,
      score: hit.score,
      ...(hit.strength === "strong" || hit.strength === "weak" ? { strength: hit.strength as "strong" | "weak" } : {}),
    }));
    const { query, snapshotVersion, profile } = search;
    this.reporter.record({
      type: "search",
      id,
      at: new Date().toISOString(),
      conversationId: this.conversationId,
      query: query.slice(0, 4000),
      ...(search.limit ? { limit: search.limit } : {}),
      hits,
      snapshotVersion,
      profile,
      latencyMs: search.latencyMs,
    });
    const recent = this.recent.get(this.conversationId) ?? [];
    recent.unshift({ eventId: id, returned: new Set(hits.map((hit) => hit.id)) });
    recent.length = Math.min(recent.length, RECENT_SEARCHES);
    this.recent.delete(this.conversationId);
    this.recent.set(this.conversationId, recent);
    if (this.recent.size > MAX_CONVERSATIONS) this.recent.delete(this.recent.keys().next().value!);
    return id;
  }

  /** Records the calls among the model's output items, each linked to the latest search that returned its tool. */
  observe(items: unknown, resolve: ToolResolver, snapshotVersion: number): number {
    let recorded = 0;
    for (const call of callsIn(items)) {
      const tool = resolve(call.name, call.namespace);
      if (!tool) continue;
      const recent = this.recent.get(this.conversationId) ?? [];
      const search = recent.find((s) => s.returned.has(tool.id)) ?? recent[0];
      this.reporter.record({
        type: "call",
        id: newEventId(),
        at: new Date().toISOString(),
        conversationId: this.conversationId,
        snapshotVersion,
        callId: call.callId.slice(0, 200),
        toolId: tool.id,
        ...(search ? { searchEventId: search.eventId } : {}),
      });
      recorded++;
    }
    return recorded;
  }

  recordOutcome(callId: string, outcome: { ok: boolean; error?: string }): void {
    if (typeof callId !== "string" || callId.length === 0) return;
    const error = outcome.error === undefined ? {} : { error: String(outcome.error).slice(0, 2000) };
    this.reporter.record({
      type: "outcome",
      id: newEventId(),
      at: new Date().toISOString(),
      conversationId: this.conversationId,
      callId: callId.slice(0, 200),
      ok: outcome.ok === true,
      ...error,
    });
  }

  flush(): Promise<void> {
    return this.reporter.flush();
  }

  close(): Promise<void> {
    return this.reporter.close();
  }

  stats(): TelemetryStats {
    return this.reporter.snapshotStats();
  }
}
