/**
 * Writing the colour into a render target sample (reference B.3 step 6, C.5):
 * blend with the stored colour when ALPHABLENDENABLE, keep the channels that
 * COLORWRITEENABLE (COLORWRITEENABLE1..3 for targets 1..3) masks out, and encode
 * with the format's FLOAT→format rules. With SRGBWRITEENABLE on target 0 and a
 * format that allows sRGB writes, the stored colour is linearised before blending
 * and the result goes through the sRGB curve (D3D10+ behaviour: blending in linear
 * space; D3D9 hardware may blend the sRGB values instead). Alpha is always linear.
 */
import { D3DRS } from '../../../d3d9/index.js';
import { decodeTexel, encodePixel } from '../../../formats/codec.js';
import { unormToFloat } from '../../../formats/convert.js';
import { srgbToLinear } from '../../../formats/srgb.js';
import type { FormatInfo } from '../../../formats/table.js';
import type { SurfaceView } from '../../surface-view.js';
import type { RasterState } from '../types.js';
import { blend, blendParams } from './blend.js';
import { srgb8Of, unorm8Of } from './unorm8.js';
import type { ColorWritePath, ColorWriteStage } from './types.js';
import { assertNever } from './types.js';

const WRITE_MASK_STATES = [D3DRS.COLORWRITEENABLE, D3DRS.COLORWRITEENABLE1, D3DRS.COLORWRITEENABLE2, D3DRS.COLORWRITEENABLE3] as const;

/**
 * Can SRGBWRITEENABLE convert writes to this format: a colour format whose stored
 * channels are 8-bit UNORM, or alpha/X of any width (the device's D3DUSAGE_QUERY_SRGBWRITE rule).
 */
export function srgbWritableFormat(f: FormatInfo): boolean {
  return f.kind === 'color' && f.blockW === 1 && f.blockH === 1 && f.channels.length > 0
    && f.channels.every((c) => c.type === 'unorm' && (c.bits === 8 || c.name === 'a' || c.name === 'x'));
}

/**
 * Per byte of a pixel, the bits the write replaces: each stored channel whose sampled
 * position (R 0, G 1, B 2, A 3; L counts as R) is enabled in `mask`, and the X bits
 * (written as ones) whenever any channel is. All zero when nothing is written.
 */
export function writeByteMask(f: FormatInfo, mask: number): Uint8Array {
  const out = new Uint8Array(f.blockBytes);
  const enabled = f.channels.filter((ch) => {
    const pos = f.swizzle.indexOf(ch.name);
    return pos >= 0 && ((mask >>> pos) & 1) !== 0;
  });
  if (enabled.length === 0) return out;
  for (const ch of f.channels) {
    if (ch.name !== 'x' && !enabled.includes(ch)) continue;
    for (let b = ch.shift; b < ch.shift + ch.bits; b++) out[b >>> 3] |= 1 << (b & 7);
  }
  return out;
}

/** What a draw writes into one render target. */
export interface TargetUse {
  target: SurfaceView;
  index: number;
  /** COLORWRITEENABLEn & 0xF */
  mask: number;
  srgb: boolean;
  byteMask: Uint8Array;
}

export function targetUse(state: RasterState, index: number): TargetUse | undefined {
  const target = state.renderTargets[index] ?? null;
  if (target === null) return undefined;
  const rs = state.renderStates;
  const mask = rs[WRITE_MASK_STATES[index]] & 0xf;
  // sRGB writes affect render target 0 only (reference C.5, "Gamma")
  const srgb = index === 0 && rs[D3DRS.SRGBWRITEENABLE] !== 0 && srgbWritableFormat(target.format);
  const byteMask = writeByteMask(target.format, mask);
  if (byteMask.every((b) => b === 0)) return undefined;
  return { target, index, mask, srgb, byteMask };
}

/** Views of each sample's bytes, made once per draw (decodeTexel addresses from 0). */
function sampleViews(s: SurfaceView): Uint8Array[] {
  const bytes = s.data.length / s.samples;
  return Array.from({ length: s.samples }, (_, i) => s.data.subarray(i * bytes, (i + 1) * bytes));
}

