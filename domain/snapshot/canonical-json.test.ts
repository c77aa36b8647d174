import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalJson, canonicalJsonChunks, legacyCanonicalJson, referenceCanonicalJson } from "./canonical-json";

const vectors = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "testing", "jcs-vectors.json"), "utf8"),
) as Array<{ name: string; input: unknown; canonical: string }>;

describe("canonicalJson (RFC 8785)", () => {
  it.each(vectors.map((v) => [v.name, v] as const))("%s", (_name, vector) => {
    expect(canonicalJson(vector.input)).toBe(vector.canonical);
  });

  it("matches RFC 8785's own examples (3.2.2 and 3.2.3), written out here from the RFC", () => {
    const sample = JSON.parse(
      '{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],"string":"\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/","literals":[null,true,false]}',
    );
    expect(canonicalJson(sample)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
    const keys = Object.keys(
      JSON.parse(canonicalJson({ "€": 1, "\r": 2, "\ufb33": 3, "1": 4, "😀": 5, "\u0080": 6, ö: 7 })) as object,
    );
    // Parsing moves "1" first again (JavaScript's integer-key rule): compare the text instead.
    expect(keys).toContain("1");
    expect(canonicalJson({ "€": 1, "\r": 2, "\ufb33": 3, "1": 4, "😀": 5, "\u0080": 6, ö: 7 })).toBe(
      '{"\\r":2,"1":4,"\u0080":6,"ö":7,"€":1,"😀":5,"\ufb33":3}',
    );
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

/** Any JSON value (small), with object keys from `key` and strings from `text`. */
function jsonValues(key: fc.Arbitrary<string>, text: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  return fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: "small" },
      text,
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      tie("array"),
      tie("object"),
    ),
    array: fc.array(tie("value"), { maxLength: 5 }),
    object: fc.dictionary(key, tie("value"), { maxKeys: 6 }),
  })).value;
}

describe("canonicalJson's fast path", () => {
  it("writes exactly what canonicalize writes, for any JSON value (fast-check)", () => {
    const key = fc.oneof(
      fc.string(),
      fc.constantFrom("9", "10", "0", "01", "__proto__", "4294967294", "4294967295", "😀", "\ufb33", "€"),
    );
    const json = jsonValues(key, fc.string({ unit: "binary" }));
    fc.assert(
      fc.property(json, (value) => {
        let reference: string;
        try {
          reference = referenceCanonicalJson(value);
        } catch {
          return true; // a lone surrogate somewhere
        }
        expect(canonicalJson(value)).toBe(reference);
      }),
      { numRuns: 2000 },
    );
  });

  it("writes objects partly in canonical order already (kept as they are, not copied) as canonicalize does", () => {
    const ordered = { a: [1, { b: 2, c: "x" }], d: { e: null } };
    const mixed = { z: ordered, a: ordered.a, m: { y: 1, x: [ordered.d] } };
    expect(canonicalJson(ordered)).toBe(referenceCanonicalJson(ordered));
    expect(canonicalJson(mixed)).toBe(referenceCanonicalJson(mixed));
    expect(canonicalJson({ a: 1, b: undefined, c: [undefined, 2] })).toBe('{"a":1,"c":[null,2]}');
  });

  it("cuts into pieces that join to exactly the whole (fast-check, objects with array members)", () => {
    const key = fc.oneof(fc.string(), fc.constantFrom("9", "10", "__proto__", "tools", "😀", "€"));
    const json = { value: jsonValues(key, fc.string()) };
    const top = fc.oneof(
      fc.dictionary(key, fc.oneof(json.value, fc.array(json.value, { maxLength: 6 })), { maxKeys: 6 }),
      json.value,
    );
    fc.assert(
      fc.property(top, (value) => {
        const chunks = canonicalJsonChunks(value);
        expect(chunks.join("")).toBe(canonicalJson(value));
        expect(chunks.join("")).toBe(referenceCanonicalJson(value));
      }),
      { numRuns: 2000 },
    );
    expect(canonicalJsonChunks({ b: [1, { y: 1, x: 2 }], a: [] })).toEqual([
      '{"a":',
      "[]",
      ',"b":',
      "[1",
      ',{"x":2,"y":1}',
      "]",
      "}",
    ]);
    expect(canonicalJsonChunks({})).toEqual(["{}"]);
  });

  it("keeps a __proto__ key as a key", () => {
    const value = JSON.parse('{"b":1,"__proto__":{"x":2}}') as unknown;
    expect(canonicalJson(value)).toBe('{"__proto__":{"x":2},"b":1}');
  });
});
