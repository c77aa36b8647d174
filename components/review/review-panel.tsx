"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { plural } from "@/components/ui/plural";
import { RelativeTime } from "@/components/ui/relative-time";
import { useTRPC } from "../trpc-provider";
import { METRICS } from "./format";
import { MetricDeltas } from "./metric-deltas";
import { PublishForm } from "./publish-form";
import { QueryDiff } from "./query-diff";
import { ToolChanges } from "./tool-changes";

const LABEL = Object.fromEntries([
  ...METRICS.map((m) => [m.key, m.label]),
  ["noMatchEmptyRate", "no-match queries left empty"],
]) as Record<string, string>;

/** Draft vs latest version before publishing: metric deltas, every golden query (worse first), changed tools, then publish. */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: to split (#18 item 4): the metrics header and the per-query list as their own parts
export function ReviewPanel({ team, catalog, canPublish }: { team: string; catalog: string; canPublish: boolean }) {
  const trpc = useTRPC();
  const [k, setK] = useState<number | undefined>(undefined);
  const [showUnchanged, setShowUnchanged] = useState(false);
  const review = useQuery({
    ...trpc.review.get.queryOptions({ team, catalog, ...(k ? { k } : {}) }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  if (review.error)
    return (
      <p role="alert" className="text-sm text-red-700">
        {review.error.message}
      </p>
    );
  if (!review.data)
    return <p className="text-sm text-stone-500">Ranking every golden query on the draft and the latest version…</p>;
  const data = review.data;
  const latestLabel = data.latest ? `Version ${data.latest.version}` : null;
  const visible = data.queries.filter((q) => showUnchanged || q.verdict !== "same");
  const regressions = data.metrics.regressions.map((r) => LABEL[r.metric] ?? r.metric);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="text-sm text-stone-600" role="status">
          {data.latest ? (
            <>
              Draft vs version {data.latest.version} (published by {data.latest.publishedBy}{" "}
              <RelativeTime date={data.latest.publishedAt} />
              ).
            </>
          ) : (
            "Nothing published yet: this is the first version."
          )}{" "}
          {data.isUnchanged
            ? "The draft has no changes."
            : data.queries.length === 0
              ? "No golden queries yet, so no ranking to compare."
              : `Golden queries on the draft: ${data.counts.worse} worse, ${data.counts.better} better, ${data.counts.changed} reordered, ${data.counts.same} unchanged.`}
        </p>
        <label className="flex items-center gap-2 text-sm">
          Top K
          <input
            type="number"
            min={1}
            max={50}
            value={k ?? data.k}
            onChange={(e) => {
              const value = Number(e.target.value);
              if (Number.isInteger(value) && value >= 1 && value <= 50) setK(value);
            }}
            className="w-16 rounded border border-stone-300 px-2 py-1"
          />
        </label>
      </div>
      <section aria-label="Metric changes" className="space-y-2">
        <h3 className="font-semibold">Metrics</h3>
        {data.queries.length === 0 ? (
          // Zeros here would read as a catalog that answers nothing; without golden queries there is nothing measured.
          <p className="text-sm text-stone-600">
            The metrics (success@1, recall@K, MRR, nDCG) are measured on golden queries, and this catalog has none yet.{" "}
            <Link href={`/t/${team}/${catalog}/golden`} className="underline">
              Add golden queries
            </Link>{" "}
            before publishing, so a later release that ranks worse is caught.
          </p>
        ) : (
          <MetricDeltas draft={data.metrics.draft} latest={data.metrics.latest} latestLabel={latestLabel ?? "Latest"} />
        )}
        {regressions.length > 0 && (
          <p className="text-sm font-medium text-red-700">Worse than the latest version: {regressions.join(", ")}.</p>
        )}
      </section>
      <section aria-label="Golden queries" className="space-y-3">
        <div className="flex items-baseline justify-between">
          <h3 className="font-semibold">Golden queries (worse first)</h3>
          {data.counts.same > 0 && (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={showUnchanged} onChange={(e) => setShowUnchanged(e.target.checked)} />
              Show {plural(data.counts.same, "unchanged query", "unchanged queries")}
            </label>
          )}
        </div>
        {data.queries.length === 0 && (
          <p className="text-sm text-stone-500">
            No golden queries yet:{" "}
            <Link href={`/t/${team}/${catalog}/golden`} className="underline">
              add some
            </Link>{" "}
            to see how rankings move.
          </p>
        )}
        {visible.map((q) => (
          <QueryDiff key={q.id} comparison={q} latestLabel={latestLabel} k={data.k} />
        ))}
        {visible.length === 0 && data.queries.length > 0 && (
          <p className="text-sm text-stone-500">No golden query ranks differently.</p>
        )}
      </section>
      <section aria-label="Changed tools" className="space-y-2">
        <h3 className="font-semibold">Changed tools</h3>
        <ToolChanges changes={data.tools} />
      </section>
      {canPublish ? (
        <PublishForm
          team={team}
          catalog={catalog}
          nextVersion={(data.latest?.version ?? 0) + 1}
          isUnchanged={data.isUnchanged}
          regressions={regressions}
        />
      ) : (
        <p className="text-sm text-stone-600">Viewers can review; editors and owners publish.</p>
      )}
    </div>
  );
}
