/** Shading modes, perspective-correct attributes, depth, bias and viewport mapping (reference E). */
import { describe, expect, it } from 'vitest';
import { D3DCULL, D3DPT, D3DSHADE } from '../../../src/d3d9/index.js';
import { newScreenVertex, rasterizePrimitives, toScreen } from '../../../src/driver/raster/setup/index.js';
import { clip, D3DRS, draw, float32Bits, makeState, tl, type Captured } from './helpers.js';

const R: [number, number, number, number] = [1, 0, 0, 1];
const G: [number, number, number, number] = [0, 1, 0, 1];
const B: [number, number, number, number] = [0, 0, 1, 1];
const W: [number, number, number, number] = [1, 1, 1, 1];

function at(frags: Captured[], x: number, y: number): Captured {
  const f = frags.find((g) => g.x === x && g.y === y);
  if (!f) throw new Error(`no fragment at ${x},${y}`);
  return f;
}

/** The R, G, B, W strip of the Windows flat-shading test: (0,0) (8,0) (0,8) (8,8). */
function rgbwStrip(shade: number, specularAlphas = [0, 0, 0, 0]): Captured[] {
  const colours = [R, G, B, W];
  const pos = [[0, 0], [8, 0], [0, 8], [8, 8]];
  const v = pos.map(([x, y], i) => tl(x, y, 0.5, 1, { diffuse: colours[i], specular: [1, 1, 1, specularAlphas[i]], fog: specularAlphas[i] }));
  return draw(makeState({ rs: { [D3DRS.SHADEMODE]: shade } }), D3DPT.TRIANGLESTRIP, v, 2);
}

describe('D3DRS_SHADEMODE', () => {
  it('FLAT colours a strip R,G,B,W red then green (each triangle takes vertex i)', () => {
    const frags = rgbwStrip(D3DSHADE.FLAT);
    expect(frags.length).toBe(64);
    for (const f of frags) {
      // triangle 0 holds the centres with x + y < 8 (its hypotenuse is a right edge)
      expect(f.diffuse).toEqual(f.x + f.y < 8 ? R : G);
    }
  });

  it('FLAT still interpolates specular alpha and fog', () => {
    const frags = rgbwStrip(D3DSHADE.FLAT, [0, 1, 0, 1]);
    const f = at(frags, 4, 0);
    expect(f.specular[3]).toBeCloseTo(0.5, 6);
    expect(f.fog).toBeCloseTo(0.5, 6);
    expect(f.specular.slice(0, 3)).toEqual([1, 1, 1]);
  });

  it('GOURAUD interpolates colour; PHONG renders as GOURAUD', () => {
    for (const mode of [D3DSHADE.GOURAUD, D3DSHADE.PHONG]) {
      const frags = rgbwStrip(mode);
      expect(at(frags, 0, 0).diffuse).toEqual(R);
      const mid = at(frags, 4, 0).diffuse; // halfway from red to green
      expect(mid[0]).toBeCloseTo(0.5, 6);
      expect(mid[1]).toBeCloseTo(0.5, 6);
      expect(mid[2]).toBeCloseTo(0, 6);
    }
  });
});

