import type { AgentEvent } from "@/sdk/telemetry-events";
import { dayOf, type CounterKey } from "./daily-counters";
import { tallyNewEvent } from "./ingest-sql";
import { hashRequestText, storedRequestText, type TelemetryTextMode } from "./privacy";

/** A stored event of the catalog that a batch may link to (see CONTEXT_SQL). */
export interface StoredEvent {
  id: string;
  clientEventId: string;
  kind: "search" | "call" | "outcome";
  atMs: number;
  conversationId: string | null;
  snapshotVersion: number | null;
  returnedIds: string[] | null;
  callId: string | null;
  ok: boolean | null;
  error: string | null;
}

/** One row of the batch's INSERT, its links already made. */
export interface PlannedRow {
  id: string;
  clientEventId: string;
  kind: AgentEvent["type"];
  at: string;
  conversationId: string | null;
  snapshotVersion: number | null;
  query?: string | null;
  queryHash?: string;
  limit?: number | null;
  profile?: string | null;
  latencyMs?: number | null;
  hits?: unknown;
  returnedIds?: string[];
  weakOnly?: boolean;
  repeated?: boolean;
  followed?: boolean;
  callId?: string;
  toolId?: string;
  searchEventId?: string | null;
  rank?: number | null;
  ok?: boolean | null;
  error?: string | null;
}

/** A counter increment that counts only if the event `eventId` is stored by this batch ("" = always). */
export interface Contribution {
  eventId: string;
  day: string;
  version: number;
  metric: string;
  toolId: string;
  bucket: number;
  count: number;
}

interface Linkable {
  id: string;
  clientEventId: string;
  atMs: number;
  conversationId: string | null;
  snapshotVersion: number | null;
  returnedIds: string[];
}

/** Earlier in the order "at, then server id" that every link below uses (the ids sort by arrival). */
const before = (a: { atMs: number; id: string }, b: { atMs: number; id: string }) =>
  a.atMs < b.atMs || (a.atMs === b.atMs && a.id < b.id);

