/**
 * The stencil test, depth test, stencil op and depth write of the span loops
 * (reference B.3 steps 3-5): the same decisions and stored bits as
 * genericDepthStencil, on two layouts seen as words:
 *
 * - d24: 4-byte pixels, UNORM24 depth in bits 31:8 (when the draw uses depth)
 *   and up to 8 stencil bits from bit 0 (D24S8, D24X8, D24X4S4, INTZ, DF24;
 *   D24FS8 when only its stencil is used);
 * - d16: 2-byte UNORM16 depth, no stencil (D16, D16_LOCKABLE, DF16).
 *
 * The stencil work is a table over the pixel's low byte (test outcome and the
 * byte after each op, built once per draw and face); the depth test is a
 * range of the difference new code − stored code (two compares; its
 * complement for NOTEQUAL). Unused parts are neutral (an identity table, the
 * whole range, write mask 0), so the loops test no per-draw flags: TurboFan
 * keeps such loops short, where a switch per pixel (or a bit picked from a
 * mask by the compare's outcome) costs several times more.
 *
 * Depth is evaluated per pixel from the plane exactly as the Fragment path does
 * (AttributeSetup.shade, fragmentDepth, FLOAT→UNORM), or once per triangle when
 * the three depths are equal and every pixel provably gets the same code.
 */
import { D3DRS } from '../../../d3d9/index.js';
import { depthStencilLayout } from '../../../formats/depth/depth-stencil-layout.js';
import { compareBy, comparesAlways } from '../pixel/compare.js';
import { chooseDepthStencil } from '../pixel/depth-stencil.js';
import { stencilAfter, stencilParams, stencilTest } from '../pixel/stencil.js';
import type { StencilFace, StencilParams } from '../pixel/stencil.js';
import { pixelRect } from '../setup/context.js';
import type { AttributeSetup } from '../setup/interpolate.js';
import type { RasterState } from '../types.js';
import { equalBracket } from './constant.js';
import { storeRun, wordView } from './words.js';
import type { WordArray } from './words.js';

export type DepthStencilLayoutName = 'd24' | 'd16';

/**
 * The layout the span loops run this draw's depth-stencil work on: null when
 * there is none, undefined when only the generic stage handles it (float or
 * 32-bit depth, D15S1, stencil-only surfaces, multisampling, a misaligned
 * surface or one smaller than the pixels drawn).
 */
export function depthStencilSpanLayout(state: RasterState): DepthStencilLayoutName | null | undefined {
  if (chooseDepthStencil(state) === 'none') return null;
  const ds = state.depthStencil!;
  const l = depthStencilLayout(ds.format.id)!;
  const rect = pixelRect(state);
  if (ds.samples !== 1 || ds.width < rect.right || ds.height < rect.bottom || !wordView(ds, l.bytes)) return undefined;
  const rs = state.renderStates;
  const depthUsed = rs[D3DRS.ZENABLE] !== 0 && l.depthKind !== undefined;
  const stencilUsed = rs[D3DRS.STENCILENABLE] !== 0 && l.stencilBits > 0;
  const unorm = (bits: number, shift: number): boolean => !depthUsed || (l.depthKind === 'unorm' && l.depthBits === bits && l.depthShift === shift);
  if (l.bytes === 4 && (!stencilUsed || (l.stencilShift === 0 && l.stencilBits <= 8)) && unorm(24, 8)) return 'd24';
  if (l.bytes === 2 && !stencilUsed && unorm(16, 0)) return 'd16';
  return undefined;
}

function clamp01(v: number): number {
  return v > 0 ? (v < 1 ? v : 1) : 0;
}

/** The depth code of plane value z: f.z = clamp01(z), then fragmentDepth (bias, clamp, float32), then FLOAT→UNORM. */
function depthCode(z: number, bias: number, maxCode: number): number {
  const d = Math.fround(clamp01(clamp01(z) + bias));
  return d >= 1 ? maxCode : d > 0 ? Math.floor(d * maxCode + 0.5) : 0;
}

/** StencilTable entry: the low byte after STENCILFAIL in bits 0-7, STENCILZFAIL 8-15, STENCILPASS 16-23; PASS: the test passes. */
const PASS = 1 << 24;

