"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import {
  Bar as SeriesBar,
  BarChart as StackedBars,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { countTicks } from "@/components/ui/chart/chart-scale";
import { ChartTooltipBox, ChartTooltipRow, INITIAL_CHART_SIZE } from "@/components/ui/chart/chart-tooltip";

export interface Bar {
  label: string;
  /** Stacked parts, bottom first; their sum is the bar's height. */
  parts: Array<{ value: number; color: string; name: string }>;
  href: string;
}

type Legend = Array<{ name: string; color: string }>;

const describeBar = (bar: Bar) => `${bar.label}: ${bar.parts.map((part) => `${part.value} ${part.name}`).join(", ")}`;

/** The hovered bar's parts, top of the stack first, as the bar shows them. */
function BarTooltip({ bar, legend }: { bar: Bar | undefined; legend: Legend }) {
  if (!bar) return null;
  return (
    <ChartTooltipBox title={bar.label}>
      {[...legend].reverse().map((item) => (
        <ChartTooltipRow
          key={item.name}
          color={item.color}
          name={item.name}
          value={String(bar.parts.find((part) => part.name === item.name)?.value ?? 0)}
        />
      ))}
    </ChartTooltipBox>
  );
}

/** Every bar as a link to the events behind it: what keyboards and screen readers use (shown when focused). */
function BarLinks({ title, bars }: { title: string; bars: Bar[] }) {
  return (
    <ul
      aria-label={`${title}, bar by bar`}
      className="sr-only flex-wrap gap-x-3 text-xs focus-within:not-sr-only focus-within:mt-2 focus-within:flex"
    >
      {bars.map((bar) => (
        <li key={bar.label}>
          <Link href={bar.href} className="underline">
            {describeBar(bar)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * A stacked bar chart of counts (recharts): whole-number ticks, a tooltip per bar, a click opens the events
 * behind the bar; each bar is also a link in a list for keyboards and screen readers.
 */
export function BarChart({ title, bars, legend, note }: { title: string; bars: Bar[]; legend: Legend; note?: string }) {
  const router = useRouter();
  const data = bars.map((bar) => ({
    label: bar.label,
    ...Object.fromEntries(bar.parts.map((p) => [p.name, p.value])),
  }));
  const ticks = countTicks(Math.max(0, ...bars.map((bar) => bar.parts.reduce((sum, part) => sum + part.value, 0))));
  const open = (index: unknown) => {
    const bar = index === undefined || index === null ? undefined : bars[Number(index)];
    if (bar) router.push(bar.href);
  };
  return (
    <figure className="rounded-lg border border-stone-200 bg-white p-4">
      <figcaption className="mb-2 flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-semibold">{title}</span>
        {note && <span className="text-xs text-stone-500">{note}</span>}
      </figcaption>
      <div role="group" aria-label={title} className="h-52 w-full">
        <ResponsiveContainer width="100%" height="100%" initialDimension={INITIAL_CHART_SIZE}>
          <StackedBars
            data={data}
            margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
            onClick={(s) => open(s.activeTooltipIndex)}
          >
            <CartesianGrid vertical={false} />
            <XAxis dataKey="label" tickLine={false} interval="preserveStartEnd" minTickGap={12} fontSize={12} />
            <YAxis ticks={ticks} domain={[0, ticks.at(-1)!]} allowDecimals={false} width={40} fontSize={12} />
            <Tooltip
              cursor={{ className: "chart-cursor" }}
              isAnimationActive={false}
              content={({ active, label }) =>
                active ? <BarTooltip bar={bars.find((bar) => bar.label === label)} legend={legend} /> : null
              }
            />
            {legend.map((item) => (
              <SeriesBar
                key={item.name}
                dataKey={item.name}
                stackId="parts"
                fill={item.color}
                isAnimationActive={false}
                className="cursor-pointer"
              />
            ))}
          </StackedBars>
        </ResponsiveContainer>
      </div>
      <BarLinks title={title} bars={bars} />
      <ul className="mt-2 flex flex-wrap gap-4 text-xs">
        {legend.map((item) => (
          <li key={item.name} className="flex items-center gap-1">
            <span className="inline-block h-2 w-4 rounded" style={{ background: item.color }} />
            {item.name}
          </li>
        ))}
      </ul>
    </figure>
  );
}
