/** Culling by screen winding (reference B.1), primitive assembly and strip winding (reference E). */
import { describe, expect, it } from 'vitest';
import { D3DCULL, D3DPT } from '../../../src/d3d9/index.js';
import { assembleLines, assembleTriangles, verticesNeeded } from '../../../src/driver/raster/setup/index.js';
import { D3DRS, draw, makeState, sorted, tl } from './helpers.js';

// A = (x1−x0)(y2−y0) − (x2−x0)(y1−y0): (0,0),(4,0),(0,4) gives 16 > 0, clockwise on screen (y down)
const CW = [tl(0, 0), tl(4, 0), tl(0, 4)];
const CCW = [tl(0, 0), tl(0, 4), tl(4, 0)];
// the 10 centres inside x ≥ 0, y ≥ 0, x + y < 4 (the hypotenuse is a right edge)
const TRIANGLE_PIXELS = ['0,0', '1,0', '2,0', '3,0', '0,1', '1,1', '2,1', '0,2', '1,2', '0,3'].sort();

describe('D3DRS_CULLMODE', () => {
  const table: [string, number, boolean, boolean][] = [
    // mode, draws CW, draws CCW
    ['NONE', D3DCULL.NONE, true, true],
    ['CW', D3DCULL.CW, false, true],
    ['CCW (default)', D3DCULL.CCW, true, false],
  ];
  for (const [name, mode, drawsCW, drawsCCW] of table) {
    it(`${name} draws clockwise: ${drawsCW}, counter-clockwise: ${drawsCCW}`, () => {
      const state = makeState({ rs: { [D3DRS.CULLMODE]: mode } });
      const cw = draw(state, D3DPT.TRIANGLELIST, CW, 1);
      const ccw = draw(state, D3DPT.TRIANGLELIST, CCW, 1);
      expect(sorted(cw)).toEqual(drawsCW ? TRIANGLE_PIXELS : []);
      expect(sorted(ccw)).toEqual(drawsCCW ? TRIANGLE_PIXELS : []);
      expect(cw.every((f) => f.front && f.triangle)).toBe(true);
      expect(ccw.every((f) => !f.front && f.triangle)).toBe(true);
    });
  }

  it('the default state culls counter-clockwise triangles', () => {
    expect(draw(makeState(), D3DPT.TRIANGLELIST, CCW, 1)).toEqual([]);
  });

  it('a zero-area triangle draws nothing, whatever the cull mode', () => {
    const state = makeState({ rs: { [D3DRS.CULLMODE]: D3DCULL.NONE } });
    expect(draw(state, D3DPT.TRIANGLELIST, [tl(0, 0), tl(2, 2), tl(4, 4)], 1)).toEqual([]);
    expect(draw(state, D3DPT.TRIANGLELIST, [tl(1, 1), tl(1, 1), tl(5, 3)], 1)).toEqual([]);
  });
});

describe('primitive assembly', () => {
  const triangles = (type: number, n: number) => {
    const out: number[][] = [];
    assembleTriangles(type, n, (a, b, c, p) => out.push([a, b, c, p]));
    return out;
  };

  it('lists take 3i..3i+2 with provoking 3i; strips swap the first two of odd triangles, provoking i; fans provoke i+1', () => {
    expect(triangles(D3DPT.TRIANGLELIST, 2)).toEqual([[0, 1, 2, 0], [3, 4, 5, 3]]);
    expect(triangles(D3DPT.TRIANGLESTRIP, 3)).toEqual([[0, 1, 2, 0], [2, 1, 3, 1], [2, 3, 4, 2]]);
    expect(triangles(D3DPT.TRIANGLEFAN, 2)).toEqual([[0, 1, 2, 1], [0, 2, 3, 2]]);
  });

  it('line lists pair 2i, 2i+1; strips chain i, i+1; LASTPIXEL applies to list segments and the end of a strip', () => {
    const lines = (type: number, n: number) => {
      const out: [number, number, boolean][] = [];
      assembleLines(type, n, (a, b, last) => out.push([a, b, last]));
      return out;
    };
    expect(lines(D3DPT.LINELIST, 2)).toEqual([[0, 1, true], [2, 3, true]]);
    expect(lines(D3DPT.LINESTRIP, 3)).toEqual([[0, 1, false], [1, 2, false], [2, 3, true]]);
  });

  it('counts the vertices a draw reads', () => {
    expect([1, 2, 3, 4, 5, 6].map((t) => verticesNeeded(t, 4))).toEqual([4, 8, 5, 12, 6, 6]);
  });

  it('a strip keeps the first triangle\'s winding: a clockwise strip square survives CCW culling and vanishes under CW culling', () => {
    const v = [tl(0, 0), tl(4, 0), tl(0, 4), tl(4, 4)];
    const all = ['0,0', '1,0', '2,0', '3,0', '0,1', '1,1', '2,1', '3,1', '0,2', '1,2', '2,2', '3,2', '0,3', '1,3', '2,3', '3,3'].sort();
    const kept = draw(makeState(), D3DPT.TRIANGLESTRIP, v, 2);
    expect(sorted(kept)).toEqual(all);
    expect(kept.every((f) => f.front)).toBe(true);
    expect(draw(makeState({ rs: { [D3DRS.CULLMODE]: D3DCULL.CW } }), D3DPT.TRIANGLESTRIP, v, 2)).toEqual([]);
  });

  it('a fan keeps one winding for all its triangles', () => {
    const v = [tl(4, 4), tl(0, 0), tl(8, 0), tl(8, 8), tl(0, 8), tl(0, 0)];
    const frags = draw(makeState(), D3DPT.TRIANGLEFAN, v, 4);
    expect(frags.length).toBe(64);
    expect(new Set(frags.map((f) => `${f.x},${f.y}`)).size).toBe(64);
  });

  it('indices pick vertices by position', () => {
    const v = [tl(9, 9), tl(0, 0), tl(4, 0), tl(0, 4)];
    expect(sorted(draw(makeState(), D3DPT.TRIANGLELIST, v, 1, [1, 2, 3]))).toEqual(TRIANGLE_PIXELS);
  });

  it('a primitive naming a vertex that is not there is skipped', () => {
    const v = [tl(0, 0), tl(4, 0), tl(0, 4)];
    expect(draw(makeState(), D3DPT.TRIANGLELIST, v, 1, [0, 1, 7])).toEqual([]);
  });
});
