/**
 * POINT and NONE stretches between 32-bit formats as whole words: a source
 * column table and a source row per destination row (stepping.ts pointSource,
 * exact integers, built once per blit), then one load and one store per pixel
 * over Uint32Array views.
 *
 * Two shapes, both equal to the reference's decode → encode:
 * - one layout (the same format, or A↔X twins such as A8R8G8B8 ↔ X8R8G8B8) of
 *   UNORM channels: decoding c/(2^n − 1) to float32 and encoding it back gives c
 *   for n ≤ 16, so the word is copied and only the destination's X bits (written
 *   as ones) and an alpha fed by a source X (read as 1) are ORed in;
 * - two 8-bit RGBA layouts that order the channels differently (A8R8G8B8 →
 *   A8B8G8R8): R and B trade places, alpha 0xFF from or into X.
 *
 * Why a table and not a running 16.16 sum: 16.16 truncates the step, so the sum
 * drifts by up to dstLen/2^17 texels and misses the exact centre rule where a
 * centre falls on a texel edge (6 → 9 columns: column 1's centre is texel 1.0
 * exactly; 21845 + 43690 = 65535 in 16.16 reads texel 0).
 */
import type { FormatInfo } from '../../formats/index.js';
import { LITTLE_ENDIAN, isRawCopy, rectH, rectW, rgba8Layout, sampleBytes, sharesMemory, words } from './plan.js';
import { pointTable } from './stepping.js';
import type { Blitter, StretchPlan } from './types.js';

/** The OR mask that turns a source word into the destination word when both share one layout, else undefined. */
export function sameLayoutMask(s: FormatInfo, d: FormatInfo): number | undefined {
  if (s.blockBytes !== 4 || d.blockBytes !== 4 || s.blockW !== 1 || d.blockW !== 1 || s.blockH !== 1 || d.blockH !== 1) return undefined;
  if (s.kind !== 'color' || d.kind !== 'color' || s.channels.length !== d.channels.length) return undefined;
  const plain = (f: FormatInfo): boolean => f.channels.every((c) => c.type === 'unorm' && c.bits <= 16 && 'rgbax'.includes(c.name));
  if (!plain(s) || !plain(d)) return undefined;
  let or = 0;
  for (let i = 0; i < d.channels.length; i++) {
    const a = s.channels[i], b = d.channels[i];
    if (a.shift !== b.shift || a.bits !== b.bits) return undefined;
    const ax = a.name === 'x' || a.name === 'a', bx = b.name === 'x' || b.name === 'a';
    if (a.name !== b.name && !(ax && bx)) return undefined;
    // X is written as ones; an alpha whose source is X reads 1
    if (b.name === 'x' || a.name === 'x') or |= (2 ** b.bits - 1) * 2 ** b.shift;
  }
  return or >>> 0;
}

function declines(p: StretchPlan): string | undefined {
  if (p.filter === 2) return 'LINEAR filter';
  if (isRawCopy(p)) return 'a raw copy (the bits, X included)';
  if (p.src.samples !== 1) return 'multisampled source (needs a resolve)';
  if (!LITTLE_ENDIAN) return 'big-endian host';
  if (sameLayoutMask(p.src.format, p.dst.format) === undefined && !(rgba8Layout(p.src.format) && rgba8Layout(p.dst.format))) {
    return `${p.src.format.name} → ${p.dst.format.name} is not a 32-bit word copy`;
  }
  if (!words(p.src.data) || !words(p.dst.data) || p.src.pitch % 4 !== 0 || p.dst.pitch % 4 !== 0) return 'surface memory not 4-byte aligned';
  if (sharesMemory(p.src.data, p.dst.data)) return 'source and destination share memory';
  return undefined;
}

/** One row of one layout: each destination word is its source word with the OR mask. */
function rowSameLayout(s32: Uint32Array, from: number, cols: Int32Array, d32: Uint32Array, to: number, or: number): void {
  for (let x = 0; x < cols.length; x++) d32[to + x] = s32[from + cols[x]] | or;
}

/** One row between two 8-bit RGBA layouts (alpha/X at bits 24-31 in all four): R and B trade places; alpha 0xFF from or into X. */
function rowSwapRB(s32: Uint32Array, from: number, cols: Int32Array, d32: Uint32Array, to: number, or: number): void {
  for (let x = 0; x < cols.length; x++) {
    const w = s32[from + cols[x]];
    d32[to + x] = (w & 0xff00ff00) | ((w >>> 16) & 0xff) | ((w & 0xff) << 16) | or;
  }
}

function blit(p: StretchPlan): void {
  const { src, dst, srcRect: s, dstRect: d } = p;
  const dw = rectW(d), dh = rectH(d);
  const s32 = words(src.data)!, d32 = words(dst.data)!;
  const sPitch = src.pitch >> 2, dPitch = dst.pitch >> 2, dSample = sampleBytes(dst) >> 2;
  const cols = pointTable(rectW(s), dw);
  for (let x = 0; x < dw; x++) cols[x] += s.left;
  const rows = pointTable(rectH(s), dh);
  const same = sameLayoutMask(src.format, dst.format);
  const sl = rgba8Layout(src.format)!, dl = rgba8Layout(dst.format)!;
  const row = same !== undefined ? rowSameLayout : rowSwapRB;
  const or = same ?? (sl.x || dl.x ? 0xff000000 : 0);
  for (let y = 0; y < dh; y++) {
    const to = (d.top + y) * dPitch + d.left;
    row(s32, (s.top + rows[y]) * sPitch, cols, d32, to, or);
    for (let k = 1; k < dst.samples; k++) d32.copyWithin(k * dSample + to, to, to + dw);
  }
}

export const pointBlitter: Blitter = { name: 'point-words', declines, blit };