describe('perspective-correct interpolation', () => {
  // (0,0) rhw 1 u 0, (8,0) rhw ¼ u 1, (0,8) rhw 1 u 0. At pixel (4,0) the screen weights are ½, ½, 0:
  // u = (½·¼·1) / (½·1 + ½·¼) = 0.2; along the row D = 1 − ¾·x/8 and N = ¼·x/8, so
  // du/dx = (N' − u·D') / D = (1/32 + 0.2·3/32) / 0.625 = 0.08, and du/dy = 0.
  const v = [
    tl(0, 0, 0, 1, { tex0: [0, 0, 0, 1], diffuse: [0, 0, 0, 1], eyeZ: 1 }),
    tl(8, 0, 1, 0.25, { tex0: [1, 0, 0, 1], diffuse: [1, 0, 0, 1], eyeZ: 4 }),
    tl(0, 8, 0, 1, { tex0: [0, 1, 0, 1], diffuse: [0, 0, 0, 1], eyeZ: 1 }),
  ];
  const frags = draw(makeState(), D3DPT.TRIANGLELIST, v, 1);
  const f = at(frags, 4, 0);

  it('texture coordinates, colours and eye depth divide by w', () => {
    // texture coordinates arrive as float32, as colours do: 0.2 rounded to float32
    expect(f.tex[0]).toBe(Math.fround(0.2));
    expect(f.tex[3]).toBe(1);
    expect(f.diffuse[0]).toBeCloseTo(0.2, 6);
    // eye depth 1 and 4 weighted by rhw: (½·1·1 + ½·¼·4) / 0.625 = 1.6
    expect(f.eyeZ).toBeCloseTo(1.6, 12);
  });

  it('depth is linear in screen space (z/w was divided already)', () => {
    expect(f.z).toBeCloseTo(0.5, 12);
  });

  it('texture derivatives are the analytic derivatives of the rational interpolant', () => {
    // taken at the float32 coordinate: (N' − fround(0.2)·D') / D is 0.08 within 2⁻²⁸
    expect(f.texDx[0]).toBeCloseTo(0.08, 8);
    expect(f.texDy[0]).toBeCloseTo(0, 12);
    // v = (λ2·1) / D: at (4,0) dv/dy = (1/8 − 0·D_y)/0.625 with D_y = 0 → 0.2
    expect(f.texDy[1]).toBeCloseTo(0.2, 12);
    // and they agree with finite differences of neighbouring pixels
    const g = at(frags, 5, 0), h = at(frags, 3, 0);
    expect((g.tex[0] - h.tex[0]) / 2).toBeCloseTo(f.texDx[0], 2);
  });

  it('transformed vertices interpolate by 1/w the same way', () => {
    // clip-space vertices with w = 1, 4, 1 landing on the same screen points of a 16×16 viewport
    const s = (sx: number, sy: number, w: number) => [((sx / 8) - 1) * w, (1 - sy / 8) * w];
    const [x0, y0] = s(0, 0, 1), [x1, y1] = s(8, 0, 4), [x2, y2] = s(0, 8, 1);
    const cv = [
      clip(x0, y0, 0, 1, { tex0: [0, 0, 0, 1] }),
      clip(x1, y1, 0, 4, { tex0: [1, 0, 0, 1] }),
      clip(x2, y2, 0, 1, { tex0: [0, 1, 0, 1] }),
    ];
    const g = at(draw(makeState(), D3DPT.TRIANGLELIST, cv, 1), 4, 0);
    expect(g.tex[0]).toBe(Math.fround(0.2));
    expect(g.texDx[0]).toBeCloseTo(0.08, 8);
  });
});

describe('attributes follow the unsnapped vertices; coverage the snapped ones', () => {
  // Vertices at 0.1 and 8.1 snap to 26/256 = 0.1015625 and 2074/256 = 8.1015625 (1/256 pixel).
  // The planes through the given positions: at pixel (4, 2) the barycentrics are
  // b1 = (4 − 0.1)/8 = 0.4875 and b2 = (2 − 0.1)/8 = 0.2375; the snapped vertices would give
  // b1 = (4 − 0.1015625)/8 = 0.4873046875 instead, 2·10⁻⁴ away (what Windows' frames show: tex_sysmem).
  const b1 = (4 - 0.1) / 8, b2 = (2 - 0.1) / 8, b0 = 1 - b1 - b2;
  const off = (rhw: number) => [
    tl(0.1, 0.1, 0, 1, { tex0: [0, 0, 0, 1], diffuse: [0, 0, 0, 1] }),
    tl(8.1, 0.1, 1, rhw, { tex0: [1, 0, 0, 1], diffuse: [1, 0, 0, 1] }),
    tl(0.1, 8.1, 0, 1, { tex0: [0, 1, 0, 1], diffuse: [0, 0, 0, 1] }),
  ];

  it('texture coordinates, colours and depth are the unsnapped planes\' values', () => {
    const f = at(draw(makeState(), D3DPT.TRIANGLELIST, off(1), 1), 4, 2);
    expect(Math.abs(f.tex[0] - b1)).toBeLessThan(2 ** -25); // float32 rounding of 0.4875
    expect(Math.abs(f.tex[1] - b2)).toBeLessThan(2 ** -26);
    expect(Math.abs(f.diffuse[0] - b1)).toBeLessThan(2 ** -25);
    expect(f.z).toBeCloseTo(b1, 12);
    expect(Math.abs(f.tex[0] - 0.4873046875)).toBeGreaterThan(1e-4);
  });

  it('so does the perspective divide: rhw is one of the planes', () => {
    // rhw 1, ¼, 1: u = b1·¼ / (b0 + b1·¼ + b2), v = b2 / (b0 + b1·¼ + b2)
    const f = at(draw(makeState(), D3DPT.TRIANGLELIST, off(0.25), 1), 4, 2);
    const d = b0 + b1 / 4 + b2;
    expect(Math.abs(f.tex[0] - b1 / 4 / d)).toBeLessThan(2 ** -26);
    expect(Math.abs(f.tex[1] - b2 / d)).toBeLessThan(2 ** -25);
    expect(f.z).toBeCloseTo(b1, 12);
  });

  it('the covered pixels are the snapped triangle\'s', () => {
    // a right edge at x = 5.001 snaps to 1280/256 = 5: centres (5, y) lie on it, and a right edge
    // leaves them out (the unsnapped edge would have them inside)
    const v = [tl(0, 0), tl(5.001, 0), tl(5.001, 8)];
    const keys = draw(makeState({ rs: { [D3DRS.CULLMODE]: D3DCULL.NONE } }), D3DPT.TRIANGLELIST, v, 1).map((f) => `${f.x},${f.y}`);
    expect(keys).toContain('4,1');
    expect(keys.filter((k) => k.startsWith('5,'))).toEqual([]);
  });

  it('a triangle that only snapping makes proper keeps the snapped planes', () => {
    // (0, 0), (8, 3/2048), (16, 3/1024) lie on one line; snapped, y is 0, 0 and 1/256: a sliver whose
    // top edge y = 0 holds pixel centres (0..7, 0). Its planes are the snapped triangle's: u = b1 = ½ at (4, 0)
    const v = [
      tl(0, 0, 0, 1, { tex0: [0, 0, 0, 1] }),
      tl(8, 3 / 2048, 1, 1, { tex0: [1, 0, 0, 1] }),
      tl(16, 3 / 1024, 0, 1, { tex0: [0, 1, 0, 1] }),
    ];
    const f = at(draw(makeState({ rs: { [D3DRS.CULLMODE]: D3DCULL.NONE } }), D3DPT.TRIANGLELIST, v, 1), 4, 0);
    expect([f.tex[0], f.tex[1], f.z]).toEqual([0.5, 0, 0.5]);
  });
});

