import { describe, expect, it } from "vitest";
import { matchesEtag, pickEncoding } from "./negotiate";

describe("pickEncoding", () => {
  it("prefers brotli, honours q-values and wildcards, and falls back to identity", () => {
    expect(pickEncoding(null)).toBeNull();
    expect(pickEncoding("")).toBeNull();
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0.5, gzip;q=0.9")).toBe("gzip");
    expect(pickEncoding("GZIP;Q=1")).toBe("gzip");
    expect(pickEncoding("*")).toBe("br");
    expect(pickEncoding("*, br;q=0")).toBe("gzip");
    expect(pickEncoding("identity, deflate")).toBeNull();
    expect(pickEncoding("*;q=0")).toBeNull();
  });
});

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
