import { describe, expect, it } from "vitest";
import { healthHref, parseHealthParams, playgroundHref, toolHref } from "./links";

describe("Health tab links", () => {
  it("reads the filters from the URL, ignoring what is malformed", () => {
    expect(parseHealthParams({ category: "safety", severity: "error", tool: " github. ", page: "3" })).toEqual({
      category: "safety",
      severity: "error",
      tool: "github.",
      page: 3,
    });
    expect(parseHealthParams({ category: "style", severity: ["warning", "error"], tool: "  ", page: "-1" })).toEqual({
      category: null,
      severity: "warning",
      tool: null,
      page: 1,
    });
    expect(parseHealthParams({ page: "1e9" }).page).toBe(1);
  });

  it("writes them back, and links requests and tools with their text escaped", () => {
    const base = "/t/demo/mcp-tools";
    expect(healthHref(base, { category: "confusion", tool: "a&b", page: 1 })).toBe(
      "/t/demo/mcp-tools/health?category=confusion&tool=a%26b",
    );
    expect(healthHref(base, {})).toBe("/t/demo/mcp-tools/health");
    expect(playgroundHref(base, 'find "x" & <y>?')).toBe("/t/demo/mcp-tools/playground?q=find+%22x%22+%26+%3Cy%3E%3F");
    expect(toolHref(base, "abc/../x")).toBe("/t/demo/mcp-tools/tools/abc%2F..%2Fx");
    expect(new URLSearchParams(playgroundHref(base, "a+b c").split("?")[1]).get("q")).toBe("a+b c");
  });
});
