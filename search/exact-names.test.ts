// A request that is a tool's name, or its name with separators as spaces, ranks that tool first: every tool of the
// demo catalog, MetaTool and the BFCL pool. The only exception is a tie no request of that form can break: tools
// whose names are the same words (github.create_issue and gitlab.create_issue; calculate_bmi and calculate_BMI
// written with spaces). Those come first together, ahead of every other tool; naming the namespace
// ("github create_issue") or the exact spelling breaks the tie, and that is asserted too.
import { describe, expect, it } from "vitest";
import { nameKey } from "./engine/exact-names";
import { createSearchIndex } from "./index";
import { CATALOG_IDS, readCatalog } from "./testing/labelled-sets";

describe.each(CATALOG_IDS)("exact tool names on %s (stockroom)", (catalog) => {
  // One document per id, as the engine keeps it (a pooled catalog may list a tool twice).
  const docs = [...new Map(readCatalog(catalog).map((doc) => [doc.id, doc])).values()];
  const index = createSearchIndex(docs, { profile: "stockroom" });
  const byKey = new Map<string, typeof docs>();
  for (const doc of docs) byKey.set(nameKey(doc.name!), [...(byKey.get(nameKey(doc.name!)) ?? []), doc]);
  const sameWords = (query: string) => byKey.get(nameKey(query)) ?? [];

  it("ranks the tool first for its name and its spaced name (ties only among tools whose names are the same words)", {
    timeout: 120_000,
  }, () => {
    const misses: string[] = [];
    let ties = 0;
    for (const doc of docs) {
      for (const query of [doc.name!, doc.name!.replace(/[_\-.]+/g, " ")]) {
        const verbatim = docs.filter((other) => other.name === query);
        const group = verbatim.length > 0 ? verbatim : sameWords(query);
        const top = index.search(query, group.length).map((hit) => hit.id);
        if (group.length > 1) ties++;
        if (!top.includes(doc.id) || top.some((id) => !group.some((g) => g.id === id)))
          misses.push(`${query} → ${top.join(", ")}`);
      }
    }
    expect(misses).toEqual([]);
    expect(ties).toBeLessThan(docs.length / 5);
  });

  it("breaks a tie between equal names when the request names the namespace", { timeout: 60_000 }, () => {
    const misses = docs
      .filter((doc) => doc.namespace && sameWords(doc.name!).length > 1)
      .filter((doc) => sameWords(doc.name!).every((other) => other === doc || other.namespace !== doc.namespace))
      .filter((doc) => index.search(`${doc.namespace} ${doc.name}`, 1)[0]?.id !== doc.id)
      .map((doc) => doc.id);
    expect(misses).toEqual([]);
  });
});
