/**
 * Setup and rasterization: from the vertices after transform and lighting
 * (ClipVertex) to the fragments the pixel stages consume. See each module for
 * the D3D9 rule it implements (reference E).
 */
import { D3DPT } from '../../../d3d9/index.js';
import type { SpanPath } from '../span/types.js';
import type { ClipVertex, Fragment, RasterState } from '../types.js';
import { linePositions, trianglePositions } from './assemble.js';
import { createRasterContext } from './context.js';
import { drawLine, drawPoint, drawTriangle } from './primitives.js';

export { assembleLines, assembleTriangles, linePositions, trianglePositions, verticesNeeded } from './assemble.js';
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

/** The positions of the primitive being assembled (trianglePositions, linePositions). */
const corners = new Int32Array(4);

/** The vertex at sequence position `k`: through `indices` when given; undefined past the `vertexCount` processed. */
function vertexAt(vertices: readonly ClipVertex[], indices: ArrayLike<number> | null, vertexCount: number, k: number): ClipVertex | undefined {
  const p = indices ? indices[k] : k;
  return p >= 0 && p < vertexCount ? vertices[p] : undefined;
}

/**
 * Rasterizes `primitiveCount` primitives of `primitiveType` (D3DPRIMITIVETYPE)
 * read from `vertices` through `indices` (already positions in `vertices`;
 * null: sequential). Calls `emit` once per covered pixel, reusing one Fragment
 * that it must treat as read-only and not keep; with `spans`, a triangle whose
 * SpanFill it gets is drawn row by row instead. Only vertices[0 .. vertexCount − 1]
 * are the draw's (a reused array may hold more): primitives that name another
 * position are skipped; an unknown primitive type draws nothing.
 */
export function rasterizePrimitives(
  state: RasterState, primitiveType: number, vertices: readonly ClipVertex[],
  indices: ArrayLike<number> | null, primitiveCount: number, emit: (f: Fragment) => void,
  spans: SpanPath | null = null, vertexCount = vertices.length,
): void {
  const ctx = createRasterContext(state, emit, spans);
  if (ctx.left >= ctx.right || ctx.top >= ctx.bottom) return;
  const n = Math.min(vertexCount, vertices.length);
  if (primitiveType === D3DPT.POINTLIST) {
    for (let k = 0; k < primitiveCount; k++) {
      const v = vertexAt(vertices, indices, n, k);
      if (v) drawPoint(ctx, v);
    }
  } else if (primitiveType === D3DPT.LINELIST || primitiveType === D3DPT.LINESTRIP) {
    const c = corners;
    for (let i = 0; i < primitiveCount && linePositions(primitiveType, i, primitiveCount, c); i++) {
      const last = c[2] !== 0;
      const va = vertexAt(vertices, indices, n, c[0]), vb = vertexAt(vertices, indices, n, c[1]);
      if (va && vb) drawLine(ctx, va, vb, last);
    }
  } else {
    const c = corners;
    for (let i = 0; i < primitiveCount && trianglePositions(primitiveType, i, c); i++) {
      const va = vertexAt(vertices, indices, n, c[0]), vb = vertexAt(vertices, indices, n, c[1]);
      const vc = vertexAt(vertices, indices, n, c[2]), vp = vertexAt(vertices, indices, n, c[3]);
      if (va && vb && vc && vp) drawTriangle(ctx, va, vb, vc, vp);
    }
  }
}
