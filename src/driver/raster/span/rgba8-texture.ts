/**
 * Bilinear filtering of 8-bit RGBA textures (A8R8G8B8, X8R8G8B8, A8B8G8R8,
 * X8B8G8R8, not read through the sRGB curve) straight from their stored words,
 * in integers, for the textured span path. TextureSampler weighs taps in
 * 65536ths (8-bit sub-texel fractions a, b: (256 − a)(256 − b) … a·b) and reads
 * these channels as their codes, so a filtered channel is S / (65536 · 255) for
 * the integer S = Σ wᵢ·cᵢ ≤ 65536 · 255: S is all this sampler computes.
 * The vertical step takes two channels per 32-bit multiply (lanes of
 * 0x00ff00ff: 255 · 256 fits 16 bits) and is kept while neighbouring pixels
 * read the same two columns (magnification); the horizontal one takes each
 * channel alone (its 24 bits leave no room for a neighbour). S is an exact
 * integer whatever the order of the sums. Nothing is decoded per draw.
 */
import { D3DTADDRESS } from '../../../d3d9/index.js';
import { rgba8Layout } from '../pixel/color-write.js';
import { addressTexel } from '../texture/address.js';
import { SUBTEXEL_STEPS } from '../texture/sampler.js';
import type { SurfaceView } from '../../surface-view.js';
import { FORM_DIFFUSE, FORM_MODULATE, FORM_TEXTURE } from './combine-forms.js';
import { address } from './level-sampler.js';
import { oneLevelTexel } from './rgba8-stage.js';
import { unorm8 } from './target.js';
import type { TexCoordRows } from './tex-coords.js';
import { wordView } from './words.js';

const { WRAP } = D3DTADDRESS;
/** the divisor from S to the filtered value: the whole footprint's weight times 255 */
const DIVISOR = SUBTEXEL_STEPS * SUBTEXEL_STEPS * 255;
const LANES = 0x00ff00ff;
/**
 * Texel-space coordinates the integer path takes: with 8 fractional bits, the
 * index of the second tap still fits an int32. Others (and NaN) go the slow way.
 */
const FAST_LIMIT = 2 ** 22;

/** The byte the colour write stores for a texel channel of sum S: the value as a float32 register, FLOAT→UNORM8. */
export function filteredByte(s: number): number {
  return unorm8(Math.fround(s / DIVISOR));
}

/**
 * S + ½ (in units of 65536) with the float32 step's ties: the stored byte is
 * its bits 16..23 (the result stays below 2^24 for 0 ≤ S ≤ 65536·255). S / 65536
 * rounds to nearest (the float32 and ·255 errors stay below the 1/65536 that
 * separates S / 65536 from a half); exactly halfway between bytes n and n + 1
 * the float32 step rounds up for n < 128 and down from 128 on, so from S = 2^23
 * on one less is added. A test checks every S.
 */
export function roundedSum(s: number): number {
  return s + 0x8000 - (s >>> 23);
}

/** filteredByte in integers: roundedSum(s) >>> 16. */
export function byteOfSum(s: number): number {
  return (s + 0x8000 - (s >>> 23)) >>> 16;
}

/** 1 / (65536·255): oneLevelTexel's reciprocal, inline in formedColumns */
const RECIP1 = 1 / (65536 * 255);

/** A white diffuse, for forms() of a stage that reads none. */
const PASS = Float32Array.of(1, 1, 1, 1);

/** FLOAT→UNORM8 of the form fround(t·mul + add) of texel t, a value in [0, 1]: floor(v·255 + ½). */
function formByte(t: number, mul: number, add: number): number {
  return (Math.fround(t * mul + add) * 255 + 0.5) | 0;
}

/** The texture's byte lanes: which channel each byte holds (index into R G B A; X reads as alpha 1). */
interface TextureLanes {
  /** channel (0 R, 1 G, 2 B, 3 A) of bytes 0..3 */
  channel: readonly [number, number, number, number];
  /** the alpha byte is X: alpha reads as 1 */
  alphaOne: boolean;
}

