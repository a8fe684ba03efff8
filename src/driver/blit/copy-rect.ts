/** Raw copies of block-aligned rectangles between surfaces of one format (UpdateSurface, GetRenderTargetData). */
import type { Rect, SurfaceView } from '../surface-view.js';

/** Copies `r` of sample 0 of `src` to (x, y) of every sample of `dst`; rects are whole blocks (validated before). */
export function copyRect(src: SurfaceView, r: Rect, dst: SurfaceView, x: number, y: number): void {
  const f = src.format;
  const rowBytes = ((r.right - r.left) / f.blockW) * f.blockBytes;
  const rows = Math.ceil((r.bottom - r.top) / f.blockH);
  const sx = (r.left / f.blockW) * f.blockBytes;
  const dx = (x / f.blockW) * f.blockBytes;
  const sy = r.top / f.blockH;
  const dy = y / f.blockH;
  const sampleBytes = dst.data.length / dst.samples;
  for (let s = 0; s < dst.samples; s++) {
    for (let row = 0; row < rows; row++) {
      const from = (sy + row) * src.pitch + sx;
      dst.data.set(src.data.subarray(from, from + rowBytes), s * sampleBytes + (dy + row) * dst.pitch + dx);
    }
  }
}
