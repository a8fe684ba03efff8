/** Clear and ColorFill: filling rectangles of surfaces with encoded values. */
import { encodeColor, encodeDepthStencil } from '../formats/index.js';
import type { Surface } from './surface.js';
import type { RECT } from './types.js';

/** Writes one pixel pattern into every sample of a rect (block-aligned formats fill whole blocks). */
export function fillRect(s: Surface, r: RECT, pattern: Uint8Array): void {
  const f = s.format;
  const bx0 = Math.floor(r.left / f.blockW);
  const bx1 = Math.ceil(r.right / f.blockW);
  const by0 = Math.floor(r.top / f.blockH);
  const by1 = Math.ceil(r.bottom / f.blockH);
  const sampleBytes = s.data.length / s.samples;
  const rowLen = (bx1 - bx0) * f.blockBytes;
  if (rowLen <= 0) return;
  const row = new Uint8Array(rowLen);
  for (let i = 0; i < rowLen; i += f.blockBytes) row.set(pattern, i);
  for (let sample = 0; sample < s.samples; sample++) {
    for (let by = by0; by < by1; by++) s.data.set(row, sample * sampleBytes + by * s.pitch + bx0 * f.blockBytes);
  }
}

/** Fills a rect of a colour surface with a D3DCOLOR; false when the format cannot be encoded yet. */
export function fillColor(s: Surface, r: RECT, argb: number): boolean {
  const pattern = encodeColor(s.format, argb);
  if (!pattern) return false;
  fillRect(s, r, pattern);
  return true;
}

/** Clears depth and/or stencil of a rect, keeping the bits not cleared. */
export function clearDepthStencil(s: Surface, r: RECT, z: number | undefined, stencil: number | undefined): void {
  const f = s.format;
  const enc = encodeDepthStencil(f, z ?? 0, stencil ?? 0);
  const mask = (z !== undefined ? enc.depthMask : 0) + (stencil !== undefined ? enc.stencilMask : 0);
  const n = f.blockBytes;
  const sampleBytes = s.data.length / s.samples;
  for (let sample = 0; sample < s.samples; sample++) {
    for (let y = r.top; y < r.bottom; y++) {
      let at = sample * sampleBytes + y * s.pitch + r.left * n;
      for (let x = r.left; x < r.right; x++, at += n) {
        let old = 0;
        for (let i = n - 1; i >= 0; i--) old = old * 256 + s.data[at + i];
        // mask and value are < 2^32: split into bytes without 32-bit sign trouble
        for (let i = 0; i < n; i++) {
          const m = Math.floor(mask / 2 ** (8 * i)) & 0xff;
          const v = Math.floor(enc.value / 2 ** (8 * i)) & 0xff;
          const o = Math.floor(old / 2 ** (8 * i)) & 0xff;
          s.data[at + i] = (o & ~m) | (v & m);
        }
      }
    }
  }
}

/** Intersection of two rects (may be empty). */
export function intersect(a: RECT, b: RECT): RECT {
  return {
    left: Math.max(a.left, b.left), top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right), bottom: Math.min(a.bottom, b.bottom),
  };
}
export function isEmpty(r: RECT): boolean {
  return r.left >= r.right || r.top >= r.bottom;
}
