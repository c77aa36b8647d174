import Link from "next/link";
import { RelativeTime } from "@/components/ui/relative-time";
import { type DraftReview, queryCountsPhrase } from "./format";
import { MetricDeltas } from "./metric-deltas";

/** What is compared, the golden query counts, and the Top K input. */
export function ReviewHeader({
  data,
  k,
  onKChange,
}: {
  data: DraftReview;
  k: number | undefined;
  onKChange: (k: number) => void;
}) {
  return (
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
          ? data.heldBack.length > 0
            ? "The draft has no changes besides upstream changes waiting for review."
            : "The draft has no changes."
          : data.queries.length === 0
            ? "No golden queries yet, so no ranking to compare."
            : queryCountsPhrase(data)}
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
            if (Number.isInteger(value) && value >= 1 && value <= 50) onKChange(value);
          }}
          className="w-16 rounded border border-stone-300 px-2 py-1"
        />
      </label>
    </div>
  );
}

interface MetricsSectionProps {
  team: string;
  catalog: string;
  data: DraftReview;
  latestLabel: string | null;
  regressions: string[];
}

/** The metric deltas, or why there are none; then the metrics that got worse. */
export function MetricsSection({ team, catalog, data, latestLabel, regressions }: MetricsSectionProps) {
  return (
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
  );
}
