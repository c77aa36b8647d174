import { describe, expect, it } from "vitest";
import { readJsonl } from "../testing/shared";
import { LEARNED_OPTIONS, LEARNED_RELATED } from "../vocabulary/learned";
import { analysePairs, learnLinks, packText, type TrainPair } from "./relatedness";

const tool = (name: string, description: string) => ({ namespace: "n", name, description });
const pair = (source: string, query: string, name: string, description: string): TrainPair => ({
  source,
  query,
  gold_size: 1,
  tool: tool(name, description),
});
const OPTIONS = { shrinkage: 1, minCount: 1, minDocs: 2, scale: 1, maxWeight: 0.4, perWord: 8 };

/** Two sources where "paid" asks for payment tools in several ways, and one source's persona name and boilerplate. */
function fixture(): TrainPair[] {
  const pairs: TrainPair[] = [];
  for (const source of ["a", "b"]) {
    pairs.push(pair(source, `was the bill paid ${source}`, `get_payment_${source}`, "payment status of an invoice"));
    pairs.push(pair(source, `paid twice ${source}`, `refund_payment_${source}`, "refund a payment"));
    pairs.push(pair(source, `weather in town ${source}`, `forecast_${source}`, "forecast of a city"));
    pairs.push(pair(source, `weather tomorrow ${source}`, `daily_forecast_${source}`, "forecast per day"));
    // Other tools, so that payment and forecast words are in few of the source's tools (not its boilerplate).
    for (const word of ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"])
      pairs.push(pair(source, `task ${word}`, `${word}_tool_${source}`, `does ${word} work`));
  }
  // Source c: every request names its persona, every tool says "retail" (without the filters both would be linked).
  const orders = ["exchange", "cancel", "return", "modify", "track", "split"];
  orders.forEach((word, i) => {
    for (const copy of ["x", "y"])
      pairs.push(pair("c", "Yusuf paid and needs help", `${word}_${copy}`, `retail ${word} order`));
  });
  return pairs;
}

describe("learning the relatedness pack", () => {
  it("links a request word to the tool words it predicts and the request lacks, never to itself or digits", () => {
    const links = learnLinks(analysePairs(fixture()), OPTIONS);
    expect(links.get("paid")?.map((l) => l.term)).toContain("payment");
    expect(links.get("weather")?.map((l) => l.term)).toContain("forecast");
    expect(links.get("weather")?.map((l) => l.term)).not.toContain("payment");
    for (const [word, list] of links)
      for (const link of list) {
        expect(link.term).not.toBe(word);
        expect(link.term).not.toMatch(/\d/);
        expect(link.weight).toBeGreaterThan(0);
        expect(link.weight).toBeLessThanOrEqual(OPTIONS.maxWeight);
      }
  });

  it("skips a word of one source's requests only (a persona's name) and a source's boilerplate", () => {
    const links = learnLinks(analysePairs(fixture()), OPTIONS);
    expect(links.has("yusuf")).toBe(false);
    expect([...links.values()].flat().map((l) => l.term)).not.toContain("retail");
  });

  it("relearns the committed pack byte for byte from the corpus with its options", { timeout: 60_000 }, () => {
    const pairs = analysePairs(readJsonl<TrainPair>("corpus/train/pairs.jsonl"));
    expect(packText(learnLinks(pairs, LEARNED_OPTIONS))).toBe(LEARNED_RELATED);
  });
});
