/**
 * The textured path's fused fill for 8-bit RGBA textures (every level read in
 * place as words, not through the sRGB curve) filtered LINEAR for both MAG and
 * MIN, with any MIPFILTER, through a stage whose colour and alpha are each the
 * texel, the diffuse colour or their MODULATE, onto an 8-bit RGBA target. One
 * loop per span: coordinates, λ and the mip plan (when the level depends on
 * it), the bilinear taps of one or two levels summed in integers straight from
 * the stored words, the stage's float32 arithmetic and the encode.
 *
 * Exactness (TextureSampler's file comment): a level's bilinear sum of channel
 * codes, S = Σ wᵢ·cᵢ with wᵢ in 65536ths, is an exact integer; the generic
 * sampler adds (256 − m)·S₀ + m·S₁ (m the mip weight in 256ths, 0 for one
 * level) and divides once by 2^24 · 255, then stores a float32. Here the same
 * integer is divided by the same number, so the texel is the same float32.
 * With one level the quotient 256·S / (2^24 · 255) is S / (2^16 · 255), taken
 * as S times its reciprocal (exact after the float32 rounding: oneLevelTexel).
 * The stage's MODULATE is fround(texel × diffuse) and the write FLOAT→UNORM8,
 * as the Fragment path computes them; the diffuse is shade()'s float32.
 */
import { D3DTADDRESS, D3DTEXF } from '../../../d3d9/index.js';
import type { AttributeSetup } from '../setup/interpolate.js';
import { addressTexel } from '../texture/address.js';
import { lodOf } from '../texture/lod.js';
import type { MipSettings } from '../texture/lod.js';
import type { SurfaceView } from '../../surface-view.js';
import { FORM_DIFFUSE, FORM_MODULATE } from './combine-forms.js';
import type { DepthStencilSpan } from './depth-stencil.js';
import { address } from './level-sampler.js';
import type { TargetWords } from './target.js';
import type { TexCoordRows } from './tex-coords.js';
import type { SpanFill } from './types.js';
import { wordView } from './words.js';

const { WRAP } = D3DTADDRESS;
const LANES = 0x00ff00ff;
/** texel-space coordinates the integer tap path takes (see Rgba8Bilinear) */
const FAST_LIMIT = 2 ** 22;
/** a channel's sum of one level at full weight: S of a texel of 255 */
const FULL = 65536 * 255;
/** 2^24 · 255: the divisor of a two-level sum */
const DIV2 = 16777216 * 255;
/** the largest level side taps() packs */
const MAX_SIZE = 4096;
/** 1 / (2^16 · 255) as a double */
const RECIP1 = 1 / FULL;

/**
 * fround(S / (2^16·255)) for an integer 0 ≤ S ≤ 2^16·255, as fround(S · RECIP1).
 * For S a multiple of 255 the quotient is a float32 (k / 2^16); otherwise it is
 * not dyadic and lies at least 2^−49 (relative) from every float32 and every
 * midpoint between two, while the product errs by under 2^−52: both round to the
 * same float32. A test checks every S.
 */
export function oneLevelTexel(s: number): number {
  return Math.fround(s * RECIP1);
}

/** One level's words and geometry. */
interface Level {
  words: Int32Array;
  /** words per row */
  pitch: number;
  w: number;
  h: number;
  /** n − 1 for a power-of-two axis, else −1 */
  maskU: number;
  maskV: number;
}

/** The levels of a texture as word arrays (undefined when one is not word-aligned). */
export function rgba8Levels(levels: readonly SurfaceView[]): Level[] | undefined {
  const out: Level[] = [];
  for (const l of levels) {
    // taps() packs two indices of 12 bits
    if (l.width > MAX_SIZE || l.height > MAX_SIZE) return undefined;
    const words = wordView(l, 4) as Int32Array | undefined;
    if (!words) return undefined;
    out.push({
      words, pitch: l.pitch >> 2, w: l.width, h: l.height,
      maskU: (l.width & (l.width - 1)) === 0 ? l.width - 1 : -1, maskV: (l.height & (l.height - 1)) === 0 ? l.height - 1 : -1,
    });
  }
  return out;
}

