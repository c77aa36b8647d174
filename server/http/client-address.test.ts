import { describe, expect, it } from "vitest";
import { parseEnv } from "../env";
import { clientAddressOf, parseTrustedProxies } from "./client-address";

describe("clientAddressOf", () => {
  const trusted = parseTrustedProxies("10.0.0.0/8, 2001:db8::1");

  it("uses the socket's peer and ignores X-Forwarded-For from an unlisted peer", () => {
    expect(clientAddressOf("198.51.100.7", "1.2.3.4", trusted)).toBe("198.51.100.7");
    expect(clientAddressOf("::ffff:198.51.100.7", undefined, [])).toBe("198.51.100.7");
  });

  it("takes the nearest untrusted hop when the peer is a listed proxy", () => {
    expect(clientAddressOf("10.1.2.3", "6.6.6.6, 203.0.113.9", trusted)).toBe("203.0.113.9");
    expect(clientAddressOf("10.1.2.3", "203.0.113.9, 10.4.4.4", trusted)).toBe("203.0.113.9");
    expect(clientAddressOf("2001:db8::1", "203.0.113.10", trusted)).toBe("203.0.113.10");
    expect(clientAddressOf("10.1.2.3", "garbage, 203.0.113.9", trusted)).toBe("203.0.113.9");
    expect(clientAddressOf("10.1.2.3", "203.0.113.9, garbage", trusted)).toBe("10.1.2.3");
  });

  it("is configured with STOCKROOM_TRUSTED_PROXIES, and a bad entry names the variable", () => {
    expect(parseEnv({ STOCKROOM_TRUSTED_PROXIES: "127.0.0.1, 10.0.0.0/8" }).STOCKROOM_TRUSTED_PROXIES).toHaveLength(2);
    expect(parseEnv({}).STOCKROOM_TRUSTED_PROXIES).toEqual([]);
    expect(() => parseEnv({ STOCKROOM_TRUSTED_PROXIES: "10.0.0.0/33" })).toThrow(
      /STOCKROOM_TRUSTED_PROXIES: "10.0.0.0\/33" is not an IP/,
    );
    expect(() => parseEnv({ STOCKROOM_MAX_TOOLS_PER_CATALOG: "0" })).toThrow(
      /STOCKROOM_MAX_TOOLS_PER_CATALOG: must be at least 1/,
    );
    expect(() => parseEnv({ STOCKROOM_SMTP_URL: "http://x" })).toThrow(/STOCKROOM_SMTP_URL/);
  });
});
