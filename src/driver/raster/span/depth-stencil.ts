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
 *
 * Each triangle picks one loop (its SpanForm) for the common cases, so that the
 * loops carry only the work the draw needs: no depth bias (its add and second
 * clamp), no stencil (no table), or a stencil whose failing ops keep the value
 * (an arithmetic test and no stores for failing pixels); anything else takes
 * the general loop. The span-path tests compare every form with the Fragment path.
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

/** Do STENCILFAIL and STENCILZFAIL leave every byte as it is (KEEP, or ops the write mask or the values make no-ops)? */
function failsKeep(t: Int32Array): boolean {
  for (let b = 0; b < 256; b++) if ((t[b] & 0xff) !== b || ((t[b] >> 8) & 0xff) !== b) return false;
  return true;
}

/** A face's table and whether its failing ops keep every byte (failsKeep). */
interface FaceTable {
  readonly table: Int32Array;
  readonly keeps: boolean;
}

/**
 * Tables by their inputs: draws repeat a few stencil states, and building a
 * table (768 ops and 256 tests) costs more than drawing a small triangle.
 * A table depends on nothing else, so which draw built it does not show.
 */
const tableCache = new Map<number, FaceTable>();
const TABLE_CACHE_SIZE = 64;

/** A nibble for a D3DCMP or D3DSTENCILOP value of 1…8, else −1 (such values are not cached). */
function nibble(v: number): number {
  return v >= 1 && v <= 8 ? v : -1;
}

/**
 * One face's table for the render states: the key packs the 8-bit max, ref,
 * mask and write mask and the four 1…8 codes into 48 bits (an exact double),
 * read from the states so that a hit builds no StencilParams.
 */
function cachedFaceTable(rs: Uint32Array, bits: number, back: boolean): FaceTable {
  const max = (1 << bits) - 1;
  const func = nibble(rs[back ? D3DRS.CCW_STENCILFUNC : D3DRS.STENCILFUNC]);
  const fail = nibble(rs[back ? D3DRS.CCW_STENCILFAIL : D3DRS.STENCILFAIL]);
  const zfail = nibble(rs[back ? D3DRS.CCW_STENCILZFAIL : D3DRS.STENCILZFAIL]);
  const pass = nibble(rs[back ? D3DRS.CCW_STENCILPASS : D3DRS.STENCILPASS]);
  const cacheable = func >= 0 && fail >= 0 && zfail >= 0 && pass >= 0;
  const key = cacheable
    ? ((max | ((rs[D3DRS.STENCILREF] & max) << 8) | ((rs[D3DRS.STENCILMASK] & max) << 16)) >>> 0)
      + (rs[D3DRS.STENCILWRITEMASK] & max) * 2 ** 24
      + (func | (fail << 4) | (zfail << 8) | (pass << 12)) * 2 ** 32
    : -1;
  let t = cacheable ? tableCache.get(key) : undefined;
  if (!t) {
    const p = stencilParams(rs, bits);
    const table = stencilTable(p, back ? p.back : p.front);
    t = { table, keeps: failsKeep(table) };
    if (!cacheable) return t;
    if (tableCache.size >= TABLE_CACHE_SIZE) tableCache.clear();
    tableCache.set(key, t);
  }
  return t;
}

/** Beyond any difference of two depth codes (|d| < 2²⁴) or stencil values, and far from int32 overflow. */
const ANY_D = 1 << 30;

/**
 * The range test of a compare function on integers: func(a, b) holds when
 * d = a − b is in lo … lo + span modulo 2³², a range of the circle of int32
 * values, which also holds NOTEQUAL (1 … −1) and NEVER (one value no
 * difference reaches). The loops test ((d − lo) >>> 0) ≤ span, one unsigned
 * compare; span is stored as the int32 of its bits.
 */
