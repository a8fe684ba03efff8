/**
 * Texture coordinate processing: TEXCOORDINDEX, the texture matrix with COUNTn and
 * its padding rule, PROJECTED left to the pixel stage, generation modes. Expected
 * values by hand; inputs are exact in float32, so equality within 1e-12.
 */
import { describe, expect, it } from 'vitest';
import { D3DFVF, D3DFVF_TEXCOORDSIZE, D3DRS, D3DTSS, D3DTSS_TCI, D3DTTFF } from '../../../src/d3d9/index.js';
import { processVertices } from '../../../src/driver/raster/vertex/index.js';
import type { Mat4 } from '../../../src/driver/raster/types.js';
import { identity, makeState, matrix, stream } from './helpers.js';

const { XYZ, XYZRHW, NORMAL, TEX1, TEX2 } = D3DFVF;
const TOL = 1e-12;

function expectVec(actual: ArrayLike<number>, expected: number[]): void {
  expected.forEach((e, i) => expect(Math.abs(actual[i] - e), `component ${i}: ${actual[i]} vs ${e}`).toBeLessThanOrEqual(TOL));
}

interface Tex {
  fvf: number;
  tss?: (readonly [number, number, number])[];
  matrix?: Mat4;
}

/** Stage `stage`'s four coordinates of one vertex. */
function coords(o: Tex, vertex: number[], stage = 0): Float64Array {
  const textureTransforms = Array.from({ length: 8 }, identity);
  if (o.matrix) textureTransforms[stage] = o.matrix;
  const s = makeState({ fvf: o.fvf, tss: o.tss, textureTransforms });
  return processVertices(s, stream([vertex]), 0, 1)[0].tex.subarray(4 * stage, 4 * stage + 4);
}

/** u' = 2u + 0.1, v' = v + 0.2 for 2D coordinates: the translation sits in row 3 (_31, _32); _41 = 100 must not show. */
const SCALE_SHIFT = matrix(2, 0, 0, 0, 0, 1, 0, 0, 0.1, 0.2, 1, 0, 100, 0, 0, 1);

describe('TEXCOORDINDEX picks the coordinate set', () => {
  it('by default stage s reads set s; without the matrix missing components are 0', () => {
    const v = [0, 0, 0, 0.25, 0.5, 0.75, 0.125];
    expectVec(coords({ fvf: XYZ | TEX2 }, v, 0), [0.25, 0.5, 0, 0]);
    expectVec(coords({ fvf: XYZ | TEX2 }, v, 1), [0.75, 0.125, 0, 0]);
  });

  it('stage 0 can read set 1; a set the FVF lacks reads 0', () => {
    const v = [0, 0, 0, 0.25, 0.5, 0.75, 0.125];
    expectVec(coords({ fvf: XYZ | TEX2, tss: [[0, D3DTSS.TEXCOORDINDEX, 1]] }, v), [0.75, 0.125, 0, 0]);
    expectVec(coords({ fvf: XYZ | TEX2, tss: [[0, D3DTSS.TEXCOORDINDEX, 5]] }, v), [0, 0, 0, 0]);
  });
});

