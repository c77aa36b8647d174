// f32 arithmetic that matches Rust's `f32` bit for bit. JS numbers are f64; an f64 result of one
// +, −, ×, ÷ on f32 operands rounded with Math.fround is the correctly rounded f32 result (53 ≥ 2·24 + 2).
// Math.log is not specified to the last bit, so `lnF32` rounds correctly on its own (see below).

export const f32 = Math.fround;

const scratch = new DataView(new ArrayBuffer(4));

function bitsOf(x: number): number {
  scratch.setFloat32(0, x);
  return scratch.getInt32(0);
}

function fromBits(bits: number): number {
  scratch.setInt32(0, bits);
  return scratch.getFloat32(0);
}

/** The next f32 after `x` (an f32) in the direction of `toward`. */
export function nextF32(x: number, toward: number): number {
  if (x === toward) return x;
  if (x === 0) return toward > 0 ? fromBits(1) : fromBits(0x80000001 | 0);
  const bits = bitsOf(x);
  const up = toward > x === x > 0;
  return fromBits(up ? bits + 1 : bits - 1);
}

const FRACTION_BITS = 420n;
const ONE = 1n << FRACTION_BITS;

/** `value` (a finite f64) as a fixed-point BigInt with FRACTION_BITS fraction bits, exactly. */
function toFixed(value: number): bigint {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const exponent = (hi >>> 20) & 0x7ff;
  let mantissa = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let shift: number;
  if (exponent === 0) {
    shift = -1074;
  } else {
    mantissa |= 1n << 52n;
    shift = exponent - 1075;
  }
  const total = BigInt(shift) + FRACTION_BITS;
  const magnitude = total >= 0n ? mantissa << total : mantissa >> -total;
  return value < 0 ? -magnitude : magnitude;
}

/** exp(t) in fixed point by its Taylor series; only used on the rare near-tie path. */
function expFixed(t: bigint): bigint {
  const negative = t < 0n;
  const x = negative ? -t : t;
  let sum = ONE;
  let term = ONE;
  for (let n = 1n; n < 2000n; n++) {
    term = (term * x) / (ONE * n);
    if (term === 0n) break;
    sum += term;
  }
  // exp(-x) = 1 / exp(x)
  return negative ? (ONE * ONE) / sum : sum;
}

/**
 * ln(x) correctly rounded to f32 (what glibc's `logf`, and so Rust's `f32::ln`, returns).
 * Math.log is within about one f64 ulp; only when its result lies within a few f64 ulps of the
 * midpoint between two f32s is the side of the midpoint settled exactly, by comparing x with exp(midpoint).
 */
export function lnF32(x: number): number {
  const approx = Math.log(x);
  if (!Number.isFinite(approx) || approx === 0) return Math.fround(approx);
  const nearest = Math.fround(approx);
  if (nearest === approx) return nearest;
  const neighbour = nextF32(nearest, approx);
  const midpoint = (nearest + neighbour) / 2;
  const tolerance = Math.abs(approx) * 2 ** -49;
  if (Math.abs(approx - midpoint) > tolerance) return nearest;
  const isAboveMidpoint = toFixed(x) > expFixed(toFixed(midpoint));
  return isAboveMidpoint ? Math.max(nearest, neighbour) : Math.min(nearest, neighbour);
}

/** Shortest decimal digits that read back as the same f32, as Rust's `{:?}` prints an f32. */
export function formatF32(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  for (let digits = 1; digits <= 9; digits++) {
    const text = x.toPrecision(digits);
    if (Math.fround(Number(text)) === x) {
      const plain = String(Number(text));
      return plain.includes(".") || plain.includes("e") ? plain : `${plain}.0`;
    }
  }
  return String(x);
}