/** One face's stencil work for every low byte b (stencil b & max, other bits kept). */
function stencilTable(p: StencilParams, face: StencilFace): Int32Array {
  const t = new Int32Array(256);
  for (let b = 0; b < 256; b++) {
    const s = b & p.max, keep = b & ~p.max;
    t[b] = (keep | stencilAfter(p, face.fail, s)) | ((keep | stencilAfter(p, face.zfail, s)) << 8)
      | ((keep | stencilAfter(p, face.pass, s)) << 16) | (stencilTest(p, face, s) ? PASS : 0);
  }
  return t;
}

/** The int32 sign bit: x ^ SIGN orders int32 values as their uint32 bits. */
const SIGN = 1 << 31;
/** Beyond any difference of two depth codes (|d| < 2²⁴), and far from int32 overflow. */
const ANY_D = 1 << 30;
/** DepthStencilSpan.ints: the depth test's zLo and zTop, the depth write mask (the depth field when written, else 0), the span's colour */
const Z_LO = 0, Z_TOP = 1, Z_WRITE = 2, VALUE = 3, INTS = 4;

/** Stencil off: every byte passes and stays. */
const NO_STENCIL = Int32Array.from({ length: 256 }, (_, b) => b | (b << 8) | (b << 16) | PASS);

export class DepthStencilSpan {
  private readonly words: WordArray;
  /** words per row */
  private readonly pitch: number;
  private readonly d24: boolean;
  private readonly maxCode: number;
  /**
   * The depth test passes when d = new code − stored code is in zLo … zLo + span
   * modulo 2³²: a range of the circle of int32 values, which also holds NOTEQUAL
   * (1 … −1) and NEVER (one value no difference of codes reaches). The test is
   * one unsigned compare, (d − zLo) ≤ span, done on int32 values with the sign
   * bit flipped: ((d − zLo) ^ SIGN) ≤ zTop, zTop = span ^ SIGN.
   */
  /**
   * zLo, zTop, the depth write mask and the span's colour, read in the loops
   * from an Int32Array: untagged int32 values, where a field or parameter stays
   * a tagged value that TurboFan untags again at every use in the loop.
   */
  private readonly ints = new Int32Array(INTS);
  /** the code is needed: the depth test can fail or the depth is written */
  private readonly zNeeded: boolean;
  /** front then back face */
  private readonly faces: readonly [Int32Array, Int32Array];
  private readonly twoSided: boolean;
  // the triangle: its face's table, weight steps, depth plane, and its depth code when constant (else −1)
  private face: Int32Array;
  private readonly steps = new Float64Array(3);
  private z0 = 0; private z1 = 0; private z2 = 0; private zNorm = 0; private bias = 0;
  private code = -1;

  constructor(state: RasterState, layout: DepthStencilLayoutName) {
    const ds = state.depthStencil!;
    const l = depthStencilLayout(ds.format.id)!;
    const rs = state.renderStates;
    this.words = wordView(ds, l.bytes)!;
    this.pitch = ds.pitch / l.bytes;
    this.d24 = layout === 'd24';
    this.maxCode = this.d24 ? 0xffffff : 0xffff;
    const depthOn = rs[D3DRS.ZENABLE] !== 0 && l.depthKind !== undefined;
    const zFunc = depthOn ? rs[D3DRS.ZFUNC] : 8;
    // codes are integers: each function's result depends only on their order
    const below = compareBy(zFunc, 0, 1), equal = compareBy(zFunc, 0, 0), above = compareBy(zFunc, 1, 0);
    const notEqual = below && above && !equal;
    const lo = notEqual ? 1 : below ? -ANY_D : equal ? 0 : above ? 1 : ANY_D;
    const hi = notEqual ? -1 : above ? ANY_D : equal ? 0 : below ? -1 : ANY_D;
    const zWrite = depthOn && rs[D3DRS.ZWRITEENABLE] !== 0 ? this.maxCode : 0;
    this.ints[Z_LO] = lo;
    this.ints[Z_TOP] = (hi - lo) ^ SIGN;
    this.ints[Z_WRITE] = zWrite;
    this.zNeeded = zWrite !== 0 || !comparesAlways(zFunc);
    const p = stencilParams(rs, l.stencilBits);
    this.twoSided = rs[D3DRS.TWOSIDEDSTENCILMODE] !== 0;
    const front = rs[D3DRS.STENCILENABLE] !== 0 && l.stencilBits > 0 ? stencilTable(p, p.front) : NO_STENCIL;
    this.faces = [front, this.twoSided && front !== NO_STENCIL ? stencilTable(p, p.back) : front];
    this.face = front;
  }

