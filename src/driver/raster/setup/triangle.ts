/**
 * Triangle coverage (reference E, "Rasterization Rules"): pixel centres at
 * integer coordinates; a sample is covered iff it is inside all three edges,
 * where a sample exactly on an edge counts only for a top edge (horizontal,
 * above the others) or a left edge. Positions are snapped to 1/256 pixel and
 * the edge functions are exact integers, stepped per pixel and per row. The
 * edge functions also weight the attributes, whose planes are the unsnapped
 * triangle's (snapBasis, setup/interpolate.ts).
 *
 * Each row's covered columns go either to the draw's SpanFill for the
 * triangle (span/: single-sample draws the fast paths take), with the edge
 * functions at the span's first pixel, or pixel by pixel as Fragments.
 */
import type { SpanFill } from '../span/types.js';
import type { ClipVertex, ScreenVertex } from '../types.js';
import type { RasterContext } from './context.js';
import { ceilDiv, floorDiv, ONE, snap } from './fixed.js';

/** Twice the signed screen area of the snapped triangle: > 0 is clockwise on screen, i.e. front (reference B.1). */
export function snappedArea(s0: ScreenVertex, s1: ScreenVertex, s2: ScreenVertex): number {
  const x0 = snap(s0.sx), y0 = snap(s0.sy);
  return (snap(s1.sx) - x0) * (snap(s2.sy) - y0) - (snap(s2.sx) - x0) * (snap(s1.sy) - y0);
}

/** Per-triangle edge constants: e_i = E(v_{i+1} → v_{i+2}), so that e0 + e1 + e2 = area. */
class Edges {
  readonly stepX = new Float64Array(3);
  readonly stepY = new Float64Array(3);
  /** 0 for a top or left edge (a sample on it is inside), 1 otherwise */
  readonly bias = new Float64Array(3);
  /** edge values at the first pixel of the current row */
  readonly row = new Float64Array(3);
  /** per sample and edge: the value's offset from the pixel centre */
  readonly offset = new Float64Array(16 * 3);
}
const edges = new Edges();

function setupEdges(ctx: RasterContext, xs: Float64Array, ys: Float64Array, px: number, py: number): void {
  const { pattern } = ctx;
  for (let i = 0; i < 3; i++) {
    const a = (i + 1) % 3, b = (i + 2) % 3;
    const dx = xs[b] - xs[a], dy = ys[b] - ys[a];
    edges.stepX[i] = -dy * ONE;
    edges.stepY[i] = dx * ONE;
    // with clockwise (area > 0) order, top edges run left to right and left edges run upwards
    edges.bias[i] = dy < 0 || (dy === 0 && dx > 0) ? 0 : 1;
    edges.row[i] = dx * (py * ONE - ys[a]) - dy * (px * ONE - xs[a]);
    for (let s = 0; s < pattern.count; s++) edges.offset[s * 3 + i] = -dy * pattern.dx[s] + dx * pattern.dy[s];
  }
}

/** Narrows sample s's span [range[2s], range[2s+1]] to the columns k where value + k·step ≥ 0. */
function narrow(value: number, step: number, range: Float64Array, s: number): void {
  if (step === 0) {
    if (value < 0) range[2 * s + 1] = -1;
  } else if (step > 0) {
    range[2 * s] = Math.max(range[2 * s], ceilDiv(-value, step));
  } else {
    range[2 * s + 1] = Math.min(range[2 * s + 1], floorDiv(value, -step));
  }
}

/** per sample: first and last covered column (relative to the bounding box) of the current row */
const spans = new Float64Array(32);
/** the union's first and last column: a typed array, as a double stored in an object's field is a new heap number per store */
const rowRange = new Float64Array(2);

/** Fills `spans` for the current row and rowRange with the union's first and last column (lo > hi: none). */
function rowSpans(ctx: RasterContext, width: number): void {
  if (ctx.pattern.count === 1) {
    centreSpan(width);
    return;
  }
  let lo = Infinity, hi = -Infinity;
  for (let s = 0; s < ctx.pattern.count; s++) {
    spans[2 * s] = 0;
    spans[2 * s + 1] = width - 1;
    for (let i = 0; i < 3; i++) {
      narrow(edges.row[i] + edges.offset[s * 3 + i] - edges.bias[i], edges.stepX[i], spans, s);
    }
    if (spans[2 * s] <= spans[2 * s + 1]) {
      lo = Math.min(lo, spans[2 * s]);
      hi = Math.max(hi, spans[2 * s + 1]);
    }
  }
  rowRange[0] = lo;
  rowRange[1] = hi;
}

/** rowSpans for the pixel centre alone (its offsets are 0): the same narrowing without the sample loop. */
function centreSpan(width: number): void {
  const { row, stepX, bias } = edges;
  let lo = 0, hi = width - 1;
  for (let i = 0; i < 3; i++) {
    const value = row[i] - bias[i], step = stepX[i];
    if (step > 0) lo = Math.max(lo, ceilDiv(-value, step));
    else if (step < 0) hi = Math.min(hi, floorDiv(value, -step));
    else if (value < 0) hi = -1;
  }
  spans[0] = lo;
  spans[1] = hi;
  rowRange[0] = lo;
  rowRange[1] = hi;
}

