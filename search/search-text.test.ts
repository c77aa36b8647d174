import { describe, expect, it } from "vitest";
import { effectiveSearchText, generateSearchText, type SearchTextTool } from "./index";

const TOOL: SearchTextTool = {
  name: "list_open-orders",
  description: "List open orders by customer ID.",
  namespace: { name: "crm", description: "Customer profile and order tools." },
  parameters: {
    type: "object",
    properties: {
      customer_id: { type: "string", description: "The customer's ID" },
      filter: {
        type: "object",
        description: "Optional filter",
        properties: {
          status: { type: "string", description: "Order status" },
          tags: { type: "array", items: { type: "object", properties: { label: { description: "Tag label" } } } },
        },
      },
      window: { anyOf: [{ type: "object", properties: { since: { description: "Start date" } } }, { type: "null" }] },
    },
  },
  mcpServer: "acme-crm",
  mcpTitle: "List open orders",
};

describe("generateSearchText", () => {
  it("joins name, spaced name, namespace, description, parameters and MCP metadata in order", () => {
    expect(generateSearchText(TOOL)).toBe(
      [
        "list_open-orders",
        "list open orders",
        "crm",
        "Customer profile and order tools.",
        "List open orders by customer ID.",
        "customer_id",
        "The customer's ID",
        "filter",
        "Optional filter",
        "status",
        "Order status",
        "tags",
        "label",
        "Tag label",
        "window",
        "since",
        "Start date",
        "acme-crm",
        "List open orders",
      ].join(" "),
    );
  });

  it("skips what is missing and never repeats an unchanged name", () => {
    expect(generateSearchText({ name: "fetch", description: "Fetch a URL." })).toBe("fetch Fetch a URL.");
    expect(generateSearchText({ name: "x", description: "", parameters: "not a schema", namespace: null })).toBe("x");
  });

  it("survives cyclic schemas", () => {
    const schema: Record<string, unknown> = { type: "object", properties: {} };
    (schema.properties as Record<string, unknown>).self = schema;
    expect(generateSearchText({ name: "loop", description: "d", parameters: schema })).toBe("loop d self");
  });
});

describe("effectiveSearchText", () => {
  it("applies the mode", () => {
    const generated = generateSearchText(TOOL);
    expect(effectiveSearchText(TOOL)).toBe(generated);
    expect(effectiveSearchText({ ...TOOL, searchTextMode: "generated", searchTextExtra: "ignored" })).toBe(generated);
    expect(effectiveSearchText({ ...TOOL, searchTextMode: "generated+extra", searchTextExtra: "backlog 订单" })).toBe(
      `${generated} backlog 订单`,
    );
    expect(effectiveSearchText({ ...TOOL, searchTextMode: "override", searchTextOverride: "only this" })).toBe(
      "only this",
    );
  });

  it("falls back to the generated text for a blank override or extra", () => {
    const generated = generateSearchText(TOOL);
    expect(effectiveSearchText({ ...TOOL, searchTextMode: "override", searchTextOverride: "  " })).toBe(generated);
    expect(effectiveSearchText({ ...TOOL, searchTextMode: "generated+extra", searchTextExtra: null })).toBe(generated);
  });
});
