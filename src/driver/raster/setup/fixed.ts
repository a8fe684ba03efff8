/**
 * Fixed-point screen positions: vertices are snapped to 1/256 pixel (8
 * fractional bits, the precision D3D10+ requires; D3D9 states none, reference E)
 * so coverage is decided by exact integer edge functions, never by float ties.
 *
 * Integers are held in doubles: with positions bounded by the guard band
 * (±2^17 pixels, clip.ts) edge values stay below 2^52 and every product and
 * step below is exact.
 */

export const SUBPIXEL_BITS = 8;
/** one pixel in fixed-point units */
export const ONE = 1 << SUBPIXEL_BITS;
/** half a pixel in fixed-point units */
export const HALF = ONE >> 1;

/** A screen coordinate in 1/256 pixel, rounded to nearest with ties to even. */
export function snap(v: number): number {
  const s = v * ONE;
  let r = Math.round(s);
  if (r - s === 0.5 && r % 2 !== 0) r -= 1;
  return r;
}

/** ⌊n / d⌋ for exact integers n and d > 0 (the float quotient corrected by exact products). */
export function floorDiv(n: number, d: number): number {
  let q = Math.floor(n / d);
  if (q * d > n) q -= 1;
  else if ((q + 1) * d <= n) q += 1;
  return q;
}

/** ⌈n / d⌉ for exact integers n and d > 0. */
export function ceilDiv(n: number, d: number): number {
  return 0 - floorDiv(-n, d); // 0 − q, not −q: never −0
}
