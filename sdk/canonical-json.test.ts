import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { canonicalJson, legacyCanonicalJson } from "./canonical-json";

const vectors = JSON.parse(readFileSync(path.join(import.meta.dirname, "testing", "jcs-vectors.json"), "utf8")) as Array<{ name: string; input: unknown; canonical: string }>;

describe("canonicalJson (RFC 8785)", () => {
  it.each(vectors.map((v) => [v.name, v] as const))("%s", (_name, vector) => {
    expect(canonicalJson(vector.input)).toBe(vector.canonical);
  });

  it("matches RFC 8785's own examples (3.2.2 and 3.2.3), written out here from the RFC", () => {
    const sample = JSON.parse('{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],"string":"\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/","literals":[null,true,false]}');
    expect(canonicalJson(sample)).toBe('{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}');
    const keys = Object.keys(JSON.parse(canonicalJson({ "€": 1, "\r": 2, "\ufb33": 3, "1": 4, "😀": 5, "\u0080": 6, "ö": 7 })) as object);
    // Parsing moves "1" first again (JavaScript's integer-key rule): compare the text instead.
    expect(keys).toContain("1");
    expect(canonicalJson({ "€": 1, "\r": 2, "\ufb33": 3, "1": 4, "😀": 5, "\u0080": 6, "ö": 7 })).toBe('{"\\r":2,"1":4,"\u0080":6,"ö":7,"€":1,"😀":5,"\ufb33":3}');
  });

  it("is independent of key order and drops undefined members", () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: undefined } })).toBe('{"a":{"d":[{"y":2,"z":1}]},"b":1}');
  });

  it("differs from the v1 form only for integer-like keys", () => {
    const plain = vectors.filter((v) => !v.name.startsWith("integer-like") && !v.name.startsWith("RFC 8785 3.2.3"));
    for (const v of plain) expect(legacyCanonicalJson(v.input)).toBe(v.canonical);
    expect(legacyCanonicalJson({ "10": 0, "9": 0, a: 0 })).toBe('{"9":0,"10":0,"a":0}');
    expect(canonicalJson({ "10": 0, "9": 0, a: 0 })).toBe('{"10":0,"9":0,"a":0}');
  });
});