/** The lanes of an 8-bit RGBA texture level whose words can be read in place, or undefined. */
export function rgba8TextureLanes(level: SurfaceView, srgb: boolean): TextureLanes | undefined {
  const l = rgba8Layout(level.format);
  // colour in bytes 0..2, alpha or X in byte 3 (every such D3D9 format): the loops' lane 3 is alpha
  if (!l || l.r === 3 || l.g === 3 || l.b === 3 || srgb || !wordView(level, 4)) return undefined;
  const channel: [number, number, number, number] = [3, 3, 3, 3];
  channel[l.r] = 0; channel[l.g] = 1; channel[l.b] = 2;
  return { channel, alphaOne: l.a < 0 };
}

/** A texture level of 8-bit RGBA words, filtered bilinearly in integers into an 8-bit RGBA target. */
export class Rgba8Bilinear {
  readonly lanes: TextureLanes;
  private readonly words: Int32Array;
  private readonly pitch: number;
  private readonly w: number;
  private readonly h: number;
  private readonly maskU: number;
  private readonly maskV: number;
  // taps along one axis, as tapsAt leaves them: first index, second index, weight of the second (256ths)
  private i0 = 0;
  private i1 = 0;
  private frac = 0;
  // the target word: where each byte lane's channel goes (−1: not stored), and the constant bits
  private sh0 = 0; private sh1 = 8; private sh2 = 16; private sh3 = -1;
  /** the target's X bytes (ones) */
  private xBits = 0;
  /** byte positions r, g, b, a of the target (−1: none) */
  private at: readonly number[] = [0, 1, 2, -1];
  private fixedBits = 0;
  /**
   * The stage's forms with a constant diffuse (forms()): per texture byte lane, the
   * float32 result is fround(texel · mul + add): the texel (1, 0), the diffuse
   * (0, d) or their MODULATE (d, 0), each exact (t·d is exact in a double).
   */
  private modulating = false;
  private mul0 = 1; private mul1 = 1; private mul2 = 1; private mul3 = 1;
  private add0 = 0; private add1 = 0; private add2 = 0; private add3 = 0;
  /** floor(256·x) per pixel of a row (and one spare), for fromColumns */
  private xs = new Int32Array(0);

  constructor(level: SurfaceView, lanes: TextureLanes, private readonly addrU: number, private readonly addrV: number) {
    this.lanes = lanes;
    this.words = wordView(level, 4) as Int32Array;
    this.pitch = level.pitch >> 2;
    this.w = level.width;
    this.h = level.height;
    this.maskU = (this.w & (this.w - 1)) === 0 ? this.w - 1 : -1;
    this.maskV = (this.h & (this.h - 1)) === 0 ? this.h - 1 : -1;
  }

  /**
   * Sets up directSpan for an 8-bit RGBA target with its channels at byte
   * positions r, g, b, a (−1: none) and x (−1: none; stored as ones).
   */
  target(r: number, g: number, b: number, a: number, x: number): void {
    const at = [r, g, b, a], ch = this.lanes.channel;
    this.at = at;
    this.sh0 = 8 * at[ch[0]]; this.sh1 = 8 * at[ch[1]]; this.sh2 = 8 * at[ch[2]];
    this.sh3 = a >= 0 && !this.lanes.alphaOne ? 8 * a : -1;
    this.xBits = x >= 0 ? 0xff << (8 * x) : 0;
    this.forms(FORM_TEXTURE, FORM_TEXTURE, PASS);
  }

  /**
   * The stage's colour and alpha forms (combine-forms.ts) for the next spans, with
   * the triangle's constant diffuse (R G B A float32; read only by the forms that use it).
   */
  forms(color: number, alpha: number, diffuse: Float32Array): void {
    const ch = this.lanes.channel, mul = [1, 1, 1, 1], add = [0, 0, 0, 0];
    for (let i = 0; i < 4; i++) {
      const c = ch[i], f = c === 3 ? alpha : color, d = diffuse[c];
      mul[i] = f === FORM_TEXTURE ? 1 : f === FORM_MODULATE ? d : 0;
      add[i] = f === FORM_DIFFUSE ? d : 0;
    }
    [this.mul0, this.mul1, this.mul2, this.mul3] = mul;
    [this.add0, this.add1, this.add2, this.add3] = add;
    const a = this.at[3];
    this.modulating = color !== FORM_TEXTURE || (a >= 0 && alpha !== FORM_TEXTURE);
    // an X texture's alpha reads as 1: the stored alpha is the form of 1, the same at every pixel
    const alphaOfOne = a >= 0 && this.lanes.alphaOne ? formByte(1, mul[3], add[3]) << (8 * a) : 0;
    this.fixedBits = this.xBits | alphaOfOne;
  }

