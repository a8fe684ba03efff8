/**
 * Row converters between stored pixels and RGBA8 or float RGBA. Each has a
 * generic path built on the exact codec (codec.ts) and fast paths chosen by a
 * `choose*` function: packed formats of up to 32 bits through per-channel
 * lookup tables built once per format, and float formats through typed views.
 * Tests check every fast path byte for byte against the generic one.
 */
import { channelRaw, channelValue, decodeTexel, encodePixel } from './codec.js';
import type { SampleOptions } from './codec.js';
import { halfToFloat } from './half.js';
import { srgbToLinear } from './srgb.js';
import type { Channel, FormatInfo } from './table.js';
import { byteShuffle, isUnorm1010102, pixelRow16, pixelRow8, tableRow32, unorm1010102Row, ViewCache, wordTables, words16ToFloat, words32ToFloat, isXrBiasPlan, xrBiasWordsToFloat } from './word-rows.js';
import type { ByteSources, FloatPlan, WordRow, WordTables } from './word-rows.js';

/** Converts `width` pixels starting at byte `at` of `src` into out[o...]. */
export type RowDecoder<T extends Uint8Array | Float32Array> = (src: Uint8Array, at: number, width: number, out: T, o: number) => void;
/** Converts `width` RGBA values from src[o...] into pixels at byte `at` of `dst`. */
export type RowEncoder<T extends Uint8Array | Float32Array> = (src: T, o: number, width: number, dst: Uint8Array, at: number) => void;

/** FLOAT→UNORM8 by D3D's rule. */
export function unorm8(v: number): number {
  return v > 0 ? (v >= 1 ? 255 : Math.floor(v * 255 + 0.5)) : 0;
}

// ---- generic paths (any format, through the exact codec) ----

const px = new Float32Array(4);

export function genericRowToFloat(f: FormatInfo, opts?: SampleOptions): RowDecoder<Float32Array> {
  return (src, at, width, out, o) => {
    // decodeTexel addresses by (x, y): present the row as a one-row surface starting at `at`
    const row = src.subarray(at);
    for (let x = 0; x < width; x++) decodeTexel(f, row, 0, x, 0, out, o + 4 * x, opts);
  };
}

export function genericRowToRGBA8(f: FormatInfo, opts?: SampleOptions): RowDecoder<Uint8Array> {
  return (src, at, width, out, o) => {
    const row = src.subarray(at);
    for (let x = 0; x < width; x++) {
      decodeTexel(f, row, 0, x, 0, px, 0, opts);
      for (let k = 0; k < 4; k++) out[o + 4 * x + k] = unorm8(px[k]);
    }
  };
}

export function genericRowFromFloat(f: FormatInfo, srgb = false): RowEncoder<Float32Array> | undefined {
  if (!encodePixel(f, [0, 0, 0, 0], new Uint8Array(f.blockBytes), 0)) return undefined;
  return (src, o, width, dst, at) => {
    for (let x = 0; x < width; x++) encodePixel(f, src.subarray(o + 4 * x, o + 4 * x + 4), dst, at + x * f.blockBytes, srgb);
  };
}

export function genericRowFromRGBA8(f: FormatInfo, srgb = false): RowEncoder<Uint8Array> | undefined {
  const enc = genericRowFromFloat(f, srgb);
  if (!enc) return undefined;
  const tmp = new Float32Array(4);
  return (src, o, width, dst, at) => {
    for (let x = 0; x < width; x++) {
      for (let k = 0; k < 4; k++) tmp[k] = src[o + 4 * x + k] / 255;
      enc(tmp, 0, 1, dst, at + x * f.blockBytes);
    }
  };
}

// ---- fast paths ----

/** Packed formats whose channels a lookup table can decode (≤ 32-bit pixels, ≤ 16-bit channels). */
function lutChannels(f: FormatInfo): boolean {
  return f.blockW === 1 && f.blockH === 1 && f.blockBytes <= 4 && f.channels.length > 0 && f.kind !== 'palette' && f.kind !== 'depth'
    && f.channels.every((c) => c.bits <= 16 && c.type !== 'float') && !f.swizzle.includes('c');
}

