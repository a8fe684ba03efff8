/**
 * D24FS8's depth: an unsigned 24-bit float, "20e4" (reference A.4, after d3dref9's CFloat24):
 * exponent in bits 23:20 with bias 15, mantissa in bits 19:0, denormals when the exponent is 0,
 * no sign, no Inf or NaN; codes span [0, 2 − 2^-20].
 */
import { float32Bits } from '../../d3d9/float-bits.js';

/** The largest code, 0xFFFFFF = 2 − 2^-20 = 1.99999905. */
export const FLOAT20E4_MAX_CODE = 0xffffff;

/** float32 bits of the largest code: 2 − 2^-20 (mantissa 0x7FFFF8); at or above it saturates. */
const MAX_F32_BITS = 0x3ffffff8;
/** float32 bits of 2^-14, the smallest normal 20e4 value (code 0x100000). */
const MIN_NORMAL_F32_BITS = 0x38800000;
/** float32 exponent bias minus 20e4's (127 − 15 = 112), placed in float32's exponent field. */
const REBIAS = 112 << 23;

/**
 * The exact value of a 20e4 code (A.4): e = 0 → m·2^-34; else (1 + m/2^20)·2^(e−15).
 * Every code is exactly a float32, so the result needs no rounding.
 */
export function decodeFloat20e4(code: number): number {
  const e = (code >>> 20) & 0xf;
  const m = code & 0xfffff;
  if (e === 0) return m * 2 ** -34;
  return (0x100000 + m) * 2 ** (e - 35);
}

/**
 * The 20e4 code of `f` (A.4). `f` is first rounded to float32, as D3D's depth is; then rounded to
 * the nearest code, ties to even, denormals included. NaN, zero and negatives → 0; 2 − 2^-20 and
 * above (+Inf included) saturate to 0xFFFFFF.
 */
export function encodeFloat20e4(f: number): number {
  if (!(f > 0)) return 0;
  const bits = float32Bits(f);
  if (bits >= MAX_F32_BITS) return FLOAT20E4_MAX_CODE;
  if (bits >= MIN_NORMAL_F32_BITS) {
    // same layout once rebiased: 4-bit exponent at 26:23, 23-bit mantissa; drop 3 bits
    return roundShiftEven(bits - REBIAS, 3);
  }
  // below 2^-14: code = f·2^34 = M·2^(E−116) with M the 24-bit significand, E the float32 exponent
  const e32 = bits >>> 23;
  if (e32 === 0) return 0; // float32 denormals are below 2^-126, far under half a 20e4 step (2^-35)
  const shift = 116 - e32; // ≥ 4, since E ≤ 112 here
  if (shift > 25) return 0; // f < 2^-36: under half of the smallest step
  // a carry out of the 20-bit mantissa gives 0x100000 = 2^-14, the right neighbour
  return roundShiftEven(0x800000 | (bits & 0x7fffff), shift);
}

/**
 * `v >>> n` rounded to nearest, ties to even, looking at every dropped bit (the reference's
 * formula keeps only 3 dropped bits, which is exact for normals but not for denormals).
 */
function roundShiftEven(v: number, n: number): number {
  const q = v >>> n;
  const rest = v & ((1 << n) - 1);
  const half = 1 << (n - 1);
  return rest > half || (rest === half && (q & 1) === 1) ? q + 1 : q;
}
