import type { AgentEvent } from "@/sdk/telemetry-events";
import { CounterColumns, dayOf, latencyBucket } from "./daily-counters";
import { hashRequestText, storedRequestText, type TelemetryTextMode } from "./privacy";

/** A stored event of the catalog that new events may link to (see CONTEXT_SQL). */
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

/** A validated event as it arrived: its server id, when it happened (ISO) and who sent it. */
export interface IncomingEvent {
  event: AgentEvent;
  id: string;
  at: string;
  receivedAt: string;
  tokenId: string | null;
}

/** One row of the INSERT, its links already made (null/absent columns stay null). */
export interface PlannedRow {
  id: string;
  clientEventId: string;
  kind: AgentEvent["type"];
  at: string;
  receivedAt: string;
  tokenId: string | null;
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

interface Search {
  id: string;
  clientEventId: string;
  atMs: number;
  snapshotVersion: number | null;
  returnedIds: string[];
  /** The row this batch inserts for it; absent for a stored search. */
  row?: PlannedRow;
}

interface Outcome {
  id: string;
  atMs: number;
  ok: boolean;
  error: string | null;
}

/** Earlier in the order "at, then server id" that every link below uses (server ids sort by arrival). */
const before = (a: { atMs: number; id: string }, b: { atMs: number; id: string }) =>
  a.atMs < b.atMs || (a.atMs === b.atMs && a.id < b.id);

/**
 * Links new events in memory, against the stored events they can refer to, so one INSERT writes each complete:
 * a search is a repeat when its conversation had an earlier search; a call without a search id follows the latest
 * search of its conversation (at or before it) that returned its tool, and takes its rank and version there; a
 * call takes the latest outcome of its call id; a new search that a new call ranked is written followed. What
 * stored rows gain (followed, settled) is left to the statement, keyed on the rows it really inserts; so is
 * counting: each increment names its event, and counts only if that event is inserted (a resent one is not).
 * Client ids must be unique among `incoming`; one that is also stored is linked as the stored copy.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: to split (#18 item 4): linking searches, calls and outcomes as three passes
export function planEvents(incoming: IncomingEvent[], stored: StoredEvent[], textMode: TelemetryTextMode) {
  const searches = new Map<string, Search>();
  const firstSearchOf = new Map<string, Search>();
  const searchesOf = new Map<string, Search[]>();
  const outcomes = new Map<string, Outcome>();
  const addSearch = (conversationId: string | null, search: Search) => {
    if (searches.has(search.clientEventId)) return; // a stored copy of a resent search wins
    searches.set(search.clientEventId, search);
    if (conversationId === null) return;
    const first = firstSearchOf.get(conversationId);
    if (!first || before(search, first)) firstSearchOf.set(conversationId, search);
    const list = searchesOf.get(conversationId);
    if (list) list.push(search);
    else searchesOf.set(conversationId, [search]);
  };
  const addOutcome = (callId: string, outcome: Outcome) => {
    const latest = outcomes.get(callId);
    if (!latest || before(latest, outcome)) outcomes.set(callId, outcome);
  };
  for (const row of stored) {
    if (row.kind === "search")
      addSearch(row.conversationId, {
        id: row.id,
        clientEventId: row.clientEventId,
        atMs: row.atMs,
        snapshotVersion: row.snapshotVersion,
        returnedIds: row.returnedIds ?? [],
      });
    else if (row.kind === "outcome" && row.callId !== null && row.ok !== null)
      addOutcome(row.callId, { id: row.id, atMs: row.atMs, ok: row.ok, error: row.error });
  }

  const atMs: number[] = [];
  const rows = incoming.map(({ event, id, at, receivedAt, tokenId }, index): PlannedRow => {
    atMs[index] = Date.parse(at);
    const row: PlannedRow = {
      id,
      clientEventId: event.id,
      kind: event.type,
      at,
      receivedAt,
      tokenId,
      conversationId: event.conversationId ?? null,
      snapshotVersion: event.snapshotVersion ?? null,
    };
    if (event.type === "search") {
      row.returnedIds = event.hits.map((hit) => hit.id);
      row.hits = event.hits;
      row.weakOnly = event.hits.length > 0 && event.hits.every((hit) => hit.strength === "weak");
      row.query = storedRequestText(event.query, textMode);
      row.queryHash = hashRequestText(event.query);
      row.limit = event.limit ?? null;
      row.profile = event.profile ?? null;
      row.latencyMs = event.latencyMs ?? null;
      addSearch(row.conversationId, {
        id,
        clientEventId: event.id,
        atMs: atMs[index]!,
        snapshotVersion: row.snapshotVersion,
        returnedIds: row.returnedIds,
        row,
      });
    } else {
      row.callId = event.callId;
      if (event.type === "outcome") {
        row.ok = event.ok;
        row.error = event.error ?? null;
        addOutcome(event.callId, { id, atMs: atMs[index]!, ok: event.ok, error: row.error });
      } else {
        row.toolId = event.toolId;
        row.searchEventId = event.searchEventId ?? null;
      }
    }
    return row;
  });

  const days = new Map<number, string>();
  const dayAt = (ms: number) => {
    const n = Math.floor(ms / 86_400_000);
    return days.get(n) ?? days.set(n, dayOf(new Date(ms))).get(n)!;
  };
  const counters = new CounterColumns();
  rows.forEach((row, index) => {
    const at = atMs[index]!;
    if (row.kind === "search") {
      const first = row.conversationId === null ? undefined : firstSearchOf.get(row.conversationId);
      row.repeated =
        first !== undefined && first.clientEventId !== row.clientEventId && before(first, { atMs: at, id: row.id });
      tallySearch(counters, row, dayAt(at));
      return;
    }
    if (row.kind !== "call") return;
    const toolId = row.toolId!;
    if (row.searchEventId === null && row.conversationId !== null)
      row.searchEventId = latestSearchReturning(searchesOf.get(row.conversationId), toolId, at)?.clientEventId ?? null;
    const search = row.searchEventId ? searches.get(row.searchEventId) : undefined;
    row.rank = null;
    if (search) {
      const position = search.returnedIds.indexOf(toolId);
      row.rank = position < 0 ? null : position + 1;
      row.snapshotVersion ??= search.snapshotVersion;
      // A new search is written followed, and counted with it; a stored one is marked by the statement (once).
      if (row.rank !== null && search.row && !search.row.followed) {
        search.row.followed = true;
        counters.add(search.id, dayAt(search.atMs), search.snapshotVersion ?? 0, "search.followed");
      }
    }
    const day = dayAt(at);
    const version = row.snapshotVersion ?? 0;
    counters.add(row.id, day, version, "call");
    counters.add(row.id, day, version, "tool.called", toolId);
    if (row.rank === null) counters.add(row.id, day, version, "call.unreturned");
    else {
      counters.add(row.id, day, version, "call.rank", "", row.rank);
      counters.add(row.id, day, version, "tool.ranked", toolId);
      counters.add(row.id, day, version, "tool.rankSum", toolId, 0, row.rank);
    }
    const outcome = outcomes.get(row.callId!);
    if (outcome) {
      row.ok = outcome.ok;
      row.error = outcome.error;
      counters.add(row.id, day, version, "call.finished");
      if (outcome.ok)
        counters.add(row.id, day, version, "call.ok"), counters.add(row.id, day, version, "tool.ok", toolId);
    }
  });
  return { rows, counters };
}

/** The counters a new search moves by itself. */
function tallySearch(counters: CounterColumns, row: PlannedRow, day: string): void {
  const version = row.snapshotVersion ?? 0;
  const returned = row.returnedIds!;
  counters.add(row.id, day, version, "search");
  if (returned.length === 0) counters.add(row.id, day, version, "search.empty");
  if (row.weakOnly) counters.add(row.id, day, version, "search.weak");
  if (row.repeated) counters.add(row.id, day, version, "search.repeated");
  if (row.latencyMs !== null && row.latencyMs !== undefined)
    counters.add(row.id, day, version, "search.latency", "", latencyBucket(row.latencyMs));
  returned.forEach((toolId, index) => {
    if (returned.indexOf(toolId) === index) counters.add(row.id, day, version, "tool.returned", toolId);
  });
}

/** The latest search (by at, then id) at or before `atMs` that returned `toolId`. */
function latestSearchReturning(list: Search[] | undefined, toolId: string, atMs: number): Search | undefined {
  let best: Search | undefined;
  for (const search of list ?? []) {
    if (search.atMs <= atMs && search.returnedIds.includes(toolId) && (!best || before(best, search))) best = search;
  }
  return best;
}
