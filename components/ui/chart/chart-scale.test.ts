import { describe, expect, it } from "vitest";
import { countTicks, unitIntervalScale } from "./chart-scale";

describe("countTicks", () => {
  it("labels a count axis with whole numbers only, never '1, 1, 0' or a 2 at 1.5", () => {
    expect(countTicks(0)).toEqual([0, 1]);
    expect(countTicks(1)).toEqual([0, 1]);
    expect(countTicks(3)).toEqual([0, 1, 2, 3]);
    expect(countTicks(5)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(countTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(countTicks(23)).toEqual([0, 5, 10, 15, 20, 25]);
    expect(countTicks(1234)).toEqual([0, 500, 1000, 1500]);
    for (let max = 0; max < 500; max++) {
      const ticks = countTicks(max);
      expect(ticks.every(Number.isInteger)).toBe(true);
      expect(new Set(ticks).size).toBe(ticks.length);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
      expect(ticks.length).toBeLessThanOrEqual(7);
    }
  });
});

describe("unitIntervalScale", () => {
  it("fits the axis to the values shown instead of 0–1 every time", () => {
    expect(unitIntervalScale([0.8, 0.9, 0.85])).toEqual({ domain: [0.75, 0.95], ticks: [0.75, 0.8, 0.85, 0.9, 0.95] });
    expect(unitIntervalScale([1, 1])).toEqual({ domain: [0.8, 1], ticks: [0.8, 0.85, 0.9, 0.95, 1] });
    expect(unitIntervalScale([0, 0.05])).toEqual({ domain: [0, 0.2], ticks: [0, 0.05, 0.1, 0.15, 0.2] });
    expect(unitIntervalScale([0.1, 0.95])).toEqual({ domain: [0, 1], ticks: [0, 0.25, 0.5, 0.75, 1] });
    expect(unitIntervalScale([0.4, 0.7])).toEqual({ domain: [0.3, 0.8], ticks: [0.3, 0.4, 0.5, 0.6, 0.7, 0.8] });
  });

  it("always holds every value and stays inside 0–1", () => {
    for (let i = 0; i < 2000; i++) {
      const values = Array.from({ length: 1 + (i % 5) }, (_, j) => ((i * 7919 + j * 104729) % 1001) / 1000);
      const { domain, ticks } = unitIntervalScale(values);
      expect(domain[0]).toBeGreaterThanOrEqual(0);
      expect(domain[1]).toBeLessThanOrEqual(1);
      for (const v of values) expect(v >= domain[0] && v <= domain[1]).toBe(true);
      expect(ticks[0]).toBe(domain[0]);
      expect(ticks.at(-1)).toBe(domain[1]);
      expect(ticks.length).toBeLessThanOrEqual(6);
    }
  });
});
