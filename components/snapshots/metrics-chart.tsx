import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/root";

type MetricsOverVersions = inferRouterOutputs<AppRouter>["publish"]["metrics"];
type Metrics = MetricsOverVersions["draft"];
type Point = { label: string; metrics: Metrics };

// Okabe–Ito colours: distinct for the common colour-vision deficiencies, readable on light and dark surfaces.
const RATES = [
  { key: "successAt1", label: "success@1", color: "#0072B2", dash: "" },
  { key: "recallAtK", label: "recall@K", color: "#E69F00", dash: "6 3" },
] as const;
const SCORES = [
  { key: "mrr", label: "MRR", color: "#009E73", dash: "" },
  { key: "ndcg10", label: "nDCG@10", color: "#CC79A7", dash: "6 3" },
] as const;
type Series = (typeof RATES)[number] | (typeof SCORES)[number];

const WIDTH = 360;
const HEIGHT = 200;
const PAD = { left: 40, right: 12, top: 12, bottom: 28 };

/** Quality over versions (and the draft), each evaluated on today's golden queries so the points compare. */
export function MetricsChart({ data }: { data: MetricsOverVersions }) {
  const points: Point[] = [...data.versions.map((v) => ({ label: `v${v.version}`, metrics: v.metrics })), { label: "draft", metrics: data.draft }];
  return (
    <figure className="rounded-lg border border-stone-200 bg-white p-4">
      <figcaption className="mb-3 flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-semibold">Metrics over versions</span>
        <span className="text-xs text-stone-500">
          on today&apos;s {data.goldenQueries} golden queries, K = {data.k}; hover a point for its value
        </span>
      </figcaption>
      <div className="grid gap-4 md:grid-cols-2">
        <Panel title="Rates (share of queries)" series={RATES} points={points} format={(v) => `${(100 * v).toFixed(0)}%`} />
        <Panel title="Rank scores (0 to 1)" series={SCORES} points={points} format={(v) => v.toFixed(2)} />
      </div>
    </figure>
  );
}

function Panel({ title, series, points, format }: { title: string; series: readonly Series[]; points: Point[]; format: (v: number) => string }) {
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (points.length === 1 ? innerW / 2 : (i * innerW) / (points.length - 1));
  const y = (value: number) => PAD.top + innerH * (1 - value);
  const summary = series.map((s) => `${s.label}: ${points.map((p) => `${p.label} ${format(p.metrics[s.key])}`).join(", ")}`).join("; ");
  return (
    <div>
      <p className="mb-1 text-xs font-medium text-stone-600">{title}</p>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" role="img" aria-label={`Metrics over versions, ${title.toLowerCase()}: ${summary}`}>
        {[0, 0.25, 0.5, 0.75, 1].map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke="var(--color-stone-200)" />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" fontSize="10" fill="var(--color-stone-500)">
              {format(tick)}
            </text>
          </g>
        ))}
        {points.map((p, i) => (
          <text key={p.label} x={x(i)} y={HEIGHT - 8} textAnchor="middle" fontSize="10" fontWeight={p.label === "draft" ? 600 : 400} fill="var(--color-stone-600)">
            {p.label}
          </text>
        ))}
        {series.map((s) => (
          <g key={s.key}>
            <polyline fill="none" stroke={s.color} strokeWidth="2" strokeDasharray={s.dash} points={points.map((p, i) => `${x(i)},${y(p.metrics[s.key])}`).join(" ")} />
            {points.map((p, i) => (
              <g key={p.label} className="group">
                <circle cx={x(i)} cy={y(p.metrics[s.key])} r={10} fill="transparent">
                  <title>{`${s.label} ${p.label}: ${format(p.metrics[s.key])}`}</title>
                </circle>
                <circle cx={x(i)} cy={y(p.metrics[s.key])} r={p.label === "draft" ? 4 : 3} fill={p.label === "draft" ? "var(--color-white)" : s.color} stroke={s.color} strokeWidth="2" pointerEvents="none" />
                <text x={x(i)} y={y(p.metrics[s.key]) - 8} textAnchor="middle" fontSize="10" fill="var(--color-stone-900)" className="opacity-0 group-hover:opacity-100" pointerEvents="none">
                  {format(p.metrics[s.key])}
                </text>
              </g>
            ))}
          </g>
        ))}
      </svg>
      <ul className="mt-1 flex flex-wrap gap-4 text-xs text-stone-700">
        {series.map((s) => (
          <li key={s.key} className="flex items-center gap-1.5">
            <svg width="20" height="6" aria-hidden>
              <line x1="0" x2="20" y1="3" y2="3" stroke={s.color} strokeWidth="2" strokeDasharray={s.dash} />
            </svg>
            {s.label} <span className="text-stone-500">(draft {format(points[points.length - 1]!.metrics[s.key])})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

const COMPARED = [...RATES, ...SCORES];

/** What rolling back to `target` would make worse than `latest`, on today's golden queries (the server's own test). */
export function rollbackRegressions(data: MetricsOverVersions | undefined, target: number, latest: number): string[] {
  const from = data?.versions.find((v) => v.version === latest)?.metrics;
  const to = data?.versions.find((v) => v.version === target)?.metrics;
  if (!from || !to) return [];
  return COMPARED.filter((s) => to[s.key] < from[s.key] - 1e-9).map((s) => {
    const format = (v: number) => (s.key === "mrr" || s.key === "ndcg10" ? v.toFixed(2) : `${(100 * v).toFixed(0)}%`);
    return `${s.label} ${format(from[s.key])} → ${format(to[s.key])}`;
  });
}
