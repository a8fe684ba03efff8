/**
 * LINEAR stretches between the 8-bit RGBA formats (A8R8G8B8, X8R8G8B8,
 * A8B8G8R8, X8B8G8R8, any pair), byte for byte the reference's result: the
 * same float64 operations in the same order, without per-pixel calls.
 *
 * Taps and weights come from stepping.ts once per blit (columns, rows). For each
 * destination row the source columns the taps span are blended between the
 * row's two source rows (c = t0·w0 + t1·w1, w0 = 1 − fy, w1 = fy), then each
 * destination pixel blends its two columns (v = c0·w0 + c1·w1 with the column
 * weights) and encodes by UNORM's rule on the float32 value.
 * The reference skips a tap whose weight is 0; here it is multiplied by 0 and
 * added, which gives the same bits because every value is finite and ≥ 0.
 * Encoding skips UNORM's clamps: v is ≥ 0 and exceeds 1 by a few float64 ulps
 * at most, which float32 rounds to 1. An X source reads alpha 1 everywhere, so
 * the blended alpha rounds to 1 too and is stored as 0xFF without computing it.
 */
import { LITTLE_ENDIAN, isRawCopy, rectH, rectW, rgba8Layout, sampleBytes, sharesMemory, words } from './plan.js';
import { linearTable } from './stepping.js';
import type { Blitter, StretchPlan } from './types.js';

/** UNORM8 → float as the codec decodes it: float32(c / 255), held as float64. */
const DEC = Float64Array.from({ length: 256 }, (_, c) => Math.fround(c / 255));

/** The widest source span the column buffer holds (the device's largest surface). */
const MAX_COLUMNS = 8192;
/**
 * One destination row's blended source columns, four float64 each, ordered as
 * the destination's bytes (byte 3 is alpha or X in all four formats). A module
 * constant: V8 compiles loops over a constant typed array tighter than over one
 * passed in.
 */
const COL = new Float64Array(MAX_COLUMNS * 4);

function declines(p: StretchPlan): string | undefined {
  if (p.filter !== 2) return 'not LINEAR';
  if (isRawCopy(p)) return 'a raw copy (the bits, X included)';
  const s = rgba8Layout(p.src.format), d = rgba8Layout(p.dst.format);
  if (!s || !d || s.a !== 24 || d.a !== 24) return `${p.src.format.name} → ${p.dst.format.name} is not 8-bit RGBA to 8-bit RGBA`;
  if (p.src.samples !== 1) return 'multisampled source (needs a resolve)';
  if (!LITTLE_ENDIAN) return 'big-endian host';
  if (!words(p.src.data) || !words(p.dst.data) || p.src.pitch % 4 !== 0 || p.dst.pitch % 4 !== 0) return 'surface memory not 4-byte aligned';
  if (sharesMemory(p.src.data, p.dst.data)) return 'source and destination share memory';
  if (rectW(p.srcRect) > MAX_COLUMNS) return `more than ${MAX_COLUMNS} source columns`;
  return undefined;
}

/*
 * The row kernels are small functions with constant shifts: one column kernel
 * per byte order (same order, or R and B swapped), one row kernel with alpha
 * and one without. Source rows r0, r1 are word offsets of the first column the
 * taps read; every column from there to the last is blended (a minification
 * beyond 2:1 blends some that no tap reads, which keeps the loop plain).
 */

/** Columns of a destination row, source bytes in the destination's order: c = t0·b0 + t1·b1. */
function columnsSameOrder(s32: Uint32Array, r0: number, r1: number, b0: number, b1: number, n: number, alpha: boolean): void {
  for (let m = 0, j = 0; m < n; m++, j += 4) {
    const p0 = s32[r0 + m], p1 = s32[r1 + m];
    COL[j] = DEC[p0 & 255] * b0 + DEC[p1 & 255] * b1;
    COL[j + 1] = DEC[(p0 >>> 8) & 255] * b0 + DEC[(p1 >>> 8) & 255] * b1;
    COL[j + 2] = DEC[(p0 >>> 16) & 255] * b0 + DEC[(p1 >>> 16) & 255] * b1;
    if (alpha) COL[j + 3] = DEC[p0 >>> 24] * b0 + DEC[p1 >>> 24] * b1;
  }
}

