/**
 * The reference raw copy: the bits of the source rect into the destination
 * rect of every destination sample, X channels included (a same-format,
 * same-size StretchRect and every depth-stencil one, reference D.1 rule 12).
 * It reads the whole source region into a temporary before writing, so a copy
 * within one surface is right for any overlap; the fast copy is tested against it.
 */
import { D3DFMT } from '../../d3d9/index.js';
import { blockAligned, rawSourceSample, rectH, rectW, sampleBytes, sharesMemory } from './plan.js';
import type { StretchPlan } from './types.js';

export function rawCopyReference(p: StretchPlan): void {
  const { src, dst, srcRect: s, dstRect: d } = p;
  const f = src.format;
  if (!blockAligned(src, s) || !blockAligned(dst, d)) {
    if (f.kind === 'yuv') return macroPixelCopy(p);
    throw new Error(`stretchBlit: a raw copy of ${f.name} needs whole ${f.blockW}x${f.blockH} blocks (validated before)`);
  }
  const cols = Math.ceil(rectW(s) / f.blockW);
  const rows = Math.ceil(rectH(s) / f.blockH);
  const rowLen = cols * f.blockBytes;
  const sBytes = sampleBytes(src), dBytes = sampleBytes(dst);
  const tmp = new Uint8Array(dst.samples * rows * rowLen);
  for (let k = 0; k < dst.samples; k++) {
    const from = rawSourceSample(src, k) * sBytes + (s.top / f.blockH) * src.pitch + (s.left / f.blockW) * f.blockBytes;
    for (let y = 0; y < rows; y++) {
      for (let i = 0; i < rowLen; i++) tmp[(k * rows + y) * rowLen + i] = src.data[from + y * src.pitch + i];
    }
  }
  for (let k = 0; k < dst.samples; k++) {
    const to = k * dBytes + (d.top / f.blockH) * dst.pitch + (d.left / f.blockW) * f.blockBytes;
    for (let y = 0; y < rows; y++) {
      for (let i = 0; i < rowLen; i++) dst.data[to + y * dst.pitch + i] = tmp[(k * rows + y) * rowLen + i];
    }
  }
}

/**
 * A macro-pixel copy (YUY2, UYVY, RGBG) whose rects do not both start on a pair:
 * each destination pixel takes its source pixel's own byte (Y or G), and the
 * bytes a pair shares (U, V or R, B) come from the source pair of the first of
 * the pair's pixels that the rect covers. Aligned copies are plain block copies.
 */
function macroPixelCopy(p: StretchPlan): void {
  const { src, dst, srcRect: s, dstRect: d } = p;
  const id = src.format.id;
  // byte of pixel 0 inside the macro-pixel: YUY2 Y0 U Y1 V, R8G8_B8G8 G0 R G1 B; UYVY U Y0 V Y1, G8R8_G8B8 R G0 B G1
  const own = id === D3DFMT.YUY2 || id === D3DFMT.R8G8_B8G8 ? 0 : 1;
  const data = sharesMemory(src.data, dst.data) ? src.data.slice() : src.data;
  const sBytes = sampleBytes(src), dBytes = sampleBytes(dst);
  for (let k = 0; k < dst.samples; k++) {
    const sBase = rawSourceSample(src, k) * sBytes, dBase = k * dBytes;
    for (let y = 0; y < rectH(d); y++) {
      for (let x = 0; x < rectW(d); x++) {
        const sx = s.left + x, dx = d.left + x;
        const sAt = sBase + (s.top + y) * src.pitch + (sx >> 1) * 4;
        const dAt = dBase + (d.top + y) * dst.pitch + (dx >> 1) * 4;
        dst.data[dAt + own + 2 * (dx & 1)] = data[sAt + own + 2 * (sx & 1)];
        if (x === 0 || (dx & 1) === 0) {
          dst.data[dAt + 1 - own] = data[sAt + 1 - own];
          dst.data[dAt + 3 - own] = data[sAt + 3 - own];
        }
      }
    }
  }
}
