import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/routers/root";

type MetricsOverVersions = inferRouterOutputs<AppRouter>["publish"]["metrics"];

const SERIES = [
  { key: "successAt1", label: "success@1", color: "#0c4a6e" },
  { key: "recallAtK", label: "recall@K", color: "#047857" },
  { key: "mrr", label: "MRR", color: "#b45309" },
  { key: "ndcg10", label: "nDCG@10", color: "#7c3aed" },
] as const;

const WIDTH = 720;
const HEIGHT = 240;
const PAD = { left: 40, right: 16, top: 12, bottom: 28 };

/** Quality over versions (and the draft), each evaluated on today's golden queries so the points compare. */
export function MetricsChart({ data }: { data: MetricsOverVersions }) {
  const points = [...data.versions.map((v) => ({ label: `v${v.version}`, metrics: v.metrics })), { label: "draft", metrics: data.draft }];
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (points.length === 1 ? innerW / 2 : (i * innerW) / (points.length - 1));
  const y = (value: number) => PAD.top + innerH * (1 - value);
  const summary = SERIES.map((s) => `${s.label} ${points.map((p) => `${p.label} ${(100 * p.metrics[s.key]).toFixed(0)}%`).join(", ")}`).join("; ");
  return (
    <figure className="rounded-lg border border-stone-200 bg-white p-4">
      <figcaption className="mb-2 flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-semibold">Metrics over versions</span>
        <span className="text-xs text-stone-500">
          on today&apos;s {data.goldenQueries} golden queries, K = {data.k}
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" role="img" aria-label={`Metrics over versions: ${summary}`}>
        {[0, 0.25, 0.5, 0.75, 1].map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke="#e7e5e4" />
            <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" fontSize="10" fill="#78716c">
              {tick * 100}%
            </text>
          </g>
        ))}
        {points.map((p, i) => (
          <text key={p.label} x={x(i)} y={HEIGHT - 8} textAnchor="middle" fontSize="10" fill={p.label === "draft" ? "#1c1917" : "#78716c"}>
            {p.label}
          </text>
        ))}
        {SERIES.map((s) => (
          <g key={s.key}>
            <polyline fill="none" stroke={s.color} strokeWidth="2" points={points.map((p, i) => `${x(i)},${y(p.metrics[s.key])}`).join(" ")} />
            {points.map((p, i) => (
              <circle key={p.label} cx={x(i)} cy={y(p.metrics[s.key])} r={p.label === "draft" ? 4 : 3} fill={p.label === "draft" ? "white" : s.color} stroke={s.color} strokeWidth="2">
                <title>{`${s.label} ${p.label}: ${(100 * p.metrics[s.key]).toFixed(1)}%`}</title>
              </circle>
            ))}
          </g>
        ))}
      </svg>
      <ul className="mt-2 flex flex-wrap gap-4 text-xs">
        {SERIES.map((s) => (
          <li key={s.key} className="flex items-center gap-1">
            <span className="inline-block h-2 w-4 rounded" style={{ background: s.color }} />
            {s.label}
          </li>
        ))}
      </ul>
    </figure>
  );
}
