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
 * byte after each op, built once per draw and face); the depth test is three
 * outcomes (new code below, equal to, above the stored one) as bits of zMask.
 * Unused parts are neutral (an identity table, zMask 7, write mask 0), so the
 * loops test no per-draw flags: TurboFan keeps such loops short, where tagged
 * booleans and a switch per pixel cost several times more.
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

/** Stencil off: every byte passes and stays. */
const NO_STENCIL = Int32Array.from({ length: 256 }, (_, b) => b | (b << 8) | (b << 16) | PASS);

export class DepthStencilSpan {
  private readonly words: WordArray;
  /** words per row */
  private readonly pitch: number;
  private readonly d24: boolean;
  private readonly maxCode: number;
  /** bit 0, 1, 2: the depth test passes when the new code is below, equal to, above the stored one (7 without depth) */
  private readonly zMask: number;
  /** the depth field when it is written, else 0 */
  private readonly zWrite: number;
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
    this.zMask = (compareBy(zFunc, 0, 1) ? 1 : 0) | (compareBy(zFunc, 0, 0) ? 2 : 0) | (compareBy(zFunc, 1, 0) ? 4 : 0);
    this.zWrite = depthOn && rs[D3DRS.ZWRITEENABLE] !== 0 ? this.maxCode : 0;
    this.zNeeded = this.zWrite !== 0 || !comparesAlways(zFunc);
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

  /** The depth code at column x of the span starting at x0: constant, or the plane at weights e + (x − x0)·step. */
  private codeAt(k: number, e0: number, e1: number, e2: number): number {
    return depthCode(((e0 + k * this.steps[0]) * this.z0 + (e1 + k * this.steps[1]) * this.z1 + (e2 + k * this.steps[2]) * this.z2) * this.zNorm, this.bias, this.maxCode);
  }

  /** D24 spans whose depth varies along the row (the plane); one depth runs runD24Constant. */
  private runD24(y: number, x0: number, x1: number, e0: number, e1: number, e2: number, out: WordArray, outAt: number, value: number): void {
    if ((this.code | 0) >= 0) {
      this.runD24Constant(y, x0, x1, out, outAt, value);
      return;
    }
    const words = this.words as Int32Array, table = this.face;
    const zMask = this.zMask | 0, zWrite = this.zWrite | 0;
    const base = y * this.pitch;
    // the colour is stored in runs of passing pixels, flushed at each failing one and at the end
    let run = x0;
    for (let x = x0; x < x1; x++) {
      const i = base + x;
      const old = words[i];
      const t = table[old & 0xff];
      if ((t & PASS) === 0) {
        words[i] = (old & ~0xff) | (t & 0xff);
        storeRun(out, value, outAt + run, outAt + x);
        run = x + 1;
        continue;
      }
      const code = this.codeAt(x - x0, e0, e1, e2);
      const d = code - (old >>> 8);
      if (((zMask >> (d < 0 ? 0 : d === 0 ? 1 : 2)) & 1) === 0) {
        words[i] = (old & ~0xff) | ((t >> 8) & 0xff);
        storeRun(out, value, outAt + run, outAt + x);
        run = x + 1;
        continue;
      }
      words[i] = ((((old >>> 8) & ~zWrite) | (code & zWrite)) << 8) | ((t >> 16) & 0xff);
    }
    storeRun(out, value, outAt + run, outAt + x1);
  }

  /** runD24 for a span whose depth code is one constant (a triangle of one depth): the loop without the plane. */
  private runD24Constant(y: number, x0: number, x1: number, out: WordArray, outAt: number, value: number): void {
    const words = this.words as Int32Array, table = this.face;
    const zMask = this.zMask | 0, zWrite = this.zWrite | 0, code = this.code | 0;
    const written = (code & zWrite) << 8, kept = ~(zWrite << 8) & ~0xff;
    const base = y * this.pitch;
    let run = x0;
    for (let x = x0; x < x1; x++) {
      const i = base + x;
      const old = words[i];
      const t = table[old & 0xff];
      const d = code - (old >>> 8);
      if ((t & PASS) === 0 || ((zMask >> (d < 0 ? 0 : d === 0 ? 1 : 2)) & 1) === 0) {
        words[i] = (old & ~0xff) | ((t & PASS) === 0 ? t & 0xff : (t >> 8) & 0xff);
        storeRun(out, value, outAt + run, outAt + x);
        run = x + 1;
        continue;
      }
      words[i] = (old & kept) | written | ((t >> 16) & 0xff);
    }
    storeRun(out, value, outAt + run, outAt + x1);
  }

  private runD16(y: number, x0: number, x1: number, e0: number, e1: number, e2: number, out: WordArray, outAt: number, value: number): void {
    const words = this.words as Uint16Array;
    const zMask = this.zMask | 0, zWrite = this.zWrite | 0, constant = this.code | 0;
    const base = y * this.pitch;
    let run = x0;
    for (let x = x0; x < x1; x++) {
      const i = base + x;
      const old = words[i];
      const code = constant >= 0 ? constant : this.codeAt(x - x0, e0, e1, e2);
      const d = code - old;
      if (((zMask >> (d < 0 ? 0 : d === 0 ? 1 : 2)) & 1) === 0) {
        storeRun(out, value, outAt + run, outAt + x);
        run = x + 1;
        continue;
      }
      words[i] = (old & ~zWrite) | (code & zWrite);
    }
    storeRun(out, value, outAt + run, outAt + x1);
  }
}