/**
 * lutU is the component in filter units (see chooseRowToUnits): the code itself
 * for a UNORM channel not read through the sRGB curve (divisor 2^n − 1), else
 * the float value (divisor 1).
 */
interface Source { shift: number; mask: number; lut8: Uint8Array; lutF: Float32Array; lutU: Float32Array; divisor: number; constant?: number }

const lutCache = new Map<string, Source[]>();

/** Per sampled component: where its bits are and what each raw value converts to. */
function sources(f: FormatInfo, srgb: boolean): Source[] {
  const key = `${f.id}/${srgb}`;
  let s = lutCache.get(key);
  if (s) return s;
  s = [...f.swizzle].map((name, k) => {
    const ch = f.channels.find((c) => c.name === name) as Channel | undefined;
    if (!ch) {
      const v = name === '1' ? 1 : 0;
      return { shift: 0, mask: 0, lut8: Uint8Array.of(unorm8(v)), lutF: Float32Array.of(v), lutU: Float32Array.of(v), divisor: 1, constant: v };
    }
    const n = 2 ** ch.bits;
    const lutF = new Float32Array(n);
    const lut8 = new Uint8Array(n);
    for (let raw = 0; raw < n; raw++) {
      // the same float32 steps as the generic path: the channel value, then the sRGB curve
      let v = Math.fround(channelValue(ch, raw));
      if (srgb && k < 3) v = Math.fround(srgbToLinear(v));
      lutF[raw] = v;
      lut8[raw] = unorm8(v);
    }
    const code = ch.type === 'unorm' && !(srgb && k < 3);
    const lutU = code ? Float32Array.from({ length: n }, (_, raw) => raw) : lutF;
    return { shift: ch.shift, mask: n - 1, lut8, lutF, lutU, divisor: code ? n - 1 : 1 };
  });
  lutCache.set(key, s);
  return s;
}

/**
 * A LUT row loop specialised by pixel size: one loop per size keeps each call
 * site monomorphic (a shared loop with a per-format reader function slows every
 * format down once two sizes have run through it).
 */
function lutRow<T extends Uint8Array | Float32Array>(f: FormatInfo, luts: [T, T, T, T], src4: readonly Source[]): RowDecoder<T> {
  const [lr, lg, lb, la] = luts;
  const [r, g, b, a] = src4;
  const rs = r.shift, rm = r.mask, gs = g.shift, gm = g.mask, bs = b.shift, bm = b.mask, as = a.shift, am = a.mask;
  switch (f.blockBytes) {
    case 1:
      return (src, at, width, out, o) => {
        for (let x = 0; x < width; x++, at++, o += 4) {
          const w = src[at];
          out[o] = lr[(w >>> rs) & rm]; out[o + 1] = lg[(w >>> gs) & gm]; out[o + 2] = lb[(w >>> bs) & bm]; out[o + 3] = la[(w >>> as) & am];
        }
      };
    case 2:
      return (src, at, width, out, o) => {
        for (let x = 0; x < width; x++, at += 2, o += 4) {
          const w = src[at] | (src[at + 1] << 8);
          out[o] = lr[(w >>> rs) & rm]; out[o + 1] = lg[(w >>> gs) & gm]; out[o + 2] = lb[(w >>> bs) & bm]; out[o + 3] = la[(w >>> as) & am];
        }
      };
    case 3:
      return (src, at, width, out, o) => {
        for (let x = 0; x < width; x++, at += 3, o += 4) {
          const w = src[at] | (src[at + 1] << 8) | (src[at + 2] << 16);
          out[o] = lr[(w >>> rs) & rm]; out[o + 1] = lg[(w >>> gs) & gm]; out[o + 2] = lb[(w >>> bs) & bm]; out[o + 3] = la[(w >>> as) & am];
        }
      };
    default:
      return (src, at, width, out, o) => {
        for (let x = 0; x < width; x++, at += 4, o += 4) {
          const w = (src[at] | (src[at + 1] << 8) | (src[at + 2] << 16) | (src[at + 3] << 24)) >>> 0;
          out[o] = lr[(w >>> rs) & rm]; out[o + 1] = lg[(w >>> gs) & gm]; out[o + 2] = lb[(w >>> bs) & bm]; out[o + 3] = la[(w >>> as) & am];
        }
      };
  }
}