/** What the fill needs of the draw's texture and sampler. */
export interface Rgba8StagePlan {
  levels: Level[];
  /** channel (0 R, 1 G, 2 B, 3 A) of texture bytes 0..3; lane 3 is alpha (or X, read as 1) */
  channel: readonly number[];
  alphaOne: boolean;
  addrU: number;
  addrV: number;
  mip: MipSettings;
  width0: number;
  height0: number;
}

export class Rgba8StageSpans implements SpanFill {
  private readonly words: Int32Array;
  /** one level serves every pixel: MIPFILTER NONE or MAXMIPLEVEL at the last (both filters LINEAR) */
  private readonly fixedLevel: boolean;
  // per texture byte lane: where its channel goes in the target word (−1: not stored)
  private readonly sh: Int32Array;
  private readonly fixedBits: number;
  /** per lane: the diffuse channel it modulates, and the lane's form */
  private readonly laneChannel: Int32Array;
  private readonly forms = new Int32Array(4);
  /** the triangle's diffuse, per lane (constant diffuse), or its planes (per-pixel: 3 terms per channel R G B A) */
  private readonly laneDiffuse = new Float64Array(4);
  private readonly dc = new Float64Array(12);
  private perPixelDiffuse = false;
  private g0 = 0; private g1 = 0; private g2 = 0;
  private dDx = 0; private dDy = 0;
  /** the channel sums of the pixel, per lane, in units of 2^−24 of a texel (two levels) or 2^−16 (one) */
  private readonly acc = new Float64Array(4);

  constructor(
    private readonly plan: Rgba8StagePlan, private readonly coords: TexCoordRows,
    private readonly target: TargetWords, private readonly ds: DepthStencilSpan | null, private readonly sel: Int32Array,
  ) {
    this.words = target.words as Int32Array;
    const l = target.layout!;
    const at = [l.r, l.g, l.b, l.a];
    this.laneChannel = Int32Array.from(plan.channel);
    this.sh = Int32Array.from(plan.channel, (c) => (at[c] >= 0 ? 8 * at[c] : -1));
    this.fixedBits = l.x >= 0 ? 0xff << (8 * l.x) : 0;
    const m = plan.mip;
    this.fixedLevel = m.mip === D3DTEXF.NONE || m.maxMip === m.last;
  }

  /** Sets up the triangle: colour and alpha forms, and the diffuse (constant `diffuse`, or per pixel when null). */
  begin(attr: AttributeSetup, color: number, alpha: number, diffuse: Float32Array | null): void {
    const f = this.forms, lc = this.laneChannel;
    for (let i = 0; i < 4; i++) f[i] = lc[i] === 3 ? alpha : color;
    this.g0 = attr.gx[0]; this.g1 = attr.gx[1]; this.g2 = attr.gx[2];
    this.dDx = attr.dDx; this.dDy = attr.dDy;
    this.perPixelDiffuse = diffuse === null;
    if (diffuse) for (let i = 0; i < 4; i++) this.laneDiffuse[i] = diffuse[lc[i]];
    else for (let i = 0; i < 12; i++) this.dc[i] = attr.coef[(i / 3 | 0) * 5 + (i % 3)];
  }