  /**
   * For each k < n (with sel[k] !== 0 when there is a selection): the pixel's
   * coordinates from weights e + k·step (coords: AttributeSetup.shade's
   * arithmetic, float32 coordinates), the bilinear sample, and its word into
   * words[at + k]. A row of one v on a WRAP power-of-two axis whose sums step exactly (the screen-aligned
   * quads of 2D draws) goes in two passes: its columns, then integers only.
   */
  directSpan(n: number, coords: TexCoordRows, e0: number, e1: number, e2: number, sel: Int32Array | null, words: Int32Array, at: number): void {
    const tx = this.words, w = this.w, h = this.h, pitch = this.pitch;
    const addrU = this.addrU, addrV = this.addrV, maskU = this.maskU, maskV = this.maskV, wrapU = addrU === WRAP && maskU >= 0;
    const sh0 = this.sh0, sh1 = this.sh1, sh2 = this.sh2, sh3 = this.sh3, fixed = this.fixedBits, alpha = sh3 >= 0;
    const modulating = this.modulating, mul0 = this.mul0, mul1 = this.mul1, mul2 = this.mul2, mul3 = this.mul3;
    const add0 = this.add0, add1 = this.add1, add2 = this.add2, add3 = this.add3;
    const uv = coords.uv, u0 = uv[0], u1 = uv[1], u2 = uv[2], v0 = uv[5], v1 = uv[6], v2 = uv[7];
    const g0 = coords.g0, g1 = coords.g1, g2 = coords.g2, r0 = coords.r0, r1 = coords.r1, r2 = coords.r2;
    const rowQ = coords.rowReciprocal(e0, e1, e2), perPixelQ = rowQ !== rowQ;
    // Σ wᵢ·uᵢ and Σ wᵢ·vᵢ stepped along the row when that is exact (TexCoordRows.exactSteps), else recomputed
    const stepped = !perPixelQ && coords.exactSteps(n, e0, e1, e2);
    let su = stepped ? e0 * u0 + e1 * u1 + e2 * u2 : 0, sv = stepped ? e0 * v0 + e1 * v1 + e2 * v2 : 0;
    const du = stepped ? g0 * u0 + g1 * u1 + g2 * u2 : 0, dv = stepped ? g0 * v0 + g1 * v1 + g2 * v2 : 0;
    if (stepped && dv === 0 && wrapU && this.wrapColumns(n, su, du, rowQ)) {
      const t = Math.fround(sv * rowQ);
      if (this.modulating) this.formedColumns(n, t, sel, words, at);
      else this.fromColumns(n, t, sel, words, at);
      return;
    }
    // the texel rows and vertical weight of the last t (along a row of an affine mapping t often repeats exactly)
    let lastT = Number.NaN, b = 0, ib = 0, row0 = 0, row1 = 0;
    // the columns of the last pixel (−1: none) and, per byte lane, their vertical blends V₀, V₁ as
    // base = 256·V₀ and step = V₁ − V₀: S = base + a·step = (256 − a)·V₀ + a·V₁ (magnified, neighbours share them)
    let lastC0 = -1, lastC1 = -1;
    let base0 = 0, base1 = 0, base2 = 0, base3 = 0, step0 = 0, step1 = 0, step2 = 0, step3 = 0;
    for (let k = 0; k < n; k++, su += du, sv += dv) {
      if (sel !== null && sel[k] === 0) continue;
      let q = rowQ, s = su, tv = sv;
      if (!stepped) {
        const w0 = e0 + k * g0, w1 = e1 + k * g1, w2 = e2 + k * g2;
        if (perPixelQ) q = 1 / (w0 * r0 + w1 * r1 + w2 * r2);
        s = w0 * u0 + w1 * u1 + w2 * u2; tv = w0 * v0 + w1 * v1 + w2 * v2;
      }
      const t = Math.fround(tv * q);
      if (t !== lastT) {
        this.tapsAt(t * h - 0.5, addrV, h, maskV);
        b = this.frac; ib = SUBTEXEL_STEPS - b;
        row0 = Math.imul(this.i0, pitch); row1 = Math.imul(this.i1, pitch);
        lastT = t;
        lastC0 = -1;
      }
      const x = Math.fround(s * q) * w - 0.5;
      let a: number, c0: number, c1: number;
      if (wrapU && x > -FAST_LIMIT && x < FAST_LIMIT) {
        const X = Math.floor(x * SUBTEXEL_STEPS);
        a = X & 0xff; c0 = (X >> 8) & maskU; c1 = ((X >> 8) + 1) & maskU;
      } else {
        this.tapsAt(x, addrU, w, maskU);
        a = this.frac; c0 = this.i0; c1 = this.i1;
      }
      if (c0 !== lastC0 || c1 !== lastC1) {
        const p00 = tx[row0 + c0], p01 = tx[row1 + c0], p10 = tx[row0 + c1], p11 = tx[row1 + c1];
        // vertical blends, two byte lanes a multiply (lanes 0 and 2, then 1 and 3; each ≤ 255·256)
        const left02 = (Math.imul(p00 & LANES, ib) + Math.imul(p01 & LANES, b)) | 0;
        const left13 = (Math.imul((p00 >>> 8) & LANES, ib) + Math.imul((p01 >>> 8) & LANES, b)) | 0;
        const right02 = (Math.imul(p10 & LANES, ib) + Math.imul(p11 & LANES, b)) | 0;
        const right13 = (Math.imul((p10 >>> 8) & LANES, ib) + Math.imul((p11 >>> 8) & LANES, b)) | 0;
        base0 = (left02 & 0xffff) << 8; step0 = (right02 & 0xffff) - (left02 & 0xffff);
        base1 = (left13 & 0xffff) << 8; step1 = (right13 & 0xffff) - (left13 & 0xffff);
        base2 = (left02 >>> 16) << 8; step2 = (right02 >>> 16) - (left02 >>> 16);
        base3 = (left13 >>> 16) << 8; step3 = (right13 >>> 16) - (left13 >>> 16);
        lastC0 = c0; lastC1 = c1;
      }
      const s0 = base0 + Math.imul(step0, a), s1 = base1 + Math.imul(step1, a), s2 = base2 + Math.imul(step2, a);
      if (modulating) {
        const word = (formByte(oneLevelTexel(s0), mul0, add0) << sh0) | (formByte(oneLevelTexel(s1), mul1, add1) << sh1)
          | (formByte(oneLevelTexel(s2), mul2, add2) << sh2) | fixed;
        words[at + k] = alpha ? word | (formByte(oneLevelTexel(base3 + Math.imul(step3, a)), mul3, add3) << sh3) : word;
        continue;
      }
      const word = (byteOfSum(s0) << sh0) | (byteOfSum(s1) << sh1) | (byteOfSum(s2) << sh2) | fixed;
      words[at + k] = alpha ? word | (byteOfSum(base3 + Math.imul(step3, a)) << sh3) : word;
    }
  }

