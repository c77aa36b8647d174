import { describe, expect, it } from "vitest";
import { createSearchIndex, forgetAnalysedTexts, type IndexDoc } from "./index";

describe("stockroom index rebuilds", () => {
  const docs: IndexDoc[] = Array.from({ length: 300 }, (_, i) => ({
    id: `ns.tool_${i}`,
    name: `tool_${i}`,
    namespace: "ns",
    text: `tool ${i} lists open orders for customer ${i}, refunds payment ${i % 7} and sends invoice email ${i % 13}`,
  }));

  it("rank the same whether texts were analysed before or not", () => {
    forgetAnalysedTexts();
    const cold = createSearchIndex(docs, { profile: "stockroom" });
    const edited = docs.map((doc, i) => (i === 5 ? { ...doc, text: `${doc.text} climate outlook` } : doc));
    const warm = createSearchIndex(edited, { profile: "stockroom" }); // 299 texts remembered, one new
    forgetAnalysedTexts();
    const coldEdited = createSearchIndex(edited, { profile: "stockroom" });
    for (const query of ["refund a payment", "send invoice email 3", "climate outlook", "orders of customer 42"]) {
      expect(warm.search(query, 8)).toEqual(coldEdited.search(query, 8));
      expect(warm.explain(query, "ns.tool_5")).toEqual(coldEdited.explain(query, "ns.tool_5"));
    }
    expect(warm.search("climate", 8).map((hit) => hit.id)).toEqual(["ns.tool_5"]);
    expect(cold.search("climate", 8)).toEqual([]);
  });
});
