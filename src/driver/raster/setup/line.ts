/**
 * Aliased lines by the diamond-exit rule (D3D10+; D3D9 says "GDI rules",
 * reference E). Each pixel owns the diamond |x − px| + |y − py| < ½ around its
 * centre, plus its lower-left and lower-right edges and bottom corner (and,
 * for y-major lines, its right corner). A pixel is drawn iff the segment,
 * travelling from start to end, exits its diamond. The end's own pixel is then
 * never drawn by the rule; D3DRS_LASTPIXEL = TRUE adds it.
 *
 * A line with |Δx| ≥ |Δy| (x-major) meets exactly one diamond per pixel column:
 * the one whose centre row is ⌈yc − ½⌉, yc being the line's y at the column's
 * centre. It exits that diamond iff the end is not inside it and either the
 * column's centre lies within the segment or the start is inside the diamond.
 */
import type { ClipVertex, ScreenVertex } from '../types.js';
import type { RasterContext } from './context.js';
import { ceilDiv, floorDiv, HALF, ONE, snap } from './fixed.js';

/** Is fixed-point (qx, qy) in pixel (px, py)'s diamond, with the boundary parts the rule includes? */
export function inDiamond(qx: number, qy: number, px: number, py: number, yMajor: boolean): boolean {
  const u = qx - px * ONE;
  const v = qy - py * ONE;
  const d = Math.abs(u) + Math.abs(v);
  if (d !== HALF) return d < HALF;
  return v > 0 || (yMajor && u === HALF && v === 0);
}

/**
 * The segment in fixed point, walked along its major axis; a*: the segment attributes follow, the
 * unsnapped one (as a triangle's planes are, interpolate.ts), or the snapped one when that has no length.
 */
interface Walk {
  x0: number; y0: number; x1: number; y1: number; dx: number; dy: number; len2: number; yMajor: boolean; last: boolean;
  ax0: number; ay0: number; adx: number; ady: number; alen2: number;
}
const walk: Walk = { x0: 0, y0: 0, x1: 0, y1: 0, dx: 0, dy: 0, len2: 0, yMajor: false, last: false, ax0: 0, ay0: 0, adx: 0, ady: 0, alen2: 1 };

/**
 * Rasterizes segment s0 → s1. `lastPixel` draws the end's pixel; `front` and
 * `triangle` are what fragments report (wireframe edges keep their triangle's facing).
 */
export function rasterizeLine(
  ctx: RasterContext, s0: ScreenVertex, s1: ScreenVertex, flat: ClipVertex | null,
  lastPixel: boolean, front = true, triangle = false,
): void {
  const w = walk;
  w.x0 = snap(s0.sx); w.y0 = snap(s0.sy); w.x1 = snap(s1.sx); w.y1 = snap(s1.sy);
  w.dx = w.x1 - w.x0; w.dy = w.y1 - w.y0;
  w.len2 = w.dx * w.dx + w.dy * w.dy;
  if (w.len2 === 0 || !Number.isFinite(w.len2)) return;
  w.yMajor = Math.abs(w.dy) > Math.abs(w.dx);
  w.last = lastPixel;
  w.ax0 = s0.sx * ONE; w.ay0 = s0.sy * ONE; w.adx = s1.sx * ONE - w.ax0; w.ady = s1.sy * ONE - w.ay0;
  w.alen2 = w.adx * w.adx + w.ady * w.ady;
  if (!(w.alen2 > 0 && w.alen2 < Infinity)) { w.ax0 = w.x0; w.ay0 = w.y0; w.adx = w.dx; w.ady = w.dy; w.alen2 = w.len2; }
  // t = ((P − S)·d) / |d|² along the line; its per-pixel gradient
  const attr = ctx.attr;
  const tx = (w.adx * ONE) / w.alen2, ty = (w.ady * ONE) / w.alen2;
  attr.gx[0] = -tx; attr.gx[1] = tx; attr.gx[2] = 0;
  attr.gy[0] = -ty; attr.gy[1] = ty; attr.gy[2] = 0;
  attr.setup(s0, s1, s1, 1, flat);
  const f = ctx.frag;
  f.front = front;
  f.triangle = triangle;
  f.bias = ctx.depthBias;
  f.coverage = ctx.fullCoverage;
  if (f.coverage === 0) return;
  walkMajor(ctx);
}

/** Steps pixel by pixel along the major axis from the start towards the end. */
function walkMajor(ctx: RasterContext): void {
  const w = walk;
  const m0 = w.yMajor ? w.y0 : w.x0, m1 = w.yMajor ? w.y1 : w.x1;
  const dir = m1 > m0 ? 1 : -1;
  const first = dir > 0 ? floorDiv(m0, ONE) - 1 : ceilDiv(m0, ONE) + 1;
  const lastP = dir > 0 ? ceilDiv(m1, ONE) + 1 : floorDiv(m1, ONE) - 1;
  for (let p = first; p !== lastP + dir; p += dir) {
    const q = minorAt(p);
    const px = w.yMajor ? q : p, py = w.yMajor ? p : q;
    if (!lit(p, px, py)) continue;
    if (px < ctx.left || px >= ctx.right || py < ctx.top || py >= ctx.bottom) continue;
    emitLinePixel(ctx, px, py);
  }
}

/** The pixel along the minor axis whose diamond the line meets at major pixel p: ⌈(minor at p) − ½⌉. */
function minorAt(p: number): number {
  const w = walk;
  const dM = w.yMajor ? w.dy : w.dx, dm = w.yMajor ? w.dx : w.dy;
  const M0 = w.yMajor ? w.y0 : w.x0, m0 = w.yMajor ? w.x0 : w.y0;
  // minor(p) = m0 + (p·ONE − M0)·dm/dM, exactly as a fraction with a positive denominator
  const sign = dM > 0 ? 1 : -1;
  const num = ((m0 - HALF) * dM + (p * ONE - M0) * dm) * sign;
  return ceilDiv(num, ONE * dM * sign);
}

function lit(p: number, px: number, py: number): boolean {
  const w = walk;
  if (inDiamond(w.x1, w.y1, px, py, w.yMajor)) return w.last;
  const c = p * ONE;
  const m0 = w.yMajor ? w.y0 : w.x0, m1 = w.yMajor ? w.y1 : w.x1;
  if (c >= Math.min(m0, m1) && c <= Math.max(m0, m1)) return true;
  return inDiamond(w.x0, w.y0, px, py, w.yMajor);
}

function emitLinePixel(ctx: RasterContext, px: number, py: number): void {
  const w = walk;
  const f = ctx.frag;
  let t = ((px * ONE - w.ax0) * w.adx + (py * ONE - w.ay0) * w.ady) / w.alen2;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  f.x = px;
  f.y = py;
  ctx.attr.shade(f, 1 - t, t, 0);
  ctx.emit(f);
}
