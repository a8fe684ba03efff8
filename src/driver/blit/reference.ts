/**
 * The reference blitter: handles every valid plan, plainly and slowly, one
 * destination pixel at a time through the exact codec. The fast blitters are
 * tested byte for byte against it.
 *
 * - depth-stencil plans and raw copies (plan.ts isRawCopy): the bits, X included.
 * - otherwise, for each destination pixel: the source position by the stepping
 *   of stepping.ts; each source texel decoded to float RGBA (decodeTexel: X and
 *   missing channels read 1, YUY2/UYVY by Microsoft's integer formula, G); a
 *   multisampled source resolved first, per texel, as the float64 mean of its
 *   samples' decoded values (summed in sample order, then divided by the count);
 *   LINEAR weighs those values in float64 (below); the result is encoded once by
 *   the destination format's rule (encodePixel: float32, then e.g. UNORM's
 *   clamp, ·(2^n − 1), +0.5, truncate; X written as ones) and that pixel is
 *   stored in every destination sample.
 * - LINEAR is a plain bilinear on magnification and minification alike (no mip
 *   chain, no prefilter: a minification beyond 2:1 skips texels). With taps
 *   (x0, x1, fx) and (y0, y1, fy) from linearTap, per channel:
 *     c0 = t(x0,y0)·(1 − fy) + t(x0,y1)·fy     (c0 = t(x0,y0) when fy = 0)
 *     c1 = t(x1,y0)·(1 − fy) + t(x1,y1)·fy     (only when fx ≠ 0)
 *     v  = c0·(1 − fx) + c1·fx                 (v = c0 when fx = 0)
 *   columns first, then across: the order the fast LINEAR path repeats.
 */
import { decodeTexel, encodePixel } from '../../formats/index.js';
import { isRawCopy, rectH, rectW, sampleBytes, sharesMemory } from './plan.js';
import { rawCopyReference } from './raw-copy.js';
import { linearTap, pointSource } from './stepping.js';
import type { SurfaceView } from '../surface-view.js';
import type { Blitter, StretchPlan } from './types.js';

/** Reads resolved texels of a source: the float64 mean of its samples' decoded RGBA. */
class TexelReader {
  private readonly samples: Uint8Array[];
  private readonly one = new Float32Array(4);

  constructor(private readonly src: SurfaceView, data: Uint8Array) {
    const n = sampleBytes(src);
    this.samples = Array.from({ length: src.samples }, (_, k) => data.subarray(k * n, (k + 1) * n));
  }

  /** RGBA of texel (x, y) (surface coordinates) into out[0..4). */
  read(x: number, y: number, out: Float64Array): void {
    const { format, pitch } = this.src;
    for (let k = 0; k < this.samples.length; k++) {
      decodeTexel(format, this.samples[k], pitch, x, y, this.one, 0);
      for (let c = 0; c < 4; c++) out[c] = k === 0 ? this.one[c] : out[c] + this.one[c];
    }
    if (this.samples.length > 1) for (let c = 0; c < 4; c++) out[c] /= this.samples.length;
  }
}

/** a·(1 − f) + b·f per channel into out; `a` alone when f is 0 (keeps −0 and never multiplies an infinity by 0). */
function lerp(a: Float64Array, b: Float64Array, f: number, out: Float64Array): void {
  for (let c = 0; c < 4; c++) out[c] = f === 0 ? a[c] : a[c] * (1 - f) + b[c] * f;
}

function convertReference(p: StretchPlan): void {
  const { src, dst, srcRect: s, dstRect: d, filter } = p;
  // a blit reads its whole source before it writes: one surface is read from a snapshot
  const texels = new TexelReader(src, sharesMemory(src.data, dst.data) ? src.data.slice() : src.data);
  const sw = rectW(s), sh = rectH(s), dw = rectW(d), dh = rectH(d);
  const n = dst.format.blockBytes;
  const dBytes = sampleBytes(dst);
  const v = new Float64Array(4);
  const t0 = new Float64Array(4), t1 = new Float64Array(4), c0 = new Float64Array(4), c1 = new Float64Array(4);
  const px = new Uint8Array(n);
  /** column x of the source rect, blended between rows y0 and y1 */
  const column = (x: number, y0: number, y1: number, fy: number, out: Float64Array): void => {
    texels.read(s.left + x, s.top + y0, t0);
    if (fy !== 0) texels.read(s.left + x, s.top + y1, t1);
    lerp(t0, t1, fy, out);
  };
  for (let y = 0; y < dh; y++) {
    for (let x = 0; x < dw; x++) {
      if (filter === 2) {
        const tx = linearTap(x, sw, dw), ty = linearTap(y, sh, dh);
        column(tx.i0, ty.i0, ty.i1, ty.f, c0);
        if (tx.f !== 0) column(tx.i1, ty.i0, ty.i1, ty.f, c1);
        lerp(c0, c1, tx.f, v);
      } else {
        texels.read(s.left + pointSource(x, sw, dw), s.top + pointSource(y, sh, dh), v);
      }
      px.fill(0);
      if (!encodePixel(dst.format, v, px, 0)) {
        throw new Error(`stretchBlit: ${dst.format.name} is written only by raw copies, not from ${src.format.name} (validated before)`);
      }
      const at = (d.top + y) * dst.pitch + (d.left + x) * n;
      for (let k = 0; k < dst.samples; k++) dst.data.set(px, k * dBytes + at);
    }
  }
}

export const referenceBlitter: Blitter = {
  name: 'reference',
  declines: () => undefined,
  blit(p: StretchPlan): void {
    if (isRawCopy(p)) rawCopyReference(p);
    else convertReference(p);
  },
};
