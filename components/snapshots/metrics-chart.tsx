"use client";

import type { inferRouterOutputs } from "@trpc/server";
import { useState } from "react";
import { plural } from "@/components/ui/plural";
import type { AppRouter } from "@/server/routers/root";
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { unitIntervalScale } from "@/components/ui/chart/chart-scale";
import { ChartTooltipBox, ChartTooltipRow, INITIAL_CHART_SIZE } from "@/components/ui/chart/chart-tooltip";
import { CHART_PANELS, formatReadout, visibleLabels, type ChartPanel, type ChartSeries } from "./chart-panels";

type MetricsOverVersions = inferRouterOutputs<AppRouter>["snapshot"]["metrics"];
type Point = { label: string; metrics: MetricsOverVersions["draft"] };

type Row = { label: string; isDraft: boolean } & MetricsOverVersions["draft"];

function Marker({ series, cx, cy, isDraft }: { series: ChartSeries; cx: number; cy: number; isDraft: boolean }) {
  const fill = isDraft ? "var(--color-white)" : series.color;
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

/** The hovered version's values on this panel. */
function PanelTooltip({ panel, row }: { panel: ChartPanel; row: Row | undefined }) {
  if (!row) return null;
  return (
    <ChartTooltipBox title={row.isDraft ? "draft (not published)" : row.label}>
      {panel.series.map((s) => (
        <ChartTooltipRow key={s.key} color={s.color} name={s.label} value={formatReadout(panel, row[s.key])} />
      ))}
    </ChartTooltipBox>
  );
}

/** A series' line with its markers (hollow for the draft); called, not rendered as a component, so recharts sees a Line. */
function seriesLine(series: ChartSeries, rows: Row[]) {
  return (
    <Line
      key={series.key}
      dataKey={series.key}
      name={series.label}
      stroke={series.color}
      strokeWidth={2}
      strokeDasharray={series.dash}
      isAnimationActive={false}
      dot={({ cx, cy, index }: { cx?: number; cy?: number; index?: number }) => (
        <Marker key={index} series={series} cx={cx ?? 0} cy={cy ?? 0} isDraft={rows[index ?? 0]?.isDraft ?? false} />
      )}
      activeDot={false}
    />
  );
}

interface PanelProps {
  panel: ChartPanel;
  points: Point[];
  active: number;
  onActive: (i: number) => void;
}

/** What a screen reader hears for a panel: every series' value at every version. */
const panelSummary = (panel: ChartPanel, points: Point[]) =>
  panel.series
    .map((s) => `${s.label} ${points.map((p) => `${p.label} ${formatReadout(panel, p.metrics[s.key])}`).join(", ")}`)
    .join("; ");

/** One panel: its own axis fitted to its values, its lines, and a tooltip and readout for the version under the pointer. */
function Panel({ panel, points, active, onActive }: PanelProps) {
  const rows: Row[] = points.map((p) => ({ label: p.label, isDraft: p.label === "draft", ...p.metrics }));
  const scale = unitIntervalScale(panel.series.flatMap((s) => rows.map((row) => row[s.key])));
  const labels = visibleLabels(points.length);
  return (
    <div>
      <PanelReadout panel={panel} current={points[active]!} />
      <div
        role="img"
        aria-label={`Metrics over versions, ${panel.title.toLowerCase()}: ${panelSummary(panel, points)}`}
        className="h-52 w-full"
      >
        <ResponsiveContainer width="100%" height="100%" initialDimension={INITIAL_CHART_SIZE}>
          <LineChart
            data={rows}
            accessibilityLayer={false}
            margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
            onMouseMove={(state) => {
              if (state.activeTooltipIndex !== undefined && state.activeTooltipIndex !== null)
                onActive(Number(state.activeTooltipIndex));
            }}
          >
            <CartesianGrid vertical={false} />
            <XAxis
              dataKey="label"
              tickLine={false}
              fontSize={12}
              padding={{ left: 16, right: 16 }}
              interval={0}
              tickFormatter={(label: string, i: number) => (labels.has(i) || i === active ? label : "")}
            />
            <YAxis
              type="number"
              domain={scale.domain}
              ticks={scale.ticks}
              tickFormatter={panel.format}
              width={44}
              fontSize={12}
            />
            <Tooltip
              cursor={{ className: "chart-cursor", strokeDasharray: "2 2" }}
              isAnimationActive={false}
              content={({ active: isActive, label }) =>
                isActive ? <PanelTooltip panel={panel} row={rows.find((row) => row.label === label)} /> : null
              }
            />
            {panel.series.map((series) => seriesLine(series, rows))}
          </LineChart>
        </ResponsiveContainer>
      </div>
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