  /**
   * For a row whose Σ wᵢ·uᵢ is su + k·du exactly (one reciprocal q), on a WRAP
   * axis of power-of-two width: xs[k] = floor(256·x) with x the pixel's
   * texel-space coordinate as directSpan computes it, if every x is within
   * FAST_LIMIT (x is monotonic in k, rounding keeping order, so its ends bound it).
   */
  private wrapColumns(n: number, su: number, du: number, q: number): boolean {
    const w = this.w;
    const first = Math.fround(su * q) * w - 0.5, last = Math.fround((su + (n - 1) * du) * q) * w - 0.5;
    if (!(Math.min(first, last) > -FAST_LIMIT && Math.max(first, last) < FAST_LIMIT)) return false;
    if (this.xs.length < n + 1) this.xs = new Int32Array(n + 1);
    const xs = this.xs;
    // even and odd pixels in two chains stepping by 2·du (exact too: |2·du| stays within exactSteps' bound), so that
    // each add need not wait for the one before; an odd n also fills xs[n], which nothing reads
    let odd = su + du;
    const du2 = 2 * du;
    for (let k = 0; k < n; k += 2, su += du2, odd += du2) {
      xs[k] = Math.floor((Math.fround(su * q) * w - 0.5) * SUBTEXEL_STEPS);
      xs[k + 1] = Math.floor((Math.fround(odd * q) * w - 0.5) * SUBTEXEL_STEPS);
    }
    return true;
  }

