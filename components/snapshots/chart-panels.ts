// What the metrics chart draws: two panels, each with metrics that share a unit, so no metric sits on another's
// axis (MRR is a mean of 1/rank, not a percentage). Colours are Okabe–Ito (distinct under the common colour-vision
// deficiencies), and each line also has its own marker and dash, so colour is never the only cue.

export type ChartMetric = "successAt1" | "recallAtK" | "mrr" | "ndcg10";

export interface ChartSeries {
  key: ChartMetric;
  label: string;
  color: string;
  marker: "circle" | "square";
  dash?: string;
}

export interface ChartPanel {
  id: "share" | "score";
  title: string;
  /** How a value reads on this panel's axis and in its readout. */
  format: (value: number) => string;
  series: readonly ChartSeries[];
}

/** Okabe & Ito (2008), "Color Universal Design": blue, vermillion, bluish green, orange. */
export const OKABE_ITO = { blue: "#0072B2", vermillion: "#D55E00", green: "#009E73", orange: "#E69F00" } as const;

export const CHART_PANELS: readonly ChartPanel[] = [
  {
    id: "share",
    title: "Share of golden queries",
    format: (value) => `${(100 * value).toFixed(0)}%`,
    series: [
      { key: "successAt1", label: "success@1", color: OKABE_ITO.blue, marker: "circle" },
      { key: "recallAtK", label: "recall@K", color: OKABE_ITO.vermillion, marker: "square", dash: "6 3" },
    ],
  },
  {
    id: "score",
    title: "Ranking score (0–1)",
    format: (value) => value.toFixed(2),
    series: [
      { key: "mrr", label: "MRR", color: OKABE_ITO.green, marker: "circle" },
      { key: "ndcg10", label: "nDCG@10", color: OKABE_ITO.orange, marker: "square", dash: "6 3" },
    ],
  },
];

/** The readout's precision: one decimal more than the axis. */
export function formatReadout(panel: ChartPanel, value: number): string {
  return panel.id === "share" ? `${(100 * value).toFixed(1)}%` : value.toFixed(3);
}

/** Which x labels to print so they never overlap: all up to `max`, else every n-th, always the first and the last. */
export function visibleLabels(count: number, max = 12): Set<number> {
  if (count <= max) return new Set(Array.from({ length: count }, (_, i) => i));
  const step = Math.ceil((count - 1) / (max - 1));
  const shown = new Set<number>([count - 1]);
  for (let i = 0; i < count - 1; i += step) shown.add(i);
  // Keep the last label clear of its neighbour.
  const previous = Math.max(...[...shown].filter((i) => i < count - 1));
  if (count - 1 - previous < step / 2) shown.delete(previous);
  return shown;
}