  span(y: number, x0: number, x1: number, e0: number, e1: number, e2: number): void {
    const n = x1 - x0, sel = this.sel;
    sel.fill(this.ds ? 0 : 1, 0, n);
    this.ds?.run(y, x0, x1, e0, e1, e2, sel, -x0, 1);
    const coords = this.coords;
    coords.run(n, e0, e1, e2);
    const st = coords.st, inv = coords.inv, uv = coords.uv, p = this.plan, mip = p.mip, levels = p.levels, acc = this.acc;
    const fixedLevel = this.fixedLevel, perPixel = this.perPixelDiffuse, dc = this.dc, ld = this.laneDiffuse, lc = this.laneChannel;
    const f0 = this.forms[0], f1 = this.forms[1], f2 = this.forms[2], f3 = this.forms[3];
    const sh = this.sh, sh0 = sh[0], sh1 = sh[1], sh2 = sh[2], sh3 = sh[3], fixed = this.fixedBits, alphaOne = p.alphaOne;
    const words = this.words, at = y * this.target.pitch + x0;
    const g0 = this.g0, g1 = this.g1, g2 = this.g2, dDx = this.dDx, dDy = this.dDy, W0 = p.width0, H0 = p.height0;
    for (let k = 0; k < n; k++) {
      if (sel[k] === 0) continue;
      const u = st[2 * k], v = st[2 * k + 1], q = inv[k];
      // TextureSampler.sampleFace's chooseMip, inline: level, next and the weight of next in 256ths
      let level = mip.maxMip, next = level, m = 0;
      if (!fixedLevel) {
        const lambda = lodOf((uv[3] - u * dDx) * q * W0, (uv[8] - v * dDx) * q * H0, (uv[4] - u * dDy) * q * W0, (uv[9] - v * dDy) * q * H0);
        const l = lambda + mip.bias;
        if (l > 0) {
          const c = l < mip.maxMip ? mip.maxMip : l > mip.last ? mip.last : l;
          if (mip.mip === D3DTEXF.POINT) {
            level = next = Math.min(mip.last, Math.floor(c + 0.5));
          } else {
            level = Math.floor(c);
            next = level < mip.last ? level + 1 : level;
            m = Math.floor((c - level) * 256);
          }
        }
      }
      let t0: number, t1: number, t2: number, t3: number;
      if (m === 0) {
        this.sum(levels[level], u, v, 1);
        t0 = oneLevelTexel(acc[0]); t1 = oneLevelTexel(acc[1]); t2 = oneLevelTexel(acc[2]);
        t3 = alphaOne ? 1 : oneLevelTexel(acc[3]);
      } else {
        this.sum(levels[level], u, v, 256 - m);
        this.add(levels[next], u, v, m);
        t0 = Math.fround(acc[0] / DIV2); t1 = Math.fround(acc[1] / DIV2); t2 = Math.fround(acc[2] / DIV2);
        t3 = alphaOne ? 1 : Math.fround(acc[3] / DIV2);
      }
      let d0 = ld[0], d1 = ld[1], d2 = ld[2], d3 = ld[3];
      if (perPixel) {
        const w0 = e0 + k * g0, w1 = e1 + k * g1, w2 = e2 + k * g2;
        d0 = diffuseAt(dc, lc[0], w0, w1, w2, q); d1 = diffuseAt(dc, lc[1], w0, w1, w2, q);
        d2 = diffuseAt(dc, lc[2], w0, w1, w2, q); d3 = diffuseAt(dc, lc[3], w0, w1, w2, q);
      }
      let word = (unorm8(form(f0, t0, d0)) << sh0) | (unorm8(form(f1, t1, d1)) << sh1) | (unorm8(form(f2, t2, d2)) << sh2) | fixed;
      if (sh3 >= 0) word |= unorm8(form(f3, t3, d3)) << sh3;
      words[at + k] = word;
    }
  }

  /** acc = `weight` × the level's bilinear channel sums at (u, v), per texture byte lane. */
  private sum(lv: Level, u: number, v: number, weight: number): void {
    const acc = this.acc;
    acc[0] = 0; acc[1] = 0; acc[2] = 0; acc[3] = 0;
    this.add(lv, u, v, weight);
  }

