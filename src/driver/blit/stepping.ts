/**
 * Where a StretchRect destination pixel reads its source (reference D: D3D
 * leaves the sampling positions to the driver; these are replay9's, exact and
 * shared by the reference blitter and the tables of the fast paths). All
 * indices are relative to their rect: destination index d in [0, dstLen),
 * source index in [0, srcLen).
 */

/**
 * POINT and NONE: the source texel under the destination pixel's centre,
 * floor((2d + 1)·srcLen / (2·dstLen)), in integers: a 1:1 copy reads d itself.
 * (Wine's CPU blitter steps (d·xinc) >> 16 with xinc = (srcLen << 16) / dstLen,
 * which samples pixel corners and drifts; this is the centre rule, exactly.)
 */
export function pointSource(d: number, srcLen: number, dstLen: number): number {
  // integers below 2^53, and the quotient's fraction is at least 1/(2·dstLen) from the next integer: floor is exact
  return Math.floor(((2 * d + 1) * srcLen) / (2 * dstLen));
}

/** A bilinear tap pair along one axis: texels i0 and i1 with weights 1 − f and f. */
export interface LinearTap {
  i0: number;
  i1: number;
  /** the weight of i1, in [0, 1); 0 means i0 alone */
  f: number;
}

/**
 * LINEAR: texel centres map onto texel centres, u = (d + 0.5)·srcLen/dstLen − 0.5
 * in float64 (that order of operations), clamped to [0, srcLen − 1] (the edge of
 * the source rect, not of the surface); i0 = floor(u), f = u − i0, i1 = i0 + 1
 * (i0 itself at the last texel, where f is 0). A 1:1 axis gives u = d, f = 0.
 */
export function linearTap(d: number, srcLen: number, dstLen: number): LinearTap {
  let u = ((d + 0.5) * srcLen) / dstLen - 0.5;
  if (u < 0) u = 0;
  else if (u > srcLen - 1) u = srcLen - 1;
  const i0 = Math.floor(u);
  return { i0, i1: i0 + 1 < srcLen ? i0 + 1 : i0, f: u - i0 };
}

/** Source indices of every destination index along one axis (POINT), built once per blit. */
export function pointTable(srcLen: number, dstLen: number): Int32Array {
  const t = new Int32Array(dstLen);
  for (let d = 0; d < dstLen; d++) t[d] = pointSource(d, srcLen, dstLen);
  return t;
}

/** One axis of LINEAR taps as typed arrays: i0, i1, and the weights w0 = 1 − f and w1 = f (float64). */
export interface LinearTable {
  i0: Int32Array;
  i1: Int32Array;
  w0: Float64Array;
  w1: Float64Array;
}

export function linearTable(srcLen: number, dstLen: number): LinearTable {
  const t: LinearTable = { i0: new Int32Array(dstLen), i1: new Int32Array(dstLen), w0: new Float64Array(dstLen), w1: new Float64Array(dstLen) };
  for (let d = 0; d < dstLen; d++) {
    const { i0, i1, f } = linearTap(d, srcLen, dstLen);
    t.i0[d] = i0;
    t.i1[d] = i1;
    t.w0[d] = 1 - f;
    t.w1[d] = f;
  }
  return t;
}
