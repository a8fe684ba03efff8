/**
 * Alpha blending (reference B.3 step 6; D3DBLEND, D3DBLENDOP, "Alpha Blending
 * State"): result = src·Fs OP dst·Fd per channel, RGB with SRCBLEND/DESTBLEND/
 * BLENDOP and A with the same or, with SEPARATEALPHABLENDENABLE, SRCBLENDALPHA/
 * DESTBLENDALPHA/BLENDOPALPHA. MIN and MAX ignore the factors.
 */
import { D3DBLEND, D3DBLENDOP, D3DRS } from '../../../d3d9/index.js';
import type { RasterState } from '../types.js';
import { colorToFloats } from './texture-ops.js';

export interface BlendParams {
  readonly enabled: boolean;
  readonly srcColor: number;
  readonly dstColor: number;
  readonly opColor: number;
  readonly srcAlpha: number;
  readonly dstAlpha: number;
  readonly opAlpha: number;
  /** BLENDFACTOR as float RGBA */
  readonly factor: Float32Array;
}

/**
 * A source/destination pair with the obsolete BOTH* values resolved: as the source
 * factor BOTHSRCALPHA means (SRCALPHA, INVSRCALPHA) and BOTHINVSRCALPHA (INVSRCALPHA,
 * SRCALPHA), overriding the destination; as a destination alone they read as
 * SRCALPHA and INVSRCALPHA (DXVK).
 */
export function resolveBlendPair(src: number, dst: number): [number, number] {
  if (src === D3DBLEND.BOTHSRCALPHA) return [D3DBLEND.SRCALPHA, D3DBLEND.INVSRCALPHA];
  if (src === D3DBLEND.BOTHINVSRCALPHA) return [D3DBLEND.INVSRCALPHA, D3DBLEND.SRCALPHA];
  if (dst === D3DBLEND.BOTHSRCALPHA) return [src, D3DBLEND.SRCALPHA];
  if (dst === D3DBLEND.BOTHINVSRCALPHA) return [src, D3DBLEND.INVSRCALPHA];
  return [src, dst];
}

export function blendParams(state: RasterState): BlendParams {
  const rs = state.renderStates;
  const [srcColor, dstColor] = resolveBlendPair(rs[D3DRS.SRCBLEND], rs[D3DRS.DESTBLEND]);
  const separate = rs[D3DRS.SEPARATEALPHABLENDENABLE] !== 0;
  const [srcAlpha, dstAlpha] = separate ? resolveBlendPair(rs[D3DRS.SRCBLENDALPHA], rs[D3DRS.DESTBLENDALPHA]) : [srcColor, dstColor];
  const factor = new Float32Array(4);
  colorToFloats(rs[D3DRS.BLENDFACTOR], factor);
  return {
    enabled: rs[D3DRS.ALPHABLENDENABLE] !== 0,
    srcColor, dstColor, opColor: rs[D3DRS.BLENDOP],
    srcAlpha, dstAlpha, opAlpha: separate ? rs[D3DRS.BLENDOPALPHA] : rs[D3DRS.BLENDOP],
    factor,
  };
}

/**
 * The factor `kind` for channel c. SRCALPHASAT is (f, f, f, 1) with f = min(As, 1 − Ad).
 * SRCCOLOR2/INVSRCCOLOR2 (9Ex dual-source) read a second colour the fixed-function
 * pipeline does not have: taken as 0 (so 1 for the inverse). Unknown values read as ZERO.
 */
export function blendFactor(kind: number, c: number, src: Float32Array, dst: Float32Array, k: Float32Array): number {
  switch (kind) {
    case D3DBLEND.ZERO: return 0;
    case D3DBLEND.ONE: return 1;
    case D3DBLEND.SRCCOLOR: return src[c];
    case D3DBLEND.INVSRCCOLOR: return 1 - src[c];
    case D3DBLEND.SRCALPHA: return src[3];
    case D3DBLEND.INVSRCALPHA: return 1 - src[3];
    case D3DBLEND.DESTALPHA: return dst[3];
    case D3DBLEND.INVDESTALPHA: return 1 - dst[3];
    case D3DBLEND.DESTCOLOR: return dst[c];
    case D3DBLEND.INVDESTCOLOR: return 1 - dst[c];
    case D3DBLEND.SRCALPHASAT: return c === 3 ? 1 : Math.min(src[3], 1 - dst[3]);
    case D3DBLEND.BLENDFACTOR: return k[c];
    case D3DBLEND.INVBLENDFACTOR: return 1 - k[c];
    case D3DBLEND.INVSRCCOLOR2: return 1;
    default: return 0;
  }
}

