import { describe, expect, it } from "vitest";
import { firstRequestTools, namespaceDescriptionIn } from "./first-request";
import { SNAPSHOT_FORMAT, type SnapshotContent, type SnapshotTool } from "../snapshot/verify";
import { buildToolSearchOutput } from "./tool-search-output";

const tool = (ns: string, name: string): SnapshotTool => ({
  id: `${ns}.${name}`,
  namespace: ns,
  name,
  exposure: "deferred",
  fallback: "direct",
  searchText: name,
  spec: {
    type: "function",
    name,
    description: `${name}.`,
    parameters: { type: "object", properties: {} },
    strict: false,
  },
});

const content: SnapshotContent = {
  format: SNAPSHOT_FORMAT,
  catalog: { team: "t", slug: "c", name: "C" },
  engine: { profile: "stockroom", k1: 1.2, b: 0.75, defaultLimit: 8 },
  // "weather" has a blank description and "files" no entry at all: both must still go out described.
  namespaces: [
    { name: "crm", description: "Customer tools." },
    { name: "weather", description: "  " },
  ],
  tools: [
    tool("crm", "find"),
    ...["a", "b", "c", "d", "e", "f", "g", "h"].map((n) => tool("weather", `get_${n}`)),
    tool("files", "read"),
  ],
};

describe("deferred namespace descriptions", () => {
  it("are never empty: a namespace without one gets one generated from its tools' names", () => {
    expect(namespaceDescriptionIn(content, "crm")).toBe("Customer tools.");
    expect(namespaceDescriptionIn(content, "weather")).toBe(
      "Tools in weather: get_a, get_b, get_c, get_d, get_e, get_f, and 2 more.",
    );
    expect(namespaceDescriptionIn(content, "files")).toBe("Tools in files: read.");
  });

  it("go out the same on turn one and in tool_search_output", () => {
    const turnOne = firstRequestTools(content, { provider: "openai", supportsToolSearch: true }) as Array<{
      type: string;
      name: string;
      description?: string;
    }>;
    const namespaces = turnOne.filter((entry) => entry.type === "namespace");
    expect(namespaces.map((ns) => ns.name).sort()).toEqual(["crm", "files", "weather"]);
    for (const ns of namespaces) expect(ns.description?.trim()).toBeTruthy();
    const output = buildToolSearchOutput(content, "call-1", [content.tools[1]!, content.tools[9]!]);
    const described = Object.fromEntries(
      (output.tools as Array<{ name: string; description: string }>).map((ns) => [ns.name, ns.description]),
    );
    expect(described).toEqual({
      weather: namespaces.find((ns) => ns.name === "weather")!.description,
      files: "Tools in files: read.",
    });
  });
});
