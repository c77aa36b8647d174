// BM25 formulas. The `F32` variants compute step by step in f32 exactly as the Rust `bm25` crate 2.3.2
// does; the f64 variants are the same formulas for the stockroom profile. Both take ln from `lnF32`
// (correctly rounded), because Math.log may differ in the last bit between JS engines.
import { f32, lnF32 } from "../numeric/f32";

/** The crate's avgdl when it has none (empty corpus, or a mean of 0). */
export const FALLBACK_AVGDL = 256;

/** idf = ln(1 + (N − n + 0.5) / (n + 0.5)), in f32. */
export function idfF32(documentCount: number, documentFrequency: number): number {
  const n = f32(documentFrequency);
  const numerator = f32(f32(f32(documentCount) - n) + 0.5);
  const denominator = f32(n + 0.5);
  return lnF32(f32(1 + f32(numerator / denominator)));
}

/** K = 1 − b + b · dl / avgdl, the length normalisation, in f32. */
export function lengthNormF32(docLength: number, avgdl: number, b: number): number {
  const bf = f32(b);
  return f32(f32(1 - bf) + f32(bf * f32(f32(docLength) / f32(avgdl))));
}

/** tf · (k1 + 1) / (tf + k1 · K): the per-document term weight the crate stores in its embedding. */
export function termWeightF32(tf: number, lengthNorm: number, k1: number): number {
  const k = f32(k1);
  const tff = f32(tf);
  return f32(f32(tff * f32(k + 1)) / f32(tff + f32(k * lengthNorm)));
}

export function idf(documentCount: number, documentFrequency: number): number {
  return lnF32(1 + (documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

export function lengthNorm(docLength: number, avgdl: number, b: number): number {
  return 1 - b + (b * docLength) / avgdl;
}

export function termWeight(tf: number, norm: number, k1: number): number {
  return (tf * (k1 + 1)) / (tf + k1 * norm);
}
