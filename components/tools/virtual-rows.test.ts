import { describe, expect, it } from "vitest";
import { PAGE_SIZE } from "./tool-list-filters";
import { LOOKAHEAD, pagesAround, withGaps } from "./virtual-rows";

describe("pagesAround", () => {
  it("asks for no page past the first while the top rows show", () => {
    expect(pagesAround(0, 30, 10_000)).toEqual([]);
    expect(pagesAround(0, 30, 40)).toEqual([]);
  });

  it("fetches the next page before the view reaches it, and the pages the view spans", () => {
    expect(pagesAround(40, PAGE_SIZE - LOOKAHEAD, 10_000)).toEqual([2]);
    expect(pagesAround(PAGE_SIZE * 3 + 10, PAGE_SIZE * 3 + 40, 10_000)).toEqual([3, 4]);
    expect(pagesAround(PAGE_SIZE * 2 - 5, PAGE_SIZE * 3 + 5, 10_000)).toEqual([2, 3, 4]);
  });

  it("a jump to the end asks for the last page only, never one past it", () => {
    expect(pagesAround(9_970, 9_999, 10_000)).toEqual([100]);
    expect(pagesAround(9_970, 10_050, 10_000)).toEqual([100]);
    expect(pagesAround(0, 0, 0)).toEqual([]);
  });
});

describe("withGaps", () => {
  const item = (index: number, start: number, size = 37) => ({ index, start, end: start + size });

  it("puts the space of the rows not drawn above and below the drawn ones", () => {
    const rows = [item(10, 370), item(11, 407)];
    expect(withGaps(rows, 1000)).toEqual([
      { gap: 370, key: "gap-top" },
      { item: rows[0] },
      { item: rows[1] },
      { gap: 1000 - 444, key: "gap-end" },
    ]);
  });

  it("adds no gap where the rows start at the top or end at the bottom", () => {
    const rows = [item(0, 0), item(1, 37)];
    expect(withGaps(rows, 74)).toEqual([{ item: rows[0] }, { item: rows[1] }]);
    expect(withGaps([], 0)).toEqual([]);
  });

  it("keeps a row far from the view (the focused one) in its place, with the gaps either side", () => {
    const rows = [item(2, 74), item(500, 18_500), item(501, 18_537)];
    const segments = withGaps(rows, 20_000);
    expect(segments.map((s) => ("gap" in s ? s.gap : `row ${s.item.index}`))).toEqual([
      74,
      "row 2",
      18_500 - 111,
      "row 500",
      "row 501",
      20_000 - 18_574,
    ]);
    const total = segments.reduce((sum, s) => sum + ("gap" in s ? s.gap : s.item.end - s.item.start), 0);
    expect(total).toBe(20_000);
  });

  it("counts the rows' places from where the list starts in the page", () => {
    const rows = [item(3, 600 + 111)];
    expect(withGaps(rows, 370, 600)).toEqual([
      { gap: 111, key: "gap-top" },
      { item: rows[0] },
      { gap: 370 - 148, key: "gap-end" },
    ]);
  });
});