function compareRange(func: number): [lo: number, span: number] {
  // integers: each function's result depends only on their order
  const below = compareBy(func, 0, 1), equal = compareBy(func, 0, 0), above = compareBy(func, 1, 0);
  const notEqual = below && above && !equal;
  const lo = notEqual ? 1 : below ? -ANY_D : equal ? 0 : above ? 1 : ANY_D;
  const hi = notEqual ? -1 : above ? ANY_D : equal ? 0 : below ? -1 : ANY_D;
  return [lo, (hi - lo) | 0];
}

/**
 * DepthStencilSpan.ints: the depth test (new code − stored code) as Z_LO and
 * Z_SPAN; the depth write mask (the depth field when written, else 0), the same
 * at its place in a D24 word (Z_FIELD) and the bits a passing D24 pixel without
 * stencil work keeps (KEEP_DEPTH); the span's colour; the current face's
 * stencil test, (ref & mask) − (stencil & mask) in lo … lo + S_SPAN, as
 * S_BASE = (ref & mask) − lo and S_MASK; the byte after STENCILPASS when the
 * test admits one byte (S_PASS, the KEEPS_ONE form).
 */
const Z_LO = 0, Z_SPAN = 1, Z_WRITE = 2, VALUE = 3, Z_FIELD = 4, KEEP_DEPTH = 5;
const S_BASE = 6, S_MASK = 7, S_SPAN = 8, S_PASS = 9, INTS = 10;

/** Stencil off: every byte passes and stays. */
const NO_STENCIL = Int32Array.from({ length: 256 }, (_, b) => b | (b << 8) | (b << 16) | PASS);
const NO_STENCIL_FACE: FaceTable = { table: NO_STENCIL, keeps: true };

/**
 * The loop a triangle's spans run: CONSTANT, one depth code (or none needed);
 * DEPTH, the plane without a stencil or a depth bias; KEEPS and KEEPS_TEST, the
 * plane with a stencil whose failing ops keep the value, without a depth bias,
 * writing the depth or not; KEEPS_ONE, KEEPS where the test admits one stencil
 * byte (EQUAL over all eight bits), so passing pixels store one byte without
 * the table; GENERAL, anything (bias, any stencil ops).
 */
const CONSTANT = 0, DEPTH = 1, KEEPS = 2, KEEPS_TEST = 3, GENERAL = 4, KEEPS_ONE = 5;
const FORM_NAMES = ['constant', 'depth', 'keeps', 'keeps-test', 'general', 'keeps-one'] as const;
export type SpanFormName = (typeof FORM_NAMES)[number];

