/** Lines by the diamond-exit rule with D3DRS_LASTPIXEL, points as squares, and FILLMODE (reference E). */
import { describe, expect, it } from 'vitest';
import { D3DCULL, D3DFILL, D3DPT } from '../../../src/d3d9/index.js';
import { box, clip, D3DRS, draw, float32Bits, keys, makeState, sorted, tl } from './helpers.js';

const lastPixel = (on: boolean) => makeState({ rs: { [D3DRS.LASTPIXEL]: on ? 1 : 0 } });
const line = (x0: number, y0: number, x1: number, y1: number, on = true) => keys(draw(lastPixel(on), D3DPT.LINELIST, [tl(x0, y0), tl(x1, y1)], 1));

describe('lines', () => {
  const table: [string, [number, number, number, number], string[], string[]][] = [
    // name, segment, pixels with LASTPIXEL FALSE (in drawing order), the extra pixel with TRUE
    ['horizontal, left to right', [0, 0, 5, 0], ['0,0', '1,0', '2,0', '3,0', '4,0'], ['5,0']],
    ['horizontal, right to left', [5, 2, 1, 2], ['5,2', '4,2', '3,2', '2,2'], ['1,2']],
    ['vertical', [3, 1, 3, 4], ['3,1', '3,2', '3,3'], ['3,4']],
    ['diagonal', [0, 0, 4, 4], ['0,0', '1,1', '2,2', '3,3'], ['4,4']],
    ['shallow', [0, 0, 6, 2], ['0,0', '1,0', '2,1', '3,1', '4,1', '5,2'], ['6,2']],
    // end points between pixel centres own no diamond: nothing is added by LASTPIXEL
    ['half-pixel ends', [0.5, 0.2, 3.5, 0.2], ['1,0', '2,0', '3,0'], []],
    // a start inside a diamond that the line leaves draws that pixel
    ['start inside a diamond', [0.3, 0, 3, 0], ['0,0', '1,0', '2,0'], ['3,0']],
    // a start on a diamond's left/right corner (excluded for x-major lines) does not
    ['start on a right corner', [0.5, 0, 3, 0], ['1,0', '2,0'], ['3,0']],
    // y = ½ passes the bottom corners of row 0 (included) and the top corners of row 1 (excluded);
    // the end (3, ½) is pixel (3,0)'s bottom corner, so LASTPIXEL adds that pixel
    ['through bottom corners', [0, 0.5, 3, 0.5], ['0,0', '1,0', '2,0'], ['3,0']],
    // x = ½ passes the right corners of column 0, included for y-major lines
    ['through right corners (y-major)', [0.5, 0, 0.5, 3], ['0,0', '0,1', '0,2'], ['0,3']],
  ];
  for (const [name, [x0, y0, x1, y1], without, extra] of table) {
    it(`${name}: LASTPIXEL FALSE omits the end pixel, TRUE draws it`, () => {
      expect(line(x0, y0, x1, y1, false)).toEqual(without);
      expect(line(x0, y0, x1, y1, true)).toEqual([...without, ...extra]);
    });
  }

  it('a strip draws each joint once and the last pixel only at its end', () => {
    const v = [tl(0, 0), tl(3, 0), tl(3, 3)];
    expect(keys(draw(lastPixel(true), D3DPT.LINESTRIP, v, 2))).toEqual(['0,0', '1,0', '2,0', '3,0', '3,1', '3,2', '3,3']);
    expect(keys(draw(lastPixel(false), D3DPT.LINESTRIP, v, 2))).toEqual(['0,0', '1,0', '2,0', '3,0', '3,1', '3,2']);
  });

  it('interpolates attributes along the line; fragments are front and not triangles', () => {
    const v = [tl(0, 0, 0, 1, { diffuse: [1, 0, 0, 1] }), tl(4, 0, 1, 1, { diffuse: [0, 1, 0, 1] })];
    const frags = draw(lastPixel(true), D3DPT.LINELIST, v, 1);
    expect(frags.map((f) => f.diffuse[0])).toEqual([1, 0.75, 0.5, 0.25, 0]);
    expect(frags.map((f) => f.z)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(frags.every((f) => f.front && !f.triangle)).toBe(true);
  });

  it('attributes follow the unsnapped ends, as a triangle\'s planes do; pixels the snapped ones', () => {
    // (0.1, 0) → (8.1, 0) snaps to 0.1015625 → 8.1015625: at pixel (4, 0) t = (4 − 0.1)/8 = 0.4875,
    // where the snapped ends would give (4 − 0.1015625)/8 = 0.4873046875
    const v = [tl(0.1, 0, 0, 1, { tex0: [0, 0, 0, 1], diffuse: [0, 0, 0, 1] }), tl(8.1, 0, 1, 1, { tex0: [1, 0, 0, 1], diffuse: [1, 0, 0, 1] })];
    const frags = draw(lastPixel(false), D3DPT.LINELIST, v, 1);
    expect(keys(frags)).toEqual(['0,0', '1,0', '2,0', '3,0', '4,0', '5,0', '6,0', '7,0']);
    const f = frags[4];
    expect(Math.abs(f.tex[0] - 0.4875)).toBeLessThan(2 ** -25);
    expect(Math.abs(f.diffuse[0] - 0.4875)).toBeLessThan(2 ** -25);
    expect(f.z).toBeCloseTo(0.4875, 12);
    expect(f.texDx[0]).toBeCloseTo(1 / 8, 12);
  });

  it('a zero-length line draws nothing', () => {
    expect(line(2, 2, 2, 2, true)).toEqual([]);
  });

  it('transformed lines are clipped at the near plane', () => {
    // z = x/w: only the right half (sx ≥ 8) of the horizontal line through row 8 survives
    const frags = draw(lastPixel(false), D3DPT.LINELIST, [clip(-1, 0, -1, 1), clip(1, 0, 1, 1)], 1);
    expect(keys(frags)).toEqual(['8,8', '9,8', '10,8', '11,8', '12,8', '13,8', '14,8', '15,8']);
  });
});

describe('points', () => {
  const point = (x: number, y: number, size: number, rs: Record<number, number> = {}) =>
    draw(makeState({ rs }), D3DPT.POINTLIST, [tl(x, y, 0.5, 1, { pointSize: size })], 1);

  it('size 1 at integer (x, y) covers exactly pixel (x, y)', () => {
    expect(keys(point(3, 4, 1))).toEqual(['3,4']);
  });

  it('size 3 covers the 3×3 block around it; size 2 the square [x−1, x+1) × [y−1, y+1)', () => {
    expect(sorted(point(3, 4, 3))).toEqual(['2,3', '2,4', '2,5', '3,3', '3,4', '3,5', '4,3', '4,4', '4,5']);
    expect(keys(point(3, 4, 2))).toEqual(['2,3', '3,3', '2,4', '3,4']);
  });

  it('sizes below POINTSIZE_MIN are raised to it, above POINTSIZE_MAX lowered', () => {
    expect(keys(point(3, 4, 0))).toEqual(['3,4']);
    expect(point(8, 8, 10, { [D3DRS.POINTSIZE_MAX]: float32Bits(2) }).length).toBe(4);
  });

  it('POINTSPRITEENABLE maps the square to texture coordinates (0,0)–(1,1), sampled at pixel centres', () => {
    const frags = point(7.5, 7.5, 4, { [D3DRS.POINTSPRITEENABLE]: 1 });
    expect(frags.length).toBe(16);
    const f = frags.find((g) => g.x === 6 && g.y === 9);
    expect(f?.tex).toEqual([0.125, 0.875, 0, 1]);
    expect(f?.texDx).toEqual([0.25, 0, 0, 0]);
    expect(f?.texDy).toEqual([0, 0.25, 0, 0]);
  });

  it('sprite coordinates follow the unsnapped square, coverage the snapped one', () => {
    // size 4 at (3.1, 4.1): the square [1.1, 5.1) × [2.1, 6.1), snapped to [1.1015625, 5.1015625) × [2.1015625, 6.1015625);
    // at pixel (2, 3) u = (2 − 1.1)/4 = 0.225 and v = (3 − 2.1)/4 = 0.225 (the snapped square: 0.2246…)
    const state = makeState({ rs: { [D3DRS.POINTSPRITEENABLE]: 1 } });
    const frags = draw(state, D3DPT.POINTLIST, [tl(3.1, 4.1, 0.5, 1, { pointSize: 4 })], 1);
    expect(sorted(frags)).toEqual(box(2, 3, 5, 6));
    const f = frags.find((g) => g.x === 2 && g.y === 3)!;
    expect(f.tex[0]).toBe(Math.fround(0.225));
    expect(f.tex[1]).toBe(Math.fround(0.225));
  });

  it('without sprites the vertex texture coordinates cover the whole point', () => {
    const v = tl(7.5, 7.5, 0.5, 1, { pointSize: 4, tex0: [0.3, 0.6, 0, 1] });
    const frags = draw(makeState(), D3DPT.POINTLIST, [v], 1);
    // as float32, the precision texture coordinates reach the pixel stages with
    expect(frags.every((f) => f.tex[0] === Math.fround(0.3) && f.tex[1] === Math.fround(0.6) && !f.triangle && f.front)).toBe(true);
  });

  it('a point whose centre is behind the near plane is discarded whole', () => {
    expect(draw(makeState(), D3DPT.POINTLIST, [clip(0, 0, -0.1, 1, { pointSize: 8 })], 1)).toEqual([]);
  });
});

describe('D3DRS_FILLMODE', () => {
  const tri = [tl(0, 0), tl(4, 0), tl(0, 4)];

  it('WIREFRAME draws the edges as lines, each vertex once, keeping the triangle\'s facing', () => {
    const frags = draw(makeState({ rs: { [D3DRS.FILLMODE]: D3DFILL.WIREFRAME } }), D3DPT.TRIANGLELIST, tri, 1);
    expect(keys(frags)).toEqual(['0,0', '1,0', '2,0', '3,0', '4,0', '3,1', '2,2', '1,3', '0,4', '0,3', '0,2', '0,1']);
    expect(frags.every((f) => f.front && f.triangle)).toBe(true);
  });

  it('POINT draws the vertices', () => {
    const frags = draw(makeState({ rs: { [D3DRS.FILLMODE]: D3DFILL.POINT } }), D3DPT.TRIANGLELIST, tri, 1);
    expect(keys(frags)).toEqual(['0,0', '4,0', '0,4']);
  });

  it('culling applies before the fill mode', () => {
    const ccw = [tl(0, 0), tl(0, 4), tl(4, 0)];
    for (const mode of [D3DFILL.POINT, D3DFILL.WIREFRAME]) {
      expect(draw(makeState({ rs: { [D3DRS.FILLMODE]: mode } }), D3DPT.TRIANGLELIST, ccw, 1)).toEqual([]);
      const back = draw(makeState({ rs: { [D3DRS.FILLMODE]: mode, [D3DRS.CULLMODE]: D3DCULL.NONE } }), D3DPT.TRIANGLELIST, ccw, 1);
      expect(back.length).toBeGreaterThan(0);
      expect(back.every((f) => !f.front)).toBe(true);
    }
  });
});
