/** Builders for the blit tests: surfaces, plans, 32-bit pixel access and a seeded PRNG. */
import { D3DFMT } from '../../../src/d3d9/index.js';
import { blockRows, formatInfo, pitchOf } from '../../../src/formats/index.js';
import type { BlitFilter, StretchPlan } from '../../../src/driver/blit/types.js';
import type { Rect, SurfaceView } from '../../../src/driver/surface-view.js';

export const F = D3DFMT;

/** A zeroed surface of `format` (4-byte aligned pitch, samples one after another). */
export function surface(format: number, width: number, height: number, samples = 1): SurfaceView {
  const f = formatInfo(format)!;
  const pitch = pitchOf(f, width);
  return { format: f, width, height, pitch, samples, data: new Uint8Array(pitch * blockRows(f, height) * samples) };
}

export function rect(left: number, top: number, right: number, bottom: number): Rect {
  return { left, top, right, bottom };
}

export function whole(s: SurfaceView): Rect {
  return rect(0, 0, s.width, s.height);
}

export function plan(src: SurfaceView, srcRect: Rect | null, dst: SurfaceView, dstRect: Rect | null, filter: BlitFilter, depthStencil = false): StretchPlan {
  return { src, srcRect: srcRect ?? whole(src), dst, dstRect: dstRect ?? whole(dst), filter, depthStencil };
}

const sampleAt = (s: SurfaceView, x: number, y: number, sample: number): number => sample * (s.data.length / s.samples) + y * s.pitch + x * 4;

/** The little-endian 32-bit word of pixel (x, y) of a 4-byte format. */
export function word(s: SurfaceView, x: number, y: number, sample = 0): number {
  const at = sampleAt(s, x, y, sample);
  return (s.data[at] | (s.data[at + 1] << 8) | (s.data[at + 2] << 16) | (s.data[at + 3] << 24)) >>> 0;
}

export function setWord(s: SurfaceView, x: number, y: number, w: number, sample = 0): void {
  const at = sampleAt(s, x, y, sample);
  for (let i = 0; i < 4; i++) s.data[at + i] = (w >>> (8 * i)) & 0xff;
}

/** A 4-byte-format surface from words, row-major (every sample alike unless `perSample` gives each sample's words). */
export function wordSurface(format: number, width: number, height: number, words: readonly number[], samples = 1, perSample?: readonly (readonly number[])[]): SurfaceView {
  const s = surface(format, width, height, samples);
  for (let k = 0; k < samples; k++) {
    const ws = perSample?.[k] ?? words;
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) setWord(s, x, y, ws[y * width + x], k);
  }
  return s;
}

/** Every word of a rect, row-major. */
export function words(s: SurfaceView, r: Rect = whole(s), sample = 0): number[] {
  const out: number[] = [];
  for (let y = r.top; y < r.bottom; y++) for (let x = r.left; x < r.right; x++) out.push(word(s, x, y, sample));
  return out;
}

/** The 16-bit word of pixel (x, y) of a 2-byte format. */
export function half(s: SurfaceView, x: number, y: number): number {
  const at = y * s.pitch + x * 2;
  return s.data[at] | (s.data[at + 1] << 8);
}

export { prng } from '../../helpers.js';

export type Rand = () => number;
export const int = (r: Rand, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));
export const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];

export function randomBytes(r: Rand, s: SurfaceView): SurfaceView {
  for (let i = 0; i < s.data.length; i++) s.data[i] = Math.floor(r() * 256);
  return s;
}

/** A random non-empty rect inside w × h. */
export function randomRect(r: Rand, w: number, h: number): Rect {
  const left = int(r, 0, w - 1), top = int(r, 0, h - 1);
  return rect(left, top, int(r, left + 1, w), int(r, top + 1, h));
}

/** A copy of a surface with its own bytes. */
export function clone(s: SurfaceView): SurfaceView {
  return { ...s, data: s.data.slice() };
}
