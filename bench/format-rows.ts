/**
 * formats.rows.*: our row converters against a hand-written loop doing the
 * same conversion for that one format (format-baselines.ts), timed interleaved,
 * best of several rounds. Before timing, each case checks that the baseline's
 * output equals ours byte for byte: a baseline that did less (or other) work
 * would fail here rather than flatter or shame us. Source data is seeded.
 */
import { D3DFMT } from '../src/d3d9/index.js';
import {
  chooseRowToFloat, chooseRowToRGBA8, copyDepthStencil, decodeRow, DXGI_FORMAT, formatInfo, pitchOf, rowToRGBA8, surfaceToRGBA8,
} from '../src/formats/index.js';
import type { FormatInfo } from '../src/formats/index.js';
import * as base from './format-baselines.js';
import type { Plane } from './format-baselines.js';
import { describe, timePairBest } from './measure.js';
import type { BenchContext, Benchmark, Result } from './types.js';

export function seeded(bytes: number, seed: number): Uint8Array {
  const out = new Uint8Array(bytes);
  let a = seed >>> 0;
  for (let i = 0; i < bytes; i++) {
    a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
    out[i] = a >>> 24;
  }
  return out;
}

export interface RowCase {
  name: string;
  /** what the baseline is, for the table */
  baseline: string;
  /** source bytes converted per run */
  bytes: number;
  /** each returns its output's bytes */
  ours(): Uint8Array;
  base(): Uint8Array;
}

const bytesOf = (a: Uint8Array | Float32Array): Uint8Array => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

function plane(f: FormatInfo, w: number, h: number): Plane {
  const pitch = pitchOf(f, w);
  return { data: seeded(pitch * h, f.id), pitch, width: w, height: h };
}

/** chooseRowToRGBA8 row by row, as surfaceToRGBA8 and the texture paths call it. */
function toRGBA8(id: number, baseline: string, loop: (s: Plane, out: Uint8Array) => void, w: number, h: number): RowCase {
  const f = formatInfo(id)!;
  const src = plane(f, w, h);
  const row = chooseRowToRGBA8(f);
  const a = new Uint8Array(w * h * 4), b = new Uint8Array(w * h * 4);
  return {
    name: `formats.rows.${f.name}_to_RGBA8`, baseline, bytes: src.data.length,
    ours: () => { for (let y = 0; y < h; y++) row(src.data, y * src.pitch, w, a, y * w * 4); return a; },
    base: () => { loop(src, b); return b; },
  };
}

function toFloat(id: number, baseline: string, loop: (s: Plane, out: Float32Array) => void, w: number, h: number): RowCase {
  const f = formatInfo(id)!;
  const src = plane(f, w, h);
  const row = chooseRowToFloat(f);
  const a = new Float32Array(w * h * 4), b = new Float32Array(w * h * 4);
  return {
    name: `formats.rows.${f.name}_to_float`, baseline, bytes: src.data.length,
    ours: () => { for (let y = 0; y < h; y++) row(src.data, y * src.pitch, w, a, y * w * 4); return bytesOf(a); },
    base: () => { loop(src, b); return bytesOf(b); },
  };
}

/** The golden path: a whole surface to a new RGBA8 image, as check and replay --out convert frames. */
function goldenImage(id: number, loop: (s: Plane, out: Uint8Array) => void, w: number, h: number): RowCase {
  const f = formatInfo(id)!;
  const src = plane(f, w, h);
  return {
    name: `formats.rows.surfaceToRGBA8_${f.name}`, baseline: 'the same loop into a new image of the same size', bytes: src.data.length,
    ours: () => surfaceToRGBA8(f, src.data, src.pitch, w, h),
    base: () => { const out = new Uint8Array(w * h * 4); loop(src, out); return out; },
  };
}

function depthCase(w: number, h: number): RowCase {
  const s = formatInfo(D3DFMT.D24S8)!;
  const d = formatInfo(D3DFMT.D32F_LOCKABLE)!;
  const src = plane(s, w, h);
  const dst = { data: new Uint8Array(pitchOf(d, w) * h), pitch: pitchOf(d, w), width: w, height: h };
  const other = { ...dst, data: new Uint8Array(dst.data.length) };
  return {
    name: 'formats.rows.D24S8_to_D32F_LOCKABLE',
    baseline: 'Uint32Array in, Float32Array out: (d<<8 | d>>16) / (2^32 - 1)',
    bytes: src.data.length,
    ours: () => { copyDepthStencil({ format: s.id, ...src }, { left: 0, top: 0, right: w, bottom: h }, { format: d.id, ...dst }, 0, 0); return dst.data; },
    base: () => { base.d24s8ToD32f(src, other); return other.data; },
  };
}

/** DXGI element rows (a Uint32Array of elements, one call for the surface, as its API takes them). */
function dxgiToRGBA8(name: keyof typeof DXGI_FORMAT, loop: (s: Plane, out: Uint8Array) => void, w: number, h: number): RowCase {
  const id = DXGI_FORMAT[name];
  const data = seeded(w * h * 4, id);
  const src = { data, pitch: w * 4, width: w, height: h };
  const elements = new Uint32Array(data.buffer, data.byteOffset, w * h);
  const a = new Uint8Array(w * h * 4), b = new Uint8Array(w * h * 4);
  return {
    name: `formats.rows.dxgi.${name}_to_RGBA8`, baseline: 'Uint32Array in and out, one byte-swap expression a pixel', bytes: data.length,
    ours: () => { rowToRGBA8(id, elements, a); return a; },
    base: () => { loop(src, b); return b; },
  };
}

