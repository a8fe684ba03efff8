/**
 * One primitive from clip-space vertices to fragments: clip, map to the
 * screen, cull by winding, then fill as points, lines or triangles.
 */
import { D3DCULL, D3DFILL } from '../../../d3d9/index.js';
import type { ClipVertex, ScreenVertex } from '../types.js';
import { clipPolygon, clipSegment, outcode } from './clip.js';
import { POINT_SLOT } from './context.js';
import type { RasterContext } from './context.js';
import { rasterizeLine } from './line.js';
import { rasterizePoint } from './point.js';
import { rasterizeTriangle, snappedArea } from './triangle.js';
import { toScreen } from './viewport.js';

function planesOf(ctx: RasterContext, v: ClipVertex) {
  return v.pretransformed ? ctx.pretransformedPlanes : ctx.transformedPlanes;
}

function finite(s: ScreenVertex): boolean {
  return Number.isFinite(s.sx) && Number.isFinite(s.sy) && Number.isFinite(s.sz) && Number.isFinite(s.rhw);
}

/** Maps ctx.screen[slot] from v; false when the position is unusable (w = 0, NaN). */
function mapVertex(ctx: RasterContext, v: ClipVertex, slot: number): boolean {
  return finite(toScreen(ctx.state.viewport, v, ctx.screen[slot]));
}

/** D3DCULL: CW (2) culls clockwise (area > 0), CCW (3, default) counter-clockwise, NONE (1) nothing (reference B.1). */
export function isCulled(cullMode: number, area: number): boolean {
  if (cullMode === D3DCULL.CW) return area > 0;
  if (cullMode === D3DCULL.CCW) return area < 0;
  return false;
}

/** A point; discarded whole when its centre is outside the clip volume (near/far, guard band). */
export function drawPoint(ctx: RasterContext, v: ClipVertex, flat: ClipVertex | null = null, front = true, triangle = false): void {
  if (outcode(planesOf(ctx, v), v) !== 0) return;
  if (!mapVertex(ctx, v, POINT_SLOT)) return;
  rasterizePoint(ctx, ctx.screen[POINT_SLOT], flat, front, triangle);
}

/** A segment a → b; `last` says whether D3DRS_LASTPIXEL applies to its end. FLAT takes the first vertex's colours. */
export function drawLine(ctx: RasterContext, a: ClipVertex, b: ClipVertex, last: boolean): void {
  const planes = planesOf(ctx, a);
  const ca = outcode(planes, a), cb = outcode(planes, b);
  if (ca & cb) return;
  const seg = ca | cb ? clipSegment(planes, a, b, ca | cb) : [a, b];
  if (!seg || !mapVertex(ctx, seg[0], 0) || !mapVertex(ctx, seg[1], 1)) return;
  rasterizeLine(ctx, ctx.screen[0], ctx.screen[1], ctx.flatShading ? a : null, ctx.lastPixel && last);
}

const tri: ClipVertex[] = [];

/** Clips the triangle and maps what is left to ctx.screen; returns its vertex count (0: nothing left). */
function clipAndMap(ctx: RasterContext, v0: ClipVertex, v1: ClipVertex, v2: ClipVertex): number {
  const planes = planesOf(ctx, v0);
  const c0 = outcode(planes, v0), c1 = outcode(planes, v1), c2 = outcode(planes, v2);
  if (c0 & c1 & c2) return 0;
  tri[0] = v0; tri[1] = v1; tri[2] = v2;
  const poly = c0 | c1 | c2 ? clipPolygon(planes, tri, c0 | c1 | c2) : tri;
  if (poly.length < 3) return 0;
  for (let i = 0; i < poly.length; i++) if (!mapVertex(ctx, poly[i], i)) return 0;
  return poly.length;
}

/**
 * A triangle v0 v1 v2 with its provoking vertex. Facing and culling use the
 * snapped screen area of what clipping leaves; zero area draws nothing.
 * FILLMODE POINT draws the three vertices, WIREFRAME the clipped outline,
 * each fragment keeping the triangle's facing.
 */
export function drawTriangle(ctx: RasterContext, v0: ClipVertex, v1: ClipVertex, v2: ClipVertex, provoking: ClipVertex): void {
  const n = clipAndMap(ctx, v0, v1, v2);
  if (n === 0) return;
  const s = ctx.screen;
  let area = 0;
  for (let i = 1; i + 1 < n; i++) area += snappedArea(s[0], s[i], s[i + 1]);
  if (area === 0 || !Number.isFinite(area) || isCulled(ctx.cullMode, area)) return;
  const front = area > 0;
  const flat = ctx.flatShading ? provoking : null;
  if (ctx.fillMode === D3DFILL.POINT) {
    drawPoint(ctx, v0, flat, front, true);
    drawPoint(ctx, v1, flat, front, true);
    drawPoint(ctx, v2, flat, front, true);
  } else if (ctx.fillMode === D3DFILL.WIREFRAME) {
    // each edge leaves out its end pixel, which the next edge starts on
    for (let i = 0; i < n; i++) rasterizeLine(ctx, s[i], s[(i + 1) % n], flat, false, front, true);
  } else {
    for (let i = 1; i + 1 < n; i++) {
      // a fan piece whose snapped winding flipped is a sliver of a cut polygon: skip it
      const a = snappedArea(s[0], s[i], s[i + 1]);
      if (a !== 0 && a > 0 === front) rasterizeTriangle(ctx, s[0], s[i], s[i + 1], flat, front);
    }
  }
}
