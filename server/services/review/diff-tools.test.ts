import { describe, expect, it } from "vitest";
import { SNAPSHOT_FORMAT, type SnapshotContent, type SnapshotTool } from "@/domain/snapshot/verify";
import { diffTools } from "./diff-tools";

const tool = (i: number, description: string): SnapshotTool => ({
  id: `ns.tool_${String(i).padStart(4, "0")}`,
  namespace: "ns",
  name: `tool_${i}`,
  exposure: "deferred",
  fallback: "direct",
  searchText: `tool ${i} ${description}`,
  spec: {
    type: "function",
    name: `tool_${i}`,
    description,
    parameters: { type: "object", properties: {} },
    strict: false,
  },
});

const content = (tools: SnapshotTool[]): SnapshotContent => ({
  format: SNAPSHOT_FORMAT,
  catalog: { team: "t", slug: "c", name: "C" },
  engine: { profile: "stockroom", k1: 1.2, b: 0.75, defaultLimit: 8 },
  namespaces: [{ name: "ns", description: "" }],
  tools,
});

describe("diffTools", () => {
  it("diffs at most `limit` tools but counts every changed one", () => {
    const before = content(Array.from({ length: 250 }, (_, i) => tool(i, `Old text ${i}.`)));
    const after = content(Array.from({ length: 250 }, (_, i) => tool(i, `New text ${i}.`)));
    const changes = diffTools(before, after);
    expect(changes.changedCount).toBe(250);
    expect(changes.changed).toHaveLength(200);
    expect(changes.changed[0]!.fields.map((f) => f.field)).toEqual(["description", "searchText"]);
  });

  it("without a previous version every tool is added and nothing is changed", () => {
    const changes = diffTools(null, content([tool(1, "A.")]));
    expect(changes).toMatchObject({
      added: [{ id: "ns.tool_0001", exposure: "deferred", description: "A." }],
      removed: [],
      changed: [],
      changedCount: 0,
      engine: null,
    });
  });
});
