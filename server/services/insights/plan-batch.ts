import type { AgentEvent } from "@/domain/agent-events";
import { DayCounterSums, dayOf, tallyNewEvent } from "./daily-counters";
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

interface Linkable {
  id: string;
  clientEventId: string;
  atMs: number;
  conversationId: string | null;
  snapshotVersion: number | null;
  returnedIds: string[];
}

interface Outcome {
  atMs: number;
  id: string;
  ok: boolean;
  error: string | null;
}

/** Earlier in the order "at, then server id" that every link below uses (the ids sort by arrival). */
const before = (a: { atMs: number; id: string }, b: { atMs: number; id: string }) =>
  a.atMs < b.atMs || (a.atMs === b.atMs && a.id < b.id);

/** What a batch links against: the stored events CONTEXT_SQL found, then the batch's own events as it adds them. */
class Links {
  readonly searches = new Map<string, Linkable>();
  readonly outcomes = new Map<string, Outcome>();
  private readonly firstSearchOf = new Map<string, Linkable>();
  private readonly byConversation = new Map<string, Linkable[]>();

  constructor(stored: StoredEvent[]) {
    for (const row of stored) {
      if (row.kind === "search") {
        const { id, clientEventId, atMs, conversationId, snapshotVersion } = row;
        this.addSearch({
          id,
          clientEventId,
          atMs,
          conversationId,
          snapshotVersion,
          returnedIds: row.returnedIds ?? [],
        });
      } else if (row.kind === "outcome" && row.callId !== null && row.ok !== null)
        this.addOutcome(row.callId, { atMs: row.atMs, id: row.id, ok: row.ok, error: row.error });
    }
  }

  addSearch(search: Linkable): void {
    if (this.searches.has(search.clientEventId)) return; // a stored copy of a resent search wins
    this.searches.set(search.clientEventId, search);
    if (search.conversationId === null) return;
    const first = this.firstSearchOf.get(search.conversationId);
    if (!first || before(search, first)) this.firstSearchOf.set(search.conversationId, search);
    const list = this.byConversation.get(search.conversationId);
    if (list) list.push(search);
    else this.byConversation.set(search.conversationId, [search]);
  }

  addOutcome(callId: string, outcome: Outcome): void {
    const latest = this.outcomes.get(callId);
    if (!latest || before(latest, outcome)) this.outcomes.set(callId, outcome);
  }

  /** Whether the conversation of a search had another search before it. */
  isRepeat(search: PlannedRow, atMs: number): boolean {
    const first = search.conversationId === null ? undefined : this.firstSearchOf.get(search.conversationId);
    return (
      first !== undefined && first.clientEventId !== search.clientEventId && before(first, { atMs, id: search.id })
    );
  }

  /** The latest search of the conversation (by at, then id) at or before `atMs` that returned `toolId`. */
  latestSearchReturning(conversationId: string, toolId: string, atMs: number): Linkable | undefined {
    let best: Linkable | undefined;
    for (const search of this.byConversation.get(conversationId) ?? []) {
      if (search.atMs <= atMs && search.returnedIds.includes(toolId) && (!best || before(best, search))) best = search;
    }
    return best;
  }
}

/**
 * What the write statement changes in stored rows: the stored searches a new call ranked (client ids) and the call
 * ids whose outcome is new while the call is not in the write (only a stored call can take it). Named here, the
 * statement probes only for those, not for every call and outcome it inserts.
 */
interface StoredChanges {
  followed: Set<string>;
  settled: Set<string>;
}

/** A batch as one request brought it: its events, their server ids, when it arrived and with which token. */
export interface ArrivedBatch {
  events: AgentEvent[];
  ids: string[];
  /** ISO time; an event's `at` defaults to it. */
  receivedAt: string;
  tokenId: string | null;
  dropped?: number;
}