/** Where each component's RGBA8 byte comes from when the pixel is a plain byte shuffle (word-rows.ts), else undefined. */
function byteSources(f: FormatInfo, s: readonly Source[]): ByteSources | undefined {
  if (f.blockBytes !== 4) return undefined;
  const b = s.map((c) => {
    if (c.constant !== undefined) return c.lut8[0] === 255 ? -1 : c.lut8[0] === 0 ? -2 : NaN;
    const identity = c.mask === 0xff && c.shift % 8 === 0 && c.lut8.every((v, raw) => v === raw);
    return identity ? c.shift / 8 : NaN;
  });
  return b.some(Number.isNaN) ? undefined : [b[0], b[1], b[2], b[3]];
}

const wordTableCache = new Map<string, WordTables>();

/** What an RGBA8 word row of one format needs: its tables, the loop, views, the byte loop for unaligned rows. */
interface Rgba8Rows {
  tables: WordTables;
  row: WordRow<Uint32Array>;
  srcViews: ViewCache;
  outViews: ViewCache;
  bytes: RowDecoder<Uint8Array>;
}

/*
 * The row functions are module-level and bound to each format's state, not closures made per
 * format: closures of one function literal share optimised code specialised to the first
 * closure's context, and a second format's rows ran up to five times slower than the first's.
 */
function rgba8Rows8(r: Rgba8Rows, src: Uint8Array, at: number, width: number, out: Uint8Array, o: number): void {
  const oa = out.byteOffset + o;
  if ((oa & 3) !== 0) return r.bytes(src, at, width, out, o);
  pixelRow8(r.tables, src, at, width, r.outViews.u32(out), oa >>> 2);
}

function rgba8Rows16(r: Rgba8Rows, src: Uint8Array, at: number, width: number, out: Uint8Array, o: number): void {
  const sa = src.byteOffset + at, oa = out.byteOffset + o;
  if ((sa & 1) !== 0 || (oa & 3) !== 0) return r.bytes(src, at, width, out, o);
  pixelRow16(r.tables, r.srcViews.u16(src), sa >>> 1, width, r.outViews.u32(out), oa >>> 2);
}

function rgba8Rows32(r: Rgba8Rows, src: Uint8Array, at: number, width: number, out: Uint8Array, o: number): void {
  const sa = src.byteOffset + at, oa = out.byteOffset + o;
  if ((sa & 3) !== 0 || (oa & 3) !== 0) return r.bytes(src, at, width, out, o);
  r.row(r.tables, r.srcViews.u32(src), sa >>> 2, width, r.outViews.u32(out), oa >>> 2);
}

/**
 * RGBA8 rows written a 32-bit word a pixel when the source pixels and the output are aligned
 * for their views: a byte shuffle for the plain 8-bit layouts, a whole-pixel table for 8- and
 * 16-bit pixels, four pre-shifted tables for 32-bit ones. Unaligned rows (and 24-bit pixels)
 * take the byte loop.
 */
function lutRowToRGBA8(f: FormatInfo, srgb: boolean): RowDecoder<Uint8Array> {
  const s = sources(f, srgb);
  const bytes = lutRow<Uint8Array>(f, [s[0].lut8, s[1].lut8, s[2].lut8, s[3].lut8], s);
  const key = `${f.id}/${srgb}`;
  let tables = wordTableCache.get(key);
  if (!tables) {
    const pixelBits = f.blockBytes <= 2 ? 8 * f.blockBytes : 0;
    wordTableCache.set(key, (tables = wordTables(s.map((c) => c.shift), s.map((c) => c.mask), s.map((c) => c.lut8), pixelBits)));
  }
  const bs = byteSources(f, s);
  const row = (bs && byteShuffle(bs)) ?? (isUnorm1010102(tables) ? unorm1010102Row : tableRow32);
  const r: Rgba8Rows = { tables, row, srcViews: new ViewCache(), outViews: new ViewCache(), bytes };
  switch (f.blockBytes) {
    case 1: return rgba8Rows8.bind(undefined, r);
    case 2: return rgba8Rows16.bind(undefined, r);
    case 4: return rgba8Rows32.bind(undefined, r);
    default: return bytes;
  }
}