/**
 * Links a batch in memory, against the stored events it can refer to, so one INSERT writes each event complete:
 * a search is a repeat when its conversation had an earlier search; a call without a search id follows the latest
 * search of its conversation (at or before it) that returned its tool, and takes its rank and version there; a
 * call takes the latest outcome of its call id; a search a new call ranked is followed. What older stored rows
 * gain (followed, settled) is left to the INSERT statement, keyed on the rows it really inserted. Each counter
 * increment names the event it belongs to, so the statement counts only events it stored (a retry counts none).
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: to split (#18 item 4): linking searches, calls and outcomes as three passes
export function planBatch(
  events: AgentEvent[],
  stored: StoredEvent[],
  ids: string[],
  textMode: TelemetryTextMode,
  now: Date,
  dropped = 0,
) {
  const nowIso = now.toISOString();
  const searches = new Map<string, Linkable>();
  const firstSearchOf = new Map<string, Linkable>();
  const byConversation = new Map<string, Linkable[]>();
  const outcomes = new Map<string, { atMs: number; id: string; ok: boolean; error: string | null }>();
  const addSearch = (search: Linkable) => {
    if (searches.has(search.clientEventId)) return; // a stored copy of a resent search wins
    searches.set(search.clientEventId, search);
    if (search.conversationId === null) return;
    const first = firstSearchOf.get(search.conversationId);
    if (!first || before(search, first)) firstSearchOf.set(search.conversationId, search);
    const list =
      byConversation.get(search.conversationId) ??
      byConversation.set(search.conversationId, []).get(search.conversationId)!;
    list.push(search);
  };
  const addOutcome = (callId: string, outcome: { atMs: number; id: string; ok: boolean; error: string | null }) => {
    const latest = outcomes.get(callId);
    if (!latest || before(latest, outcome)) outcomes.set(callId, outcome);
  };
  for (const row of stored) {
    if (row.kind === "search") addSearch({ ...row, returnedIds: row.returnedIds ?? [] });
    else if (row.kind === "outcome" && row.callId !== null && row.ok !== null)
      addOutcome(row.callId, { atMs: row.atMs, id: row.id, ok: row.ok, error: row.error });
  }
  const rows: PlannedRow[] = events.map((event, index) => {
    const at = event.at ?? nowIso;
    const common = {
      id: ids[index]!,
      clientEventId: event.id,
      kind: event.type,
      at,
      conversationId: event.conversationId ?? null,
      snapshotVersion: event.snapshotVersion ?? null,
    };
    if (event.type === "search") {
      const returnedIds = event.hits.map((hit) => hit.id);
      addSearch({ ...common, atMs: Date.parse(at), returnedIds });
      const weakOnly = event.hits.length > 0 && event.hits.every((hit) => hit.strength === "weak");
      const text = { query: storedRequestText(event.query, textMode), queryHash: hashRequestText(event.query) };
      return {
        ...common,
        ...text,
        limit: event.limit ?? null,
        profile: event.profile ?? null,
        latencyMs: event.latencyMs ?? null,
        hits: event.hits,
        returnedIds,
        weakOnly,
      };
    }
    if (event.type === "outcome") {
      addOutcome(event.callId, { atMs: Date.parse(at), id: common.id, ok: event.ok, error: event.error ?? null });
      return { ...common, callId: event.callId, ok: event.ok, error: event.error ?? null };
    }
    return { ...common, callId: event.callId, toolId: event.toolId, searchEventId: event.searchEventId ?? null };
  });

  const contributions: Contribution[] = [];
  const rowsById = new Map(rows.map((row) => [row.clientEventId, row]));
  for (const row of rows) {
    const add = (key: CounterKey, count = 1) =>
      count !== 0 &&
      contributions.push({
        eventId: row.clientEventId,
        ...key,
        toolId: key.toolId ?? "",
        bucket: key.bucket ?? 0,
        count,
      });
    const atMs = Date.parse(row.at);
    if (row.kind === "search") {
      const first = row.conversationId === null ? undefined : firstSearchOf.get(row.conversationId);
      row.repeated =
        first !== undefined && first.clientEventId !== row.clientEventId && before(first, { atMs, id: row.id });
    } else if (row.kind === "call") {
      if (row.searchEventId === null && row.conversationId !== null)
        row.searchEventId =
          latestSearchReturning(byConversation.get(row.conversationId), row.toolId!, atMs)?.clientEventId ?? null;
      const search = row.searchEventId ? searches.get(row.searchEventId) : undefined;
      row.rank = null;
      if (search) {
        const position = search.returnedIds.indexOf(row.toolId!);
        row.rank = position < 0 ? null : position + 1;
        row.snapshotVersion ??= search.snapshotVersion;
        const followedRow = rowsById.get(search.clientEventId);
        // A search of this batch is written followed; a stored one is marked by the statement (once).
        if (row.rank !== null && followedRow?.id === search.id && !followedRow.followed) {
          followedRow.followed = true;
          contributions.push({
            eventId: followedRow.clientEventId,
            day: dayOf(new Date(search.atMs)),
            version: search.snapshotVersion ?? 0,
            metric: "search.followed",
            toolId: "",
            bucket: 0,
            count: 1,
          });
        }
      }
      const outcome = outcomes.get(row.callId!);
      if (outcome) {
        row.ok = outcome.ok;
        row.error = outcome.error;
        const key = { day: dayOf(new Date(atMs)), version: row.snapshotVersion ?? 0 };
        add({ ...key, metric: "call.finished" });
        if (outcome.ok) add({ ...key, metric: "call.ok" }), add({ ...key, metric: "tool.ok", toolId: row.toolId! });
      }
    }
    tallyNewEvent(add, {
      kind: row.kind,
      atMs,
      version: row.snapshotVersion ?? 0,
      returnedIds: row.returnedIds ?? [],
      weakOnly: row.weakOnly ?? null,
      repeated: row.repeated ?? false,
      latencyMs: row.latencyMs ?? null,
      toolId: row.toolId ?? null,
      rank: row.rank ?? null,
    });
  }
  if (dropped > 0)
    contributions.push({
      eventId: "",
      day: dayOf(now),
      version: 0,
      metric: "sdk.dropped",
      toolId: "",
      bucket: 0,
      count: dropped,
    });
  return { rows, contributions };
}

/** The latest search (by at, then id) at or before `atMs` that returned `toolId`. */
function latestSearchReturning(list: Linkable[] | undefined, toolId: string, atMs: number): Linkable | undefined {
  let best: Linkable | undefined;
  for (const search of list ?? []) {
    if (search.atMs <= atMs && search.returnedIds.includes(toolId) && (!best || before(best, search))) best = search;
  }
  return best;
}
