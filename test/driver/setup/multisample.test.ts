/** Per-sample coverage on multisampled targets (D3D10.1 standard patterns), shading once per pixel. */
import { describe, expect, it } from 'vitest';
import { D3DCULL, D3DPT } from '../../../src/d3d9/index.js';
import { activeTextureSets, samplePattern } from '../../../src/driver/raster/setup/index.js';
import { clip, D3DRS, draw, makeState, rng, tl, type Captured } from './helpers.js';

// 4 samples at (−2,−6) (6,−2) (−6,2) (2,6) sixteenths of a pixel from the centre
const rect = [tl(0, 0), tl(2, 0), tl(0, 8), tl(2, 8)];
const NO_CULL = { [D3DRS.CULLMODE]: D3DCULL.NONE };

/** [x, coverage] of row y with the coverage of all fragments at a pixel ORed; the triangles' bits must not overlap. */
function mergedRow(frags: readonly Captured[], y: number): number[][] {
  const m = new Map<number, number>();
  for (const f of frags.filter((g) => g.y === y)) {
    expect((m.get(f.x) ?? 0) & f.coverage).toBe(0);
    m.set(f.x, (m.get(f.x) ?? 0) | f.coverage);
  }
  return [...m.entries()].sort((a, b) => a[0] - b[0]);
}

describe('multisample coverage', () => {
  it('uses the standard 2, 4, 8 and 16 sample positions', () => {
    const p4 = samplePattern(4);
    expect([...p4.dx].map((v) => v / 16)).toEqual([-2, 6, -6, 2]);
    expect([...p4.dy].map((v) => v / 16)).toEqual([-6, -2, 2, 6]);
    expect(samplePattern(2).count).toBe(2);
    expect(samplePattern(8).count).toBe(8);
    expect(samplePattern(16).count).toBe(16);
  });

  it('covers the samples inside the edges: x = 0 keeps the right samples of column 0, x = 2 the left ones of column 2', () => {
    const frags = draw(makeState({ samples: 4, rs: NO_CULL }), D3DPT.TRIANGLESTRIP, rect, 2);
    expect(mergedRow(frags, 3)).toEqual([[0, 0b1010], [1, 0b1111], [2, 0b0101]]);
  });

  it('shades at the pixel centre even when the centre itself is not covered', () => {
    const v = [tl(0, 0, 0), tl(2, 0, 1), tl(0, 8, 0), tl(2, 8, 1)];
    const frags = draw(makeState({ samples: 4, rs: NO_CULL }), D3DPT.TRIANGLESTRIP, v, 2);
    const f = frags.find((g) => g.x === 2 && g.y === 3);
    expect(f?.z).toBe(1);
  });

  it('MULTISAMPLEANTIALIAS FALSE decides at the centre and covers every sample', () => {
    const frags = draw(makeState({ samples: 4, rs: { ...NO_CULL, [D3DRS.MULTISAMPLEANTIALIAS]: 0 } }), D3DPT.TRIANGLESTRIP, rect, 2);
    expect(frags.filter((f) => f.y === 3).map((f) => [f.x, f.coverage])).toEqual([[0, 15], [1, 15]]);
  });

  it('MULTISAMPLEMASK removes samples, and pixels left with none', () => {
    const frags = draw(makeState({ samples: 4, rs: { ...NO_CULL, [D3DRS.MULTISAMPLEMASK]: 0b1010 } }), D3DPT.TRIANGLESTRIP, rect, 2);
    expect(mergedRow(frags, 3)).toEqual([[0, 0b1010], [1, 0b1010]]);
    expect(frags.every((f) => f.coverage !== 0)).toBe(true);
  });

  it('single-sample targets report coverage 1', () => {
    const frags = draw(makeState({ rs: NO_CULL }), D3DPT.TRIANGLESTRIP, rect, 2);
    expect(frags.every((f) => f.coverage === 1)).toBe(true);
  });

  it('points test each sample against the square', () => {
    const frags = draw(makeState({ samples: 4 }), D3DPT.POINTLIST, [tl(3, 3, 0.5, 1, { pointSize: 1 })], 1);
    expect(frags.map((f) => [f.x, f.y, f.coverage])).toEqual([[3, 3, 15]]);
    const off = draw(makeState({ samples: 4 }), D3DPT.POINTLIST, [tl(3.25, 3, 0.5, 1, { pointSize: 1 })], 1);
    // square [2.75, 3.75) × [2.5, 3.5): pixel 3 keeps samples 0, 1, 3; sample 2 (x − 6/16) falls left of it,
    // and pixel 4's sample 2 (4 − 6/16 = 3.625) falls inside
    expect(off.map((f) => [f.x, f.coverage])).toEqual([[3, 0b1011], [4, 0b0100]]);
  });
});

describe('texture sets', () => {
  it('interpolates the sets of stages before the first disabled COLOROP', () => {
    expect(activeTextureSets(makeState())).toBe(1);
  });

  it('transformed geometry far outside the viewport is cut at the guard band and covers exactly', () => {
    const v = [clip(-1e6, 1e6, 0.5, 1), clip(1e6, 1e6, 0.5, 1), clip(-1e6, -1e6, 0.5, 1), clip(1e6, -1e6, 0.5, 1)];
    expect(draw(makeState({ rs: NO_CULL }), D3DPT.TRIANGLESTRIP, v, 2).length).toBe(256);
  });
});

describe('multisample watertightness', () => {
  for (const samples of [2, 4, 8, 16]) {
    it(`random fans on a ${samples}-sample target cover every sample of their rectangle once`, () => {
      const next = rng(samples);
      for (let trial = 0; trial < 10; trial++) {
        const q = (v: number) => Math.round(v * 256) / 256;
        const ring: [number, number][] = [[0, 0], [q(next() * 12), 0], [12, 0], [12, q(next() * 10)], [12, 10], [q(next() * 12), 10], [0, 10], [0, q(next() * 10)]];
        const v = [tl(q(1 + next() * 10), q(1 + next() * 8)), ...ring.map(([x, y]) => tl(x, y)), tl(0, 0)];
        const frags = draw(makeState({ samples, rs: NO_CULL }), D3DPT.TRIANGLEFAN, v, v.length - 2);
        const all = 2 ** samples - 1;
        const cov = new Map<string, number>();
        for (const f of frags) {
          const k = `${f.x},${f.y}`;
          expect((cov.get(k) ?? 0) & f.coverage).toBe(0);
          cov.set(k, (cov.get(k) ?? 0) | f.coverage);
        }
        // interior pixels get every sample; the border ones get only the samples inside (0,0)-(12,10)
        for (let y = 1; y < 10; y++) for (let x = 1; x < 12; x++) expect(cov.get(`${x},${y}`)).toBe(all);
      }
    });
  }
});
