/**
 * Same-size resolves between the 8-bit RGBA formats (a multisampled A8R8G8B8,
 * X8R8G8B8, A8B8G8R8 or X8B8G8R8 source into any of them, reference D.1's
 * "Multisample"): byte for byte the reference's box average. Per channel the
 * samples' decoded values float32(c/255) are summed in sample order in float64,
 * divided by the count, and encoded by UNORM's rule; the mean lies in [0, 1]
 * up to a few ulps, which float32 rounds into range, so no clamp is needed.
 * An X source reads alpha 1 in every sample, a mean of exactly 1: 0xFF.
 */
import { LITTLE_ENDIAN, isRawCopy, rectH, rectW, rgba8Layout, sameSize, sampleBytes, sharesMemory, words } from './plan.js';
import type { Blitter, StretchPlan } from './types.js';

/** UNORM8 → float as the codec decodes it: float32(c / 255), held as float64. */
const DEC = Float64Array.from({ length: 256 }, (_, c) => Math.fround(c / 255));

function declines(p: StretchPlan): string | undefined {
  if (p.src.samples === 1) return 'single-sample source';
  if (isRawCopy(p)) return 'a raw copy (the bits, X included)';
  if (!sameSize(p)) return 'scaled (a resolve then a stretch)';
  const s = rgba8Layout(p.src.format), d = rgba8Layout(p.dst.format);
  if (!s || !d || s.a !== 24 || d.a !== 24) return `${p.src.format.name} → ${p.dst.format.name} is not 8-bit RGBA to 8-bit RGBA`;
  if (!LITTLE_ENDIAN) return 'big-endian host';
  if (!words(p.src.data) || !words(p.dst.data) || p.src.pitch % 4 !== 0 || p.dst.pitch % 4 !== 0) return 'surface memory not 4-byte aligned';
  if (sharesMemory(p.src.data, p.dst.data)) return 'source and destination share memory';
  return undefined;
}

/** One row: `count` pixels from word `at` of sample 0 (samples `stride` words apart) to word `to`; bytes 0 and 2 trade places with `swap`. */
function resolveRow(s32: Uint32Array, at: number, stride: number, n: number, count: number, d32: Uint32Array, to: number, swap: boolean, alpha: boolean): void {
  const f = Math.fround;
  for (let x = 0; x < count; x++) {
    let p = s32[at + x];
    let c0 = DEC[p & 255], c1 = DEC[(p >>> 8) & 255], c2 = DEC[(p >>> 16) & 255], c3 = DEC[p >>> 24];
    for (let k = 1, o = at + x + stride; k < n; k++, o += stride) {
      p = s32[o];
      c0 += DEC[p & 255]; c1 += DEC[(p >>> 8) & 255]; c2 += DEC[(p >>> 16) & 255]; c3 += DEC[p >>> 24];
    }
    const b0 = (f(c0 / n) * 255 + 0.5) | 0, b1 = (f(c1 / n) * 255 + 0.5) | 0, b2 = (f(c2 / n) * 255 + 0.5) | 0;
    const b3 = alpha ? (f(c3 / n) * 255 + 0.5) | 0 : 255;
    d32[to + x] = (swap ? b2 | (b0 << 16) : b0 | (b2 << 16)) | (b1 << 8) | (b3 << 24);
  }
}

function blit(p: StretchPlan): void {
  const { src, dst, srcRect: s, dstRect: d } = p;
  const sl = rgba8Layout(src.format)!, dl = rgba8Layout(dst.format)!;
  const s32 = words(src.data)!, d32 = words(dst.data)!;
  const sPitch = src.pitch >> 2, dPitch = dst.pitch >> 2, stride = sampleBytes(src) >> 2, dSample = sampleBytes(dst) >> 2;
  const w = rectW(d);
  const swap = sl.r !== dl.r, alpha = !sl.x && !dl.x;
  for (let y = 0; y < rectH(d); y++) {
    const to = (d.top + y) * dPitch + d.left;
    resolveRow(s32, (s.top + y) * sPitch + s.left, stride, src.samples, w, d32, to, swap, alpha);
    for (let k = 1; k < dst.samples; k++) d32.copyWithin(k * dSample + to, to, to + w);
  }
}

export const resolveBlitter: Blitter = { name: 'resolve-rgba8', declines, blit };
