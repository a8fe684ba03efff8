/**
 * Texture coordinates over a span, for the textured span paths: texture set
 * 0's u and v (and 1 / Σ wᵢ·rhwᵢ) at each pixel with AttributeSetup.shade's
 * arithmetic (u and v rounded to float32 last), weights e + k·step. When the
 * triangle's three rhw are one power of two and its integer weight steps sum to
 * 0, every Σ wᵢ·rhwᵢ of a row is exact and the same number (r · Σ wᵢ, a
 * constant), so one reciprocal serves the row (pre-transformed 2D draws: rhw 1).
 *
 * On such a row the sums Σ wᵢ·uᵢ and Σ wᵢ·vᵢ can often be stepped instead of
 * recomputed (exactSteps): the weights are integers and each uᵢ is a whole
 * multiple of some power of two G (its lowest set bit), so every product,
 * partial sum and step is a whole multiple of G. While none exceeds 2^53·G in
 * magnitude, each is a double exactly, every floating-point operation on them is
 * exact, and the stepped sum is the very double the per-pixel arithmetic gives,
 * whatever the order of the additions. No tolerance is involved: the pixel's
 * coordinate then comes from the same double through the same operations.
 */
import type { AttributeSetup } from '../setup/interpolate.js';
import { CH_TEX } from '../setup/interpolate.js';

/** r is 2^k, so w·r is exact for every integer weight w (short of overflow). */
function isPowerOfTwo(r: number): boolean {
  return r > 0 && r < Number.POSITIVE_INFINITY && r / 2 ** Math.floor(Math.log2(r)) === 1;
}

const bits = new DataView(new ArrayBuffer(8));

/** The largest power of two that x is a whole multiple of (∞ for 0; 0 for ±∞ and NaN). */
export function lowestBit(x: number): number {
  if (x === 0) return Number.POSITIVE_INFINITY;
  if (x - x !== 0) return 0;
  bits.setFloat64(0, x);
  const hi = bits.getUint32(0), lo = bits.getUint32(4);
  const e = (hi >>> 20) & 0x7ff, mant = hi & 0xfffff;
  const tz = lo !== 0 ? 31 - Math.clz32(lo & -lo) : 32 + (31 - Math.clz32((mant | 0x100000) & -(mant | 0x100000)));
  // normal: 1.m × 2^(e − 1023), its last mantissa bit worth 2^(e − 1075); subnormal: 2^−1074
  return 2 ** (Math.max(e, 1) - 1075 + tz);
}

export class TexCoordRows {
  /** u, v per pixel */
  readonly st: Float64Array;
  /** 1 / Σ wᵢ·rhwᵢ per pixel */
  readonly inv: Float64Array;
  /** u and v planes: 3 vertex terms (rhw·u), then the x and y gradients (AttributeSetup.coef) */
  readonly uv = new Float64Array(10);
  // the triangle's weight steps and rhw (read by fused loops that compute coordinates themselves)
  g0 = 0; g1 = 0; g2 = 0;
  r0 = 1; r1 = 1; r2 = 1;
  /** Σ wᵢ·rhwᵢ is exact and the same at every pixel of a row whose weights are integers */
  sameDenominator = false;
  /** the largest |weight| for which Σ wᵢ·uᵢ and Σ wᵢ·vᵢ are sums of exact terms (0: never) */
  private stepLimit = 0;

  constructor(width: number) {
    this.st = new Float64Array(2 * width);
    this.inv = new Float64Array(width);
  }

