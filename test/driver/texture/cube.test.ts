/**
 * Cube maps ("Cubic Environment Mapping"; D3D11.3 §7.18): the major axis of
 * (u, v, w) picks the face (D3DCUBEMAP_FACES order), the face coordinates are
 * s = (sc/|ma| + 1)/2, t = (tc/|ma| + 1)/2 with the D3D/OpenGL table, filtering
 * clamps within the face, and the LOD comes from the derivatives of (s, t).
 * Face picks and point samples are exact; coordinates within 1e-12.
 */
import { describe, expect, it } from 'vitest';
import { D3DTEXF } from '../../../src/d3d9/index.js';
import { createSampler, cubeFace, projectCube } from '../../../src/driver/raster/texture/index.js';
import type { CubeCoord } from '../../../src/driver/raster/texture/index.js';
import type { TextureView } from '../../../src/driver/raster/types.js';
import type { SurfaceView } from '../../../src/driver/surface-view.js';
import { argbSurface, rgba, samplerStates, solid } from './helpers.js';

const PX = 0, NX = 1, PY = 2, NY = 3, PZ = 4, NZ = 5;
/** zero derivatives */
const ZERO3 = new Float64Array(3);

/** Texel (x, y) of face f: R = 0x20·f, G = 0x40·x, B = 0x40·y. */
const texelOf = (f: number, x: number, y: number): number => (0xff000000 | ((0x20 * f) << 16) | ((0x40 * x) << 8) | (0x40 * y)) >>> 0;
const faceLevel = (f: number): SurfaceView => argbSurface(4, 4, Array.from({ length: 16 }, (_, i) => texelOf(f, i % 4, i >> 2)));
function cube(faces: SurfaceView[][]): TextureView {
  return { kind: 'cube', levels: faces[0], faces };
}
const patterned = cube([0, 1, 2, 3, 4, 5].map((f) => [faceLevel(f)]));

function sampleCube(t: TextureView, states: Record<string, number>, d: number[], dx = [0, 0, 0], dy = [0, 0, 0]): number[] {
  const out = new Float32Array(4);
  createSampler(t, samplerStates(states)).sample(d[0], d[1], d[2], dx[0], dx[1], dx[2], dy[0], dy[1], dy[2], out, 0);
  return [...out];
}

describe('face selection by the major axis', () => {
  const TABLE: [number[], number][] = [
    [[1, 0, 0], PX], [[-1, 0, 0], NX], [[0, 1, 0], PY], [[0, -1, 0], NY], [[0, 0, 1], PZ], [[0, 0, -1], NZ],
    [[-0.3, 0.9, -0.6], PY], [[0.7, -0.2, -0.71], NZ], [[-2, 1.5, 1.9], NX],
    // ties (our choice): Z before Y before X
    [[1, 1, 1], PZ], [[-1, 1, -1], NZ], [[1, -1, 0.5], NY], [[0, 0, 0], PZ],
  ];
  for (const [d, face] of TABLE) {
    it(`(${d.join(', ')}) → face ${face}`, () => {
      expect(cubeFace(d[0], d[1], d[2])).toBe(face);
    });
  }
});

describe('face coordinates (s, t) per face', () => {
  // +X: (−z, −y), −X: (+z, −y), +Y: (+x, +z), −Y: (+x, −z), +Z: (+x, −y), −Z: (−x, −y), over |ma|
  const TABLE: [number[], number, number, number][] = [
    [[2, 0, 0], PX, 0.5, 0.5], [[-2, 0, 0], NX, 0.5, 0.5], [[0, 2, 0], PY, 0.5, 0.5],
    [[0, -2, 0], NY, 0.5, 0.5], [[0, 0, 2], PZ, 0.5, 0.5], [[0, 0, -2], NZ, 0.5, 0.5],
    [[1, 0.5, -0.5], PX, 0.75, 0.25],
    [[-1, 0.5, -0.5], NX, 0.25, 0.25],
    [[0.5, 1, -0.5], PY, 0.75, 0.25],
    [[0.5, -1, -0.5], NY, 0.75, 0.75],
    [[0.5, 0.5, 1], PZ, 0.75, 0.25],
    [[0.5, 0.5, -1], NZ, 0.25, 0.25],
    [[1, 1, 1], PZ, 1, 0], //                     the corner: tie to +Z
    [[-0.3, 0.9, -0.6], PY, 1 / 3, 1 / 6], //     a general diagonal
  ];
  const c: CubeCoord = { face: 0, s: 0, t: 0, dsdx: 0, dtdx: 0, dsdy: 0, dtdy: 0 };
  for (const [d, face, s, t] of TABLE) {
    it(`(${d.join(', ')}) → face ${face} at (${s}, ${t})`, () => {
      projectCube(Float64Array.from(d), ZERO3, ZERO3, c);
      expect(c.face).toBe(face);
      expect(Math.abs(c.s - s)).toBeLessThan(1e-12);
      expect(Math.abs(c.t - t)).toBeLessThan(1e-12);
    });
  }
});