interface FloatRows {
  plan: FloatPlan;
  words: typeof words32ToFloat;
  views: ViewCache;
  bytes: RowDecoder<Float32Array>;
}

function floatRows32(r: FloatRows, src: Uint8Array, at: number, width: number, out: Float32Array, o: number): void {
  const sa = src.byteOffset + at;
  if ((sa & 3) !== 0) return r.bytes(src, at, width, out, o);
  r.words(r.plan, r.views.u32(src), sa >>> 2, width, out, o);
}

function floatRows16(r: FloatRows, src: Uint8Array, at: number, width: number, out: Float32Array, o: number): void {
  const sa = src.byteOffset + at;
  if ((sa & 1) !== 0) return r.bytes(src, at, width, out, o);
  words16ToFloat(r.plan, r.views.u16(src), sa >>> 1, width, out, o);
}

/**
 * Float rows of packed formats: 16- and 32-bit pixels read through a word view when aligned,
 * else (and for 8- and 24-bit pixels) the byte loop. Bound, not closures (see rgba8Rows8).
 */
function lutWordsToFloat(f: FormatInfo, luts: readonly Float32Array[], src4: readonly Source[]): RowDecoder<Float32Array> {
  const bytes = lutRow<Float32Array>(f, [luts[0], luts[1], luts[2], luts[3]], src4);
  const plan: FloatPlan = {
    s0: src4[0].shift, s1: src4[1].shift, s2: src4[2].shift, s3: src4[3].shift,
    m0: src4[0].mask, m1: src4[1].mask, m2: src4[2].mask, m3: src4[3].mask,
    l0: luts[0], l1: luts[1], l2: luts[2], l3: luts[3],
  };
  const r: FloatRows = { plan, words: isXrBiasPlan(plan) ? xrBiasWordsToFloat : words32ToFloat, views: new ViewCache(), bytes };
  if (f.blockBytes === 4) return floatRows32.bind(undefined, r);
  if (f.blockBytes === 2) return floatRows16.bind(undefined, r);
  return bytes;
}

function lutRowToFloat(f: FormatInfo, srgb: boolean): RowDecoder<Float32Array> {
  const s = sources(f, srgb);
  return lutWordsToFloat(f, [s[0].lutF, s[1].lutF, s[2].lutF, s[3].lutF], s);
}

function lutRowToUnits(f: FormatInfo, srgb: boolean): RowDecoder<Float32Array> {
  const s = sources(f, srgb);
  return lutWordsToFloat(f, [s[0].lutU, s[1].lutU, s[2].lutU, s[3].lutU], s);
}

const HALF = Float32Array.from({ length: 65536 }, (_, h) => halfToFloat(h));
/** The float32 bits of each half: copied as integers, so every NaN stays the one quiet NaN the table holds. */
const HALF_BITS = new Uint32Array(HALF.buffer);
const ONE_BITS = 0x3f800000;
const QUIET_NAN = 0x7fc00000;

/**
 * Float formats: halves through a 64 K table of float32 bits, float32 copied as bits with every
 * NaN the quiet NaN 0x7FC00000 (as channelValue reads it: payloads would depend on the engine);
 * missing channels 1. Aligned rows go through word views, a loop a component count.
 */
function floatRowToFloat(f: FormatInfo): RowDecoder<Float32Array> | undefined {
  if (f.kind !== 'float') return undefined;
  const comps = f.channels.length;
  const r: FloatFormatRows = { comps, srcViews: new ViewCache(), outViews: new ViewCache() };
  return f.channels[0].bits === 16 ? halfRowsOf.bind(undefined, r) : float32RowsOf.bind(undefined, r);
}

