/**
 * Point and bilinear filtering ("Texture Filtering"; "Directly Mapping Texels
 * to Pixels": texel centres at (i + 0.5)/W), and the choice between MAGFILTER
 * and MINFILTER by the level of detail. Point samples are exact; bilinear ones
 * within 1e-6.
 */
import { describe, expect, it } from 'vitest';
import { D3DTADDRESS, D3DTEXF } from '../../../src/d3d9/index.js';
import { argbSurface, expectClose, mix, rgba, sample2d, tex2d } from './helpers.js';

const { POINT, LINEAR, ANISOTROPIC } = D3DTEXF;
const CLAMP = D3DTADDRESS.CLAMP;
// 4×4, texel (x, y) = R x·0x40, G y·0x40, B 0x80 when x + y is odd
const GRID = Array.from({ length: 16 }, (_, i) => {
  const x = i % 4, y = i >> 2;
  return (0xff000000 | ((x * 0x40) << 16) | ((y * 0x40) << 8) | ((x + y) % 2 ? 0x80 : 0)) >>> 0;
});
const grid = tex2d(argbSurface(4, 4, GRID));
const at = (x: number, y: number): number[] => rgba(GRID[y * 4 + x]);
const clamp = { ADDRESSU: CLAMP, ADDRESSV: CLAMP };

describe('point sampling picks the texel floor(u·W), floor(v·H)', () => {
  const TABLE: [number, number, number, number][] = [
    [0.125, 0.125, 0, 0], // texel centres
    [0.375, 0.625, 1, 2],
    [0.4375, 0.875, 1, 3], // three quarters of the way from centre 1 to centre 2: still texel 1
    [0.5, 0.25, 2, 1], //   on the edge between texels 1 and 2: the right one
    [0.2499, 0.9999, 0, 3],
  ];
  for (const [u, v, x, y] of TABLE) {
    it(`(${u}, ${v}) → texel (${x}, ${y})`, () => {
      expect(sample2d(grid, clamp, u, v)).toEqual(at(x, y).map(Math.fround));
    });
  }
});

describe('bilinear weights come from u·W − 0.5', () => {
  // x = u·4 − 0.5, y = v·4 − 0.5; taps floor(x), floor(x)+1 with weights 1 − frac, frac
  const TABLE: [string, number, number, [number, number, number][]][] = [
    ['a texel centre reads that texel', 0.375, 0.625, [[1, 1, 2]]],
    ['a quarter of the way from texel 1 to 2', 0.4375, 0.625, [[0.75, 1, 2], [0.25, 2, 2]]],
    ['halfway between texels 1 and 2', 0.5, 0.625, [[0.5, 1, 2], [0.5, 2, 2]]],
    ['a quarter along u, halfway along v', 0.4375, 0.5, [[0.375, 1, 1], [0.125, 2, 1], [0.375, 1, 2], [0.125, 2, 2]]],
    ['three quarters down from row 0 to 1', 0.125, 0.3125, [[0.25, 0, 0], [0.75, 0, 1]]],
  ];
  for (const [name, u, v, taps] of TABLE) {
    it(`${name}: (${u}, ${v})`, () => {
      const got = sample2d(grid, { ...clamp, MAGFILTER: LINEAR }, u, v);
      expectClose(got, mix(...taps.map(([w, x, y]): [number, number[]] => [w, at(x, y)])), 1e-6, name);
    });
  }
});

describe('magnification or minification', () => {
  // W = H = 4: λ = log2(4·d) for (dudx, dvdy) = (d, d); MAG LINEAR, MIN POINT tells the filters apart
  const u = 0.4375, v = 0.625;
  const bilinear = mix([0.75, at(1, 2)], [0.25, at(2, 2)]);
  const point = at(1, 2);
  const TABLE: [string, number, number[]][] = [
    ['no derivatives (λ = −∞) magnify', 0, bilinear],
    ['λ = −1 magnifies', 1 / 8, bilinear],
    ['λ = 0 magnifies', 1 / 4, bilinear],
    ['λ = 0.1 minifies', 2 ** 0.1 / 4, point],
    ['λ = 1 minifies', 1 / 2, point],
  ];
  for (const [name, d, expected] of TABLE) {
    it(`${name}: MAGFILTER LINEAR, MINFILTER POINT`, () => {
      expectClose(sample2d(grid, { ...clamp, MAGFILTER: LINEAR, MINFILTER: POINT }, u, v, d), expected, 1e-6, name);
    });
  }

  it('the larger of the two screen axes decides (λ = log2 max(|d/dx|, |d/dy|))', () => {
    expectClose(sample2d(grid, { ...clamp, MAGFILTER: LINEAR, MINFILTER: POINT }, u, v, 1 / 8, 1 / 2), point, 1e-6, 'y minifies');
    expectClose(sample2d(grid, { ...clamp, MAGFILTER: POINT, MINFILTER: LINEAR }, u, v, 1 / 2, 1 / 8), bilinear, 1e-6, 'x minifies');
  });

  it('ANISOTROPIC (and the other filters) read as LINEAR: caps report no anisotropy', () => {
    for (const f of [ANISOTROPIC, 6, 7]) {
      expectClose(sample2d(grid, { ...clamp, MAGFILTER: f }, u, v), bilinear, 1e-6, `MAG ${f}`);
      expectClose(sample2d(grid, { ...clamp, MINFILTER: f }, u, v, 1), bilinear, 1e-6, `MIN ${f}`);
    }
  });

  it('MAG/MINFILTER NONE point-samples', () => {
    expect(sample2d(grid, { ...clamp, MAGFILTER: D3DTEXF.NONE }, u, v)).toEqual(point.map(Math.fround));
  });
});

describe('coordinates that are not finite', () => {
  it('read texel index 0 instead of NaN', () => {
    expect(sample2d(grid, clamp, Number.NaN, Number.POSITIVE_INFINITY)).toEqual(at(0, 0).map(Math.fround));
    const got = sample2d(grid, { ...clamp, MAGFILTER: LINEAR }, Number.NaN, 0.125);
    expect(got.every(Number.isFinite)).toBe(true);
  });
});
