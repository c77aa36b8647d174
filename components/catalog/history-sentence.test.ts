import { describe, expect, it } from "vitest";
import { describeEvent } from "./history-sentence";

describe("describeEvent", () => {
  it("says every event type as a sentence, with no raw action names or bookkeeping values", () => {
    expect(describeEvent("golden.imported", null, { created: 3, updated: 1, unchanged: 0, unknownIds: "drop", unknown: 1, leftOut: 1 })).toMatchObject({
      text: "imported golden queries",
      details: ["3 created, 1 updated, 0 unchanged, 1 left out (no known tool), unknown tool ids left out"],
    });
    expect(describeEvent("snapshot.published", null, { version: 2, note: "Tune refunds", reason: null, regressions: [] })).toEqual({
      text: "published version 2",
      subject: null,
      details: ["note: Tune refunds"],
      fields: [],
    });
    expect(describeEvent("snapshot.rolled_back", null, { version: 3, rolledBackFrom: 1, note: "" })?.text).toBe("rolled back to version 1's content, as version 3");
    expect(describeEvent("agent_token.created", null, { name: "ci bot", prefix: "srk_ab" })).toMatchObject({ text: "created the agent token", subject: "ci bot", fields: [] });
    expect(describeEvent("golden.created", null, { query: "refund it", expected: ["a.b"] })).toMatchObject({ text: "added the golden query", subject: "refund it" });
    expect(describeEvent("catalog.imported", null, { created: 1, updated: 0, unchanged: 2, skipped: 0, mcpServer: "helpdesk" })).toMatchObject({
      text: "imported tools from the MCP server helpdesk",
      details: ["1 new tool, 0 changed, 2 unchanged"],
    });
  });

  it("lists only the fields that changed, and drops an update that changed nothing", () => {
    const sentence = describeEvent("tool.updated", { key: "a.b", description: "old", exposure: "deferred", revision: 1 }, { key: "a.b", description: "new", exposure: "deferred", revision: 2 });
    expect(sentence).toMatchObject({ text: "changed tool", subject: "a.b", fields: [{ field: "description", before: "old", after: "new" }] });
    expect(describeEvent("tool.updated", { key: "a.b", parameters: { b: 1, a: 2 } }, { key: "a.b", parameters: { a: 2, b: 1 } })).toBeNull();
    expect(describeEvent("tool.updated", { regressions: [] }, { regressions: [] })).toBeNull();
  });
});
