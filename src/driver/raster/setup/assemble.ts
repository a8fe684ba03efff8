/**
 * Primitive assembly: which positions of the vertex sequence form each
 * primitive (D3DPRIMITIVETYPE), and the provoking vertex FLAT shading takes
 * its colours from (reference E: list 3i, strip i, fan i+1; lines: the first).
 * Odd triangles of a strip swap their first two vertices so every triangle of
 * the strip keeps the winding of the first.
 */
import { D3DPT } from '../../../d3d9/index.js';

export type TriangleSink = (a: number, b: number, c: number, provoking: number) => void;
/** `last`: the segment ends its line strip (or is a list segment), where D3DRS_LASTPIXEL applies. */
export type LineSink = (a: number, b: number, last: boolean) => void;

/** How many sequence positions `count` primitives of a type read (0 for an unknown type). */
export function verticesNeeded(primitiveType: number, count: number): number {
  if (count <= 0) return 0;
  switch (primitiveType) {
    case D3DPT.POINTLIST: return count;
    case D3DPT.LINELIST: return 2 * count;
    case D3DPT.LINESTRIP: return count + 1;
    case D3DPT.TRIANGLELIST: return 3 * count;
    case D3DPT.TRIANGLESTRIP:
    case D3DPT.TRIANGLEFAN: return count + 2;
    default: return 0;
  }
}

/**
 * Triangle `i`'s positions a, b, c and its provoking vertex, written to out[0..3]; false for a type
 * that is not a triangle type (nothing written). What assembleTriangles hands its sink, for loops
 * that must not allocate a callback per draw.
 */
export function trianglePositions(primitiveType: number, i: number, out: Int32Array): boolean {
  switch (primitiveType) {
    case D3DPT.TRIANGLELIST: out[0] = 3 * i; out[1] = 3 * i + 1; out[2] = 3 * i + 2; out[3] = 3 * i; return true;
    case D3DPT.TRIANGLESTRIP:
      if (i % 2 === 0) { out[0] = i; out[1] = i + 1; }
      else { out[0] = i + 1; out[1] = i; }
      out[2] = i + 2; out[3] = i;
      return true;
    case D3DPT.TRIANGLEFAN: out[0] = 0; out[1] = i + 1; out[2] = i + 2; out[3] = i + 1; return true;
    default: return false;
  }
}

/**
 * Segment `i` of `count`: its positions a, b in out[0..1] and out[2] 1 when it is `last` (LineSink);
 * false for a type that is not a line type.
 */
export function linePositions(primitiveType: number, i: number, count: number, out: Int32Array): boolean {
  if (primitiveType === D3DPT.LINELIST) { out[0] = 2 * i; out[1] = 2 * i + 1; out[2] = 1; return true; }
  if (primitiveType === D3DPT.LINESTRIP) { out[0] = i; out[1] = i + 1; out[2] = i === count - 1 ? 1 : 0; return true; }
  return false;
}

const scratch = new Int32Array(4);

export function assembleTriangles(primitiveType: number, count: number, sink: TriangleSink): void {
  for (let i = 0; i < count; i++) {
    if (!trianglePositions(primitiveType, i, scratch)) return;
    sink(scratch[0], scratch[1], scratch[2], scratch[3]);
  }
}

export function assembleLines(primitiveType: number, count: number, sink: LineSink): void {
  for (let i = 0; i < count; i++) {
    if (!linePositions(primitiveType, i, count, scratch)) return;
    sink(scratch[0], scratch[1], scratch[2] !== 0);
  }
}
