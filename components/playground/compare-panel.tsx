"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { DEFAULT_PROFILE, PROFILE_NOTES } from "@/search/settings";
import { useTRPC } from "../trpc-provider";
import { fmt, sourceLabel, type Profile } from "./format";
import { SourcePicker } from "./source-picker";

type Marker =
  | { kind: "same" }
  | { kind: "entered" }
  | { kind: "moved"; from: number; by: number }
  | { kind: "left"; to: number | null }
  | null;

interface Side {
  version: number | null;
  profile: Profile | undefined;
}

function MarkerBadge({ marker }: { marker: Marker }) {
  if (!marker || marker.kind === "same")
    return <span className="w-16 text-xs text-stone-400">{marker ? "=" : ""}</span>;
  const style = {
    entered: "bg-emerald-100 text-emerald-800",
    moved: marker.kind === "moved" && marker.by > 0 ? "bg-sky-100 text-sky-800" : "bg-amber-100 text-amber-800",
    left: "bg-red-100 text-red-800",
  }[marker.kind];
  const text =
    marker.kind === "entered"
      ? "new"
      : marker.kind === "moved"
        ? `${marker.by > 0 ? "▲" : "▼"} ${Math.abs(marker.by)} (was #${marker.from})`
        : marker.to === null
          ? "left · no match"
          : `left · now #${marker.to}`;
  return <span className={`rounded px-1.5 py-0.5 text-xs whitespace-nowrap ${style}`}>{text}</span>;
}

const title = (side: { version: number | null; profile: Profile }) =>
  side.profile === DEFAULT_PROFILE
    ? `${sourceLabel(side.version)} · ${side.profile}`
    : `${sourceLabel(side.version)} · ${side.profile} — ${PROFILE_NOTES[side.profile]}`;

/** Side by side: draft vs a published version, or codex-bm25 vs stockroom, with moved / entered / left markers. */
export function ComparePanel({
  team,
  catalog,
  query,
  limit,
  versions,
  defaultProfile,
}: {
  team: string;
  catalog: string;
  query: string;
  limit: number;
  versions: number[];
  defaultProfile: Profile;
}) {
  const trpc = useTRPC();
  const latest = versions[0] ?? null;
  const [left, setLeft] = useState<Side>(
    latest === null ? { version: null, profile: "stockroom" } : { version: latest, profile: undefined },
  );
  const [right, setRight] = useState<Side>(
    latest === null ? { version: null, profile: "codex-bm25" } : { version: null, profile: undefined },
  );
  const compare = useQuery(
    trpc.playground.compare.queryOptions(
      { team, catalog, query, limit, left, right },
      { enabled: query.trim().length > 0, placeholderData: keepPreviousData },
    ),
  );

  return (
    <section aria-labelledby="compare-title" className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm">
      <div className="mb-3 flex flex-wrap items-baseline gap-3">
        <h3 id="compare-title" className="font-semibold">
          Side by side
        </h3>
        <button
          type="button"
          disabled={latest === null}
          onClick={() => (
            setLeft({ version: latest, profile: undefined }), setRight({ version: null, profile: undefined })
          )}
          className="rounded border border-stone-300 px-2 py-0.5 text-xs disabled:opacity-40"
        >
          Published vs draft
        </button>
        <button
          type="button"
          onClick={() => (
            setLeft({ version: right.version, profile: "stockroom" }),
            setRight({ version: right.version, profile: "codex-bm25" })
          )}
          className="rounded border border-stone-300 px-2 py-0.5 text-xs"
        >
          stockroom vs codex-bm25
        </button>
        {latest === null && (
          <span className="text-xs text-stone-500">Nothing published yet: compare profiles over the draft.</span>
        )}
      </div>
      <div className="grid gap-4 md:grid-cols-2 [&>*]:min-w-0">
        {(
          [
            ["Left", left, setLeft, compare.data?.left],
            ["Right", right, setRight, compare.data?.right],
          ] as const
        ).map(([label, side, setSide, column]) => (
          <div key={label}>
            <SourcePicker
              label={label}
              versions={versions}
              version={side.version}
              onVersion={(version) => setSide({ ...side, version })}
              profile={side.profile}
              defaultProfile={defaultProfile}
              onProfile={(profile) => setSide({ ...side, profile })}
            />
            {column && (
              <>
                <h4 className="mt-3 mb-1 text-sm font-medium">{title(column)}</h4>
                <ol aria-label={`${label} column: ${title(column)}`} className="divide-y divide-stone-100 text-sm">
                  {column.hits.map((hit) => (
                    <li key={hit.key} className="flex items-center gap-2 py-1">
                      <span className="w-6 text-right text-stone-400 tabular-nums">{hit.rank}</span>
                      <span className="truncate font-mono text-xs">{hit.key}</span>
                      <span className="ml-auto text-xs text-stone-500 tabular-nums">{fmt(hit.score)}</span>
                      <MarkerBadge marker={hit.marker} />
                    </li>
                  ))}
                  {column.hits.length === 0 && <li className="py-1 text-xs text-stone-500">No tool matches.</li>}
                </ol>
              </>
            )}
          </div>
        ))}
      </div>
      {!query.trim() && <p className="text-xs text-stone-500">Type a query to compare.</p>}
      {compare.error && (
        <p role="alert" className="mt-2 text-xs text-red-700">
          {compare.error.message}
        </p>
      )}
    </section>
  );
}
