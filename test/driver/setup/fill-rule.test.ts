/** The top-left fill rule with pixel centres at integers (reference E; "Rasterization Rules (Direct3D 9)"). */
import { describe, expect, it } from 'vitest';
import { D3DCULL, D3DPT } from '../../../src/d3d9/index.js';
import { box, D3DRS, draw, makeState, rng, sorted, tl } from './helpers.js';

const noCull = () => makeState({ rs: { [D3DRS.CULLMODE]: D3DCULL.NONE } });

describe('the documented fill-rule examples', () => {
  it('the rectangle (0,0)-(5,5) drawn as two triangles fills its 25 pixels once each', () => {
    const v = [tl(0, 0), tl(5, 0), tl(5, 5), tl(0, 5), tl(0, 0), tl(5, 5)];
    const frags = draw(makeState(), D3DPT.TRIANGLELIST, v, 2);
    expect(sorted(frags)).toEqual(box(0, 0, 4, 4));
  });

  it('(0,0),(5,0),(5,5) gets 15 pixels: the top edge and the shared diagonal (its left edge) are its own', () => {
    const frags = draw(makeState(), D3DPT.TRIANGLELIST, [tl(0, 0), tl(5, 0), tl(5, 5)], 1);
    // row y covers x = y..4: the diagonal centre (y, y) is on its left edge, x = 5 on its right edge
    const expected = [
      '0,0', '1,0', '2,0', '3,0', '4,0',
      '1,1', '2,1', '3,1', '4,1',
      '2,2', '3,2', '4,2',
      '3,3', '4,3',
      '4,4',
    ].sort();
    expect(sorted(frags)).toEqual(expected);
  });

  it('(0,5),(0,0),(5,5) gets 10 pixels: the diagonal is its right edge and y = 5 its bottom', () => {
    const frags = draw(makeState(), D3DPT.TRIANGLELIST, [tl(0, 5), tl(0, 0), tl(5, 5)], 1);
    // row y covers x = 0..y-1: x = 0 is its left edge, the diagonal centre (y, y) is excluded
    const expected = ['0,1', '0,2', '1,2', '0,3', '1,3', '2,3', '0,4', '1,4', '2,4', '3,4'].sort();
    expect(sorted(frags)).toEqual(expected);
  });

  it('the rectangles (0.5,0.5)-(2.5,4.5) and (1,1)-(3,5), each split into four triangles at its centre, cover the same 8 pixels once', () => {
    for (const [l, t, r, b] of [[0.5, 0.5, 2.5, 4.5], [1, 1, 3, 5]]) {
      const cx = (l + r) / 2, cy = (t + b) / 2;
      const c = tl(cx, cy);
      const v = [tl(l, t), tl(r, t), c, tl(r, t), tl(r, b), c, tl(r, b), tl(l, b), c, tl(l, b), tl(l, t), c];
      const frags = draw(makeState(), D3DPT.TRIANGLELIST, v, 4);
      expect(sorted(frags)).toEqual(box(1, 1, 2, 4));
    }
  });

  it('emits top to bottom, left to right', () => {
    const frags = draw(makeState(), D3DPT.TRIANGLELIST, [tl(0, 0), tl(5, 0), tl(5, 5)], 1);
    const order = frags.map((f) => f.y * 100 + f.x);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
});

/** Counts how often each pixel was emitted, keyed y·1000 + x. */
function coverageCounts(frags: readonly { x: number; y: number }[]): Map<number, number> {
  const m = new Map<number, number>();
  for (const f of frags) m.set(f.y * 1000 + f.x, (m.get(f.y * 1000 + f.x) ?? 0) + 1);
  return m;
}

/** Points on the border of (0,0)-(w,h), clockwise from the top-left corner, corners included. */
function ring(w: number, h: number, next: () => number, q: (v: number) => number): [number, number][] {
  const pts: [number, number][] = [];
  const side = (x0: number, y0: number, x1: number, y1: number) => {
    pts.push([x0, y0]);
    const ts = [...new Set(Array.from({ length: 3 }, () => q(next() * (x1 - x0 + y1 - y0))))];
    // distances along the side, strictly inside it, in travel order
    const inside = ts.map(Math.abs).filter((d) => d > 0 && d < Math.abs(x1 - x0 + y1 - y0)).sort((a, b) => a - b);
    for (const d of inside) pts.push([x0 + Math.sign(x1 - x0) * d, y0 + Math.sign(y1 - y0) * d]);
  };
  side(0, 0, w, 0); side(w, 0, w, h); side(w, h, 0, h); side(0, h, 0, 0);
  return pts;
}

describe('shared edges cover every pixel exactly once', () => {
  const grids: [string, (v: number) => number][] = [
    ['an integer grid', Math.round],
    ['a 1/256 sub-pixel grid', (v) => Math.round(v * 256) / 256],
    ['unsnapped floats', (v) => v],
  ];
  for (const [name, q] of grids) {
    it(`random triangle fans on ${name} tile their rectangle`, () => {
      const next = rng(name.length);
      const w = 24, h = 20;
      for (let trial = 0; trial < 40; trial++) {
        const centre = tl(q(1 + next() * (w - 2)), q(1 + next() * (h - 2)));
        const v = [centre, ...ring(w, h, next, q).map(([x, y]) => tl(x, y)), tl(0, 0)];
        const frags = draw(makeState({ width: 32, height: 32, rs: { [D3DRS.CULLMODE]: D3DCULL.NONE } }), D3DPT.TRIANGLEFAN, v, v.length - 2);
        const counts = coverageCounts(frags);
        expect([...counts.values()].every((n) => n === 1)).toBe(true);
        expect(sorted(frags)).toEqual(box(0, 0, w - 1, h - 1));
      }
    });
  }

  it('a jittered grid mesh on a 1/256 grid covers its rectangle once', () => {
    const next = rng(3);
    const n = 5, cell = 3; // a 15×15 square mesh; the target is 16×16
    const p: [number, number][][] = [];
    for (let j = 0; j <= n; j++) {
      p.push([]);
      for (let i = 0; i <= n; i++) {
        const jx = i === 0 || i === n ? 0 : Math.round((next() - 0.5) * 2 * 256) / 256;
        const jy = j === 0 || j === n ? 0 : Math.round((next() - 0.5) * 2 * 256) / 256;
        p[j].push([i * cell + jx, j * cell + jy]);
      }
    }
    const v = [];
    for (let j = 0; j < n; j++) {
      for (let i = 0; i < n; i++) {
        const [a, b, c, d] = [p[j][i], p[j][i + 1], p[j + 1][i + 1], p[j + 1][i]];
        const diag = next() < 0.5;
        const tris = diag ? [a, b, c, a, c, d] : [a, b, d, b, c, d];
        for (const [x, y] of tris) v.push(tl(x, y));
      }
    }
    const frags = draw(noCull(), D3DPT.TRIANGLELIST, v, v.length / 3);
    expect(sorted(frags)).toEqual(box(0, 0, 14, 14));
  });
});
