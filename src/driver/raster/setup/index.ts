/**
 * Setup and rasterization: from the vertices after transform and lighting
 * (ClipVertex) to the fragments the pixel stages consume. See each module for
 * the D3D9 rule it implements (reference E).
 */
import { D3DPT } from '../../../d3d9/index.js';
import type { SpanPath } from '../span/types.js';
import type { ClipVertex, Fragment, RasterState } from '../types.js';
import { assembleLines, assembleTriangles } from './assemble.js';
import { createRasterContext } from './context.js';
import { drawLine, drawPoint, drawTriangle } from './primitives.js';

export { assembleLines, assembleTriangles, verticesNeeded } from './assemble.js';
export type { LineSink, TriangleSink } from './assemble.js';
export { activeTextureSets, createFragment, createRasterContext, pixelRect } from './context.js';
export type { EmitFragment, RasterContext } from './context.js';
export { GUARD_BAND } from './clip.js';
export { HALF, ONE, SUBPIXEL_BITS, snap } from './fixed.js';
export { inDiamond, rasterizeLine } from './line.js';
export { clampPointSize, rasterizePoint } from './point.js';
export { drawLine, drawPoint, drawTriangle, isCulled } from './primitives.js';
export { samplePattern } from './samples.js';
export type { SamplePattern } from './samples.js';
export { rasterizeTriangle, snappedArea } from './triangle.js';
export { newScreenVertex, toScreen } from './viewport.js';

/**
 * Rasterizes `primitiveCount` primitives of `primitiveType` (D3DPRIMITIVETYPE)
 * read from `vertices` through `indices` (already positions in `vertices`;
 * null: sequential). Calls `emit` once per covered pixel, reusing one Fragment
 * that it must treat as read-only and not keep; with `spans`, a triangle whose
 * SpanFill it gets is drawn row by row instead. Primitives that name a missing
 * vertex are skipped; an unknown primitive type draws nothing.
 */
export function rasterizePrimitives(
  state: RasterState, primitiveType: number, vertices: readonly ClipVertex[],
  indices: ArrayLike<number> | null, primitiveCount: number, emit: (f: Fragment) => void,
  spans: SpanPath | null = null,
): void {
  const ctx = createRasterContext(state, emit, spans);
  if (ctx.left >= ctx.right || ctx.top >= ctx.bottom) return;
  const at = (k: number): ClipVertex | undefined => vertices[indices ? indices[k] : k];
  if (primitiveType === D3DPT.POINTLIST) {
    for (let k = 0; k < primitiveCount; k++) {
      const v = at(k);
      if (v) drawPoint(ctx, v);
    }
  } else if (primitiveType === D3DPT.LINELIST || primitiveType === D3DPT.LINESTRIP) {
    assembleLines(primitiveType, primitiveCount, (a, b, last) => {
      const va = at(a), vb = at(b);
      if (va && vb) drawLine(ctx, va, vb, last);
    });
  } else {
    assembleTriangles(primitiveType, primitiveCount, (a, b, c, p) => {
      const va = at(a), vb = at(b), vc = at(c), vp = at(p);
      if (va && vb && vc && vp) drawTriangle(ctx, va, vb, vc, vp);
    });
  }
}