interface FloatFormatRows {
  comps: number;
  srcViews: ViewCache;
  outViews: ViewCache;
}

function halfRowsOf(r: FloatFormatRows, src: Uint8Array, at: number, width: number, out: Float32Array, o: number): void {
  const sa = src.byteOffset + at;
  const comps = r.comps;
  const d = r.outViews.u32(out);
  // a Float32Array is always 4-byte aligned
  const oi = (out.byteOffset >>> 2) + o;
  if ((sa & 1) === 0) return halfRows[comps - 1](r.srcViews.u16(src), sa >>> 1, width, d, oi);
  for (let x = 0; x < width; x++) {
    for (let k = 0; k < 4; k++) {
      const p = at + (x * comps + k) * 2;
      d[oi + 4 * x + k] = k < comps ? HALF_BITS[src[p] | (src[p + 1] << 8)] : ONE_BITS;
    }
  }
}

function float32RowsOf(r: FloatFormatRows, src: Uint8Array, at: number, width: number, out: Float32Array, o: number): void {
  const sa = src.byteOffset + at;
  const comps = r.comps;
  const d = r.outViews.u32(out);
  const oi = (out.byteOffset >>> 2) + o;
  if ((sa & 3) === 0) return wordRows[comps - 1](r.srcViews.u32(src), sa >>> 2, width, d, oi);
  for (let x = 0; x < width; x++) {
    for (let k = 0; k < 4; k++) {
      const p = at + (x * comps + k) * 4;
      d[oi + 4 * x + k] = k < comps ? quiet((src[p] | (src[p + 1] << 8) | (src[p + 2] << 16) | (src[p + 3] << 24)) >>> 0) : ONE_BITS;
    }
  }
}

/** Half rows by component count (R16F, G16R16F, A16B16G16R16F): table loads, 1.0 for missing components. */
const halfRows: ReadonlyArray<(s: Uint16Array, si: number, width: number, d: Uint32Array, oi: number) => void> = [
  (s, si, width, d, oi) => {
    for (let e = si + width; si < e; si++, oi += 4) { d[oi] = HALF_BITS[s[si]]; d[oi + 1] = ONE_BITS; d[oi + 2] = ONE_BITS; d[oi + 3] = ONE_BITS; }
  },
  (s, si, width, d, oi) => {
    for (let e = si + 2 * width; si < e; si += 2, oi += 4) { d[oi] = HALF_BITS[s[si]]; d[oi + 1] = HALF_BITS[s[si + 1]]; d[oi + 2] = ONE_BITS; d[oi + 3] = ONE_BITS; }
  },
  () => { throw new RangeError('no three-component half format'); },
  (s, si, width, d, oi) => {
    for (let e = si + 4 * width; si < e; si++, oi++) d[oi] = HALF_BITS[s[si]];
  },
];

/** A float32 as its bits, every NaN the quiet NaN. */
function quiet(b: number): number {
  return (b & 0x7fffffff) > 0x7f800000 ? QUIET_NAN : b;
}

/** Float32 rows by component count (R32F, G32R32F, A32B32G32R32F). */
const wordRows: ReadonlyArray<(s: Uint32Array, si: number, width: number, d: Uint32Array, oi: number) => void> = [
  (s, si, width, d, oi) => {
    for (let e = si + width; si < e; si++, oi += 4) { d[oi] = quiet(s[si]); d[oi + 1] = ONE_BITS; d[oi + 2] = ONE_BITS; d[oi + 3] = ONE_BITS; }
  },
  (s, si, width, d, oi) => {
    for (let e = si + 2 * width; si < e; si += 2, oi += 4) { d[oi] = quiet(s[si]); d[oi + 1] = quiet(s[si + 1]); d[oi + 2] = ONE_BITS; d[oi + 3] = ONE_BITS; }
  },
  () => { throw new RangeError('no three-component float32 format'); },
  (s, si, width, d, oi) => {
    for (let e = si + 4 * width; si < e; si++, oi++) d[oi] = quiet(s[si]);
  },
];

