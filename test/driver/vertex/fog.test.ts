/**
 * Vertex fog ("Fog Formulas"): f from the camera-space distance with LINEAR, EXP,
 * EXP2, else the specular alpha. Expected factors are computed by hand; tolerance
 * 1e-9 (float64 path, inputs exact in float32 or rounded as noted).
 */
import { describe, expect, it } from 'vitest';
import { D3DFOG, D3DFVF, D3DRS } from '../../../src/d3d9/index.js';
import { processVertices } from '../../../src/driver/raster/vertex/index.js';
import type { ClipVertex } from '../../../src/driver/raster/types.js';
import { dw, f, makeState, stream, translation } from './helpers.js';
import type { Dword } from './helpers.js';

const { XYZ, XYZRHW, SPECULAR } = D3DFVF;
const TOL = 1e-9;

interface Fog {
  mode?: number;
  table?: number;
  enable?: number;
  start?: number;
  end?: number;
  density?: number;
  range?: number;
  fvf?: number;
}

function fogged(o: Fog, vertex: (number | Dword)[], view = translation(0, 0, 0)): ClipVertex {
  const rs = {
    [D3DRS.FOGENABLE]: o.enable ?? 1, [D3DRS.FOGVERTEXMODE]: o.mode ?? D3DFOG.LINEAR, [D3DRS.FOGTABLEMODE]: o.table ?? D3DFOG.NONE,
    [D3DRS.FOGSTART]: f(o.start ?? 0), [D3DRS.FOGEND]: f(o.end ?? 1), [D3DRS.FOGDENSITY]: f(o.density ?? 1),
    [D3DRS.RANGEFOGENABLE]: o.range ?? 0,
  };
  return processVertices(makeState({ fvf: o.fvf ?? XYZ, rs, view }), stream([vertex]), 0, 1)[0];
}

const near = (a: number, b: number): void => expect(Math.abs(a - b), `${a} vs ${b}`).toBeLessThanOrEqual(TOL);

describe('LINEAR vertex fog: (end − d)/(end − start), clamped', () => {
  const linear = { start: 10, end: 20 };
  it('d = 12 → 0.8; d = 25 → 0; d = 5 → 1', () => {
    near(fogged(linear, [0, 0, 12]).fog, 0.8);
    near(fogged(linear, [0, 0, 25]).fog, 0);
    near(fogged(linear, [0, 0, 5]).fog, 1);
  });

  it('d is |z| in camera space: a view moving the scene by 4 and a vertex behind the eye', () => {
    const v = fogged(linear, [0, 0, 8], translation(0, 0, 4));
    near(v.fog, 0.8);
    expect(v.eyeZ).toBe(12);
    near(fogged(linear, [0, 0, -12]).fog, 0.8);
  });

  it('RANGEFOGENABLE uses √(x² + y² + z²): (6, 0, 8) is 10 away, not 8', () => {
    near(fogged({ start: 0, end: 20, range: 1 }, [6, 0, 8]).fog, 0.5);
    near(fogged({ start: 0, end: 20, range: 0 }, [6, 0, 8]).fog, 0.6);
  });

  it('FOGSTART = FOGEND fogs everything (Wine fog_test)', () => {
    near(fogged({ start: 512, end: 512 }, [0, 0, 1]).fog, 0);
  });
});

describe('EXP and EXP2 vertex fog', () => {
  it('density 0.1 at d = 5: EXP e^−0.5, EXP2 e^−0.25', () => {
    // 0.1 as float32 is 0.100000001490116…, so compare with its own exponent
    const density = Math.fround(0.1);
    near(fogged({ mode: D3DFOG.EXP, density: 0.1 }, [0, 0, 5]).fog, Math.exp(-5 * density));
    near(fogged({ mode: D3DFOG.EXP2, density: 0.1 }, [0, 0, 5]).fog, Math.exp(-((5 * density) ** 2)));
    expect(Math.exp(-0.5)).toBeCloseTo(0.606531, 6);
    expect(Math.exp(-0.25)).toBeCloseTo(0.778801, 6);
  });
});

describe('otherwise the fog factor is the vertex specular alpha', () => {
  const v = [0, 0, 12, dw(0x80000000)];
  const alpha = 128 / 255;

  it('FOGVERTEXMODE NONE', () => {
    near(fogged({ mode: D3DFOG.NONE, fvf: XYZ | SPECULAR }, v).fog, alpha);
  });

  it('FOGTABLEMODE not NONE (the pixel stage fogs per pixel)', () => {
    near(fogged({ table: D3DFOG.LINEAR, fvf: XYZ | SPECULAR }, v).fog, alpha);
  });

  it('FOGENABLE FALSE', () => {
    near(fogged({ enable: 0, fvf: XYZ | SPECULAR }, v).fog, alpha);
  });

  it('XYZRHW vertices, even with FOGVERTEXMODE LINEAR: how applications pass fog', () => {
    const t = fogged({ fvf: XYZRHW | SPECULAR, start: 0, end: 1 }, [5, 5, 0.5, 1, dw(0x40000000)]);
    near(t.fog, 64 / 255);
    expect(t.eyeZ).toBe(0);
  });

  it('a vertex without SPECULAR has fog 1 (no fog), as DXVK', () => {
    near(fogged({ mode: D3DFOG.NONE }, [0, 0, 12]).fog, 1);
  });
});
