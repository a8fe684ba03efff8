/**
 * Point and bilinear sampling of one decoded level over a span, for the
 * textured span path: the arithmetic of TextureSampler.addLevel/addTexel for a
 * sample that reads one level (texel indices from u·W − ½, the fraction
 * truncated to 8 bits, the taps' integer weights accumulated in the same order
 * from 0, one division by the whole weight times the unit's divisor), without
 * its per-call plan and accumulator objects: one loop per filter over a row of
 * coordinates, so TurboFan compiles each as a single function.
 *
 * The reference weighs its one level 256/256 and divides by 2^24; here tap
 * weights are in 65536ths and the division by 2^16: every product and partial
 * sum is the reference's scaled by 2^8 exactly, so the quotients are the same
 * doubles. Border addressing is not handled (the path is not chosen for it).
 * Texels are finite (UNORM formats), so taps of weight 0, which the generic
 * sampler skips, add exactly 0 here.
 */
import { D3DTADDRESS } from '../../../d3d9/index.js';
import { addressTexel } from '../texture/address.js';
import type { DecodedLevel } from '../texture/decoded-level.js';
import { SUBTEXEL_STEPS } from '../texture/sampler.js';

const { WRAP, CLAMP } = D3DTADDRESS;
/** the weight of a whole bilinear footprint, in tap-weight units */
const FOOTPRINT = SUBTEXEL_STEPS * SUBTEXEL_STEPS;

/** A finite number or 0, as the generic sampler's finite(). */
function finite(x: number): number {
  return x - x === 0 ? x : 0;
}

/** addressTexel, with WRAP on a power-of-two axis (mask = n − 1, else −1) and CLAMP done without division. */
export function address(mode: number, i: number, n: number, mask: number): number {
  if (mode === CLAMP) return i < 0 ? 0 : i >= n ? n - 1 : i;
  if (mode === WRAP && mask >= 0 && (i | 0) === i) return i & mask;
  return addressTexel(mode, i, n);
}

export class LevelSampler {
  private readonly w: number;
  private readonly h: number;
  /** n − 1 for a power-of-two axis, else −1 */
  private readonly maskU: number;
  private readonly maskV: number;
  /** per component: the whole footprint's weight times the unit's divisor */
  private readonly bilinearDiv: Float64Array;

  constructor(private readonly level: DecodedLevel, private readonly addrU: number, private readonly addrV: number) {
    this.w = level.width;
    this.h = level.height;
    this.maskU = (this.w & (this.w - 1)) === 0 ? this.w - 1 : -1;
    this.maskV = (this.h & (this.h - 1)) === 0 ? this.h - 1 : -1;
    this.bilinearDiv = level.divisors.map((d) => FOOTPRINT * d);
  }

  /**
   * For each k < n with sel[k] === want: the bilinear filter at (s, t) =
   * (st[2k], st[2k + 1]) into out[4k..4k+3] (alpha only when `alpha`).
   */
  bilinearSpan(n: number, st: Float64Array, sel: Int32Array, want: number, out: Float32Array, alpha: boolean): void {
    const w = this.w, h = this.h, addrU = this.addrU, addrV = this.addrV, maskU = this.maskU, maskV = this.maskV;
    const level = this.level, tx = level.texels, div = this.bilinearDiv;
    const d0 = div[0], d1 = div[1], d2 = div[2], d3 = div[3];
    // the rows and weight b of the last t: along a row of an affine mapping t often repeats exactly
    let lastT = NaN, b = 0, r0 = 0, r1 = 0;
    for (let k = 0; k < n; k++) {
      if (sel[k] !== want) continue;
      const t = st[2 * k + 1];
      if (t !== lastT) {
        const y = finite(t * h - 0.5), fy = Math.floor(y);
        b = Math.floor((y - fy) * SUBTEXEL_STEPS);
        r0 = level.rowStart(address(addrV, fy, h, maskV));
        r1 = level.rowStart(address(addrV, fy + 1, h, maskV));
        lastT = t;
      }
      const x = finite(st[2 * k] * w - 0.5), fx = Math.floor(x), a = Math.floor((x - fx) * SUBTEXEL_STEPS);
      const x0 = 4 * address(addrU, fx, w, maskU), x1 = 4 * address(addrU, fx + 1, w, maskU);
      const ia = SUBTEXEL_STEPS - a, ib = SUBTEXEL_STEPS - b;
      const w00 = ia * ib, w10 = a * ib, w01 = ia * b, w11 = a * b;
      const p00 = r0 + x0, p10 = r0 + x1, p01 = r1 + x0, p11 = r1 + x1, o = 4 * k;
      out[o] = (0 + w00 * tx[p00] + w10 * tx[p10] + w01 * tx[p01] + w11 * tx[p11]) / d0;
      out[o + 1] = (0 + w00 * tx[p00 + 1] + w10 * tx[p10 + 1] + w01 * tx[p01 + 1] + w11 * tx[p11 + 1]) / d1;
      out[o + 2] = (0 + w00 * tx[p00 + 2] + w10 * tx[p10 + 2] + w01 * tx[p01 + 2] + w11 * tx[p11 + 2]) / d2;
      if (alpha) out[o + 3] = (0 + w00 * tx[p00 + 3] + w10 * tx[p10 + 3] + w01 * tx[p01 + 3] + w11 * tx[p11 + 3]) / d3;
    }
  }

  /** For each k < n with sel[k] === want: the texel whose cell holds (st[2k], st[2k + 1]) into out[4k..4k+3]. */
  pointSpan(n: number, st: Float64Array, sel: Int32Array, want: number, out: Float32Array): void {
    const w = this.w, h = this.h, level = this.level, tx = level.texels, div = level.divisors;
    const d0 = div[0], d1 = div[1], d2 = div[2], d3 = div[3];
    for (let k = 0; k < n; k++) {
      if (sel[k] !== want) continue;
      const x = address(this.addrU, Math.floor(finite(st[2 * k] * w)), w, this.maskU);
      const y = address(this.addrV, Math.floor(finite(st[2 * k + 1] * h)), h, this.maskV);
      const p = level.rowStart(y) + 4 * x, o = 4 * k;
      // the reference's (2^24 · unit) / (2^24 · divisor): the same quotient
      out[o] = (0 + tx[p]) / d0; out[o + 1] = (0 + tx[p + 1]) / d1; out[o + 2] = (0 + tx[p + 2]) / d2; out[o + 3] = (0 + tx[p + 3]) / d3;
    }
  }
}
