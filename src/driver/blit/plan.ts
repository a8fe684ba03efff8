/** Facts about a StretchPlan that every blitter asks the same way. */
import type { FormatInfo } from '../../formats/index.js';
import type { Rect, SurfaceView } from '../surface-view.js';
import type { StretchPlan } from './types.js';

export const rectW = (r: Rect): number => r.right - r.left;
export const rectH = (r: Rect): number => r.bottom - r.top;

/** Source and destination rects of one size: no scaling on either axis. */
export function sameSize(p: StretchPlan): boolean {
  return rectW(p.srcRect) === rectW(p.dstRect) && rectH(p.srcRect) === rectH(p.dstRect);
}

/**
 * A raw copy keeps the source's bits, X channels included: one format, no
 * scaling, and samples that map one to one (equal counts) or one to all (a
 * single-sample source). Anything else decodes, filters and encodes.
 */
export function isRawCopy(p: StretchPlan): boolean {
  return p.depthStencil || (p.src.format.id === p.dst.format.id && sameSize(p) && (p.src.samples === p.dst.samples || p.src.samples === 1));
}

/** The source sample that destination sample k takes in a raw copy (a depth plan of unequal counts takes the last it has). */
export function rawSourceSample(src: SurfaceView, k: number): number {
  return Math.min(k, src.samples - 1);
}

export function sampleBytes(s: SurfaceView): number {
  return s.data.length / s.samples;
}

/** Do two byte views share any memory (one surface, or views over one buffer)? */
export function sharesMemory(a: Uint8Array, b: Uint8Array): boolean {
  if (a.buffer !== b.buffer) return false;
  return a.byteOffset < b.byteOffset + b.byteLength && b.byteOffset < a.byteOffset + a.byteLength;
}

/** A rect of whole blocks: edges on block lines, or right/bottom at the surface edge. */
export function blockAligned(s: SurfaceView, r: Rect): boolean {
  const f = s.format;
  return r.left % f.blockW === 0 && r.top % f.blockH === 0
    && (r.right % f.blockW === 0 || r.right === s.width) && (r.bottom % f.blockH === 0 || r.bottom === s.height);
}

/** The 8-bit-per-channel RGBA formats: each channel's bit shift in the little-endian word (−1: X, or no alpha). */
export interface Rgba8Layout { r: number; g: number; b: number; a: number; x: boolean }

/** A8R8G8B8, X8R8G8B8, A8B8G8R8, X8B8G8R8 as shifts; undefined for any other format. */
export function rgba8Layout(f: FormatInfo): Rgba8Layout | undefined {
  if (f.blockBytes !== 4 || f.blockW !== 1 || f.blockH !== 1 || f.channels.length !== 4) return undefined;
  if (!f.channels.every((c) => c.bits === 8 && c.type === 'unorm')) return undefined;
  const at = (n: string): number => f.channels.find((c) => c.name === n)?.shift ?? -1;
  const r = at('r'), g = at('g'), b = at('b'), a = at('a'), x = at('x');
  if (r < 0 || g < 0 || b < 0 || (a < 0) === (x < 0) || f.swizzle !== (a >= 0 ? 'rgba' : 'rgb1')) return undefined;
  return { r, g, b, a: a >= 0 ? a : x, x: x >= 0 };
}

/** Typed 32-bit words over a view's bytes, or undefined when they do not start on a 4-byte boundary. */
export function words(data: Uint8Array): Uint32Array | undefined {
  if (data.byteOffset % 4 !== 0 || data.byteLength % 4 !== 0) return undefined;
  return new Uint32Array(data.buffer, data.byteOffset, data.byteLength / 4);
}

/** Typed-array words are host order; the word paths read pixels as little-endian. */
export const LITTLE_ENDIAN = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;
