/**
 * Point and bilinear sampling of one decoded level over a span, for the
 * textured span path: the arithmetic of TextureSampler.addLevel/addTexel with
 * weight 1 (texel indices from u·W − ½, the taps' weights (1 − a)(1 − b) … ab
 * accumulated in the same order from 0), without its per-call plan and
 * accumulator objects: one loop per filter over a row of coordinates, so
 * TurboFan compiles each as a single function. Border addressing is not
 * handled (the path is not chosen for it). Texels are finite (UNORM formats),
 * so taps of weight 0, which the generic sampler skips, add exactly 0 here.
 */
import { D3DTADDRESS } from '../../../d3d9/index.js';
import { addressTexel } from '../texture/address.js';
import type { DecodedLevel } from '../texture/decoded-level.js';

const { WRAP, CLAMP } = D3DTADDRESS;

/** A finite number or 0, as the generic sampler's finite(). */
function finite(x: number): number {
  return x - x === 0 ? x : 0;
}

/** addressTexel, with WRAP on a power-of-two axis (mask = n − 1, else −1) and CLAMP done without division. */
function address(mode: number, i: number, n: number, mask: number): number {
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

  constructor(private readonly level: DecodedLevel, private readonly addrU: number, private readonly addrV: number) {
    this.w = level.width;
    this.h = level.height;
    this.maskU = (this.w & (this.w - 1)) === 0 ? this.w - 1 : -1;
    this.maskV = (this.h & (this.h - 1)) === 0 ? this.h - 1 : -1;
  }

  /**
   * For each k < n with sel[k] === want: the bilinear filter at (s, t) =
   * (st[2k], st[2k + 1]) into out[4k..4k+3] (alpha only when `alpha`).
   */
  bilinearSpan(n: number, st: Float64Array, sel: Int32Array, want: number, out: Float32Array, alpha: boolean): void {
    const w = this.w, h = this.h, addrU = this.addrU, addrV = this.addrV, maskU = this.maskU, maskV = this.maskV;
    const level = this.level, tx = level.texels;
    // the rows and b of the last t: along a row of an affine mapping t often repeats exactly
    let lastT = NaN, b = 0, r0 = 0, r1 = 0;
    for (let k = 0; k < n; k++) {
      if (sel[k] !== want) continue;
      const t = st[2 * k + 1];
      if (t !== lastT) {
        const y = finite(t * h - 0.5), fy = Math.floor(y);
        b = y - fy;
        r0 = level.rowStart(address(addrV, fy, h, maskV));
        r1 = level.rowStart(address(addrV, fy + 1, h, maskV));
        lastT = t;
      }
      const x = finite(st[2 * k] * w - 0.5), fx = Math.floor(x), a = x - fx;
      const x0 = 4 * address(addrU, fx, w, maskU), x1 = 4 * address(addrU, fx + 1, w, maskU);
      const w00 = (1 - a) * (1 - b), w10 = a * (1 - b), w01 = (1 - a) * b, w11 = a * b;
      const p00 = r0 + x0, p10 = r0 + x1, p01 = r1 + x0, p11 = r1 + x1, o = 4 * k;
      out[o] = 0 + w00 * tx[p00] + w10 * tx[p10] + w01 * tx[p01] + w11 * tx[p11];
      out[o + 1] = 0 + w00 * tx[p00 + 1] + w10 * tx[p10 + 1] + w01 * tx[p01 + 1] + w11 * tx[p11 + 1];
      out[o + 2] = 0 + w00 * tx[p00 + 2] + w10 * tx[p10 + 2] + w01 * tx[p01 + 2] + w11 * tx[p11 + 2];
      if (alpha) out[o + 3] = 0 + w00 * tx[p00 + 3] + w10 * tx[p10 + 3] + w01 * tx[p01 + 3] + w11 * tx[p11 + 3];
    }
  }

  /** For each k < n with sel[k] === want: the texel whose cell holds (st[2k], st[2k + 1]) into out[4k..4k+3]. */
  pointSpan(n: number, st: Float64Array, sel: Int32Array, want: number, out: Float32Array): void {
    const w = this.w, h = this.h, level = this.level, tx = level.texels;
    for (let k = 0; k < n; k++) {
      if (sel[k] !== want) continue;
      const x = address(this.addrU, Math.floor(finite(st[2 * k] * w)), w, this.maskU);
      const y = address(this.addrV, Math.floor(finite(st[2 * k + 1] * h)), h, this.maskV);
      const p = level.rowStart(y) + 4 * x, o = 4 * k;
      out[o] = 0 + tx[p]; out[o + 1] = 0 + tx[p + 1]; out[o + 2] = 0 + tx[p + 2]; out[o + 3] = 0 + tx[p + 3];
    }
  }
}
