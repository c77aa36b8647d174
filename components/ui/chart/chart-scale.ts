// Axis scales for the charts (recharts draws them; these pick the domain and ticks so they read well): counts get
// whole-number ticks, shares and scores an axis fitted to the values shown.

/** Ticks for a count axis up to `max`: whole numbers only, at most six, from 0 to a round top at or above `max`. */
export function countTicks(max: number): number[] {
  const top = Math.max(1, Math.ceil(Number.isFinite(max) ? max : 1));
  const step = niceStep(top / 5, [1, 2, 5]);
  const ticks: number[] = [];
  for (let tick = 0; tick < top + step; tick += step) ticks.push(tick);
  return ticks;
}

/** The smallest of `bases` × 10^k (k ≥ 0 for counts) at or above `raw`. */
function niceStep(raw: number, bases: readonly number[], minPower = 0): number {
  for (let power = minPower; ; power++) {
    const scale = 10 ** power;
    const base = bases.find((b) => b * scale >= raw - 1e-12);
    if (base !== undefined) return base * scale;
  }
}

/**
 * A 0–1 axis fitted to `values` (shares, MRR, nDCG): the smallest range on a step of 0.05, 0.1 or 0.25 that holds
 * them with a little room, at least 0.2 wide and never outside 0–1, and its ticks (at most six).
 */
export function unitIntervalScale(values: readonly number[]): { domain: [number, number]; ticks: number[] } {
  const finite = values.filter((v) => Number.isFinite(v));
  const lo = Math.max(0, Math.min(1, ...(finite.length > 0 ? finite : [0])) - 0.02);
  const hi = Math.min(1, Math.max(0, ...(finite.length > 0 ? finite : [1])) + 0.02);
  for (const step of [0.05, 0.1, 0.25]) {
    let from = Math.max(0, Math.floor(lo / step + 1e-9) * step);
    let to = Math.min(1, Math.ceil(hi / step - 1e-9) * step);
    while (to - from < 0.2 - 1e-9) {
      if (to < 1) to = Math.min(1, to + step);
      else from = Math.max(0, from - step);
    }
    const count = Math.round((to - from) / step);
    if (count <= 5) {
      const ticks = Array.from({ length: count + 1 }, (_, i) => round(from + i * step));
      return { domain: [round(from), round(to)], ticks };
    }
  }
  return { domain: [0, 1], ticks: [0, 0.25, 0.5, 0.75, 1] };
}

const round = (value: number) => Math.round(value * 1000) / 1000;