  /** acc += `weight` × the level's bilinear channel sums at (u, v) (TextureSampler.addLevel's taps and weights). */
  private add(lv: Level, u: number, v: number, weight: number): void {
    const p = this.plan;
    const bx = taps(u * lv.w - 0.5, p.addrU, lv.w, lv.maskU), by = taps(v * lv.h - 0.5, p.addrV, lv.h, lv.maskV);
    const a = bx & 0xff, b = by & 0xff, ib = 256 - b;
    const tx = lv.words, row0 = Math.imul(tapFirst(by), lv.pitch), row1 = Math.imul(tapSecond(by), lv.pitch);
    const c0 = tapFirst(bx), c1 = tapSecond(bx);
    const p00 = tx[row0 + c0], p01 = tx[row1 + c0], p10 = tx[row0 + c1], p11 = tx[row1 + c1];
    // vertical blends, two byte lanes a multiply (lanes 0 and 2, then 1 and 3; each ≤ 255·256), then S = (256 − a)·V₀ + a·V₁
    const left02 = (Math.imul(p00 & LANES, ib) + Math.imul(p01 & LANES, b)) | 0;
    const left13 = (Math.imul((p00 >>> 8) & LANES, ib) + Math.imul((p01 >>> 8) & LANES, b)) | 0;
    const right02 = (Math.imul(p10 & LANES, ib) + Math.imul(p11 & LANES, b)) | 0;
    const right13 = (Math.imul((p10 >>> 8) & LANES, ib) + Math.imul((p11 >>> 8) & LANES, b)) | 0;
    const acc = this.acc;
    acc[0] += weight * (((left02 & 0xffff) << 8) + Math.imul((right02 & 0xffff) - (left02 & 0xffff), a));
    acc[1] += weight * (((left13 & 0xffff) << 8) + Math.imul((right13 & 0xffff) - (left13 & 0xffff), a));
    acc[2] += weight * (((left02 >>> 16) << 8) + Math.imul((right02 >>> 16) - (left02 >>> 16), a));
    acc[3] += weight * (((left13 >>> 16) << 8) + Math.imul((right13 >>> 16) - (left13 >>> 16), a));
  }
}

/**
 * The taps along an axis of n ≤ 4096 texels for texel-space coordinate x (u·n − ½),
 * packed: first index << 20 | second index << 8 | the sub-texel fraction (256ths).
 */
function taps(x: number, mode: number, n: number, mask: number): number {
  let i: number, frac: number, i0: number, i1: number;
  if (x > -FAST_LIMIT && x < FAST_LIMIT) {
    const X = Math.floor(x * 256);
    frac = X & 0xff;
    i = X >> 8;
    if (mode === WRAP && mask >= 0) return ((i & mask) << 20) | (((i + 1) & mask) << 8) | frac;
    i0 = address(mode, i, n, mask); i1 = address(mode, i + 1, n, mask);
  } else {
    // TextureSampler's arithmetic on large or non-finite coordinates
    const f = x - x === 0 ? x : 0, fi = Math.floor(f);
    frac = Math.floor((f - fi) * 256) | 0;
    i0 = addressTexel(mode, fi, n) | 0; i1 = addressTexel(mode, fi + 1, n) | 0;
  }
  return (i0 << 20) | (i1 << 8) | frac;
}

function tapFirst(packed: number): number {
  return packed >>> 20;
}

function tapSecond(packed: number): number {
  return (packed >>> 8) & 0xfff;
}

/** One channel of the stage's result from texel t and diffuse d (float32s), before the encode. */
function form(f: number, t: number, d: number): number {
  return f === FORM_MODULATE ? Math.fround(t * d) : f === FORM_DIFFUSE ? d : t;
}

/** FLOAT→UNORM8 of a value in [0, 1]: floor(v·255 + ½). */
function unorm8(v: number): number {
  return (v * 255 + 0.5) | 0;
}

/** Diffuse channel c as shade() stores it: fround(clamp01(Σ wᵢ·(rhwᵢ·cᵢ) · q)). */
function diffuseAt(dc: Float64Array, c: number, w0: number, w1: number, w2: number, q: number): number {
  const k = 3 * c, v = (w0 * dc[k] + w1 * dc[k + 1] + w2 * dc[k + 2]) * q;
  return Math.fround(v > 0 ? (v < 1 ? v : 1) : 0);
}