function coverageAt(ctx: RasterContext, k: number): number {
  const n = ctx.pattern.count;
  if (n === 1) return ctx.fullCoverage;
  let bits = 0;
  for (let s = 0; s < n; s++) if (k >= spans[2 * s] && k <= spans[2 * s + 1]) bits |= 1 << s;
  return bits & ctx.sampleMask;
}

const xs = new Float64Array(3);
const ys = new Float64Array(3);
const verts: ScreenVertex[] = [];
const basis = new Float64Array(6);

/**
 * For AttributeSetup.setup: per vertex j, ∇β₁·dⱼ and ∇β₂·dⱼ, where β are the unsnapped
 * triangle's barycentrics and dⱼ = snapped − unsnapped position of vertex j, so that a
 * plane's value at snapped vertex j is vⱼ + (v₁ − v₀)·∇β₁·dⱼ + (v₂ − v₀)·∇β₂·dⱼ. Null when
 * no vertex moved, or when the unsnapped triangle is degenerate or turned the other way
 * (its planes are then no better than the snapped ones).
 */
function snapBasis(): Float64Array | null {
  const ux0 = verts[0].sx * ONE, uy0 = verts[0].sy * ONE;
  const e1x = verts[1].sx * ONE - ux0, e1y = verts[1].sy * ONE - uy0;
  const e2x = verts[2].sx * ONE - ux0, e2y = verts[2].sy * ONE - uy0;
  let still = true;
  for (let j = 0; j < 3; j++) if (xs[j] !== verts[j].sx * ONE || ys[j] !== verts[j].sy * ONE) still = false;
  if (still) return null;
  const area = e1x * e2y - e2x * e1y;
  if (!(area > 0 && area < Infinity)) return null;
  for (let j = 0; j < 3; j++) {
    const dx = xs[j] - verts[j].sx * ONE, dy = ys[j] - verts[j].sy * ONE;
    basis[2 * j] = (dx * e2y - dy * e2x) / area;
    basis[2 * j + 1] = (dy * e1x - dx * e1y) / area;
    if (!(Math.abs(basis[2 * j]) < Infinity && Math.abs(basis[2 * j + 1]) < Infinity)) return null;
  }
  return basis;
}

/**
 * Rasterizes one triangle in any winding; `front` is what the fragments report
 * and `flat` the provoking vertex under FLAT shading. Culling is the caller's.
 */
export function rasterizeTriangle(ctx: RasterContext, s0: ScreenVertex, s1: ScreenVertex, s2: ScreenVertex, flat: ClipVertex | null, front: boolean): void {
  let area = snappedArea(s0, s1, s2);
  if (area === 0 || !Number.isFinite(area)) return;
  verts[0] = s0;
  verts[1] = area > 0 ? s1 : s2;
  verts[2] = area > 0 ? s2 : s1;
  area = Math.abs(area);
  for (let i = 0; i < 3; i++) { xs[i] = snap(verts[i].sx); ys[i] = snap(verts[i].sy); }
  const reach = ctx.sampleReach;
  const px0 = Math.max(ctx.left, ceilDiv(Math.min(xs[0], xs[1], xs[2]) - reach, ONE));
  const px1 = Math.min(ctx.right - 1, floorDiv(Math.max(xs[0], xs[1], xs[2]) + reach, ONE));
  const py0 = Math.max(ctx.top, ceilDiv(Math.min(ys[0], ys[1], ys[2]) - reach, ONE));
  const py1 = Math.min(ctx.bottom - 1, floorDiv(Math.max(ys[0], ys[1], ys[2]) + reach, ONE));
  if (px0 > px1 || py0 > py1) return;
  setupEdges(ctx, xs, ys, px0, py0);
  const attr = ctx.attr;
  attr.gx.set(edges.stepX);
  attr.gy.set(edges.stepY);
  attr.setup(verts[0], verts[1], verts[2], area, flat, snapBasis());
  const f = ctx.frag;
  f.front = front;
  f.triangle = true;
  f.bias = ctx.depthBias + ctx.slopeScaleDepthBias * Math.max(Math.abs(attr.dzdx), Math.abs(attr.dzdy));
  const fill = ctx.spans && ctx.pattern.count === 1 ? ctx.spans.triangle(attr, front, f.bias) : null;
  walkRows(ctx, px0, px1 - px0 + 1, py0, py1, fill);
}

/** Each row's covered columns go to `fill` as one span, or pixel by pixel to ctx.emit. */
function walkRows(ctx: RasterContext, px0: number, width: number, py0: number, py1: number, fill: SpanFill | null): void {
  if (fill !== null && ctx.pattern.count === 1 && exactRows(py1 - py0)) {
    walkCentreSpans(px0, width, py0, py1, fill);
    return;
  }
  const { stepX, stepY, row } = edges;
  const weights = fill !== null && fill.ignoresWeights !== true;
  for (let py = py0; py <= py1; py++) {
    rowSpans(ctx, width);
    const lo = rowRange[0], hi = rowRange[1];
    if (lo <= hi) {
      if (weights) fill!.span(py, px0 + lo, px0 + hi + 1, row[0] + lo * stepX[0], row[1] + lo * stepX[1], row[2] + lo * stepX[2]);
      else if (fill) fill.span(py, px0 + lo, px0 + hi + 1, 0, 0, 0);
      else emitRow(ctx, px0, py, lo, hi);
    }
    row[0] += stepY[0]; row[1] += stepY[1]; row[2] += stepY[2];
  }
}

