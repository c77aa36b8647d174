import { describe, expect, it } from "vitest";
import { safeNextPath } from "./safe-next-path";

/** What browsers do with a path handed to `location` or `router.push`: resolve it against the page. */
const landsOn = (path: string) => new URL(path, "http://app.test:3000/sign-in").origin;

/** `next` values that browsers or servers read as another site (issue 33, item 1). */
const HOSTILE_NEXT = [
  "https://evil.test/x",
  "http:evil.test",
  "//evil.test/x",
  "///evil.test/x",
  "/\\evil.test/x",
  "\\\\evil.test/x",
  "/\t/evil.test/x",
  "/\n/evil.test/x",
  "/\r/evil.test/x",
  "/\t\n\r/127.0.0.9:4999/x",
  "\t//evil.test",
  " //evil.test",
  "/%09/127.0.0.9:4999/x",
  "/%0a/evil.test",
  "/%0D/evil.test",
  "/%2F/evil.test",
  "/%2f%2fevil.test",
  "/%5Cevil.test",
  "%2F%2Fevil.test",
  "/%252F%252Fevil.test",
  "/%25252F%25252Fevil.test",
  "/%2525252F%2525252Fevil.test",
  "/..//evil.test",
  "/./..//evil.test",
  "/..%2F%2Fevil.test",
  "/x/../..//evil.test",
  "javascript:alert(1)",
  "/\u0000/evil.test",
  "/\u00a0//evil.test",
  "/%E0%A4%A",
  "data:text/html,<script>alert(1)</script>",
  "",
  "x".repeat(3000),
] as const;

describe("safeNextPath", () => {
  it.each(HOSTILE_NEXT.map((next) => [JSON.stringify(next).slice(0, 60), next]))("keeps %s on this app", (_, next) => {
    const path = safeNextPath(next);
    expect(path).toBe("/");
    expect(landsOn(path)).toBe("http://app.test:3000");
  });

  it("keeps paths of this app, query and fragment included", () => {
    for (const path of ["/", "/invite/abc-DEF_123", "/t/acme/tools?tab=all&q=a%20b#top", "/account", "/t/a/b/tools/x"])
      expect(safeNextPath(path)).toBe(path);
  });

  it("returns the resolved path, never the raw text", () => {
    expect(safeNextPath("/t/acme/../account")).toBe("/t/account");
  });

  it("refuses what is not a string", () => {
    for (const value of [undefined, null, 42, ["/a"], { path: "/a" }]) expect(safeNextPath(value)).toBe("/");
  });
});