describe('sampling a cube texture', () => {
  // point sampling of 4×4 faces: texel floor(4s), floor(4t), clamped within the face
  const TABLE: [number[], number, number, number][] = [
    [[1, 0, 0], PX, 2, 2], [[-1, 0, 0], NX, 2, 2], [[0, 1, 0], PY, 2, 2],
    [[0, -1, 0], NY, 2, 2], [[0, 0, 1], PZ, 2, 2], [[0, 0, -1], NZ, 2, 2],
    [[1, 0.6, -0.6], PX, 3, 0], [[-1, 0.6, -0.6], NX, 0, 0], [[0.6, 1, -0.6], PY, 3, 0],
    [[0.6, -1, -0.6], NY, 3, 3], [[0.6, 0.6, 1], PZ, 3, 0], [[0.6, 0.6, -1], NZ, 0, 0],
    [[1, 1, 1], PZ, 3, 0], //       s = 1 clamps to the last texel of the face
    [[-0.3, 0.9, -0.6], PY, 1, 0],
  ];
  for (const [d, face, x, y] of TABLE) {
    it(`(${d.join(', ')}) reads face ${face} texel (${x}, ${y})`, () => {
      expect(sampleCube(patterned, {}, d)).toEqual(rgba(texelOf(face, x, y)).map(Math.fround));
    });
  }

  it('ignores ADDRESSU/V: edges clamp within the face (no seamless filtering)', () => {
    // +Z at s = 0.96875: x = 3.375, taps 3 and 4 → 4 clamps to 3, so the sample is texel 3 exactly
    const got = sampleCube(patterned, { MAGFILTER: D3DTEXF.LINEAR, ADDRESSU: 1, ADDRESSV: 4 }, [0.9375, -0.75, 1]);
    expect(got).toEqual(rgba(texelOf(PZ, 3, 3)).map(Math.fround));
  });
});

describe('cube level of detail from the projected derivatives', () => {
  const COLOURS = [0xffff0000, 0xff00ff00, 0xff0000ff];
  const mipped = cube([0, 1, 2, 3, 4, 5].map(() => [solid(4, 4, COLOURS[0]), solid(2, 2, COLOURS[1]), solid(1, 1, COLOURS[2])]));
  const level = (k: number): number[] => rgba(COLOURS[k]).map(Math.fround);
  const TABLE: [string, number[], number[], number][] = [
    // +Z face of size 4: ds/dx = ½·(dsc·|ma| − sc·d|ma|)/ma²
    ['d(u)/dx = 0.5 → ds/dx = 0.25 → 1 texel: magnify, level 0', [0, 0, 1], [0.5, 0, 0], 0],
    ['d(u)/dx = 1 → 2 texels: level 1', [0, 0, 1], [1, 0, 0], 1],
    ['d(u)/dx = 2 → 4 texels: level 2', [0, 0, 1], [2, 0, 0], 2],
    ['only d(w)/dx at sc = 0.5: ds/dx = −0.5 → 2 texels: level 1', [0.5, 0, 1], [0, 0, 2], 1],
    ['|ma| = 2 halves the step: d(u)/dx = 2 → level 1', [0, 0, 2], [2, 0, 0], 1],
  ];
  for (const [name, d, dx, k] of TABLE) {
    it(name, () => {
      expect(sampleCube(mipped, { MIPFILTER: D3DTEXF.POINT }, d, dx)).toEqual(level(k));
    });
  }

  it('the derivatives of (s, t) match finite differences of the projection', () => {
    const c: CubeCoord = { face: 0, s: 0, t: 0, dsdx: 0, dtdx: 0, dsdy: 0, dtdy: 0 };
    const e: CubeCoord = { ...c };
    const cases = [[0.3, -0.4, 0.9], [-1, 0.2, 0.5], [0.1, 1.2, -0.3], [0.2, -0.8, 0.1], [-0.4, 0.1, -1.1], [0.9, 0.3, -0.2]];
    const dx = [0.013, -0.021, 0.017], dy = [-0.008, 0.011, 0.019];
    const h = 1e-6;
    for (const d of cases) {
      projectCube(Float64Array.from(d), Float64Array.from(dx), Float64Array.from(dy), c);
      const at = (k: number, v: number[]): CubeCoord => {
        projectCube(Float64Array.of(d[0] + k * v[0], d[1] + k * v[1], d[2] + k * v[2]), ZERO3, ZERO3, e);
        return { ...e };
      };
      const px = at(h, dx), mx = at(-h, dx), py = at(h, dy), my = at(-h, dy);
      expect(Math.abs((px.s - mx.s) / (2 * h) - c.dsdx)).toBeLessThan(1e-7);
      expect(Math.abs((px.t - mx.t) / (2 * h) - c.dtdx)).toBeLessThan(1e-7);
      expect(Math.abs((py.s - my.s) / (2 * h) - c.dsdy)).toBeLessThan(1e-7);
      expect(Math.abs((py.t - my.t) / (2 * h) - c.dtdy)).toBeLessThan(1e-7);
    }
  });

  it('a cube view without six faces, or a view without levels, is refused when the sampler is built', () => {
    expect(() => createSampler({ kind: 'cube', levels: [faceLevel(0)] }, samplerStates())).toThrow(/6 faces/);
    expect(() => createSampler({ kind: '2d', levels: [] }, samplerStates())).toThrow(/at least one level/);
  });
});
