import { describe, expect, it } from "vitest";
import { exactTime, timeAgo } from "./format-time";
import { plural } from "./plural";

describe("the app's date format and plurals", () => {
  const now = Date.parse("2026-12-01T19:40:00Z");
  it("says how long ago, in words", () => {
    expect(timeAgo(new Date(now - 20_000), now)).toBe("just now");
    expect(timeAgo(new Date(now - 3 * 60_000), now)).toBe("3 minutes ago");
    expect(timeAgo(new Date(now - 86_400_000), now)).toBe("yesterday");
    expect(timeAgo(new Date(now - 9 * 86_400_000), now)).toBe("last week");
    expect(timeAgo(new Date(now + 2 * 3_600_000), now)).toBe("in 2 hours");
  });
  it("gives the absolute time in UTC, the same in every time zone", () => {
    expect(exactTime(new Date("2026-12-01T09:05:59Z"))).toBe("1 Dec 2026, 09:05 UTC");
  });
  it("puts the word in the right form for the count", () => {
    expect(plural(1, "tool")).toBe("1 tool");
    expect(plural(2, "tool")).toBe("2 tools");
    expect(plural(0, "tool")).toBe("0 tools");
    expect(plural(1, "query", "queries")).toBe("1 query");
    expect(plural(1200, "query", "queries")).toBe("1,200 queries");
  });
});
