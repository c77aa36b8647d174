import { describe, expect, it } from "vitest";
import { createSearchIndex } from "../index";
import { readCorpusDocs } from "../testing/corpus";

// A request that opens by asking to delete or cancel something has no strong hit when the best tool never
// mentions that (or a synonym): the catalog's closest tool cannot do it. The index drops weak hits, as a catalog
// that opted in does.
describe("a request to destroy what no close tool can (stockroom, weak hits dropped)", () => {
  const index = createSearchIndex(readCorpusDocs("corpus/tools.jsonl"), { profile: "stockroom", dropWeakHits: true });

  it("has no strong hit when the best tool has no such verb", () => {
    expect(index.search("delete Linear issue ENG-12")).toEqual([]);
    expect(index.search("cancel the circleci job that is running right now")).toEqual([]);
  });

  it("still shows the tools that can do it", () => {
    expect(index.search("delete the file docs/old.md from the GitHub repo")[0]?.id).toBe("github.delete_file");
    expect(index.search("cancel the Stripe subscription sub_123")[0]?.id).toBe("stripe.cancel_subscription");
  });

  it("only counts a destructive word that opens the request", () => {
    expect(index.search("search GitHub issues about the cancel button")[0]?.id).toMatch(/^github\./);
  });
});