describe('depth bias and viewport mapping', () => {
  it('bias = DEPTHBIAS + SLOPESCALEDEPTHBIAS · max(|dz/dx|, |dz/dy|)', () => {
    // z = x/8 across (0,0)-(8,0)-(0,8): dz/dx = 1/8, dz/dy = 0
    const v = [tl(0, 0, 0), tl(8, 0, 1), tl(0, 8, 0)];
    const state = makeState({ rs: { [D3DRS.DEPTHBIAS]: float32Bits(0.25), [D3DRS.SLOPESCALEDEPTHBIAS]: float32Bits(2) } });
    const frags = draw(state, D3DPT.TRIANGLELIST, v, 1);
    expect(frags[0].bias).toBeCloseTo(0.25 + 2 / 8, 12);
    expect(at(frags, 2, 3).z).toBeCloseTo(2 / 8, 12);
  });

  it('maps x, y, z through the viewport and keeps pre-transformed x, y', () => {
    const vp = { x: 10, y: 20, width: 100, height: 50, minZ: 0.25, maxZ: 0.75 };
    const s = toScreen(vp, clip(0.5, 0.5, 1, 2), newScreenVertex(clip(0, 0, 0, 1)));
    expect([s.sx, s.sy, s.sz, s.rhw]).toEqual([10 + 1.25 * 50, 20 + 0.75 * 25, 0.25 + 0.5 * 0.5, 0.5]);
    const t = toScreen(vp, tl(3.5, 7, 0.5, 0.25), newScreenVertex(clip(0, 0, 0, 1)));
    expect([t.sx, t.sy, t.sz, t.rhw]).toEqual([3.5, 7, 0.5, 0.25]);
    // rhw = 0 is taken as 1 (Wine, DXVK)
    expect(toScreen(vp, tl(0, 0, 0, 0), newScreenVertex(clip(0, 0, 0, 1))).rhw).toBe(1);
  });

  it('a full-viewport quad in clip space covers the viewport exactly', () => {
    const v = [clip(-1, 1, 0.5, 1), clip(1, 1, 0.5, 1), clip(-1, -1, 0.5, 1), clip(1, -1, 0.5, 1)];
    const state = makeState({ width: 16, height: 16, viewport: { x: 2, y: 3, width: 10, height: 6 }, rs: { [D3DRS.CULLMODE]: D3DCULL.NONE } });
    const frags = draw(state, D3DPT.TRIANGLESTRIP, v, 2);
    expect(frags.length).toBe(60);
    expect(frags.every((f) => f.x >= 2 && f.x < 12 && f.y >= 3 && f.y < 9)).toBe(true);
  });

  it('reuses one Fragment object for every pixel', () => {
    const seen = new Set<object>();
    const v = [tl(0, 0), tl(4, 0), tl(0, 4)];
    const state = makeState();
    let count = 0;
    rasterizePrimitives(state, D3DPT.TRIANGLELIST, v, null, 1, (f) => { seen.add(f); count++; });
    expect(count).toBe(10);
    expect(seen.size).toBe(1);
  });
});
