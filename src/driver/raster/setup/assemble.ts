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

export function assembleTriangles(primitiveType: number, count: number, sink: TriangleSink): void {
  for (let i = 0; i < count; i++) {
    switch (primitiveType) {
      case D3DPT.TRIANGLELIST: sink(3 * i, 3 * i + 1, 3 * i + 2, 3 * i); break;
      case D3DPT.TRIANGLESTRIP:
        if (i % 2 === 0) sink(i, i + 1, i + 2, i);
        else sink(i + 1, i, i + 2, i);
        break;
      case D3DPT.TRIANGLEFAN: sink(0, i + 1, i + 2, i + 1); break;
      default: return;
    }
  }
}

export function assembleLines(primitiveType: number, count: number, sink: LineSink): void {
  for (let i = 0; i < count; i++) {
    if (primitiveType === D3DPT.LINELIST) sink(2 * i, 2 * i + 1, true);
    else if (primitiveType === D3DPT.LINESTRIP) sink(i, i + 1, i === count - 1);
    else return;
  }
}
