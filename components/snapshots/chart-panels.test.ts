import { describe, expect, it } from "vitest";
import { CHART_PANELS, formatReadout, visibleLabels } from "./chart-panels";

describe("the metrics chart's panels", () => {
  it("puts shares and scores on separate axes, each line in its own Okabe–Ito colour and marker", () => {
    const byPanel = Object.fromEntries(CHART_PANELS.map((p) => [p.id, p.series.map((s) => s.key)]));
    expect(byPanel).toEqual({ share: ["successAt1", "recallAtK"], score: ["mrr", "ndcg10"] });
    const colors = CHART_PANELS.flatMap((p) => p.series.map((s) => s.color));
    expect(new Set(colors).size).toBe(4);
    for (const panel of CHART_PANELS) expect(new Set(panel.series.map((s) => s.marker)).size).toBe(panel.series.length);
    expect(CHART_PANELS[0]!.format(0.5)).toBe("50%");
    expect(CHART_PANELS[1]!.format(0.5)).toBe("0.50");
    expect(formatReadout(CHART_PANELS[1]!, 0.8333)).toBe("0.833");
    expect(formatReadout(CHART_PANELS[0]!, 0.8333)).toBe("83.3%");
  });

  it("prints every version label while they fit, then every n-th with the first and the last", () => {
    expect([...visibleLabels(5)].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4]);
    const many = [...visibleLabels(40)].sort((a, b) => a - b);
    expect(many[0]).toBe(0);
    expect(many.at(-1)).toBe(39);
    expect(many.length).toBeLessThanOrEqual(12);
    for (let i = 1; i < many.length; i++) expect(many[i]! - many[i - 1]!).toBeGreaterThanOrEqual(2);
  });
});
