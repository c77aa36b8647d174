import { describe, expect, it } from "vitest";
import { hstsHeader, newNonce, pageSecurityHeaders } from "./page-security";

describe("page security headers", () => {
  it("allows scripts by nonce only (no 'unsafe-inline'), eval only in development", () => {
    const nonce = newNonce();
    const csp = pageSecurityHeaders({ nonce, isDev: false, publicUrl: "http://localhost:3000" })[
      "Content-Security-Policy"
    ]!;
    const scripts = csp.split("; ").find((d) => d.startsWith("script-src "))!;
    expect(scripts).toBe(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(pageSecurityHeaders({ nonce, isDev: true, publicUrl: undefined })["Content-Security-Policy"]).toContain(
      "'unsafe-eval'",
    );
  });

  it("makes a fresh 128-bit nonce each time", () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(atob(nonce)).toHaveLength(16);
  });

  it("sends HSTS only when the public URL is https", () => {
    expect(hstsHeader("https://stockroom.example.com")).toEqual({
      "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
    });
    expect(hstsHeader("http://localhost:3000")).toEqual({});
    expect(hstsHeader(undefined)).toEqual({});
    expect(pageSecurityHeaders({ nonce: "n", isDev: false, publicUrl: "https://x.example" })).toHaveProperty(
      "Strict-Transport-Security",
    );
  });
});
