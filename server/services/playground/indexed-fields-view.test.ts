import { describe, expect, it } from "vitest";
import { callerFor } from "../../testing/factories";
import { editSearchText, publishDraft, seedPlaygroundCatalog } from "../../testing/playground-fixtures";
import { useTestDatabase } from "../../testing/use-test-database";
import { splitSegments } from "./indexed-fields-view";

const { db } = useTestDatabase();

// Issue 41 item 9: Explain says what is indexed field by field, and under an override that the name still counts.
describe("the playground's explanation, field by field", () => {
  it("shows an overridden tool's name field and which field each matched word came from, draft and published", async () => {
    const { viewer, team, catalog, input } = await seedPlaygroundCatalog(db);
    await editSearchText(db, catalog.id, "weather.get_forecast", {
      searchTextMode: "override",
      searchTextOverride: "rain tomorrow outlook",
    });
    const api = callerFor(db, viewer).playground;
    const draft = await api.search({ ...input, query: "forecast rain" });
    const hit = draft.hits.find((h) => h.key === "weather.get_forecast")!;
    expect(hit.fields.map((f) => [f.field, f.segments.map((s) => s.text).join("")])).toEqual([
      ["name-field", "get_forecast"],
      ["override", "rain tomorrow outlook"],
    ]);
    expect(hit.fields[0]!.weight).toBe(1);
    // "forecast" is in no word of the override: only the name field gives it a term frequency.
    const forecast = hit.terms.find((t) => t.term === "forecast")!;
    expect(forecast).toMatchObject({ matched: true, tf: 1, sources: [{ field: "name-field", count: 1 }] });
    expect(hit.terms.find((t) => t.term === "rain")).toMatchObject({
      tf: 1,
      sources: [{ field: "override", count: 1 }],
    });
    expect(hit.fields[1]!.segments.filter((s) => s.term).map((s) => s.text)).toEqual(["rain"]);

    // A published version keeps the text only; the fields are recovered from it and say the same.
    await publishDraft(db, team, catalog, 1);
    const published = await api.explain({ ...input, version: 1, query: "forecast rain", key: "weather.get_forecast" });
    if (published.status !== "ranked") throw new Error(published.status);
    expect(published.fields.map((f) => f.field)).toEqual(["name-field", "override"]);

    // codex-bm25 reads the text alone: no name field, and the name's word finds nothing.
    const codex = await api.search({ ...input, query: "forecast rain", profile: "codex-bm25" });
    const codexHit = codex.hits.find((h) => h.key === "weather.get_forecast")!;
    expect(codexHit.fields.map((f) => f.field)).toEqual(["override"]);
    expect(codexHit.terms.find((t) => t.term === "forecast")?.matched ?? false).toBe(false);
  });

  it("labels a generated text's fields in order, each word's fields adding up to its tf", async () => {
    const { viewer, input } = await seedPlaygroundCatalog(db);
    const result = await callerFor(db, viewer).playground.search({ ...input, query: "refund customer orders" });
    const top = result.hits[0]!;
    expect(top.fields.map((f) => f.field)).toEqual([
      "name-field",
      "name",
      "name-words",
      "namespace",
      "namespace-description",
      "description",
      "parameters",
    ]);
    for (const term of top.terms.filter((t) => t.matched))
      expect(term.sources.reduce((sum, s) => sum + s.count, 0)).toBe(term.tf);
  });
});

describe("splitSegments", () => {
  it("cuts highlighted runs at the parts' bounds and drops the spaces between parts", () => {
    const parts = [
      { field: "name" as const, text: "a_b" },
      { field: "description" as const, text: "x y" },
    ];
    const segments = [{ text: "a_b x " }, { text: "y", term: "y" }];
    expect(splitSegments(segments, parts)).toEqual([[{ text: "a_b" }], [{ text: "x " }, { text: "y", term: "y" }]]);
  });
});