  /** Takes the triangle's face (CCW states for a back face in two-sided mode), weight steps and depth plane. */
  begin(attr: AttributeSetup, front: boolean, bias: number): void {
    this.face = this.faces[this.twoSided && !front ? 1 : 0];
    this.steps.set(attr.gx);
    this.z0 = attr.z0; this.z1 = attr.z1; this.z2 = attr.z2;
    this.zNorm = attr.zNorm;
    this.bias = bias;
    // without a depth test or write any code does: 0 skips the plane
    this.code = this.zNeeded ? this.constantCode() : 0;
  }

  /**
   * Equal depths Z: each pixel computes Z·(1 + θ), |θ| ≤ 6·2⁻⁵³ (three products,
   * two sums of same-signed terms, the product by 1/area), and the code is
   * monotone in it, so equal codes at the bracket's ends hold for every pixel.
   */
  private constantCode(): number {
    const z = this.z0;
    if (z !== this.z1 || z !== this.z2) return -1;
    const lo = equalBracket(z, -1), hi = equalBracket(z, 1);
    if (Number.isNaN(lo) || Number.isNaN(hi)) return -1;
    const a = depthCode(lo, this.bias, this.maxCode);
    return a === depthCode(hi, this.bias, this.maxCode) ? a : -1;
  }

  /**
   * Runs the tests on pixels x0 ≤ x < x1 of row y (weights e0..e2 at x0) and
   * stores `value` at out[outAt + x] for each pixel whose colour is written.
   */
  run(y: number, x0: number, x1: number, e0: number, e1: number, e2: number, out: WordArray, outAt: number, value: number): void {
    if (this.d24) this.runD24(y, x0, x1, e0, e1, e2, out, outAt, value);
    else this.runD16(y, x0, x1, e0, e1, e2, out, outAt, value);
  }

  /**
   * D24 spans whose depth varies along the row (the plane); one depth runs
   * runD24Constant. The plane's constants live in locals (typed-array stores
   * in the loop would otherwise reload them per pixel); the weights step by
   * addition, integers below 2⁵³ as e + k·step is, so the sums are the same.
   * Passing pixels store their colour one by one, failing ones only a stencil
   * byte that changes (KEEP leaves the word as it is).
   */
  private runD24(y: number, x0: number, x1: number, e0: number, e1: number, e2: number, out: WordArray, outAt: number, value: number): void {
    if ((this.code | 0) >= 0) {
      this.runD24Constant(y, x0, x1, out, outAt, value);
      return;
    }
    const words = this.words as Int32Array, table = this.face;
    const ints = this.ints;
    ints[VALUE] = value;
    const zLo = ints[Z_LO], zTop = ints[Z_TOP], zWrite = ints[Z_WRITE], v = ints[VALUE];
    const steps = this.steps, s0 = steps[0], s1 = steps[1], s2 = steps[2];
    const z0 = this.z0, z1 = this.z1, z2 = this.z2, zNorm = this.zNorm, bias = this.bias;
    // one index: the depth-stencil word, and the colour word `toOut` words on
    const from = (y * this.pitch + x0) | 0, end = (from + x1 - x0) | 0, toOut = (outAt + x0 - from) | 0;
    // unary plus: a loop variable seeded from an untyped parameter is boxed at every step
    let w0 = +e0, w1 = +e1, w2 = +e2;
    for (let i = from; i < end; i++, w0 += s0, w1 += s1, w2 += s2) {
      const old = words[i];
      const t = table[old & 0xff];
      let kept: number;
      if ((t & PASS) === 0) {
        kept = t & 0xff;
      } else {
        // depthCode inline (a call would box its double argument); d ≤ 1 is a float32, so d·(2²⁴ − 1) + 0.5 is exact and | 0 floors it
        const z = (w0 * z0 + w1 * z1 + w2 * z2) * zNorm;
        const c = (z > 0 ? (z < 1 ? z : 1) : 0) + bias;
        const code = (Math.fround(c > 0 ? (c < 1 ? c : 1) : 0) * 0xffffff + 0.5) | 0;
        const d = code - (old >>> 8);
        if (((d - zLo) ^ SIGN) <= zTop) {
          words[i] = ((((old >>> 8) & ~zWrite) | (code & zWrite)) << 8) | ((t >> 16) & 0xff);
          out[i + toOut] = v;
          continue;
        }
        kept = (t >> 8) & 0xff;
      }
      if ((old & 0xff) !== kept) words[i] = (old & ~0xff) | kept;
    }
  }