/** The same with R and B trading places (A8R8G8B8 ↔ A8B8G8R8 families). */
function columnsSwapped(s32: Uint32Array, r0: number, r1: number, b0: number, b1: number, n: number, alpha: boolean): void {
  for (let m = 0, j = 0; m < n; m++, j += 4) {
    const p0 = s32[r0 + m], p1 = s32[r1 + m];
    COL[j] = DEC[(p0 >>> 16) & 255] * b0 + DEC[(p1 >>> 16) & 255] * b1;
    COL[j + 1] = DEC[(p0 >>> 8) & 255] * b0 + DEC[(p1 >>> 8) & 255] * b1;
    COL[j + 2] = DEC[p0 & 255] * b0 + DEC[p1 & 255] * b1;
    if (alpha) COL[j + 3] = DEC[p0 >>> 24] * b0 + DEC[p1 >>> 24] * b1;
  }
}

/** A destination row with alpha: each pixel blends its two columns (v = c0·w0 + c1·w1) and encodes four UNORM8 bytes. */
function rowWithAlpha(j0: Int32Array, j1: Int32Array, w0: Float64Array, w1: Float64Array, d32: Uint32Array, to: number): void {
  const f = Math.fround;
  for (let x = 0; x < j0.length; x++) {
    const k0 = j0[x], k1 = j1[x], a0 = w0[x], a1 = w1[x];
    const c0 = f(COL[k0] * a0 + COL[k1] * a1);
    const c1 = f(COL[k0 + 1] * a0 + COL[k1 + 1] * a1);
    const c2 = f(COL[k0 + 2] * a0 + COL[k1 + 2] * a1);
    const c3 = f(COL[k0 + 3] * a0 + COL[k1 + 3] * a1);
    d32[to + x] = ((c0 * 255 + 0.5) | 0) | (((c1 * 255 + 0.5) | 0) << 8) | (((c2 * 255 + 0.5) | 0) << 16) | (((c3 * 255 + 0.5) | 0) << 24);
  }
}

/** A destination row whose byte 3 is 0xFF (an X source or destination): three bytes blended. */
function rowOpaque(j0: Int32Array, j1: Int32Array, w0: Float64Array, w1: Float64Array, d32: Uint32Array, to: number): void {
  const f = Math.fround;
  for (let x = 0; x < j0.length; x++) {
    const k0 = j0[x], k1 = j1[x], a0 = w0[x], a1 = w1[x];
    const c0 = f(COL[k0] * a0 + COL[k1] * a1);
    const c1 = f(COL[k0 + 1] * a0 + COL[k1 + 1] * a1);
    const c2 = f(COL[k0 + 2] * a0 + COL[k1 + 2] * a1);
    d32[to + x] = ((c0 * 255 + 0.5) | 0) | (((c1 * 255 + 0.5) | 0) << 8) | (((c2 * 255 + 0.5) | 0) << 16) | 0xff000000;
  }
}

function blit(p: StretchPlan): void {
  const { src, dst, srcRect: s, dstRect: d } = p;
  const sl = rgba8Layout(src.format)!, dl = rgba8Layout(dst.format)!;
  const dw = rectW(d), dh = rectH(d);
  const tx = linearTable(rectW(s), dw), ty = linearTable(rectH(s), dh);
  // the taps as float offsets into COL, counted from the first column read
  const first = tx.i0[0], n = tx.i1[dw - 1] - first + 1;
  const j0 = tx.i0.map((i) => (i - first) * 4), j1 = tx.i1.map((i) => (i - first) * 4);
  const s32 = words(src.data)!, d32 = words(dst.data)!;
  const sPitch = src.pitch >> 2, dPitch = dst.pitch >> 2, dSample = sampleBytes(dst) >> 2;
  const alpha = !sl.x && !dl.x;
  const columns = sl.r === dl.r ? columnsSameOrder : columnsSwapped;
  const row = alpha ? rowWithAlpha : rowOpaque;
  for (let y = 0; y < dh; y++) {
    const r0 = (s.top + ty.i0[y]) * sPitch + s.left + first, r1 = (s.top + ty.i1[y]) * sPitch + s.left + first;
    columns(s32, r0, r1, ty.w0[y], ty.w1[y], n, alpha);
    const to = (d.top + y) * dPitch + d.left;
    row(j0, j1, tx.w0, tx.w1, d32, to);
    for (let k = 1; k < dst.samples; k++) d32.copyWithin(k * dSample + to, to, to + dw);
  }
}

export const linearBlitter: Blitter = { name: 'linear-rgba8', declines, blit };