/** An event as its row, before linking; searches and outcomes join `links` (no spreads: this runs per event). */
function planRow(
  event: AgentEvent,
  id: string,
  batch: ArrivedBatch,
  textMode: TelemetryTextMode,
  links: Links,
): PlannedRow {
  const { receivedAt, tokenId } = batch;
  const at = event.at ?? receivedAt;
  const atMs = Date.parse(at);
  const conversationId = event.conversationId ?? null;
  const snapshotVersion = event.snapshotVersion ?? null;
  const clientEventId = event.id;
  if (event.type === "search") {
    const returnedIds = event.hits.map((hit) => hit.id);
    links.addSearch({ id, clientEventId, atMs, conversationId, snapshotVersion, returnedIds });
    return {
      id,
      clientEventId,
      kind: "search",
      at,
      receivedAt,
      tokenId,
      conversationId,
      snapshotVersion,
      query: storedRequestText(event.query, textMode),
      queryHash: hashRequestText(event.query),
      limit: event.limit ?? null,
      profile: event.profile ?? null,
      latencyMs: event.latencyMs ?? null,
      hits: event.hits,
      returnedIds,
      weakOnly: event.hits.length > 0 && event.hits.every((hit) => hit.strength === "weak"),
    };
  }
  if (event.type === "outcome") {
    const error = event.error ?? null;
    links.addOutcome(event.callId, { atMs, id, ok: event.ok, error });
    return {
      id,
      clientEventId,
      kind: "outcome",
      at,
      receivedAt,
      tokenId,
      conversationId,
      snapshotVersion,
      callId: event.callId,
      ok: event.ok,
      error,
    };
  }
  const { callId, toolId } = event;
  const searchEventId = event.searchEventId ?? null;
  const kind = "call";
  return {
    id,
    clientEventId,
    kind,
    at,
    receivedAt,
    tokenId,
    conversationId,
    snapshotVersion,
    callId,
    toolId,
    searchEventId,
  };
}

/**
 * A call takes the search it followed (named, or the latest of its conversation that returned its tool), its rank
 * and version there, and the latest outcome of its call id; a search of this batch it ranked becomes followed (a
 * stored one is named in `changes.followed`, for the statement to mark once).
 */
function linkCall(
  row: PlannedRow,
  atMs: number,
  links: Links,
  rowsById: Map<string, PlannedRow>,
  changes: StoredChanges,
): void {
  if (row.searchEventId === null && row.conversationId !== null)
    row.searchEventId = links.latestSearchReturning(row.conversationId, row.toolId!, atMs)?.clientEventId ?? null;
  const search = row.searchEventId ? links.searches.get(row.searchEventId) : undefined;
  row.rank = null;
  if (search) {
    const position = search.returnedIds.indexOf(row.toolId!);
    row.rank = position < 0 ? null : position + 1;
    row.snapshotVersion ??= search.snapshotVersion;
    const searchRow = rowsById.get(search.clientEventId);
    if (row.rank !== null) {
      if (searchRow?.id === search.id) searchRow.followed = true;
      else changes.followed.add(search.clientEventId);
    }
  }
  const outcome = links.outcomes.get(row.callId!);
  if (outcome) {
    row.ok = outcome.ok;
    row.error = outcome.error;
  }
}

/**
 * Links batches of new events in memory, in order, against the stored events they can refer to, so one INSERT
 * writes each event complete: a search is a repeat when its conversation had an earlier search; a call links as
 * `linkCall` says (to a search of an earlier batch of the group too). What older stored rows gain (followed,
 * settled) is left to the INSERT statement. The day counters the new events move are summed here, from each
 * row's final state, with the drops the clients reported. The events must be new to the catalog and their client
 * ids unique across the batches.
 */
export function planBatches(batches: ArrivedBatch[], stored: StoredEvent[], textMode: TelemetryTextMode) {
  const links = new Links(stored);
  const rows = batches.flatMap((batch) =>
    batch.events.map((event, index) => planRow(event, batch.ids[index]!, batch, textMode, links)),
  );
  const rowsById = new Map(rows.map((row) => [row.clientEventId, row]));
  const atMs = rows.map((row) => Date.parse(row.at));
  const changes: StoredChanges = { followed: new Set(), settled: new Set() };
  const callsInWrite = new Set(rows.flatMap((row) => (row.kind === "call" ? [row.callId!] : [])));
  rows.forEach((row, index) => {
    if (row.kind === "search") row.repeated = links.isRepeat(row, atMs[index]!);
    else if (row.kind === "call") linkCall(row, atMs[index]!, links, rowsById, changes);
    else if (!callsInWrite.has(row.callId!)) changes.settled.add(row.callId!);
  });
  const counters = new DayCounterSums();
  rows.forEach((row, index) => {
    const day = dayOf(new Date(atMs[index]!));
    const version = row.snapshotVersion ?? 0;
    tallyNewEvent((metric, toolId, bucket, count) => counters.add(day, version, metric, toolId, bucket, count), row);
  });
  for (const { dropped = 0, receivedAt } of batches)
    counters.add(receivedAt.slice(0, 10), 0, "sdk.dropped", "", 0, dropped);
  return {
    rows,
    counts: counters.counts,
    buckets: counters.buckets,
    followed: [...changes.followed],
    settled: [...changes.settled],
  };
}