  /** directSpan's filtering and store for a row of one t whose columns wrapColumns has left in xs: integers only. */
  private fromColumns(n: number, t: number, sel: Int32Array | null, words: Int32Array, at: number): void {
    const tx = this.words, xs = this.xs, maskU = this.maskU, pitch = this.pitch;
    const sh0 = this.sh0, sh1 = this.sh1, sh2 = this.sh2, sh3 = this.sh3, fixed = this.fixedBits, alpha = sh3 >= 0;
    const inPlace = sh0 === 0 && sh1 === 8 && sh2 === 16;
    this.tapsAt(t * this.h - 0.5, this.addrV, this.h, this.maskV);
    const b = this.frac, ib = SUBTEXEL_STEPS - b, row0 = Math.imul(this.i0, pitch), row1 = Math.imul(this.i1, pitch);
    // the column pair of the last pixel (as its first column index before wrapping; never 2^31 − 1 here) and its blends
    let last = 0x7fffffff, right02 = 0, right13 = 0;
    let base0 = 0, base1 = 0, base2 = 0, base3 = 0, step0 = 0, step1 = 0, step2 = 0, step3 = 0;
    for (let k = 0; k < n; k++) {
      if (sel !== null && sel[k] === 0) continue;
      const X = xs[k], a = X & 0xff, i = X >> 8;
      if (i !== last) {
        // stepping on to the next pair, its left column is the last pair's right one (same rows, same blend)
        let left02 = right02, left13 = right13;
        if (i !== last + 1) {
          const c0 = i & maskU, p00 = tx[row0 + c0], p01 = tx[row1 + c0];
          left02 = (Math.imul(p00 & LANES, ib) + Math.imul(p01 & LANES, b)) | 0;
          left13 = (Math.imul((p00 >>> 8) & LANES, ib) + Math.imul((p01 >>> 8) & LANES, b)) | 0;
        }
        const c1 = (i + 1) & maskU, p10 = tx[row0 + c1], p11 = tx[row1 + c1];
        right02 = (Math.imul(p10 & LANES, ib) + Math.imul(p11 & LANES, b)) | 0;
        right13 = (Math.imul((p10 >>> 8) & LANES, ib) + Math.imul((p11 >>> 8) & LANES, b)) | 0;
        base0 = (left02 & 0xffff) << 8; step0 = (right02 & 0xffff) - (left02 & 0xffff);
        base1 = (left13 & 0xffff) << 8; step1 = (right13 & 0xffff) - (left13 & 0xffff);
        base2 = (left02 >>> 16) << 8; step2 = (right02 >>> 16) - (left02 >>> 16);
        base3 = (left13 >>> 16) << 8; step3 = (right13 >>> 16) - (left13 >>> 16);
        last = i;
      }
      const s0 = base0 + Math.imul(step0, a), s1 = base1 + Math.imul(step1, a), s2 = base2 + Math.imul(step2, a);
      // lanes in place: roundedSum spelled out, each byte masked where it goes (a shift fewer than byteOfSum << sh)
      const word = inPlace
        ? ((s0 + 0x8000 - (s0 >>> 23)) >>> 16) | (((s1 + 0x8000 - (s1 >>> 23)) >>> 8) & 0xff00) | ((s2 + 0x8000 - (s2 >>> 23)) & 0xff0000) | fixed
        : (byteOfSum(s0) << sh0) | (byteOfSum(s1) << sh1) | (byteOfSum(s2) << sh2) | fixed;
      words[at + k] = alpha ? word | (byteOfSum(base3 + Math.imul(step3, a)) << sh3) : word;
    }
  }

