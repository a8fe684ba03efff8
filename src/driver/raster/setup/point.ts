/**
 * Points (reference E): a screen-aligned square of the vertex's point size
 * centred on the vertex, rasterized with the polygon rules, so a sample is
 * covered iff left ≤ x < right and top ≤ y < bottom (corners snapped to 1/256
 * pixel). A size-1 point at integer (x, y) covers exactly pixel (x, y).
 * With D3DRS_POINTSPRITEENABLE every interpolated texture set becomes
 * (u, v, 0, 1), u and v running from 0 at the square's left/top edge to 1 at
 * its right/bottom edge (the unsnapped square's, sampled at pixel centres,
 * float32); otherwise the vertex's
 * texture coordinates hold over the whole point.
 */
import { MAX_TEXCOORDS } from '../types.js';
import type { ClipVertex, ScreenVertex } from '../types.js';
import type { RasterContext } from './context.js';
import { ceilDiv, ONE, snap } from './fixed.js';

/** The size drawn: D3DRS_POINTSIZE_MIN ≤ size ≤ min(D3DRS_POINTSIZE_MAX, MaxPointSize). */
export function clampPointSize(ctx: RasterContext, size: number): number {
  const s = Number.isFinite(size) ? size : 0;
  return Math.min(Math.max(s, ctx.pointSizeMin), ctx.pointSizeMax);
}

/** Square bounds in fixed point: left, top, right, bottom. */
const box = new Float64Array(4);
/** the unsnapped square's left, top and size in fixed point: sprite coordinates follow it, as triangles' planes do (interpolate.ts) */
const sprite = new Float64Array(3);

export function rasterizePoint(ctx: RasterContext, s: ScreenVertex, flat: ClipVertex | null, front = true, triangle = false): void {
  const size = clampPointSize(ctx, s.v.pointSize);
  if (!(size > 0)) return;
  box[0] = snap(s.sx - size / 2); box[1] = snap(s.sy - size / 2);
  box[2] = snap(s.sx + size / 2); box[3] = snap(s.sy + size / 2);
  if (!(box[2] > box[0] && box[3] > box[1])) return;
  sprite[0] = (s.sx - size / 2) * ONE; sprite[1] = (s.sy - size / 2) * ONE; sprite[2] = size * ONE;
  const reach = ctx.sampleReach;
  const px0 = Math.max(ctx.left, ceilDiv(box[0] - reach, ONE));
  const px1 = Math.min(ctx.right, ceilDiv(box[2] + reach, ONE)) - 1;
  const py0 = Math.max(ctx.top, ceilDiv(box[1] - reach, ONE));
  const py1 = Math.min(ctx.bottom, ceilDiv(box[3] + reach, ONE)) - 1;
  const attr = ctx.attr;
  attr.gx.fill(0);
  attr.gy.fill(0);
  attr.setup(s, s, s, 1, flat);
  const f = ctx.frag;
  f.front = front;
  f.triangle = triangle;
  f.bias = ctx.depthBias;
  for (let py = py0; py <= py1; py++) {
    for (let px = px0; px <= px1; px++) {
      const coverage = pointCoverage(ctx, px * ONE, py * ONE);
      if (coverage === 0) continue;
      f.x = px;
      f.y = py;
      f.coverage = coverage;
      attr.shade(f, 1, 0, 0);
      if (ctx.pointSprite) { spriteCoordinates(ctx, px * ONE, py * ONE); f.interp = null; }
      ctx.emit(f);
    }
  }
}

function pointCoverage(ctx: RasterContext, cx: number, cy: number): number {
  const { pattern } = ctx;
  if (pattern.count === 1) return inside(cx, cy) ? ctx.fullCoverage : 0;
  let bits = 0;
  for (let s = 0; s < pattern.count; s++) if (inside(cx + pattern.dx[s], cy + pattern.dy[s])) bits |= 1 << s;
  return bits & ctx.sampleMask;
}

function inside(x: number, y: number): boolean {
  return x >= box[0] && x < box[2] && y >= box[1] && y < box[3];
}

function spriteCoordinates(ctx: RasterContext, cx: number, cy: number): void {
  const f = ctx.frag;
  const w = sprite[2];
  const u = Math.fround((cx - sprite[0]) / w), v = Math.fround((cy - sprite[1]) / w);
  for (let t = 0; t < Math.min(ctx.texSets, MAX_TEXCOORDS); t++) {
    const i = 4 * t;
    f.tex[i] = u; f.tex[i + 1] = v; f.tex[i + 2] = 0; f.tex[i + 3] = 1;
    f.texDx[i] = ONE / w; f.texDx[i + 1] = 0; f.texDx[i + 2] = 0; f.texDx[i + 3] = 0;
    f.texDy[i] = 0; f.texDy[i + 1] = ONE / w; f.texDy[i + 2] = 0; f.texDy[i + 3] = 0;
  }
}
