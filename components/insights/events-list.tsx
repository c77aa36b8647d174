"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "../trpc-provider";
import { plural } from "../ui/plural";
import { RelativeTime } from "../ui/relative-time";
import { secondaryButtonClass } from "../ui/control-styles";
import { scopeParams, type EventFilters, type InsightsScope } from "./links";

type Row = {
  kind: string;
  query: string | null;
  returnedIds: string[];
  weakOnly: boolean | null;
  repeated: boolean;
  followed: boolean;
  toolId: string | null;
  rank: number | null;
  ok: boolean | null;
  error: string | null;
  latencyMs: number | null;
  callId: string | null;
};

function describe(row: Row): string {
  if (row.kind === "search") {
    const flags = [
      row.returnedIds.length === 0 ? "empty" : null,
      row.weakOnly ? "weak only" : null,
      row.repeated ? "searched again" : null,
      row.followed ? "followed by a call" : null,
    ].filter(Boolean);
    return `${plural(row.returnedIds.length, "tool")}${row.returnedIds.length ? `: ${row.returnedIds.slice(0, 5).join(", ")}` : ""}${flags.length ? ` — ${flags.join(", ")}` : ""}`;
  }
  if (row.kind === "call")
    return `${row.toolId} ${row.rank === null ? "(not returned by its search)" : `(rank ${row.rank})`}${row.ok === null ? "" : row.ok ? " — succeeded" : ` — failed${row.error ? `: ${row.error}` : ""}`}`;
  return `${row.callId}: ${row.ok ? "ok" : `failed${row.error ? `: ${row.error}` : ""}`}`;
}

/** The events behind a number of the Insights page, newest first. */
export function EventsList({
  team,
  catalog,
  scope,
  filters,
}: {
  team: string;
  catalog: string;
  scope: InsightsScope;
  filters: EventFilters;
}) {
  const trpc = useTRPC();
  const events = useInfiniteQuery(
    trpc.insights.events.infiniteQueryOptions(
      { team, catalog, ...scope, filters },
      { getNextPageParam: (page) => page.next },
    ),
  );
  const rows = events.data?.pages.flatMap((page) => page.events) ?? [];
  const active = Object.entries(filters).filter(([, value]) => value !== undefined);
  return (
    <div className="space-y-3">
      <p className="text-sm text-stone-600">
        <Link href={`/t/${team}/${catalog}/insights?${scopeParams(scope)}`} className="underline">
          ← Insights
        </Link>{" "}
        · filters: {active.length ? active.map(([key, value]) => `${key} = ${value}`).join(", ") : "none"}
      </p>
      {events.error && (
        <p role="alert" className="text-sm text-red-700">
          {events.error.message}
        </p>
      )}
      {events.data && rows.length === 0 && (
        <p className="rounded-lg border border-dashed border-stone-300 px-4 py-6 text-center text-sm text-stone-600">
          {active.length > 0
            ? "No events match these filters in this period. "
            : "No agent reported events in this period. "}
          <Link href={`/t/${team}/${catalog}/insights?${scopeParams(scope)}`} className="underline">
            Insights
          </Link>{" "}
          shows the period's numbers and how an agent starts reporting.
        </p>
      )}
      {rows.length > 0 && (
        <div className="relative overflow-x-auto">
          <table className="w-full text-sm" aria-label="Agent events">
            <thead className="text-left text-xs text-stone-500">
              <tr>
                <th className="py-1">When</th>
                <th className="py-1">Kind</th>
                <th className="py-1">Request</th>
                <th className="py-1">What happened</th>
                <th className="py-1">Conversation</th>
                <th className="py-1">Version</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-t border-stone-100 align-top">
                  <td className="py-1.5 pr-3 whitespace-nowrap">
                    <RelativeTime date={new Date(row.atMs)} />
                  </td>
                  <td className="py-1.5 pr-3">{row.kind}</td>
                  <td className="py-1.5 pr-3">
                    {row.kind === "search" ? (row.query ?? <span className="text-stone-400">(not stored)</span>) : ""}
                  </td>
                  <td className="py-1.5 pr-3">{describe(row)}</td>
                  <td className="py-1.5 pr-3 font-mono text-xs">{row.conversationId ?? "–"}</td>
                  <td className="py-1.5 tabular-nums">{row.snapshotVersion ?? "–"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {events.hasNextPage && (
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={events.isFetchingNextPage}
          onClick={() => void events.fetchNextPage()}
        >
          Load more
        </button>
      )}
    </div>
  );
}