export class DepthStencilSpan {
  private readonly words: WordArray;
  /** words per row */
  private readonly pitch: number;
  private readonly d24: boolean;
  private readonly maxCode: number;
  /**
   * The test and write constants (INTS above), read in the loops from an
   * Int32Array: untagged int32 values, where a field or parameter stays a
   * tagged value that TurboFan untags again at every use in the loop.
   */
  private readonly ints = new Int32Array(INTS);
  /** the code is needed: the depth test can fail or the depth is written */
  private readonly zNeeded: boolean;
  /** front then back face: the table, whether its failing ops keep the value, and its stencil range test (lo, top) */
  private readonly faces: readonly [Int32Array, Int32Array];
  private readonly keeps: readonly [boolean, boolean];
  private readonly ranges: readonly [readonly [number, number], readonly [number, number]];
  private readonly stencilRef: number;
  private readonly zWritten: boolean;
  private readonly twoSided: boolean;
  // the triangle: its face's table, its loop, weight steps, depth plane, and its depth code when constant (else −1)
  private face: Int32Array;
  private form = CONSTANT;
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
    const [zLo, zSpan] = compareRange(zFunc);
    const zWrite = depthOn && rs[D3DRS.ZWRITEENABLE] !== 0 ? this.maxCode : 0;
    const ints = this.ints;
    ints[Z_LO] = zLo;
    ints[Z_SPAN] = zSpan;
    ints[Z_WRITE] = zWrite;
    // D16 words have no stencil byte: their depth field starts at bit 0 (the D16 loops use Z_WRITE)
    ints[Z_FIELD] = zWrite << 8;
    ints[KEEP_DEPTH] = ~(zWrite << 8);
    this.zWritten = zWrite !== 0;
    this.zNeeded = zWrite !== 0 || !comparesAlways(zFunc);
    this.twoSided = rs[D3DRS.TWOSIDEDSTENCILMODE] !== 0;
    const stencilOn = rs[D3DRS.STENCILENABLE] !== 0 && l.stencilBits > 0;
    const front = stencilOn ? cachedFaceTable(rs, l.stencilBits, false) : NO_STENCIL_FACE;
    const back = this.twoSided && stencilOn ? cachedFaceTable(rs, l.stencilBits, true) : front;
    this.faces = [front.table, back.table];
    this.keeps = [front.keeps, back.keeps];
    const frontRange = compareRange(rs[D3DRS.STENCILFUNC]);
    this.ranges = [frontRange, back === front ? frontRange : compareRange(rs[D3DRS.CCW_STENCILFUNC])];
    // stencilParams' ref and mask: the states truncated to the stencil bits
    const max = l.stencilBits > 0 ? (1 << l.stencilBits) - 1 : 0;
    const mask = rs[D3DRS.STENCILMASK] & max;
    this.stencilRef = rs[D3DRS.STENCILREF] & mask;
    ints[S_MASK] = mask;
    this.face = front.table;
  }

  /** Takes the triangle's face (CCW states for a back face in two-sided mode), weight steps and depth plane. */
  begin(attr: AttributeSetup, front: boolean, bias: number): void {
    const f = this.twoSided && !front ? 1 : 0;
    const face = this.faces[f];
    this.face = face;
    this.steps.set(attr.gx);
    this.z0 = attr.z0; this.z1 = attr.z1; this.z2 = attr.z2;
    this.zNorm = attr.zNorm;
    this.bias = bias;
    // without a depth test or write any code does: 0 skips the plane
    this.code = this.zNeeded ? this.constantCode() : 0;
    // a bias of −0 adds nothing either: clamp01(z) + −0 is clamp01(z)
    const keeps = this.zWritten ? KEEPS : KEEPS_TEST;
    this.form = this.code >= 0 ? CONSTANT : bias !== 0 ? GENERAL : face === NO_STENCIL ? DEPTH : this.keeps[f] ? keeps : GENERAL;
    const [lo, span] = this.ranges[f];
    const sBase = this.stencilRef - lo;
    this.ints[S_BASE] = sBase;
    this.ints[S_SPAN] = span;
    // a range of one value over a full byte mask: only the byte sBase passes (or none, for NEVER)
    if (this.form === KEEPS && span === 0 && (this.ints[S_MASK] & 0xff) === 0xff) {
      this.form = KEEPS_ONE;
      this.ints[S_PASS] = (face[sBase & 0xff] >> 16) & 0xff;
    }
  }

  /** The loop the last triangle's spans run (for tests and profiles). */
  get formName(): SpanFormName {
    return FORM_NAMES[this.form];
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
    const form = this.form;
    if (!this.d24) {
      if (form === DEPTH) this.runD16Depth(y, x0, x1, e0, e1, e2, out, outAt, value);
      else this.runD16(y, x0, x1, e0, e1, e2, out, outAt, value);
    } else if (form === CONSTANT) this.runD24Constant(y, x0, x1, out, outAt, value);
    else if (form === DEPTH) this.runD24Depth(y, x0, x1, e0, e1, e2, out, outAt, value);
    else if (form === KEEPS_ONE) this.runD24KeepsOne(y, x0, x1, e0, e1, e2, out, outAt, value);
    else if (form === KEEPS) this.runD24Keeps(y, x0, x1, e0, e1, e2, out, outAt, value);
    else if (form === KEEPS_TEST) this.runD24KeepsTest(y, x0, x1, e0, e1, e2, out, outAt, value);
    else this.runD24(y, x0, x1, e0, e1, e2, out, outAt, value);
  }

  /*
   * The plane loops share their shape: the plane's constants live in locals
   * (typed-array stores in the loop would otherwise reload them per pixel); the
   * weights step by addition, integers below 2⁵³ as e + k·step is, so the sums
   * are the same; one index serves the depth-stencil word and, `toOut` words
   * on, the colour word; depthCode is inlined (a call would box its double
   * argument), and as d ≤ 1 is a float32, d·(2ⁿ − 1) + 0.5 is exact and | 0
   * floors it. Without a bias, clamp01(clamp01(z) + 0) is clamp01(z) (and a
   * bias of −0 adds nothing either).
   */

  /** D24 spans of the DEPTH form: the depth test, no stencil; the stencil byte and unwritten depth bits stay (KEEP_DEPTH). */
  private runD24Depth(y: number, x0: number, x1: number, e0: number, e1: number, e2: number, out: WordArray, outAt: number, value: number): void {
    const words = this.words as Int32Array;
    const ints = this.ints;
    ints[VALUE] = value;
    const zLo = ints[Z_LO], zSpan = ints[Z_SPAN] >>> 0, zField = ints[Z_FIELD], keep = ints[KEEP_DEPTH], v = ints[VALUE];
    const steps = this.steps, s0 = steps[0], s1 = steps[1], s2 = steps[2];
    const z0 = this.z0, z1 = this.z1, z2 = this.z2, zNorm = this.zNorm;
    const from = (y * this.pitch + x0) | 0, end = (from + x1 - x0) | 0, toOut = (outAt + x0 - from) | 0;
    // unary plus: a loop variable seeded from an untyped parameter is boxed at every step
    let w0 = +e0, w1 = +e1, w2 = +e2;
    for (let i = from; i < end; i++, w0 += s0, w1 += s1, w2 += s2) {
      const old = words[i];
      const z = (w0 * z0 + w1 * z1 + w2 * z2) * zNorm;
      const code = (Math.fround(z > 0 ? (z < 1 ? z : 1) : 0) * 0xffffff + 0.5) | 0;
      if ((((code - (old >>> 8)) - zLo) >>> 0) <= zSpan) {
        words[i] = (old & keep) | ((code << 8) & zField);
        out[i + toOut] = v;
      }
    }
  }

  /**
   * D24 spans of the KEEPS form: no bias, STENCILFAIL and STENCILZFAIL keep the
   * value (failing pixels store nothing), the depth is written. The stencil
   * test is arithmetic (the table's PASS bit as a range test); the table gives
   * the byte after STENCILPASS.
   */
  private runD24Keeps(y: number, x0: number, x1: number, e0: number, e1: number, e2: number, out: WordArray, outAt: number, value: number): void {
    const words = this.words as Int32Array, table = this.face;
    const ints = this.ints;
    ints[VALUE] = value;
    const zLo = ints[Z_LO], zSpan = ints[Z_SPAN] >>> 0, v = ints[VALUE];
    const sBase = ints[S_BASE], sMask = ints[S_MASK], sSpan = ints[S_SPAN] >>> 0;
    const steps = this.steps, s0 = steps[0], s1 = steps[1], s2 = steps[2];
    const z0 = this.z0, z1 = this.z1, z2 = this.z2, zNorm = this.zNorm;
    const from = (y * this.pitch + x0) | 0, end = (from + x1 - x0) | 0, toOut = (outAt + x0 - from) | 0;
    let w0 = +e0, w1 = +e1, w2 = +e2;
    for (let i = from; i < end; i++, w0 += s0, w1 += s1, w2 += s2) {
      const old = words[i];
      if (((sBase - (old & sMask)) >>> 0) > sSpan) continue;
      const z = (w0 * z0 + w1 * z1 + w2 * z2) * zNorm;
      const code = (Math.fround(z > 0 ? (z < 1 ? z : 1) : 0) * 0xffffff + 0.5) | 0;
      if ((((code - (old >>> 8)) - zLo) >>> 0) <= zSpan) {
        words[i] = (code << 8) | ((table[old & 0xff] >> 16) & 0xff);
        out[i + toOut] = v;
      }
    }
  }

  /** runD24Keeps where one stencil byte passes: every passing pixel stores the same byte (S_PASS). */
  private runD24KeepsOne(y: number, x0: number, x1: number, e0: number, e1: number, e2: number, out: WordArray, outAt: number, value: number): void {
    const words = this.words as Int32Array;
    const ints = this.ints;
    ints[VALUE] = value;
    const zLo = ints[Z_LO], zSpan = ints[Z_SPAN] >>> 0, v = ints[VALUE];
    const sBase = ints[S_BASE], sMask = ints[S_MASK], pass = ints[S_PASS];
    const steps = this.steps, s0 = steps[0], s1 = steps[1], s2 = steps[2];
    const z0 = this.z0, z1 = this.z1, z2 = this.z2, zNorm = this.zNorm;
    const from = (y * this.pitch + x0) | 0, end = (from + x1 - x0) | 0, toOut = (outAt + x0 - from) | 0;
    let w0 = +e0, w1 = +e1, w2 = +e2;
    for (let i = from; i < end; i++, w0 += s0, w1 += s1, w2 += s2) {
      const old = words[i];
      if ((old & sMask) !== sBase) continue;
      const z = (w0 * z0 + w1 * z1 + w2 * z2) * zNorm;
      const code = (Math.fround(z > 0 ? (z < 1 ? z : 1) : 0) * 0xffffff + 0.5) | 0;
      if ((((code - (old >>> 8)) - zLo) >>> 0) <= zSpan) {
        words[i] = (code << 8) | pass;
        out[i + toOut] = v;
      }
    }
  }

  /** runD24Keeps without the depth write (ZWRITEENABLE FALSE): a passing pixel stores its stencil byte only. */
  private runD24KeepsTest(y: number, x0: number, x1: number, e0: number, e1: number, e2: number, out: WordArray, outAt: number, value: number): void {
    const words = this.words as Int32Array, table = this.face;
    const ints = this.ints;
    ints[VALUE] = value;
    const zLo = ints[Z_LO], zSpan = ints[Z_SPAN] >>> 0, v = ints[VALUE];
    const sBase = ints[S_BASE], sMask = ints[S_MASK], sSpan = ints[S_SPAN] >>> 0;
    const steps = this.steps, s0 = steps[0], s1 = steps[1], s2 = steps[2];
    const z0 = this.z0, z1 = this.z1, z2 = this.z2, zNorm = this.zNorm;
    const from = (y * this.pitch + x0) | 0, end = (from + x1 - x0) | 0, toOut = (outAt + x0 - from) | 0;
    let w0 = +e0, w1 = +e1, w2 = +e2;
    for (let i = from; i < end; i++, w0 += s0, w1 += s1, w2 += s2) {
      const old = words[i];
      if (((sBase - (old & sMask)) >>> 0) > sSpan) continue;
      const z = (w0 * z0 + w1 * z1 + w2 * z2) * zNorm;
      const code = (Math.fround(z > 0 ? (z < 1 ? z : 1) : 0) * 0xffffff + 0.5) | 0;
      if ((((code - (old >>> 8)) - zLo) >>> 0) <= zSpan) {
        words[i] = (old & ~0xff) | ((table[old & 0xff] >> 16) & 0xff);
        out[i + toOut] = v;
      }
    }
  }

  /**
   * D24 spans of the GENERAL form: any bias, any stencil ops, the table's
   * test. Passing pixels store their colour one by one, failing ones only a
   * stencil byte that changes (KEEP leaves the word as it is).
   */
  private runD24(y: number, x0: number, x1: number, e0: number, e1: number, e2: number, out: WordArray, outAt: number, value: number): void {
    const words = this.words as Int32Array, table = this.face;
    const ints = this.ints;
    ints[VALUE] = value;
    const zLo = ints[Z_LO], zSpan = ints[Z_SPAN] >>> 0, zWrite = ints[Z_WRITE], v = ints[VALUE];
    const steps = this.steps, s0 = steps[0], s1 = steps[1], s2 = steps[2];
    const z0 = this.z0, z1 = this.z1, z2 = this.z2, zNorm = this.zNorm, bias = this.bias;
    const from = (y * this.pitch + x0) | 0, end = (from + x1 - x0) | 0, toOut = (outAt + x0 - from) | 0;
    let w0 = +e0, w1 = +e1, w2 = +e2;
    for (let i = from; i < end; i++, w0 += s0, w1 += s1, w2 += s2) {
      const old = words[i];
      const t = table[old & 0xff];
      let kept: number;
      if ((t & PASS) === 0) {
        kept = t & 0xff;
      } else {
        const z = (w0 * z0 + w1 * z1 + w2 * z2) * zNorm;
        const c = (z > 0 ? (z < 1 ? z : 1) : 0) + bias;
        const code = (Math.fround(c > 0 ? (c < 1 ? c : 1) : 0) * 0xffffff + 0.5) | 0;
        if ((((code - (old >>> 8)) - zLo) >>> 0) <= zSpan) {
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
   * D24 spans of the CONSTANT form (a triangle of one depth, or no depth work):
   * the loop without the plane. The colour goes in runs of passing pixels (a
   * fill for long ones), flushed where one fails and at the end.
   */
  private runD24Constant(y: number, x0: number, x1: number, out: WordArray, outAt: number, value: number): void {
    const words = this.words as Int32Array, table = this.face;
    const ints = this.ints;
    const zLo = ints[Z_LO], zSpan = ints[Z_SPAN] >>> 0, zWrite = ints[Z_WRITE], code = this.code | 0;
    const written = (code & zWrite) << 8, kept = ~(zWrite << 8) & ~0xff;
    const n = (x1 - x0) | 0, row = (y * this.pitch + x0) | 0, at = (outAt + x0) | 0;
    let run = 0;
    for (let k = 0; k < n; k++) {
      const i = row + k;
      const old = words[i];
      const t = table[old & 0xff];
      const d = code - (old >>> 8);
      if ((t & PASS) === 0 || ((d - zLo) >>> 0) > zSpan) {
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

  /** D16 spans of the DEPTH form: runD24Depth on 16-bit codes. */
  private runD16Depth(y: number, x0: number, x1: number, e0: number, e1: number, e2: number, out: WordArray, outAt: number, value: number): void {
    const words = this.words as Uint16Array;
    const ints = this.ints;
    ints[VALUE] = value;
    const zLo = ints[Z_LO], zSpan = ints[Z_SPAN] >>> 0, zWrite = ints[Z_WRITE], v = ints[VALUE];
    const steps = this.steps, s0 = steps[0], s1 = steps[1], s2 = steps[2];
    const z0 = this.z0, z1 = this.z1, z2 = this.z2, zNorm = this.zNorm;
    const from = (y * this.pitch + x0) | 0, end = (from + x1 - x0) | 0, toOut = (outAt + x0 - from) | 0;
    let w0 = +e0, w1 = +e1, w2 = +e2;
    for (let i = from; i < end; i++, w0 += s0, w1 += s1, w2 += s2) {
      const old = words[i];
      const z = (w0 * z0 + w1 * z1 + w2 * z2) * zNorm;
      const code = (Math.fround(z > 0 ? (z < 1 ? z : 1) : 0) * 0xffff + 0.5) | 0;
      if ((((code - old) - zLo) >>> 0) > zSpan) continue;
      words[i] = (old & ~zWrite) | (code & zWrite);
      out[i + toOut] = v;
    }
  }

  /** D16 spans (no stencil) of the other forms: runD24's plane (or one code) and test on 16-bit codes. */
  private runD16(y: number, x0: number, x1: number, e0: number, e1: number, e2: number, out: WordArray, outAt: number, value: number): void {
    const words = this.words as Uint16Array;
    const ints = this.ints;
    ints[VALUE] = value;
    const zLo = ints[Z_LO], zSpan = ints[Z_SPAN] >>> 0, zWrite = ints[Z_WRITE], v = ints[VALUE], constant = this.code | 0;
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
      if ((((code - old) - zLo) >>> 0) > zSpan) continue;
      words[i] = (old & ~zWrite) | (code & zWrite);
      out[i + toOut] = v;
    }
  }
}
