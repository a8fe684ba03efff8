/**
 * ColorFill and Clear pixel work as typed-array fills: the same bytes as
 * fill.ts fillRect/fillColor (tested byte for byte), without building a row
 * per call. Patterns of 1, 2 or 4 bytes fill through a view of that element
 * size (reading the pattern through the same kind of view keeps byte order
 * right on any host); other sizes write one row by doubling, then copy it.
 * Rows that follow one another with no padding are filled in one call.
 */
import { encodeColor } from '../../formats/index.js';
import type { Rect, SurfaceView } from '../surface-view.js';

type Filler = (from: number, to: number) => void;

/** A fill of byte range [from, to) (whole patterns) of `data` with `pattern`, or undefined when no typed view fits. */
function viewFiller(data: Uint8Array, pitch: number, pattern: Uint8Array): Filler | undefined {
  const n = pattern.length;
  if (pattern.every((v) => v === pattern[0])) return (from, to) => { data.fill(pattern[0], from, to); };
  if ((n !== 2 && n !== 4) || data.byteOffset % n !== 0 || pitch % n !== 0 || data.byteLength % n !== 0) return undefined;
  const copy = new Uint8Array(n);
  copy.set(pattern);
  if (n === 2) {
    const v = new Uint16Array(data.buffer, data.byteOffset, data.byteLength >> 1);
    const w = new Uint16Array(copy.buffer)[0];
    return (from, to) => { v.fill(w, from >> 1, to >> 1); };
  }
  const v = new Uint32Array(data.buffer, data.byteOffset, data.byteLength >> 2);
  const w = new Uint32Array(copy.buffer)[0];
  return (from, to) => { v.fill(w, from >> 2, to >> 2); };
}

/** Fills [from, to) by writing one pattern and doubling it in place. */
function doublingFiller(data: Uint8Array, pattern: Uint8Array): Filler {
  return (from, to) => {
    data.set(pattern, from);
    for (let len = pattern.length; len < to - from; len *= 2) data.copyWithin(from + len, from, from + Math.min(len, to - from - len));
  };
}

/** fill.ts fillRect, faster: one pixel pattern into every sample of a rect (block formats: whole blocks). */
export function fillRectFast(s: SurfaceView, r: Rect, pattern: Uint8Array): void {
  const f = s.format;
  const bx0 = Math.floor(r.left / f.blockW), bx1 = Math.ceil(r.right / f.blockW);
  const by0 = Math.floor(r.top / f.blockH), by1 = Math.ceil(r.bottom / f.blockH);
  const rowLen = (bx1 - bx0) * f.blockBytes;
  if (rowLen <= 0 || by1 <= by0) return;
  const sampleBytes = s.data.length / s.samples;
  const fill = viewFiller(s.data, s.pitch, pattern) ?? doublingFiller(s.data, pattern);
  const first = by0 * s.pitch + bx0 * f.blockBytes;
  if (rowLen === s.pitch) {
    // rows back to back: each sample's rows are one range, and whole surfaces are one range for all samples
    const len = (by1 - by0) * s.pitch;
    if (len === sampleBytes) fill(0, s.data.length);
    else for (let k = 0; k < s.samples; k++) fill(k * sampleBytes + first, k * sampleBytes + first + len);
    return;
  }
  for (let k = 0; k < s.samples; k++) {
    for (let by = by0; by < by1; by++) {
      const at = k * sampleBytes + by * s.pitch + bx0 * f.blockBytes;
      fill(at, at + rowLen);
    }
  }
}

/** fill.ts fillColor, faster: a D3DCOLOR (through the sRGB curve with `srgb`); false when the format has no fill colour. */
export function fillColorFast(s: SurfaceView, r: Rect, argb: number, srgb = false): boolean {
  const pattern = encodeColor(s.format, argb, srgb);
  if (!pattern) return false;
  fillRectFast(s, r, pattern);
  return true;
}
