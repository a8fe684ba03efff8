/** What the driver sees of a surface: plain data, no device objects. */
import type { FormatInfo } from '../formats/index.js';

export interface SurfaceView {
  readonly format: FormatInfo;
  readonly width: number;
  readonly height: number;
  /** bytes from one block row to the next */
  readonly pitch: number;
  /** samples stored one after another, each `data.length / samples` bytes */
  readonly samples: number;
  readonly data: Uint8Array;
}

export interface Rect { left: number; top: number; right: number; bottom: number }

/** Intersection of two rects (may be empty). */
export function intersect(a: Rect, b: Rect): Rect {
  return {
    left: Math.max(a.left, b.left), top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right), bottom: Math.min(a.bottom, b.bottom),
  };
}

export function isEmpty(r: Rect): boolean {
  return r.left >= r.right || r.top >= r.bottom;
}

export function wholeSurface(s: SurfaceView): Rect {
  return { left: 0, top: 0, right: s.width, bottom: s.height };
}
