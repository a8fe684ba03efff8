/** Clear and ColorFill pixel work: filling rectangles of a surface (every sample) with encoded values. */
import { encodeColor, encodeDepthStencil } from '../../formats/index.js';
import type { SurfaceView } from '../surface-view.js';
import type { Rect } from '../surface-view.js';

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Writes one pixel pattern into every sample of a rect (block-aligned formats fill whole blocks). */
export function fillRect(s: SurfaceView, r: Rect, pattern: Uint8Array): void {
  const f = s.format;
  const bx0 = Math.floor(r.left / f.blockW);
  const bx1 = Math.ceil(r.right / f.blockW);
  const by0 = Math.floor(r.top / f.blockH);
  const by1 = Math.ceil(r.bottom / f.blockH);
  const sampleBytes = s.data.length / s.samples;
  const rowLen = (bx1 - bx0) * f.blockBytes;
  if (rowLen <= 0) return;
  if (f.blockBytes === 4 && LITTLE_ENDIAN && s.data.byteOffset % 4 === 0 && s.pitch % 4 === 0 && sampleBytes % 4 === 0) {
    // one 32-bit word a pixel: typed fills (whole rows at once when the rect spans them)
    const word = (pattern[0] | (pattern[1] << 8) | (pattern[2] << 16) | (pattern[3] << 24)) >>> 0;
    const words = new Uint32Array(s.data.buffer, s.data.byteOffset, s.data.length / 4);
    const wholeRows = rowLen === s.pitch;
    for (let sample = 0; sample < s.samples; sample++) {
      const base = (sample * sampleBytes) / 4;
      if (wholeRows) words.fill(word, base + (by0 * s.pitch) / 4, base + (by1 * s.pitch) / 4);
      else for (let by = by0; by < by1; by++) words.fill(word, base + (by * s.pitch) / 4 + bx0, base + (by * s.pitch) / 4 + bx1);
    }
    return;
  }
  const row = new Uint8Array(rowLen);
  for (let i = 0; i < rowLen; i += f.blockBytes) row.set(pattern, i);
  for (let sample = 0; sample < s.samples; sample++) {
    for (let by = by0; by < by1; by++) s.data.set(row, sample * sampleBytes + by * s.pitch + bx0 * f.blockBytes);
  }
}

/** Fills a rect of a colour surface with a D3DCOLOR (through the sRGB curve with `srgb`); false when the format has no fill colour. */
export function fillColor(s: SurfaceView, r: Rect, argb: number, srgb = false): boolean {
  const pattern = encodeColor(s.format, argb, srgb);
  if (!pattern) return false;
  fillRect(s, r, pattern);
  return true;
}

/** Clears depth and/or stencil of a rect, keeping the bits not cleared. */
export function clearDepthStencil(s: SurfaceView, r: Rect, z: number | undefined, stencil: number | undefined): void {
  const f = s.format;
  const enc = encodeDepthStencil(f, z ?? 0, stencil ?? 0);
  const mask = (z !== undefined ? enc.depthMask : 0) + (stencil !== undefined ? enc.stencilMask : 0);
  const n = f.blockBytes;
  // mask and value are < 2^32: split into bytes without 32-bit sign trouble
  const m = new Uint8Array(n);
  const v = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    m[i] = Math.floor(mask / 2 ** (8 * i)) & 0xff;
    v[i] = Math.floor(enc.value / 2 ** (8 * i)) & 0xff;
  }
  if (m.every((b) => b === 0xff)) {
    // every bit cleared: a plain fill of the encoded pixel
    fillRect(s, r, v);
    return;
  }
  const sampleBytes = s.data.length / s.samples;
  for (let sample = 0; sample < s.samples; sample++) {
    for (let y = r.top; y < r.bottom; y++) {
      const row = sample * sampleBytes + y * s.pitch;
      for (let i = 0; i < n; i++) {
        const keep = ~m[i] & 0xff;
        const put = v[i] & m[i];
        if (keep === 0xff) continue;
        for (let at = row + r.left * n + i, end = row + r.right * n; at < end; at += n) s.data[at] = (s.data[at] & keep) | put;
      }
    }
  }
}
