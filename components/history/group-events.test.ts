import { describe, expect, it } from "vitest";
import { groupEvents } from "./group-events";

describe("groupEvents", () => {
  it("folds an import's events under its summary, and leaves other events alone", () => {
    const events = [
      { id: "7", action: "tool.updated", groupId: null },
      { id: "6", action: "catalog.imported", groupId: "g1" },
      { id: "5", action: "tool.deleted", groupId: "g1" },
      { id: "4", action: "tool.updated", groupId: "g1" },
      { id: "3", action: "tool.created", groupId: "g1" },
      { id: "2", action: "tool.created", groupId: "g2" },
      { id: "1", action: "namespace.updated" },
    ];
    const entries = groupEvents(events);
    expect(entries.map((e) => [e.head.id, e.members.map((m) => m.id)])).toEqual([
      ["7", []],
      ["6", ["5", "4", "3"]],
      ["2", []],
      ["1", []],
    ]);
  });

  it("heads a deletion by the deletion, not by the upstream copies it kept, which head only a group of their own", () => {
    const entries = groupEvents([
      { id: "4", action: "catalog.upstream_replaced", groupId: "g1" },
      { id: "3", action: "tool.deleted", groupId: "g1" },
      { id: "2", action: "catalog.upstream_replaced", groupId: "g2" },
      { id: "1", action: "catalog.imported", groupId: "g2" },
      { id: "0", action: "catalog.upstream_replaced", groupId: "g3" },
    ]);
    expect(entries.map((e) => [e.head.id, e.members.map((m) => m.id)])).toEqual([
      ["3", ["4"]],
      ["1", ["2"]],
      ["0", []],
    ]);
  });
});
