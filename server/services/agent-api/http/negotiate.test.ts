import { describe, expect, it } from "vitest";
import { matchesEtag } from "./negotiate";

describe("matchesEtag", () => {
  const etag = '"sha256-abc"';
  it("matches exact, weak and listed tags and *", () => {
    expect(matchesEtag(null, etag)).toBe(false);
    expect(matchesEtag('"sha256-abc"', etag)).toBe(true);
    expect(matchesEtag('W/"sha256-abc"', etag)).toBe(true);
    expect(matchesEtag('"x", "sha256-abc"', etag)).toBe(true);
    expect(matchesEtag("*", etag)).toBe(true);
    expect(matchesEtag('"sha256-ab"', etag)).toBe(false);
    expect(matchesEtag("sha256-abc", etag)).toBe(false);
  });
});
