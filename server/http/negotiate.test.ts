import { describe, expect, it } from "vitest";
import { chooseEncoding, matchesEtag } from "./negotiate";

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

describe("chooseEncoding", () => {
  it("prefers br, then gzip, honouring q-values, and falls back to identity", () => {
    expect(chooseEncoding(null)).toBe("identity");
    expect(chooseEncoding("")).toBe("identity");
    expect(chooseEncoding("gzip, deflate, br")).toBe("br");
    expect(chooseEncoding("gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0.5, gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0")).toBe("identity");
    expect(chooseEncoding("deflate")).toBe("identity");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("identity")).toBe("identity");
  });
});