/** Below this every edge value, step and product in walkCentreSpans is an exact double integer. */
const EXACT = 2 ** 50;

/** Do the rows' edge values (row − bias) and steps stay below EXACT for `rows` more rows? */
function exactRows(rows: number): boolean {
  const { stepX, stepY, row } = edges;
  for (let i = 0; i < 3; i++) {
    const y = Math.abs(stepY[i]), x = Math.abs(stepX[i]);
    if (!(x < EXACT && y < EXACT && Math.abs(row[i]) + 1 + y * rows < EXACT)) return false;
  }
  return true;
}

/** Row quotients per edge: q = floorDiv(value, |stepX|) and its remainder, and stepY as the same quotient and remainder. */
const quot = new Float64Array(12);

/**
 * walkRows for single-sample spans: centreSpan's bounds, where each sloped edge
 * bounds the row at floorDiv(value, |stepX|) (lo = 0 − q for a step > 0, hi = q
 * for a step < 0), kept as a quotient and remainder and advanced by stepY's,
 * without a division per row; the values are exact integers (exactRows), so
 * the quotients are the same as floorDiv's.
 */
function walkCentreSpans(px0: number, width: number, py0: number, py1: number, fill: SpanFill): void {
  const { stepX, stepY, row, bias } = edges;
  const weights = fill.ignoresWeights !== true;
  const sx0 = stepX[0], sx1 = stepX[1], sx2 = stepX[2];
  for (let i = 0; i < 3; i++) {
    const d = Math.abs(stepX[i]);
    if (d === 0) continue;
    const v = row[i] - bias[i], q = floorDiv(v, d), a = floorDiv(stepY[i], d);
    quot[4 * i] = q; quot[4 * i + 1] = v - q * d; quot[4 * i + 2] = a; quot[4 * i + 3] = stepY[i] - a * d;
  }
  let r0 = row[0], r1 = row[1], r2 = row[2];
  const sy0 = stepY[0], sy1 = stepY[1], sy2 = stepY[2];
  for (let py = py0; py <= py1; py++) {
    let lo = 0, hi = width - 1;
    for (let i = 0; i < 3; i++) {
      const step = stepX[i];
      if (step === 0) {
        if ((i === 0 ? r0 : i === 1 ? r1 : r2) - bias[i] < 0) hi = -1;
        continue;
      }
      const k = 4 * i, q = quot[k];
      if (step > 0) { if (0 - q > lo) lo = 0 - q; } else if (q < hi) hi = q;
      // the next row: value + stepY = (q + a)·d + (rem + c), with 0 ≤ rem + c < 2d
      const d = step > 0 ? step : -step;
      let rem = quot[k + 1] + quot[k + 3], next = q + quot[k + 2];
      if (rem >= d) { rem -= d; next += 1; }
      quot[k] = next; quot[k + 1] = rem;
    }
    if (lo <= hi) {
      if (weights) fill.span(py, px0 + lo, px0 + hi + 1, r0 + lo * sx0, r1 + lo * sx1, r2 + lo * sx2);
      else fill.span(py, px0 + lo, px0 + hi + 1, 0, 0, 0);
    }
    r0 += sy0; r1 += sy1; r2 += sy2;
  }
  row[0] = r0; row[1] = r1; row[2] = r2;
}

/** The generic consumer: one Fragment per covered pixel of columns lo..hi. */
function emitRow(ctx: RasterContext, px0: number, py: number, lo: number, hi: number): void {
  const f = ctx.frag;
  const { stepX, row } = edges;
  for (let k = lo; k <= hi; k++) {
    const coverage = coverageAt(ctx, k);
    if (coverage === 0) continue;
    f.x = px0 + k;
    f.y = py;
    f.coverage = coverage;
    shadeAt(ctx, row[0] + k * stepX[0], row[1] + k * stepX[1], row[2] + k * stepX[2], k);
    ctx.emit(f);
  }
}

/** Shades at the pixel centre; when a multisample pixel's centre lies too far outside for the rational interpolant, at its first covered sample. */
function shadeAt(ctx: RasterContext, e0: number, e1: number, e2: number, k: number): void {
  const attr = ctx.attr;
  if (!(attr.denominator(e0, e1, e2) > 0)) {
    for (let s = 0; s < ctx.pattern.count; s++) {
      if (k < spans[2 * s] || k > spans[2 * s + 1]) continue;
      const o = edges.offset;
      e0 += o[s * 3]; e1 += o[s * 3 + 1]; e2 += o[s * 3 + 2];
      break;
    }
  }
  attr.shade(ctx.frag, e0, e1, e2);
}
