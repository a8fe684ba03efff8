/**
 * Transform: position·WORLD·VIEW·PROJECTION into clip space (row vectors), and the
 * XYZRHW bypass (reference E). Clip coordinates are float32-rounded: tolerance
 * 1e-6 relative; pass-through values are exact.
 */
import { describe, expect, it } from 'vitest';
import { D3DFVF, D3DRS } from '../../../src/d3d9/index.js';
import { createClipVertex, processVertices, VertexProcessor } from '../../../src/driver/raster/vertex/index.js';
import type { ClipVertex } from '../../../src/driver/raster/types.js';
import { dw, makeState, matrix, stream, translation } from './helpers.js';

const { XYZ, XYZRHW, XYZW, XYZB2, DIFFUSE, SPECULAR } = D3DFVF;
const TOL = 1e-6;

function clip(v: ClipVertex): number[] {
  return [v.x, v.y, v.z, v.w];
}

function expectClose(actual: number[], expected: number[], tol = TOL): void {
  expect(actual.length).toBe(expected.length);
  actual.forEach((a, i) => expect(Math.abs(a - expected[i])).toBeLessThanOrEqual(tol * Math.max(1, Math.abs(expected[i]))));
}

/** D3DXMatrixPerspectiveFovLH(fovy = 90°, aspect = 1, zn = 1, zf = 101): cot 45° = 1, Q = zf/(zf − zn) = 1.01. */
const PERSPECTIVE = matrix(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1.01, 1, 0, 0, -1.01, 0);

describe('untransformed vertices go through WORLD·VIEW·PROJECTION', () => {
  it('identity matrices leave the position as clip coordinates with w = 1', () => {
    const [v] = processVertices(makeState({ fvf: XYZ }), stream([[1, 2, 3]]), 0, 1);
    expect(clip(v)).toEqual([1, 2, 3, 1]);
    expect(v.pretransformed).toBe(false);
    expect(v.eyeZ).toBe(3);
  });

  it('a perspective projection gives the clip coordinates of the textbook formula', () => {
    // world moves x by 1, view moves the scene 4 along +z: (1, −1, 1) → eye (2, −1, 5)
    const s = makeState({ fvf: XYZ, world: translation(1, 0, 0), view: translation(0, 0, 4), projection: PERSPECTIVE });
    const [v, near, far] = processVertices(s, stream([[1, -1, 1], [-1, 0, -3], [-1, 0, 97]]), 0, 3);
    // x = 2, y = −1, z = 1.01·5 − 1.01 = 4.04, w = 5
    expectClose(clip(v), [2, -1, 4.04, 5]);
    expect(v.eyeZ).toBe(5);
    // the near plane (eye z = 1) maps to z/w = 0, the far plane (eye z = 101) to z/w = 1
    expectClose([near.z / near.w, far.z / far.w], [0, 1]);
  });

  it('XYZW transforms the stored w', () => {
    const [v] = processVertices(makeState({ fvf: XYZW, world: translation(1, 0, 0) }), stream([[1, 2, 3, 2]]), 0, 1);
    expect(clip(v)).toEqual([3, 2, 3, 2]); // x + 1·w
  });

  it('XYZB2 blend weights are ignored (MaxVertexBlendMatrices 0): WORLD alone applies', () => {
    const s = makeState({ fvf: XYZB2, world: translation(0, 0, 1), rs: { [D3DRS.VERTEXBLEND]: 1 } });
    const [v] = processVertices(s, stream([[1, 2, 3, 0.5, 0.25]]), 0, 1);
    expect(clip(v)).toEqual([1, 2, 4, 1]);
  });

  it('lighting off: colours come from the vertex, white and (0,0,0,0) when absent', () => {
    const [a] = processVertices(makeState({ fvf: XYZ | DIFFUSE | SPECULAR }), stream([[0, 0, 0, dw(0x80ff0000), dw(0x4000ff00)]]), 0, 1);
    expect(a.diffuse).toEqual([1, 0, 0, 128 / 255]);
    expect(a.specular).toEqual([0, 1, 0, 64 / 255]);
    const [b] = processVertices(makeState({ fvf: XYZ }), stream([[0, 0, 0]]), 0, 1);
    expect(b.diffuse).toEqual([1, 1, 1, 1]);
    expect(b.specular).toEqual([0, 0, 0, 0]);
  });
});

describe('pre-transformed (XYZRHW) vertices bypass transform and lighting', () => {
  const s = makeState({
    fvf: XYZRHW | DIFFUSE | SPECULAR, world: translation(5, 5, 5), projection: PERSPECTIVE,
    rs: { [D3DRS.LIGHTING]: 1 },
  });

  it('keeps x, y, z, sets w = 1/rhw, and takes the colours as given even with LIGHTING on', () => {
    const [v] = processVertices(s, stream([[10.5, 20.25, 0.5, 0.25, dw(0x80ff4000), dw(0x7f000000)]]), 0, 1);
    expect(clip(v)).toEqual([10.5, 20.25, 0.5, 4]);
    expect(v.pretransformed).toBe(true);
    expect(v.diffuse).toEqual([1, 64 / 255, 0, 128 / 255]);
    expect(v.specular).toEqual([0, 0, 0, 127 / 255]);
    expect(v.eyeZ).toBe(0);
  });

  it('rhw = 0 is taken as w = 1 (Wine, DXVK)', () => {
    const [v] = processVertices(s, stream([[1, 2, 0.5, 0, dw(0), dw(0)]]), 0, 1);
    expect(v.w).toBe(1);
  });
});

describe('the processor', () => {
  it('processes vertices first .. first+count−1', () => {
    const vs = processVertices(makeState({ fvf: XYZ }), stream([[0, 0, 0], [1, 0, 0], [2, 0, 0], [3, 0, 0]]), 2, 2);
    expect(vs.map((v) => v.x)).toEqual([2, 3]);
  });

  it('reuses the ClipVertex objects of the array it is given, and leaves those past the count where they are', () => {
    const p = new VertexProcessor(makeState({ fvf: XYZ }));
    const out = [createClipVertex(), createClipVertex(), createClipVertex()];
    const [keep, , past] = out;
    past.x = 5;
    const res = p.process(stream([[7, 0, 0], [8, 0, 0]]), 0, 2, out);
    expect(res).toBe(out);
    expect(res.length).toBe(3);
    expect(res[0]).toBe(keep);
    expect(res[1].x).toBe(8);
    expect(res[2]).toBe(past);
    expect(past.x).toBe(5);
  });
});
