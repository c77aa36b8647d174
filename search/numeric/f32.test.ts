import { describe, expect, it } from "vitest";
import { idfF32 } from "../bm25/formulas";
import { f32, formatF32, lnF32, nextF32 } from "./f32";

// Independent reference: ln(x) = 2·atanh((x − 1)/(x + 1)) with BigInt fixed point (not the exp-based
// tie check lnF32 uses), then the f32 nearest to it.
const BITS = 200n;
const ONE = 1n << BITS;

function fixed(x: number): bigint {
  // x is an f32 here: x · 2^60 is an integer for the inputs used, so BigInt(x · 2^60) is exact.
  return (BigInt(Math.round(x * 2 ** 60)) << BITS) >> 60n;
}

function lnReference(x: number): bigint {
  let scaled = x;
  let exponent = 0n;
  while (scaled > 1.5) [scaled, exponent] = [scaled / 2, exponent + 1n];
  while (scaled < 0.75) [scaled, exponent] = [scaled * 2, exponent - 1n];
  const atanh = (num: bigint, den: bigint): bigint => {
    const t = (num * ONE) / den;
    const t2 = (t * t) >> BITS;
    let term = t;
    let sum = 0n;
    for (let k = 1n; term !== 0n; k += 2n) {
      sum += term / k;
      term = (term * t2) / ONE; // truncates toward zero, so negative terms reach 0 too
    }
    return 2n * sum;
  };
  const m = fixed(scaled);
  const ln2 = atanh(1n, 3n);
  return atanh(m - ONE, m + ONE) + exponent * ln2;
}

function correctlyRounded(x: number): number {
  const reference = lnReference(x);
  const guess = f32(Math.log(x));
  const candidates = [nextF32(guess, -Infinity), guess, nextF32(guess, Infinity)];
  const distance = (c: number) => {
    const d = fixed(c) - reference;
    return d < 0n ? -d : d;
  };
  return candidates.reduce((best, c) => (distance(c) < distance(best) ? c : best));
}

describe("lnF32", () => {
  it("is the correctly rounded f32 ln on every idf input of the parity corpus (N = 47, 50)", () => {
    for (const documentCount of [47, 50]) {
      for (let n = 0; n <= documentCount; n++) {
        const numerator = f32(f32(documentCount - n) + 0.5);
        const input = f32(1 + f32(numerator / f32(n + 0.5)));
        expect(lnF32(input), `N=${documentCount} n=${n}`).toBe(correctlyRounded(input));
      }
    }
  });

  it("is correctly rounded on a spread of f32 inputs", () => {
    let seed = 12345;
    for (let i = 0; i < 400; i++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      const input = f32(1 + (seed / 2 ** 32) * 2000);
      expect(lnF32(input), String(input)).toBe(correctlyRounded(input));
    }
  });

  it("matches the crate's scorer test values", () => {
    // it_only_matches_embeddings_with_non_zero_score: N = 2, the term in 1 document, weight 1.0
    expect(formatF32(idfF32(2, 1))).toBe("0.6931472");
    // it_sorts_matches_by_score: N = 2, the term in both documents, weights 1.0 and 0.9
    expect(formatF32(idfF32(2, 2))).toBe("0.1823216");
    expect(formatF32(f32(idfF32(2, 2) * f32(0.9)))).toBe("0.16408943");
  });
});

describe("formatF32", () => {
  it("prints the shortest digits that read back as the same f32, like Rust's {:?}", () => {
    expect(formatF32(1)).toBe("1.0");
    expect(formatF32(f32(1.375))).toBe("1.375");
    expect(formatF32(f32(0.1823216))).toBe("0.1823216");
  });
});
