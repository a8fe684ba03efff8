/**
 * Exact channel conversions between stored codes and float32 (reference C.3,
 * C.5), shared by the D3D9 codec and the DXGI formats. Every float result is a float32 (Math.fround), as a shader register
 * holds it; every float input is first taken as the float32 a shader writes.
 */
import { linearToSrgb, srgbToLinear } from './srgb.js';

const f32 = Math.fround;

/** The largest code of an n-bit unsigned field. */
function maxCode(bits: number): number {
  return 2 ** bits - 1;
}

/** An n-bit two's-complement field as a signed integer. */
export function signExtend(code: number, bits: number): number {
  const half = 2 ** (bits - 1);
  const c = code & maxCode(bits);
  return c >= half ? c - 2 * half : c;
}

/** UNORM→FLOAT: c / (2^n − 1) (C.5). */
export function unormToFloat(code: number, bits: number): number {
  return f32((code & maxCode(bits)) / maxCode(bits));
}

/**
 * FLOAT→UNORM (C.5): NaN→0, clamp to [0,1], ·(2^n−1), +0.5, truncate: round half
 * up on the exact product (a float32 times 2^n−1, plus 0.5, is exact in a double).
 */
export function floatToUnorm(value: number, bits: number): number {
  const c = f32(value);
  if (!(c > 0)) return 0; // NaN, −INF, negatives and ±0
  if (c >= 1) return maxCode(bits);
  return Math.floor(c * maxCode(bits) + 0.5);
}

/** SNORM→FLOAT (C.5): the most negative code reads −1, the others c / (2^(n−1) − 1). */
export function snormToFloat(code: number, bits: number): number {
  const max = 2 ** (bits - 1) - 1;
  const v = signExtend(code, bits);
  return v < -max ? -1 : f32(v / max);
}

/** FLOAT→SNORM (C.5): NaN→0, clamp to [−1,1], ·(2^(n−1)−1), ±0.5 away from 0, truncate; the field's bits. */
export function floatToSnorm(value: number, bits: number): number {
  const max = 2 ** (bits - 1) - 1;
  let c = f32(value);
  if (c !== c) c = 0;
  c = c < -1 ? -1 : c > 1 ? 1 : c;
  const s = Math.trunc(c >= 0 ? c * max + 0.5 : c * max - 0.5);
  return s & maxCode(bits);
}

/** SRGB→FLOAT, the ideal curve of C.5, computed in double and stored as float32. */
export function srgbToFloat(code: number, bits = 8): number {
  return f32(srgbToLinear((code & maxCode(bits)) / maxCode(bits)));
}

/** FLOAT→SRGB (C.5): NaN→0, clamp to [0,1], the ideal curve, ·(2^n−1), +0.5, truncate. */
export function floatToSrgb(value: number, bits = 8): number {
  const c = f32(value);
  if (!(c > 0)) return 0;
  if (c >= 1) return maxCode(bits);
  return Math.floor(linearToSrgb(c) * maxCode(bits) + 0.5);
}

/** UINT→FLOAT: the integer itself. */
export function uintToFloat(code: number, bits: number): number {
  return code & maxCode(bits);
}

/** SINT→FLOAT: the sign-extended integer. */
export function sintToFloat(code: number, bits: number): number {
  return signExtend(code, bits);
}

/** Round to nearest, ties to even: C.5's default for an integer target. */
function roundHalfEven(v: number): number {
  const fl = Math.floor(v);
  const d = v - fl;
  return d > 0.5 || (d === 0.5 && fl % 2 !== 0) ? fl + 1 : fl;
}

/** FLOAT→UINT (C.5): NaN→0, clamp to [0, 2^n−1], round to nearest even. */
export function floatToUint(value: number, bits: number): number {
  const c = f32(value);
  if (!(c > 0)) return 0;
  return roundHalfEven(Math.min(c, maxCode(bits)));
}

/** FLOAT→SINT (C.5): NaN→0, clamp to [−2^(n−1), 2^(n−1)−1], round to nearest even; the field's bits. */
export function floatToSint(value: number, bits: number): number {
  const c = f32(value);
  if (c !== c) return 0;
  const half = 2 ** (bits - 1);
  return roundHalfEven(c < -half ? -half : c > half - 1 ? half - 1 : c) & maxCode(bits);
}

/** XR_BIAS zero point and scale (reference C.3): v = (x − 0x180) / 510. */
export const XR_BIAS_OFFSET = 0x180;
export const XR_BIAS_SCALE = 510;

/** XR_BIAS→FLOAT, Microsoft's rule: float((x & 0x3FF) − 0x180) / 510 (C.3). */
export function xrToFloat(code: number): number {
  return f32(((code & 0x3ff) - XR_BIAS_OFFSET) / XR_BIAS_SCALE);
}

/**
 * FLOAT→XR_BIAS (C.3), the rule's steps in float32: NaN→0; c·510 (may overflow
 * to INF); +384; ≥ 1023 or +INF → 0x3FF; ≤ 0 or −INF → 0; else truncate.
 * Truncation is what the rule and DirectXMath do; taken on the float32 steps it
 * inverts every decoded code (on the exact product it would not: 510 of the
 * 1024 codes would come back one lower).
 */
export function floatToXr(value: number): number {
  const v = f32(value);
  if (v !== v) return 0;
  const c = f32(f32(v * XR_BIAS_SCALE) + XR_BIAS_OFFSET);
  if (c >= 0x3ff) return 0x3ff;
  if (c <= 0) return 0;
  return Math.trunc(c);
}

/** BGR8888 → XR_BIAS, lossless (reference C.3): a UNORM8 v becomes 384 + 2v. */
export function bgr8ToXr(v: number): number {
  return XR_BIAS_OFFSET + 2 * (v & 0xff);
}
