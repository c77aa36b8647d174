"use client";

import type { inferRouterOutputs } from "@trpc/server";
import { useState } from "react";
import { plural } from "@/components/ui/plural";
import type { AppRouter } from "@/server/routers/root";
import { CHART_PANELS, formatReadout, visibleLabels, type ChartPanel, type ChartSeries } from "./chart-panels";

type MetricsOverVersions = inferRouterOutputs<AppRouter>["snapshot"]["metrics"];
type Point = { label: string; metrics: MetricsOverVersions["draft"] };

const WIDTH = 720;
const HEIGHT = 200;
const PAD = { left: 44, right: 16, top: 12, bottom: 28 };
const INNER_W = WIDTH - PAD.left - PAD.right;
const INNER_H = HEIGHT - PAD.top - PAD.bottom;

const xOf = (i: number, count: number) => PAD.left + (count === 1 ? INNER_W / 2 : (i * INNER_W) / (count - 1));
const yOf = (value: number) => PAD.top + INNER_H * (1 - Math.min(1, Math.max(0, value)));

function Marker({ series, cx, cy, isDraft }: { series: ChartSeries; cx: number; cy: number; isDraft: boolean }) {
  const fill = isDraft ? "white" : series.color;
  if (series.marker === "square")
    return <rect x={cx - 3.5} y={cy - 3.5} width={7} height={7} fill={fill} stroke={series.color} strokeWidth={2} />;
  return <circle cx={cx} cy={cy} r={isDraft ? 4 : 3.5} fill={fill} stroke={series.color} strokeWidth={2} />;
}

/** The panel's title and the values of the version under the pointer. */
function PanelReadout({ panel, current }: { panel: ChartPanel; current: Point }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2 text-xs">
      <span className="font-medium text-stone-700">{panel.title}</span>
      <span aria-live="polite" className="tabular-nums text-stone-600">
        <span className="font-medium">{current.label}</span>
        {panel.series.map((s) => (
          <span key={s.key} className="ml-3">
            <span style={{ color: s.color }}>■</span> {s.label} {formatReadout(panel, current.metrics[s.key])}
          </span>
        ))}
      </span>
    </div>
  );
}

/** A transparent column per version: hovering it shows that version's values. */
function HoverColumns({
  panel,
  points,
  onActive,
}: {
  panel: ChartPanel;
  points: Point[];
  onActive: (i: number) => void;
}) {
  const columnW = points.length === 1 ? INNER_W : INNER_W / (points.length - 1);
  return (
    <>
      {points.map((p, i) => (
        <rect
          key={p.label}
          x={xOf(i, points.length) - columnW / 2}
          y={PAD.top}
          width={columnW}
          height={INNER_H}
          fill="transparent"
          onMouseEnter={() => onActive(i)}
        >
          <title>{`${p.label}: ${panel.series.map((s) => `${s.label} ${formatReadout(panel, p.metrics[s.key])}`).join(", ")}`}</title>
        </rect>
      ))}
    </>
  );
}

/** One panel: its own axis, its lines, version labels, and a column per version that shows its values on hover or focus. */
function Panel({
  panel,
  points,
  active,
  onActive,
}: {
  panel: ChartPanel;
  points: Point[];
  active: number;
  onActive: (i: number) => void;
}) {
  const labels = visibleLabels(points.length);
  const summary = panel.series
    .map((s) => `${s.label} ${points.map((p) => `${p.label} ${formatReadout(panel, p.metrics[s.key])}`).join(", ")}`)
    .join("; ");
  const current = points[active]!;
  return (
    <div>
      <PanelReadout panel={panel} current={current} />
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        role="img"
        aria-label={`Metrics over versions, ${panel.title.toLowerCase()}: ${summary}`}
      >
        {panel.ticks.map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={yOf(tick)} y2={yOf(tick)} className="stroke-stone-200" />
            <text x={PAD.left - 6} y={yOf(tick) + 4} textAnchor="end" fontSize="12" className="fill-stone-500">
              {panel.format(tick)}
            </text>
          </g>
        ))}
        <line
          x1={xOf(active, points.length)}
          x2={xOf(active, points.length)}
          y1={PAD.top}
          y2={PAD.top + INNER_H}
          className="stroke-stone-300"
          strokeDasharray="2 2"
        />
        {points.map((p, i) =>
          labels.has(i) || i === active ? (
            <text
              key={p.label}
              x={xOf(i, points.length)}
              y={HEIGHT - 8}
              textAnchor="middle"
              fontSize="12"
              fontWeight={i === active ? 600 : 400}
              className="fill-stone-600"
            >
              {p.label}
            </text>
          ) : null,
        )}
        {panel.series.map((s) => (
          <g key={s.key}>
            <polyline
              fill="none"
              stroke={s.color}
              strokeWidth="2"
              strokeDasharray={s.dash}
              points={points.map((p, i) => `${xOf(i, points.length)},${yOf(p.metrics[s.key])}`).join(" ")}
            />
            {points.map((p, i) => (
              <Marker
                key={p.label}
                series={s}
                cx={xOf(i, points.length)}
                cy={yOf(p.metrics[s.key])}
                isDraft={p.label === "draft"}
              />
            ))}
          </g>
        ))}
        <HoverColumns panel={panel} points={points} onActive={onActive} />
      </svg>
    </div>
  );
}

/**
 * Quality over versions (and the draft), each evaluated on today's golden queries so the points compare: shares
 * and scores on panels of their own, values of the version under the pointer (or picked with the arrow keys).
 */
export function MetricsChart({ data }: { data: MetricsOverVersions }) {
  const points: Point[] = [
    ...data.versions.map((v) => ({ label: `v${v.version}`, metrics: v.metrics })),
    { label: "draft", metrics: data.draft },
  ];
  const [active, setActive] = useState(points.length - 1);
  const index = Math.min(active, points.length - 1);
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "ArrowLeft") setActive(Math.max(0, index - 1));
    else if (event.key === "ArrowRight") setActive(Math.min(points.length - 1, index + 1));
    else return;
    event.preventDefault();
  };
  return (
    <figure
      className="rounded-lg border border-stone-200 bg-white p-4 focus:outline-2 focus:outline-offset-2 focus:outline-sky-600"
      tabIndex={0}
      onKeyDown={onKeyDown}
      onMouseLeave={() => setActive(points.length - 1)}
      aria-label="Metrics over versions; left and right arrows pick a version"
    >
      <figcaption className="mb-2 flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-semibold">Metrics over versions</span>
        <span className="text-xs text-stone-500">
          on today&apos;s {plural(data.goldenQueries, "golden query", "golden queries")}, K = {data.k}; hollow marks are
          the draft
        </span>
      </figcaption>
      <div className="grid gap-4 lg:grid-cols-2">
        {CHART_PANELS.map((panel) => (
          <Panel key={panel.id} panel={panel} points={points} active={index} onActive={setActive} />
        ))}
      </div>
    </figure>
  );
}

/** What rolling back to `target` would make worse than `latest`, on today's golden queries (the server's own test). */
export function rollbackRegressions(data: MetricsOverVersions | undefined, target: number, latest: number): string[] {
  const from = data?.versions.find((v) => v.version === latest)?.metrics;
  const to = data?.versions.find((v) => v.version === target)?.metrics;
  if (!from || !to) return [];
  return CHART_PANELS.flatMap((panel) =>
    panel.series
      .filter((s) => to[s.key] < from[s.key] - 1e-9)
      .map((s) => `${s.label} ${panel.format(from[s.key])} → ${panel.format(to[s.key])}`),
  );
}