describe('the texture matrix (D3DTS_TEXTURE0 + s)', () => {
  const v = [0, 0, 0, 0.25, 0.5];

  it('COUNT2: (u, v) is padded to (u, v, 1, 0), so row 3 translates: (0.6, 0.7), components past 2 are 0', () => {
    expectVec(coords({ fvf: XYZ | TEX1, tss: [[0, D3DTSS.TEXTURETRANSFORMFLAGS, D3DTTFF.COUNT2]], matrix: SCALE_SHIFT }, v),
      [0.6, 0.7, 0, 0]);
  });

  it('a 1D coordinate pads to (u, 1, 0, 0): row 2 translates it', () => {
    const m = matrix(1, 0, 0, 0, 0.25, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);
    const fvf = XYZ | TEX1 | D3DFVF_TEXCOORDSIZE(1, 0);
    expectVec(coords({ fvf, tss: [[0, D3DTSS.TEXTURETRANSFORMFLAGS, D3DTTFF.COUNT2]], matrix: m }, [0, 0, 0, 0.5]), [0.75, 0, 0, 0]);
  });

  it('PROJECTED | COUNT3: the third component is stored, not divided (the pixel stage divides u, v by it)', () => {
    const m = matrix(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1); // w' = 2·1
    const flags = D3DTTFF.COUNT3 | D3DTTFF.PROJECTED;
    expectVec(coords({ fvf: XYZ | TEX1, tss: [[0, D3DTSS.TEXTURETRANSFORMFLAGS, flags]], matrix: m }, v), [0.25, 0.5, 2, 0]);
  });

  it('COUNT1 and DISABLE leave the coordinates untransformed (Wine, DXVK)', () => {
    for (const flags of [D3DTTFF.DISABLE, D3DTTFF.COUNT1]) {
      expectVec(coords({ fvf: XYZ | TEX1, tss: [[0, D3DTSS.TEXTURETRANSFORMFLAGS, flags]], matrix: SCALE_SHIFT }, v), [0.25, 0.5, 0, 0]);
    }
  });

  it('XYZRHW vertices never go through the texture matrix', () => {
    const c = coords({ fvf: XYZRHW | TEX1, tss: [[0, D3DTSS.TEXTURETRANSFORMFLAGS, D3DTTFF.COUNT2]], matrix: SCALE_SHIFT },
      [0, 0, 0.5, 1, 0.25, 0.5]);
    expectVec(c, [0.25, 0.5, 0, 0]);
  });
});

describe('generated coordinates (D3DTSS_TCI)', () => {
  // camera-space position (0, 0, 5); the normal tilted 45° up: (0, −√½, −√½)
  const h = Math.fround(Math.SQRT1_2);
  const v = [0, 0, 5, 0, -h, -h];
  const gen = (mode: number, flags: number = D3DTTFF.DISABLE): Float64Array =>
    coords({ fvf: XYZ | NORMAL, tss: [[0, D3DTSS.TEXCOORDINDEX, mode], [0, D3DTSS.TEXTURETRANSFORMFLAGS, flags]] }, v);

  it('CAMERASPACEPOSITION with COUNT4 and an identity matrix: (0, 0, 5, 1)', () => {
    expectVec(gen(D3DTSS_TCI.CAMERASPACEPOSITION, D3DTTFF.COUNT4), [0, 0, 5, 1]);
  });

  it('CAMERASPACENORMAL: the camera-space normal, 3 components', () => {
    expectVec(gen(D3DTSS_TCI.CAMERASPACENORMAL), [0, -h, -h, 0]);
  });

  it('CAMERASPACEREFLECTIONVECTOR: I = (0, 0, 1) reflects off N to (0, −1, 0)', () => {
    // r = I − 2(N·I)N = (0, 0, 1) + 2h·(0, −h, −h), with 2h² = 1 up to float32 rounding of h
    const k = 2 * h * h;
    expectVec(gen(D3DTSS_TCI.CAMERASPACEREFLECTIONVECTOR), [0, -k, 1 - k, 0]);
  });

  it('SPHEREMAP: (r.x/m + ½, r.y/m + ½), m = 2·|r + (0, 0, 1)|', () => {
    const k = 2 * h * h;
    const m = 2 * Math.sqrt(k * k + (2 - k) ** 2);
    expectVec(gen(D3DTSS_TCI.SPHEREMAP), [0.5, -k / m + 0.5, 0, 0]);
    expect(-1 / (2 * Math.SQRT2) + 0.5).toBeCloseTo(0.146447, 6); // the same with exact √½
  });
});

describe('lighting state does not change texture coordinates', () => {
  it('LIGHTING on, same coordinates', () => {
    const s = makeState({ fvf: XYZ | TEX1, rs: { [D3DRS.LIGHTING]: 1 } });
    expectVec(processVertices(s, stream([[0, 0, 0, 0.25, 0.5]]), 0, 1)[0].tex.subarray(0, 4), [0.25, 0.5, 0, 0]);
  });
});