/** The reference path: any renderable format through decodeTexel/encodePixel. */
export function genericColorWrite(state: RasterState, index = 0): ColorWriteStage {
  const use = targetUse(state, index);
  if (!use) return () => {};
  const { target, srgb, byteMask } = use;
  const f = target.format;
  const n = f.blockBytes;
  const views = sampleViews(target);
  const bp = blendParams(state);
  const dst = new Float32Array(4);
  const out = new Float32Array(4);
  const enc = new Uint8Array(n);
  const opts = srgb ? { srgb: true } : undefined;
  return (color, x, y, sample) => {
    const data = views[sample];
    let src = color;
    if (bp.enabled) {
      decodeTexel(f, data, target.pitch, x, y, dst, 0, opts);
      blend(bp, color, dst, out);
      src = out;
    }
    encodePixel(f, src, enc, 0, srgb);
    const at = y * target.pitch + x * n;
    for (let i = 0; i < n; i++) data[at + i] = (data[at + i] & ~byteMask[i]) | (enc[i] & byteMask[i]);
  };
}

/** UNORM8 code → float32, and through the sRGB curve (decodeTexel's values). */
const UNORM8 = Float32Array.from({ length: 256 }, (_, i) => unormToFloat(i, 8));
const SRGB8 = Float32Array.from({ length: 256 }, (_, i) => Math.fround(srgbToLinear(UNORM8[i])));

/** Byte offsets of R, G, B, A (−1: none) and X (−1: none) of a 4-byte 8-bit-channel format. */
export interface Rgba8Layout { r: number; g: number; b: number; a: number; x: number }

export function rgba8Layout(f: FormatInfo): Rgba8Layout | undefined {
  if (f.kind !== 'color' || f.blockBytes !== 4 || f.blockW !== 1) return undefined;
  const at: Record<string, number> = {};
  for (const ch of f.channels) {
    if (ch.type !== 'unorm' || ch.bits !== 8 || !'rgbax'.includes(ch.name)) return undefined;
    at[ch.name] = ch.shift >>> 3;
  }
  if (at.r === undefined || at.g === undefined || at.b === undefined) return undefined;
  return { r: at.r, g: at.g, b: at.b, a: at.a ?? -1, x: at.x ?? -1 };
}

/** A8R8G8B8, X8R8G8B8, A8B8G8R8, X8B8G8R8: bytes in place, lookup-table decode. */
function rgba8ColorWrite(state: RasterState, use: TargetUse, l: Rgba8Layout): ColorWriteStage {
  const { target, srgb, mask } = use;
  const data = target.data, pitch = target.pitch;
  const sampleBytes = data.length / target.samples;
  const bp = blendParams(state);
  const lut = srgb ? SRGB8 : UNORM8;
  const dst = new Float32Array(4);
  const out = new Float32Array(4);
  const wr = (mask & 1) !== 0, wg = (mask & 2) !== 0, wb = (mask & 4) !== 0, wa = (mask & 8) !== 0 && l.a >= 0;
  const enc = srgb ? srgb8Of : unorm8Of;
  return (color, x, y, sample) => {
    const at = sample * sampleBytes + y * pitch + x * 4;
    let src = color;
    if (bp.enabled) {
      dst[0] = lut[data[at + l.r]];
      dst[1] = lut[data[at + l.g]];
      dst[2] = lut[data[at + l.b]];
      dst[3] = l.a >= 0 ? UNORM8[data[at + l.a]] : 1;
      blend(bp, color, dst, out);
      src = out;
    }
    if (wr) data[at + l.r] = enc(src, 0);
    if (wg) data[at + l.g] = enc(src, 1);
    if (wb) data[at + l.b] = enc(src, 2);
    if (wa) data[at + l.a] = unorm8Of(src, 3);
    if (l.x >= 0) data[at + l.x] = 0xff;
  };
}

const noWrite: ColorWriteStage = () => {};

export function chooseColorWrite(state: RasterState): ColorWritePath {
  const use = targetUse(state, 0);
  if (!use) return 'none';
  return rgba8Layout(use.target.format) ? 'rgba8' : 'generic';
}

/**
 * The fixed-function pipeline has one output colour (oC0): only render target 0 is
 * written (the device reports NumSimultaneousRTs = 1); `index` serves later MRT use.
 */
export function createColorWrite(path: ColorWritePath, state: RasterState, index = 0): ColorWriteStage {
  switch (path) {
    case 'none': return noWrite;
    case 'generic': return genericColorWrite(state, index);
    case 'rgba8': {
      const use = targetUse(state, index);
      const l = use && rgba8Layout(use.target.format);
      return use && l ? rgba8ColorWrite(state, use, l) : noWrite;
    }
    default: return assertNever(path, 'colour-write path');
  }
}