  begin(attr: AttributeSetup): void {
    const c = attr.coef, k = CH_TEX * 5, g = attr.gx;
    for (let i = 0; i < 10; i++) this.uv[i] = c[k + i];
    this.g0 = g[0]; this.g1 = g[1]; this.g2 = g[2];
    this.r0 = attr.rhw0; this.r1 = attr.rhw1; this.r2 = attr.rhw2;
    this.sameDenominator = this.r0 === this.r1 && this.r1 === this.r2 && isPowerOfTwo(this.r0)
      && Number.isInteger(this.g0) && Number.isInteger(this.g1) && Number.isInteger(this.g2) && this.g0 + this.g1 + this.g2 === 0;
    const uv = this.uv;
    let grain = Number.POSITIVE_INFINITY, sum = 0;
    for (let i = 0; i < 10; i += 5) {
      grain = Math.min(grain, lowestBit(uv[i]), lowestBit(uv[i + 1]), lowestBit(uv[i + 2]));
      sum = Math.max(sum, Math.abs(uv[i]) + Math.abs(uv[i + 1]) + Math.abs(uv[i + 2]));
    }
    // a quarter of 2^53·G / Σ|uᵢ|: a sum stays under 2^51·G, the difference of two sums (k·du) under 2^52·G,
    // with room for the rounding of this quotient; no stepping for coordinates so large that a product could overflow
    this.stepLimit = grain === 0 || !(sum < 2 ** 900) ? 0 : sum === 0 ? 2 ** 51 : Math.min(2 ** 51, (2 ** 51 * grain) / sum);
  }

  /**
   * Whether, over the n pixels of a row from integer weights (e0, e1, e2) that
   * rowReciprocal serves, Σ wᵢ·uᵢ and Σ wᵢ·vᵢ at pixel k + 1 are exactly those at
   * pixel k plus Σ gᵢ·uᵢ and Σ gᵢ·vᵢ (see the file comment).
   */
  exactSteps(n: number, e0: number, e1: number, e2: number): boolean {
    const m = Math.max(Math.abs(e0), Math.abs(e1), Math.abs(e2), Math.abs(this.g0), Math.abs(this.g1), Math.abs(this.g2),
      Math.abs(e0 + (n - 1) * this.g0), Math.abs(e1 + (n - 1) * this.g1), Math.abs(e2 + (n - 1) * this.g2));
    return m <= this.stepLimit;
  }

  /** The row's one 1 / Σ wᵢ·rhwᵢ when the row starting at weights (e0, e1, e2) has one, else NaN. */
  rowReciprocal(e0: number, e1: number, e2: number): number {
    if (!this.sameDenominator || !Number.isInteger(e0) || !Number.isInteger(e1) || !Number.isInteger(e2)) return Number.NaN;
    return 1 / (e0 * this.r0 + e1 * this.r1 + e2 * this.r2);
  }

  /** st and inv for the n pixels from weights (e0, e1, e2). */
  run(n: number, e0: number, e1: number, e2: number): void {
    const uv = this.uv, st = this.st, inv = this.inv;
    const g0 = this.g0, g1 = this.g1, g2 = this.g2, r0 = this.r0, r1 = this.r1, r2 = this.r2;
    const u0 = uv[0], u1 = uv[1], u2 = uv[2], v0 = uv[5], v1 = uv[6], v2 = uv[7];
    const q = this.rowReciprocal(e0, e1, e2);
    if (q === q) {
      for (let k = 0; k < n; k++) {
        const w0 = e0 + k * g0, w1 = e1 + k * g1, w2 = e2 + k * g2;
        inv[k] = q;
        st[2 * k] = Math.fround((w0 * u0 + w1 * u1 + w2 * u2) * q);
        st[2 * k + 1] = Math.fround((w0 * v0 + w1 * v1 + w2 * v2) * q);
      }
      return;
    }
    for (let k = 0; k < n; k++) {
      const w0 = e0 + k * g0, w1 = e1 + k * g1, w2 = e2 + k * g2;
      const q = 1 / (w0 * r0 + w1 * r1 + w2 * r2);
      inv[k] = q;
      st[2 * k] = Math.fround((w0 * u0 + w1 * u1 + w2 * u2) * q);
      st[2 * k + 1] = Math.fround((w0 * v0 + w1 * v1 + w2 * v2) * q);
    }
  }
}
