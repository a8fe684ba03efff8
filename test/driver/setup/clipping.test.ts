/** Clipping, the viewport rectangle and the scissor rect (reference E, "Viewports and Clipping"). */
import { describe, expect, it } from 'vitest';
import { D3DCULL, D3DPT } from '../../../src/d3d9/index.js';
import { box, clip, D3DRS, draw, makeState, sorted, tl } from './helpers.js';

const NO_CULL = { [D3DRS.CULLMODE]: D3DCULL.NONE };

/** A quad over the whole clip-space square with z = zl on the left and zr on the right (w = 1). */
function clipQuad(zl: number, zr: number) {
  return [clip(-1, 1, zl, 1), clip(1, 1, zr, 1), clip(-1, -1, zl, 1), clip(1, -1, zr, 1)];
}

describe('clipping transformed geometry', () => {
  it('cuts at the near plane z = 0: with z = x/w only the right half of the viewport is drawn', () => {
    const frags = draw(makeState({ rs: NO_CULL }), D3DPT.TRIANGLESTRIP, clipQuad(-1, 1), 2);
    // z ≥ 0 ⇔ x/w ≥ 0 ⇔ sx ≥ 8: the cut edge passes through centres x = 8 and is a left edge
    expect(sorted(frags)).toEqual(box(8, 0, 15, 15));
    expect(frags.every((f) => f.z >= 0 && f.z <= 1)).toBe(true);
  });

  it('cuts at the far plane z = w', () => {
    const frags = draw(makeState({ rs: NO_CULL }), D3DPT.TRIANGLESTRIP, clipQuad(0, 2), 2);
    // z ≤ w ⇔ x/w ≤ 0 ⇔ sx ≤ 8; the cut edge is a right edge, so column 8 is left out
    expect(sorted(frags)).toEqual(box(0, 0, 7, 15));
  });

  it('a triangle crossing the left plane draws nothing outside the viewport', () => {
    const state = makeState({ width: 16, height: 16, viewport: { x: 4, y: 4, width: 8, height: 8 }, rs: NO_CULL });
    const v = [clip(-3, 3, 0.5, 1), clip(1, 1, 0.5, 1), clip(1, -1, 0.5, 1)];
    const frags = draw(state, D3DPT.TRIANGLELIST, v, 1);
    expect(frags.length).toBeGreaterThan(0);
    expect(frags.every((f) => f.x >= 4 && f.x < 12 && f.y >= 4 && f.y < 12)).toBe(true);
    // and it reaches the viewport's left column
    expect(frags.some((f) => f.x === 4)).toBe(true);
  });

  it('a triangle crossing both the near and the left plane, one vertex behind the eye', () => {
    const state = makeState({ width: 16, height: 16, viewport: { x: 4, y: 4, width: 8, height: 8 }, rs: NO_CULL });
    const v = [clip(-2, 0, -1.5, -1), clip(0.5, 0.5, 0.5, 1), clip(0.5, -0.5, 0.5, 1)];
    const frags = draw(state, D3DPT.TRIANGLELIST, v, 1);
    expect(frags.length).toBeGreaterThan(0);
    expect(frags.every((f) => f.x >= 4 && f.x < 12 && f.y >= 4 && f.y < 12 && f.z >= 0 && f.z <= 1)).toBe(true);
  });

  it('a triangle wholly behind the eye or beyond the far plane draws nothing', () => {
    const state = makeState({ rs: NO_CULL });
    expect(draw(state, D3DPT.TRIANGLELIST, [clip(0, 0, -1, 1), clip(1, 0, -1, 1), clip(0, 1, -1, 1)], 1)).toEqual([]);
    expect(draw(state, D3DPT.TRIANGLELIST, [clip(0, 0, 2, 1), clip(1, 0, 2, 1), clip(0, 1, 2, 1)], 1)).toEqual([]);
  });

  it('cut vertices get their attributes interpolated: colour is continuous across the near cut', () => {
    const v = [
      clip(-1, 1, -1, 1, { diffuse: [0, 0, 0, 1] }), clip(1, 1, 1, 1, { diffuse: [1, 0, 0, 1] }),
      clip(-1, -1, -1, 1, { diffuse: [0, 0, 0, 1] }), clip(1, -1, 1, 1, { diffuse: [1, 0, 0, 1] }),
    ];
    const frags = draw(makeState({ rs: NO_CULL }), D3DPT.TRIANGLESTRIP, v, 2);
    // red runs 0 → 1 as sx runs 0 → 16; at the cut column 8 it is ½
    const f = frags.find((g) => g.x === 8 && g.y === 5);
    expect(f?.diffuse[0]).toBeCloseTo(0.5, 6);
  });
});

