// The arithmetic of the virtualized tool list, apart from React so it can be tested alone.
import { PAGE_SIZE } from "./tool-list-filters";

/**
 * Rows past each end of the drawn ones whose page is fetched too: a steady scroll meets loaded rows, while a jump
 * (a dragged scrollbar, End) fetches only the pages it lands on.
 */
export const LOOKAHEAD = 40;

/** The page numbers (from 2: the first is the list's own query) that hold rows `start`..`end`, with the lookahead. */
export function pagesAround(start: number, end: number, total: number): number[] {
  const last = Math.ceil(total / PAGE_SIZE);
  const from = Math.max(2, Math.floor(Math.max(0, start - LOOKAHEAD) / PAGE_SIZE) + 1);
  const to = Math.min(last, Math.floor(Math.max(0, end + LOOKAHEAD) / PAGE_SIZE) + 1);
  const pages: number[] = [];
  for (let page = from; page <= to; page++) pages.push(page);
  return pages;
}

interface Placed {
  index: number;
  start: number;
  end: number;
}

export type Segment<T extends Placed> = { gap: number; key: string } | { item: T };

/**
 * The drawn rows in order, with the space of the rows not drawn before, between (a kept focused row far from the
 * view) and after them: a table body of `totalSize` pixels with only these rows in it. The rows' places count from
 * `origin` (where the list starts in the page).
 */
export function withGaps<T extends Placed>(items: T[], totalSize: number, origin = 0): Segment<T>[] {
  const out: Segment<T>[] = [];
  let at = origin;
  for (const item of items) {
    if (item.start > at) out.push({ gap: item.start - at, key: out.length === 0 ? "gap-top" : `gap-${item.index}` });
    out.push({ item });
    at = item.end;
  }
  if (origin + totalSize > at) out.push({ gap: origin + totalSize - at, key: "gap-end" });
  return out;
}
