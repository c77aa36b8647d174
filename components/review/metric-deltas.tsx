import { plural } from "@/components/ui/plural";
import { formatMetric, METRICS, signed, type SnapshotMetrics } from "./format";

/** Latest version vs draft on today's golden queries, with the change (red when worse). */
export function MetricDeltas({
  draft,
  latest,
  latestLabel,
}: {
  draft: SnapshotMetrics;
  latest: SnapshotMetrics | null;
  latestLabel: string;
}) {
  return (
    <table className="w-full bg-white text-sm" aria-label="Metrics">
      <thead>
        <tr className="border-b border-stone-200 text-left text-stone-500">
          <th className="px-3 py-2 font-medium">Metric (K = {draft.k})</th>
          <th className="px-3 py-2 text-right font-medium">{latestLabel}</th>
          <th className="px-3 py-2 text-right font-medium">Draft</th>
          <th className="px-3 py-2 text-right font-medium">Change</th>
        </tr>
      </thead>
      <tbody>
        {METRICS.map(({ key, label, kind }) => {
          const after = draft[key];
          const before = latest?.[key];
          const delta = before === undefined ? null : after - before;
          const isWorse = delta !== null && (key === "noHit" ? delta > 0 : delta < -1e-9);
          const isBetter = delta !== null && (key === "noHit" ? delta < 0 : delta > 1e-9);
          return (
            <tr key={key} className="border-b border-stone-100">
              <th scope="row" className="px-3 py-1.5 text-left font-normal">
                {label}
              </th>
              <td className="px-3 py-1.5 text-right tabular-nums">
                {before === undefined ? "–" : formatMetric(kind, before)}
              </td>
              <td className="px-3 py-1.5 text-right tabular-nums">{formatMetric(kind, after)}</td>
              <td
                className={`px-3 py-1.5 text-right tabular-nums ${isWorse ? "font-semibold text-red-700" : isBetter ? "text-emerald-700" : "text-stone-500"}`}
              >
                {delta === null
                  ? "–"
                  : kind === "count"
                    ? signed(delta, 0)
                    : kind === "share"
                      ? `${signed(100 * delta, 1)} pt`
                      : signed(delta)}
              </td>
            </tr>
          );
        })}
      </tbody>
      <tfoot>
        <tr>
          <td colSpan={4} className="px-3 py-2 text-xs text-stone-500">
            {`${plural(draft.queries, "golden query", "golden queries")} (${draft.withGold} with expected tools) · `}
            {`the draft would publish ${plural(draft.tools.total, "tool")} (${draft.tools.deferred} deferred)`}
            {latest &&
              ` · ${latestLabel} has ${plural(latest.tools.total, "tool")} (${latest.tools.deferred} deferred)`}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