describe('clipping pre-transformed (XYZRHW) geometry', () => {
  // z runs −0.5 at sx = 0 to 1.5 at sx = 16: 0 ≤ z ≤ 1 for 4 ≤ sx ≤ 12
  const quad = [tl(0, 0, -0.5), tl(16, 0, 1.5), tl(0, 16, -0.5), tl(16, 16, 1.5)];

  it('z outside [0, 1] is cut when the device clips transformed vertices', () => {
    const frags = draw(makeState({ rs: NO_CULL, clipTransformedVertices: true }), D3DPT.TRIANGLESTRIP, quad, 2);
    expect(sorted(frags)).toEqual(box(4, 0, 11, 15));
  });

  it('is drawn whole, depth clamped to [0, 1], when it does not', () => {
    const frags = draw(makeState({ rs: NO_CULL, clipTransformedVertices: false }), D3DPT.TRIANGLESTRIP, quad, 2);
    expect(sorted(frags)).toEqual(box(0, 0, 15, 15));
    expect(frags.find((f) => f.x === 0 && f.y === 0)?.z).toBe(0);
    expect(frags.find((f) => f.x === 15 && f.y === 0)?.z).toBe(1);
  });

  it('positions far outside the target are cut at the guard band and still cover exactly', () => {
    const v = [tl(-1e7, -1e7), tl(1e7, -1e7), tl(-1e7, 1e7), tl(1e7, 1e7)];
    expect(sorted(draw(makeState({ rs: NO_CULL }), D3DPT.TRIANGLESTRIP, v, 2))).toEqual(box(0, 0, 15, 15));
  });

  it('are confined to the viewport rectangle too', () => {
    const state = makeState({ viewport: { x: 3, y: 2, width: 5, height: 4 }, rs: NO_CULL });
    const frags = draw(state, D3DPT.TRIANGLESTRIP, [tl(0, 0), tl(16, 0), tl(0, 16), tl(16, 16)], 2);
    expect(sorted(frags)).toEqual(box(3, 2, 7, 5));
  });
});

describe('D3DRS_SCISSORTESTENABLE', () => {
  const quad = [tl(0, 0), tl(16, 0), tl(0, 16), tl(16, 16)];
  const scissor = { left: 2, top: 3, right: 6, bottom: 7 };

  it('confines rendering to the scissor rect when enabled', () => {
    const state = makeState({ scissor, rs: { ...NO_CULL, [D3DRS.SCISSORTESTENABLE]: 1 } });
    expect(sorted(draw(state, D3DPT.TRIANGLESTRIP, quad, 2))).toEqual(box(2, 3, 5, 6));
  });

  it('ignores the rect when disabled', () => {
    const state = makeState({ scissor, rs: NO_CULL });
    expect(draw(state, D3DPT.TRIANGLESTRIP, quad, 2).length).toBe(256);
  });

  it('intersects scissor and viewport', () => {
    const state = makeState({ scissor, viewport: { x: 4, y: 0, width: 12, height: 5 }, rs: { ...NO_CULL, [D3DRS.SCISSORTESTENABLE]: 1 } });
    expect(sorted(draw(state, D3DPT.TRIANGLESTRIP, quad, 2))).toEqual(box(4, 3, 5, 4));
  });

  it('applies to lines and points as well', () => {
    const state = makeState({ scissor, rs: { [D3DRS.SCISSORTESTENABLE]: 1 } });
    expect(sorted(draw(state, D3DPT.LINELIST, [tl(0, 4), tl(16, 4)], 1))).toEqual(box(2, 4, 5, 4));
    expect(sorted(draw(state, D3DPT.POINTLIST, [tl(1, 4, 0.5, 1, { pointSize: 4 })], 1))).toEqual(box(2, 3, 2, 5));
  });
});
