import { describe, expect, it } from "vitest";
import type { SnapshotTool } from "../snapshot/verify";
import { sampleContent } from "../../sdk/testing/snapshot-server";
import { resolveToolSearchPaths } from "./tool-search-paths";

// sampleContent: calendar.{create_event,list_events}, crm.{cancel_order,list_open_orders} deferred; ping direct;
// weather_lookup deferred without a namespace. Added: a direct tool in crm and a namespace named like a tool.
const spec = (name: string) => ({
  type: "function" as const,
  name,
  description: name,
  parameters: { type: "object" },
  strict: false,
});
const extra: SnapshotTool[] = [
  {
    id: "crm.get_customer",
    namespace: "crm",
    name: "get_customer",
    exposure: "direct",
    searchText: "get customer",
    spec: spec("get_customer"),
  },
  {
    id: "weather_lookup.radar",
    namespace: "weather_lookup",
    name: "radar",
    exposure: "deferred",
    fallback: "hidden",
    searchText: "radar",
    spec: spec("radar"),
  },
  {
    id: "ops.restart",
    namespace: "ops",
    name: "restart",
    exposure: "direct",
    searchText: "restart",
    spec: spec("restart"),
  },
];
const content = sampleContent(extra);

describe("resolveToolSearchPaths", () => {
  it("loads a namespace's deferred tools in snapshot order, leaving its direct tools out", () => {
    expect(resolveToolSearchPaths(content, ["crm"])).toEqual({
      toolIds: ["crm.cancel_order", "crm.list_open_orders"],
      unknown: [],
    });
  });

  it("loads one tool by `namespace.tool`, and a tool without a namespace by its name", () => {
    expect(resolveToolSearchPaths(content, ["calendar.list_events", "crm.cancel_order"])).toEqual({
      toolIds: ["calendar.list_events", "crm.cancel_order"],
      unknown: [],
    });
    expect(resolveToolSearchPaths(sampleContent(), ["weather_lookup"]).toolIds).toEqual(["weather_lookup"]);
  });

  it("loads each tool once, at its first mention", () => {
    expect(
      resolveToolSearchPaths(content, [
        "crm.list_open_orders",
        "crm",
        "calendar.create_event",
        "crm.cancel_order",
        "calendar",
      ]).toolIds,
    ).toEqual(["crm.list_open_orders", "crm.cancel_order", "calendar.create_event", "calendar.list_events"]);
  });

  it("reports paths that name nothing, deduplicated in order of first mention, and loads the rest", () => {
    expect(
      resolveToolSearchPaths(content, [
        "stripe",
        "crm.refund",
        "crm.cancel_order",
        "stripe",
        "",
        "CRM",
        "crm.",
        "cancel_order",
      ]),
    ).toEqual({
      toolIds: ["crm.cancel_order"],
      unknown: ["stripe", "crm.refund", "", "CRM", "crm.", "cancel_order"],
    });
  });

  it("loads nothing for a direct tool or a namespace of direct tools, without calling them unknown", () => {
    expect(resolveToolSearchPaths(content, ["ping", "crm.get_customer", "ops", "ops.restart"])).toEqual({
      toolIds: [],
      unknown: [],
    });
  });

  it("loads both when a path names a namespace and a tool without a namespace", () => {
    expect(resolveToolSearchPaths(content, ["weather_lookup"]).toolIds).toEqual([
      "weather_lookup.radar",
      "weather_lookup",
    ]);
  });

  it("knows a listed namespace without tools, and returns nothing for no paths", () => {
    const withEmpty = {
      ...content,
      namespaces: [...content.namespaces, { name: "empty", description: "Nothing yet." }],
    };
    expect(resolveToolSearchPaths(withEmpty, ["empty"])).toEqual({ toolIds: [], unknown: [] });
    expect(resolveToolSearchPaths(content, [])).toEqual({ toolIds: [], unknown: [] });
  });
});
