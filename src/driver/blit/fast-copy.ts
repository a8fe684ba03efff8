/**
 * Raw copies by whole rows: same format, same size, samples one to one (or a
 * single-sample source into every sample), block-aligned rects. Within one
 * buffer the rows go bottom-up when the destination starts later, and each row
 * moves with copyWithin (memmove), so overlapping rects copy as from a snapshot.
 */
import { blockAligned, isRawCopy, rawSourceSample, rectH, rectW, sampleBytes, sharesMemory } from './plan.js';
import type { Blitter, StretchPlan } from './types.js';

export const copyBlitter: Blitter = {
  name: 'copy-rows',
  declines(p: StretchPlan): string | undefined {
    if (!isRawCopy(p)) return 'not a raw copy (formats, sizes or sample counts differ)';
    if (!blockAligned(p.src, p.srcRect) || !blockAligned(p.dst, p.dstRect)) return 'rects not on whole blocks';
    if (p.src.data !== p.dst.data && sharesMemory(p.src.data, p.dst.data)) return 'two different views of one buffer';
    return undefined;
  },
  blit(p: StretchPlan): void {
    const { src, dst, srcRect: s, dstRect: d } = p;
    const f = src.format;
    const rows = Math.ceil(rectH(s) / f.blockH);
    const rowLen = Math.ceil(rectW(s) / f.blockW) * f.blockBytes;
    const sBytes = sampleBytes(src), dBytes = sampleBytes(dst);
    const sRow0 = (s.top / f.blockH) * src.pitch + (s.left / f.blockW) * f.blockBytes;
    const dRow0 = (d.top / f.blockH) * dst.pitch + (d.left / f.blockW) * f.blockBytes;
    const same = src.data === dst.data;
    for (let k = 0; k < dst.samples; k++) {
      const from = rawSourceSample(src, k) * sBytes + sRow0;
      const to = k * dBytes + dRow0;
      // the source's later rows are read before they are overwritten
      const up = same && to > from;
      for (let i = 0; i < rows; i++) {
        const y = up ? rows - 1 - i : i;
        const a = from + y * src.pitch, b = to + y * dst.pitch;
        if (same) dst.data.copyWithin(b, a, a + rowLen);
        else dst.data.set(src.data.subarray(a, a + rowLen), b);
      }
    }
  },
};