export function chooseRowToRGBA8(f: FormatInfo, opts?: SampleOptions): RowDecoder<Uint8Array> {
  if (lutChannels(f)) return lutRowToRGBA8(f, opts?.srgb === true);
  return genericRowToRGBA8(f, opts);
}

export function chooseRowToFloat(f: FormatInfo, opts?: SampleOptions): RowDecoder<Float32Array> {
  if (lutChannels(f)) return lutRowToFloat(f, opts?.srgb === true);
  if (!opts?.srgb) {
    const fast = floatRowToFloat(f);
    if (fast) return fast;
  }
  return genericRowToFloat(f, opts);
}

/** A row decoder into filter units and, per component R, G, B, A, the divisor that turns a unit into the sampled value. */
export interface UnitRows {
  row: RowDecoder<Float32Array>;
  divisors: readonly [number, number, number, number];
}

/**
 * Rows for texture filtering: a UNORM channel of a packed format (not read
 * through the sRGB curve) as its integer code c, whose value is c / (2^n − 1);
 * every other component as its float value (divisor 1). A sum of codes times
 * integer weights is exact in a double whatever its order, so a filter can
 * divide once at the end and every implementation of it gets the same bits.
 */
export function chooseRowToUnits(f: FormatInfo, opts?: SampleOptions): UnitRows {
  if (lutChannels(f)) {
    const s = sources(f, opts?.srgb === true);
    return { row: lutRowToUnits(f, opts?.srgb === true), divisors: [s[0].divisor, s[1].divisor, s[2].divisor, s[3].divisor] };
  }
  return { row: chooseRowToFloat(f, opts), divisors: [1, 1, 1, 1] };
}

/** Packed UNORM formats from RGBA8: each stored channel rescaled from 8 bits by D3D's rounding. */
function packedFromRGBA8(f: FormatInfo): RowEncoder<Uint8Array> | undefined {
  if (!lutChannels(f) || f.channels.some((c) => c.type !== 'unorm')) return undefined;
  const plan = f.channels.map((ch) => {
    const pos = ch.name === 'x' ? -1 : f.swizzle.indexOf(ch.name);
    const lut = Uint32Array.from({ length: 256 }, (_, v) => channelRaw(ch, ch.name === 'x' ? 1 : v / 255) * 2 ** ch.shift);
    return { pos, lut, constant: ch.name === 'x' ? lut[255] : 0 };
  });
  const n = f.blockBytes;
  return (src, o, width, dst, at) => {
    for (let x = 0; x < width; x++, o += 4, at += n) {
      let w = 0;
      for (const p of plan) w += p.pos < 0 ? p.constant : p.lut[src[o + p.pos]];
      for (let i = 0; i < n; i++) dst[at + i] = (w >>> (8 * i)) & 0xff;
    }
  };
}

export function chooseRowFromRGBA8(f: FormatInfo, srgb = false): RowEncoder<Uint8Array> | undefined {
  if (!srgb) {
    const fast = packedFromRGBA8(f);
    if (fast) return fast;
  }
  return genericRowFromRGBA8(f, srgb);
}

export function chooseRowFromFloat(f: FormatInfo, srgb = false): RowEncoder<Float32Array> | undefined {
  return genericRowFromFloat(f, srgb);
}

/** A whole surface region as RGBA8 (sample 0), for images and inspection. */
export function surfaceToRGBA8(f: FormatInfo, data: Uint8Array, pitch: number, width: number, height: number, opts?: SampleOptions): Uint8Array {
  const out = new Uint8Array(width * height * 4);
  if (f.blockW === 1 && f.blockH === 1 && f.kind !== 'depth') {
    const row = chooseRowToRGBA8(f, opts);
    for (let y = 0; y < height; y++) row(data, y * pitch, width, out, y * width * 4);
    return out;
  }
  const t = new Float32Array(4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      decodeTexel(f, data, pitch, x, y, t, 0, opts);
      for (let k = 0; k < 4; k++) out[(y * width + x) * 4 + k] = unorm8(t[k]);
    }
  }
  return out;
}