function dxgiToFloat(name: keyof typeof DXGI_FORMAT, baseline: string, loop: (s: Plane, out: Float32Array) => void, w: number, h: number): RowCase {
  const id = DXGI_FORMAT[name];
  const data = seeded(w * h * 4, id);
  const src = { data, pitch: w * 4, width: w, height: h };
  const elements = new Uint32Array(data.buffer, data.byteOffset, w * h);
  const a = new Float32Array(w * h * 4), b = new Float32Array(w * h * 4);
  return {
    name: `formats.rows.dxgi.${name}_to_float`, baseline, bytes: data.length,
    ours: () => { decodeRow(id, elements, a); return bytesOf(a); },
    base: () => { loop(src, b); return bytesOf(b); },
  };
}

const SWAP = 'Uint32Array in and out, one byte-swap expression a pixel';
const TABLES = 'typed views in and out, per-channel tables pre-shifted into the output word';

/** Every case at a size; the test runs them small, the bench at 1024×256. */
export function rowCases(w: number, h: number): RowCase[] {
  return [
    toRGBA8(D3DFMT.A8R8G8B8, SWAP, base.a8r8g8b8, w, h),
    toRGBA8(D3DFMT.X8R8G8B8, SWAP, base.x8r8g8b8, w, h),
    toRGBA8(D3DFMT.R5G6B5, 'Uint16Array in, Uint32Array out, one 64K-entry pixel table (C.5 rounding)', base.r5g6b5, w, h),
    toRGBA8(D3DFMT.A2R10G10B10, TABLES, base.a2r10g10b10, w, h),
    toRGBA8(D3DFMT.A2B10G10R10, TABLES, base.a2b10g10r10, w, h),
    toRGBA8(D3DFMT.L8, 'bytes in, Uint32Array out, l * 0x010101 | alpha', base.l8, w, h),
    toRGBA8(D3DFMT.A8L8, 'Uint16Array in, Uint32Array out, one expression a pixel', base.a8l8, w, h),
    toFloat(D3DFMT.A16B16G16R16F, 'Uint16Array in, Uint32Array out, a 65536-entry half→float32-bits table', base.a16b16g16r16f, w, h),
    toFloat(D3DFMT.A32B32G32R32F, 'Uint32Array copy loop, NaNs made the quiet NaN', base.a32b32g32r32f, w, h),
    toFloat(D3DFMT.A2B10G10R10_XR_BIAS, 'Uint32Array in, 1024-entry (x - 0x180)/510 table', base.xrBias, w, h),
    depthCase(w, h),
    dxgiToRGBA8('B8G8R8A8_UNORM', base.a8r8g8b8, w, h),
    dxgiToRGBA8('B8G8R8X8_UNORM', base.x8r8g8b8, w, h),
    dxgiToRGBA8('B8G8R8A8_UNORM_SRGB', base.a8r8g8b8, w, h),
    dxgiToFloat('B8G8R8X8_UNORM', 'Uint32Array in, 256-entry c/255 table', base.b8g8r8x8ToFloat, w, h),
    dxgiToFloat('R10G10B10_XR_BIAS_A2_UNORM', 'Uint32Array in, 1024-entry (x - 0x180)/510 table', base.xrBias, w, h),
    goldenImage(D3DFMT.X8R8G8B8, base.x8r8g8b8, w, h),
    goldenImage(D3DFMT.A8R8G8B8, base.a8r8g8b8, w, h),
  ];
}

/** Where the outputs first differ, or undefined when they are equal byte for byte. */
export function firstDifference(a: Uint8Array, b: Uint8Array): number | undefined {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return undefined;
}

const W = 1024;
const H = 256;
const ROUNDS = 3;
const WARMUP = 10;

export const formatRows: Benchmark = {
  name: 'formats.rows',
  run(ctx: BenchContext): Result[] {
    return rowCases(W, H).map((c) => {
      const at = firstDifference(c.ours(), c.base());
      if (at !== undefined) throw new Error(`${c.name}: the baseline's output differs from ours at byte ${at}: it does not do the same work`);
      // both sides warm up alike; a few more runs than the default let a once-deoptimised loop settle, as it does in a replay
      const t = timePairBest(c.ours, c.base, { runs: ctx.timing.runs, warmup: Math.max(ctx.timing.warmup, WARMUP) }, ROUNDS);
      ctx.log(`${c.name}: ours ${describe(t.ours)}, loop ${describe(t.baseline)}`);
      const ours = c.bytes / t.ours.median / 1e6;
      const loop = c.bytes / t.baseline.median / 1e6;
      return { row: { name: c.name, unit: 'MB/s', value: ours, baseline: c.baseline, baselineValue: loop, ratio: ours / loop }, goal: '>= 0.5' };
    });
  },
};