/** One channel through a D3DBLENDOP; an unknown op adds. */
export function blendOp(op: number, s: number, fs: number, d: number, fd: number): number {
  switch (op) {
    case D3DBLENDOP.SUBTRACT: return s * fs - d * fd;
    case D3DBLENDOP.REVSUBTRACT: return d * fd - s * fs;
    case D3DBLENDOP.MIN: return Math.min(s, d);
    case D3DBLENDOP.MAX: return Math.max(s, d);
    default: return s * fs + d * fd;
  }
}

/** The factors of one blend, four channels each: float64, the values blendFactor returns. */
const FS = new Float64Array(4);
const FD = new Float64Array(4);

/**
 * blendFactor(kind, c, …) for channels [c0, c1) into out. A vector per call rather than a number
 * per channel: a double returned from a call V8 does not inline is boxed, once per channel per pixel.
 */
export function blendFactors(kind: number, c0: number, c1: number, src: Float32Array, dst: Float32Array, k: Float32Array, out: Float64Array): void {
  switch (kind) {
    case D3DBLEND.ONE: for (let c = c0; c < c1; c++) out[c] = 1; break;
    case D3DBLEND.SRCCOLOR: for (let c = c0; c < c1; c++) out[c] = src[c]; break;
    case D3DBLEND.INVSRCCOLOR: for (let c = c0; c < c1; c++) out[c] = 1 - src[c]; break;
    case D3DBLEND.SRCALPHA: for (let c = c0; c < c1; c++) out[c] = src[3]; break;
    case D3DBLEND.INVSRCALPHA: for (let c = c0; c < c1; c++) out[c] = 1 - src[3]; break;
    case D3DBLEND.DESTALPHA: for (let c = c0; c < c1; c++) out[c] = dst[3]; break;
    case D3DBLEND.INVDESTALPHA: for (let c = c0; c < c1; c++) out[c] = 1 - dst[3]; break;
    case D3DBLEND.DESTCOLOR: for (let c = c0; c < c1; c++) out[c] = dst[c]; break;
    case D3DBLEND.INVDESTCOLOR: for (let c = c0; c < c1; c++) out[c] = 1 - dst[c]; break;
    case D3DBLEND.SRCALPHASAT: for (let c = c0; c < c1; c++) out[c] = c === 3 ? 1 : Math.min(src[3], 1 - dst[3]); break;
    case D3DBLEND.BLENDFACTOR: for (let c = c0; c < c1; c++) out[c] = k[c]; break;
    case D3DBLEND.INVBLENDFACTOR: for (let c = c0; c < c1; c++) out[c] = 1 - k[c]; break;
    case D3DBLEND.INVSRCCOLOR2: for (let c = c0; c < c1; c++) out[c] = 1; break;
    default: for (let c = c0; c < c1; c++) out[c] = 0; // ZERO, SRCCOLOR2 and unknown values
  }
}

/** blendOp on channels [c0, c1) into out (each result rounded to float32 once, on the store). */
function blendOps(op: number, c0: number, c1: number, src: Float32Array, fs: Float64Array, dst: Float32Array, fd: Float64Array, out: Float32Array): void {
  switch (op) {
    case D3DBLENDOP.SUBTRACT: for (let c = c0; c < c1; c++) out[c] = src[c] * fs[c] - dst[c] * fd[c]; break;
    case D3DBLENDOP.REVSUBTRACT: for (let c = c0; c < c1; c++) out[c] = dst[c] * fd[c] - src[c] * fs[c]; break;
    case D3DBLENDOP.MIN: for (let c = c0; c < c1; c++) out[c] = Math.min(src[c], dst[c]); break;
    case D3DBLENDOP.MAX: for (let c = c0; c < c1; c++) out[c] = Math.max(src[c], dst[c]); break;
    default: for (let c = c0; c < c1; c++) out[c] = src[c] * fs[c] + dst[c] * fd[c];
  }
}

/** Blends src with dst (both float RGBA, dst as decoded: X and missing alpha read 1) into out. */
export function blend(p: BlendParams, src: Float32Array, dst: Float32Array, out: Float32Array): void {
  const k = p.factor;
  blendFactors(p.srcColor, 0, 3, src, dst, k, FS);
  blendFactors(p.dstColor, 0, 3, src, dst, k, FD);
  blendFactors(p.srcAlpha, 3, 4, src, dst, k, FS);
  blendFactors(p.dstAlpha, 3, 4, src, dst, k, FD);
  blendOps(p.opColor, 0, 3, src, FS, dst, FD, out);
  blendOps(p.opAlpha, 3, 4, src, FS, dst, FD, out);
}
