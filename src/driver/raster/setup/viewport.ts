/** Viewport mapping from clip space (or pre-transformed screen space) to screen space (reference E). */
import type { ClipVertex, RasterState, ScreenVertex } from '../types.js';

export type Viewport = RasterState['viewport'];

/**
 * rhw of a pre-transformed vertex (w = 1/rhw). Wine and DXVK treat rhw = 0 as
 * 1; we do the same for negative or non-finite rhw, which has no perspective meaning.
 */
export function pretransformedRhw(w: number): number {
  const r = 1 / w;
  return r > 0 && r < Infinity ? r : 1;
}

/**
 * Screen position of a vertex, pixel centres at integers:
 * sx = X + (1 + x/w)·Width/2, sy = Y + (1 − y/w)·Height/2, sz = MinZ + (z/w)·(MaxZ − MinZ), rhw = 1/w.
 * Pre-transformed vertices keep x, y and map z through [MinZ, MaxZ] as Wine and DXVK do.
 */
export function toScreen(vp: Viewport, v: ClipVertex, out: ScreenVertex): ScreenVertex {
  const depthRange = vp.maxZ - vp.minZ;
  if (v.pretransformed) {
    out.sx = v.x;
    out.sy = v.y;
    out.sz = vp.minZ + v.z * depthRange;
    out.rhw = pretransformedRhw(v.w);
  } else {
    const iw = 1 / v.w;
    out.sx = vp.x + (1 + v.x * iw) * vp.width * 0.5;
    out.sy = vp.y + (1 - v.y * iw) * vp.height * 0.5;
    out.sz = vp.minZ + v.z * iw * depthRange;
    out.rhw = iw;
  }
  out.v = v;
  return out;
}

/** A ScreenVertex to be filled by toScreen. */
export function newScreenVertex(v: ClipVertex): ScreenVertex {
  return { sx: 0, sy: 0, sz: 0, rhw: 1, v };
}