  /**
   * runD24 for a span whose depth code is one constant (a triangle of one
   * depth): the loop without the plane. The colour goes in runs of passing
   * pixels (a fill for long ones), flushed where one fails and at the end.
   */
  private runD24Constant(y: number, x0: number, x1: number, out: WordArray, outAt: number, value: number): void {
    const words = this.words as Int32Array, table = this.face;
    const ints = this.ints;
    const zLo = ints[Z_LO], zTop = ints[Z_TOP], zWrite = ints[Z_WRITE], code = this.code | 0;
    const written = (code & zWrite) << 8, kept = ~(zWrite << 8) & ~0xff;
    const n = (x1 - x0) | 0, row = (y * this.pitch + x0) | 0, at = (outAt + x0) | 0;
    let run = 0;
    for (let k = 0; k < n; k++) {
      const i = row + k;
      const old = words[i];
      const t = table[old & 0xff];
      const d = code - (old >>> 8);
      if ((t & PASS) === 0 || ((d - zLo) ^ SIGN) > zTop) {
        const w = (old & ~0xff) | ((t & PASS) === 0 ? t & 0xff : (t >> 8) & 0xff);
        if (w !== old) words[i] = w;
        // a call per failing pixel would box `value` (beyond a Smi) each time: only runs that hold pixels
        if (run < k) storeRun(out, value, at + run, at + k);
        run = k + 1;
        continue;
      }
      words[i] = (old & kept) | written | ((t >> 16) & 0xff);
    }
    if (run < n) storeRun(out, value, at + run, at + n);
  }

  /** D16 spans (no stencil): runD24's plane and test on 16-bit codes. */
  private runD16(y: number, x0: number, x1: number, e0: number, e1: number, e2: number, out: WordArray, outAt: number, value: number): void {
    const words = this.words as Uint16Array;
    const ints = this.ints;
    ints[VALUE] = value;
    const zLo = ints[Z_LO], zTop = ints[Z_TOP], zWrite = ints[Z_WRITE], v = ints[VALUE], constant = this.code | 0;
    const steps = this.steps, s0 = steps[0], s1 = steps[1], s2 = steps[2];
    const z0 = this.z0, z1 = this.z1, z2 = this.z2, zNorm = this.zNorm, bias = this.bias;
    const from = (y * this.pitch + x0) | 0, end = (from + x1 - x0) | 0, toOut = (outAt + x0 - from) | 0;
    let w0 = +e0, w1 = +e1, w2 = +e2;
    for (let i = from; i < end; i++, w0 += s0, w1 += s1, w2 += s2) {
      const old = words[i];
      let code = constant;
      if (code < 0) {
        const z = (w0 * z0 + w1 * z1 + w2 * z2) * zNorm;
        const c = (z > 0 ? (z < 1 ? z : 1) : 0) + bias;
        code = (Math.fround(c > 0 ? (c < 1 ? c : 1) : 0) * 0xffff + 0.5) | 0;
      }
      const d = code - old;
      if (((d - zLo) ^ SIGN) > zTop) continue;
      words[i] = (old & ~zWrite) | (code & zWrite);
      out[i + toOut] = v;
    }
  }
}
