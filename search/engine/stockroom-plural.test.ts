// The plural boost: a request that uses a word in the plural ("which alerts are open?") wants the tool whose
// name has that word in the plural (list_alerts), not the one named for a single item (get_alert).
import { describe, expect, it } from "vitest";
import { looksPlural, pluralTerms } from "../analysis/plural";
import { createSearchIndex } from "../search-index";
import { resolveSettings } from "../settings";
import { StockroomEngine } from "./stockroom-engine";

// Same words in the same order: plain BM25 scores the two tools alike.
const docs = [
  { id: "sec.get_alert", name: "get_alert", text: "get alert security alert for the repository" },
  { id: "sec.list_alerts", name: "list_alerts", text: "list alerts security alert for the repository" },
  { id: "other.ping", name: "ping", text: "ping a host" },
];

function ranking(query: string, tuning: { pluralNameBoost?: number } = {}): string[] {
  const engine = new StockroomEngine(docs, resolveSettings({ profile: "stockroom" }), { strongFloor: 0, ...tuning });
  const scored = engine.score(query);
  const hits = Array.from({ length: scored.count }, (_, i) => ({
    id: engine.ids[scored.docs[i]!]!,
    score: scored.scores[i]!,
  }));
  return hits.sort((x, y) => y.score - x.score || (x.id < y.id ? -1 : 1)).map((hit) => hit.id);
}

describe("plural words", () => {
  it("tells plurals from words that only end in s", () => {
    expect(["alerts", "entries", "PRs", "boxes", "workflows"].filter(looksPlural)).toHaveLength(5);
    expect(["status", "process", "analysis", "news", "physics", "bus", "is", "alert"].filter(looksPlural)).toEqual([]);
    expect(pluralTerms("list_dependabot_alerts")).toEqual(["alert"]);
    expect(pluralTerms("getDependabotAlert")).toEqual([]);
    expect(pluralTerms("which PRs and alerts are open?")).toEqual(["pr", "alert"]);
  });
});

describe("stockroom plural boost", () => {
  it("ranks the tool whose name has the request's plural word in the plural first", () => {
    expect(ranking("which security alerts are open?")).toEqual(["sec.list_alerts", "sec.get_alert"]);
  });

  it("leaves a singular request to the other signals, and is the only difference", () => {
    expect(ranking("security alert", {})).toEqual(["sec.get_alert", "sec.list_alerts"]);
    expect(ranking("which security alerts are open?", { pluralNameBoost: 0 })).toEqual([
      "sec.get_alert",
      "sec.list_alerts",
    ]);
  });

  it("is explained as a factor that, with the terms, gives the score", () => {
    const index = createSearchIndex(docs, { profile: "stockroom" });
    const explanation = index.explain("which security alerts are open?", "sec.list_alerts")!;
    const plural = explanation.factors.find((f) => f.kind === "plural");
    expect(plural?.factor).toBe(1.3);
    expect(plural?.detail).toContain("alerts");
    const sum = explanation.terms.reduce((total, term) => total + term.contribution, 0);
    const product = explanation.factors.reduce((total, factor) => total * factor.factor, sum);
    expect(product).toBeCloseTo(explanation.score, 12);
    expect(product).toBeGreaterThan(0);
  });
});
