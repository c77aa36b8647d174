import { describe, expect, it } from "vitest";
import { highlightSearchText } from "./highlight";

const marked = (segments: ReturnType<typeof highlightSearchText>) =>
  segments.filter((s) => s.term).map((s) => `${s.text}→${s.term}`);

describe("highlightSearchText", () => {
  it("maps stemmed, split tokens back to the words of the text and keeps the text intact", () => {
    const text = "list_open_orders List open orders for a customerId.";
    const segments = highlightSearchText(text, ["order", "custom"], "stockroom");
    expect(segments.map((s) => s.text).join("")).toBe(text);
    expect(marked(segments)).toEqual(["list_open_orders→order", "orders→order", "customerId→custom"]);
  });

  it("follows the profile's analyzer: codex-bm25 keeps identifiers whole and transliterates CJK", () => {
    expect(marked(highlightSearchText("list_open_orders orders", ["order"], "codex-bm25"))).toEqual(["orders→order"]);
    expect(marked(highlightSearchText("查询 天气 weather", ["tian"], "codex-bm25"))).toEqual(["天气→tian"]);
    expect(marked(highlightSearchText("查询 天气 weather", ["weather"], "stockroom"))).toEqual([
      "天气→weather",
      "weather→weather",
    ]);
  });

  it("marks nothing when nothing matched", () => {
    expect(highlightSearchText("send an email", [], "stockroom")).toEqual([{ text: "send an email" }]);
  });
});
