/**
 * The device's hook for `inspect --history`: every operation that may change
 * one pixel (x, y) of a surface reports itself here. Without an observer the
 * device checks one field per call and runs as before.
 */
import type { MissedFragment } from '../driver/raster/draw.js';
import type { PixelWatch } from '../driver/raster/pixel/index.js';
import type { Rect, SurfaceView } from '../driver/surface-view.js';

export interface PixelObserver {
  readonly x: number;
  readonly y: number;
  /** Clear, ColorFill, StretchRect or UpdateSurface writing a rect of `surface` that covers (x, y): `run` does the write */
  write(method: string, surface: SurfaceView, run: () => void): void;
  /**
   * a draw into render target 0 `target`: `run` draws with the watch it is given; `explain`, called
   * after a run that reported no fragment, says whether culling or the scissor test kept the draw
   * from the pixel (null: the draw does not reach it)
   */
  draw(method: string, target: SurfaceView | null, run: (watch: PixelWatch) => void, explain: () => MissedFragment | null): void;
}

export function covers(o: PixelObserver, r: Rect): boolean {
  return o.x >= r.left && o.x < r.right && o.y >= r.top && o.y < r.bottom;
}
