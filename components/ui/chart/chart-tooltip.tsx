import type { ReactNode } from "react";

/** The box a chart's tooltip shows its rows in (themed through the palette's variables, so dark mode follows). */
export function ChartTooltipBox({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div
      role="tooltip"
      className="rounded border border-stone-200 bg-white px-2 py-1.5 text-xs text-stone-800 shadow-md"
    >
      <p className="mb-0.5 font-medium">{title}</p>
      {children}
    </div>
  );
}

/** One row of a tooltip: the series' swatch, its name and its value. */
export function ChartTooltipRow({ color, name, value }: { color: string; name: string; value: string }) {
  return (
    <p className="flex items-center gap-1.5 tabular-nums">
      <span aria-hidden="true" className="inline-block h-2 w-2 rounded-sm" style={{ background: color }} />
      {name} <span className="ml-auto pl-3 font-medium">{value}</span>
    </p>
  );
}

/** A chart's size before the browser measures it: server and first client render draw the same chart. */
export const INITIAL_CHART_SIZE = { width: 560, height: 200 } as const;