  /**
   * fromColumns for a stage that does not pass the texel through (forms()): each
   * lane's sum S as the float32 texel, its form fround(t·mul + add), FLOAT→UNORM8.
   * A target without alpha gets lane 3 as 0 at shift 0 (mul and add 0).
   */
  private formedColumns(n: number, t: number, sel: Int32Array | null, words: Int32Array, at: number): void {
    const tx = this.words, xs = this.xs, maskU = this.maskU, pitch = this.pitch;
    const alpha = this.sh3 >= 0, sh0 = this.sh0, sh1 = this.sh1, sh2 = this.sh2, sh3 = alpha ? this.sh3 : 0, fixed = this.fixedBits;
    const mul0 = this.mul0, mul1 = this.mul1, mul2 = this.mul2, mul3 = alpha ? this.mul3 : 0;
    const add0 = this.add0, add1 = this.add1, add2 = this.add2, add3 = alpha ? this.add3 : 0;
    this.tapsAt(t * this.h - 0.5, this.addrV, this.h, this.maskV);
    const b = this.frac, ib = SUBTEXEL_STEPS - b, row0 = Math.imul(this.i0, pitch), row1 = Math.imul(this.i1, pitch);
    let last = 0x7fffffff, right02 = 0, right13 = 0;
    let base0 = 0, base1 = 0, base2 = 0, base3 = 0, step0 = 0, step1 = 0, step2 = 0, step3 = 0;
    for (let k = 0; k < n; k++) {
      if (sel !== null && sel[k] === 0) continue;
      const X = xs[k], a = X & 0xff, i = X >> 8;
      if (i !== last) {
        let left02 = right02, left13 = right13;
        if (i !== last + 1) {
          const c0 = i & maskU, p00 = tx[row0 + c0], p01 = tx[row1 + c0];
          left02 = (Math.imul(p00 & LANES, ib) + Math.imul(p01 & LANES, b)) | 0;
          left13 = (Math.imul((p00 >>> 8) & LANES, ib) + Math.imul((p01 >>> 8) & LANES, b)) | 0;
        }
        const c1 = (i + 1) & maskU, p10 = tx[row0 + c1], p11 = tx[row1 + c1];
        right02 = (Math.imul(p10 & LANES, ib) + Math.imul(p11 & LANES, b)) | 0;
        right13 = (Math.imul((p10 >>> 8) & LANES, ib) + Math.imul((p11 >>> 8) & LANES, b)) | 0;
        base0 = (left02 & 0xffff) << 8; step0 = (right02 & 0xffff) - (left02 & 0xffff);
        base1 = (left13 & 0xffff) << 8; step1 = (right13 & 0xffff) - (left13 & 0xffff);
        base2 = (left02 >>> 16) << 8; step2 = (right02 >>> 16) - (left02 >>> 16);
        base3 = (left13 >>> 16) << 8; step3 = (right13 >>> 16) - (left13 >>> 16);
        last = i;
      }
      const v0 = Math.fround(Math.fround((base0 + Math.imul(step0, a)) * RECIP1) * mul0 + add0);
      const v1 = Math.fround(Math.fround((base1 + Math.imul(step1, a)) * RECIP1) * mul1 + add1);
      const v2 = Math.fround(Math.fround((base2 + Math.imul(step2, a)) * RECIP1) * mul2 + add2);
      const v3 = Math.fround(Math.fround((base3 + Math.imul(step3, a)) * RECIP1) * mul3 + add3);
      words[at + k] = (((v0 * 255 + 0.5) | 0) << sh0) | (((v1 * 255 + 0.5) | 0) << sh1) | (((v2 * 255 + 0.5) | 0) << sh2)
        | (((v3 * 255 + 0.5) | 0) << sh3) | fixed;
    }
  }

  /** Taps along an axis of n texels (address mode, n − 1 or −1 for the mask) for texel-space coordinate x (u·n − ½), into i0, i1, frac. */
  private tapsAt(x: number, mode: number, n: number, mask: number): void {
    if (x > -FAST_LIMIT && x < FAST_LIMIT) {
      const X = Math.floor(x * SUBTEXEL_STEPS);
      this.frac = X & 0xff;
      this.i0 = address(mode, X >> 8, n, mask);
      this.i1 = address(mode, (X >> 8) + 1, n, mask);
      return;
    }
    // TextureSampler's arithmetic on large or non-finite coordinates; small integers all, kept int32
    const f = x - x === 0 ? x : 0, i = Math.floor(f);
    this.frac = Math.floor((f - i) * SUBTEXEL_STEPS) | 0;
    this.i0 = addressTexel(mode, i, n) | 0;
    this.i1 = addressTexel(mode, i + 1, n) | 0;
  }
}
