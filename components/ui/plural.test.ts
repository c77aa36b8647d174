import { describe, expect, it } from "vitest";
import { plural } from "./plural";

describe("plural", () => {
  it("says 1 tool and 2 tools, 1 query and 0 queries", () => {
    expect(plural(1, "tool")).toBe("1 tool");
    expect(plural(2, "tool")).toBe("2 tools");
    expect(plural(0, "query", "queries")).toBe("0 queries");
    expect(plural(1, "query", "queries")).toBe("1 query");
    expect(plural(1234, "tool")).toBe("1,234 tools");
  });
});
