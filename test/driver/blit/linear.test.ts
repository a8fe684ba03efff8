/**
 * LINEAR StretchRect: texel centres onto texel centres, u = (d + 0.5)·srcW/dstW − 0.5
 * clamped to the source rect, weights 1 − f and f in float64, columns blended
 * first then across, each channel encoded by the destination's rule (UNORM8:
 * float32, ·255, +0.5, truncate). Expected bytes are worked by hand below.
 */
import { describe, expect, it } from 'vitest';
import { BLITTERS, linearTap, referenceBlitter, stretchBlit } from '../../../src/driver/blit/index.js';
import type { StretchPlan } from '../../../src/driver/blit/index.js';
import { F, plan, rect, surface, wordSurface, words } from './helpers.js';

const RUNS = [['the chain', stretchBlit], ['the reference', (p: StretchPlan) => referenceBlitter.blit(p)]] as const;

describe('LINEAR taps', () => {
  it.each([
    // [srcLen, dstLen, d, i0, i1, f]
    [2, 4, 0, 0, 1, 0], // u = −0.25, clamped to 0
    [2, 4, 1, 0, 1, 0.25],
    [2, 4, 2, 0, 1, 0.75],
    [2, 4, 3, 1, 1, 0], // u = 1.25, clamped to 1
    [2, 3, 1, 0, 1, 0.5],
    [8, 2, 0, 1, 2, 0.5], // minification: u = 1.5, texels 0 and 3 are skipped
    [8, 2, 1, 5, 6, 0.5],
    [5, 5, 3, 3, 4, 0], // 1:1: u = d
  ])('%i → %i, d = %i: taps %i, %i with f = %f', (srcLen, dstLen, d, i0, i1, f) => {
    expect(linearTap(d, srcLen, dstLen)).toEqual({ i0, i1, f });
  });
});

describe('LINEAR StretchRect', () => {
  for (const [name, run] of RUNS) {
    it(`${name}: 2×1 → 4×1 gradient`, () => {
      // texels (A,R,G,B) = (255,0,0,0) and (128,255,128,64); f = 0, 0.25, 0.75, 0
      const src = wordSurface(F.A8R8G8B8, 2, 1, [0xff000000, 0x80ff8040]);
      const dst = surface(F.A8R8G8B8, 4, 1);
      run(plan(src, null, dst, null, 2));
      // d1: A 255·.75 + 128·.25 = 223.25 → 223, R 63.75 → 64, G 32, B 16
      // d2: A 63.75 + 96 = 159.75 → 160, R 191.25 → 191, G 96, B 48
      expect(words(dst)).toEqual([0xff000000, 0xdf402010, 0xa0bf6030, 0x80ff8040]);
    });

    it(`${name}: 2×2 → 3×3 (edges halfway, centre the mean of four)`, () => {
      const src = wordSurface(F.A8R8G8B8, 2, 2, [0xff000000, 0xffff0000, 0xff00ff00, 0xff0000ff]);
      const dst = surface(F.A8R8G8B8, 3, 3);
      run(plan(src, null, dst, null, 2));
      // u = −1/6 → 0, 0.5, 7/6 → 1: 0.5·255 + 0.5 = 128; centre 0.25·255 + 0.5 = 64.25 → 64
      expect(words(dst)).toEqual([
        0xff000000, 0xff800000, 0xffff0000,
        0xff008000, 0xff404040, 0xff800080,
        0xff00ff00, 0xff008080, 0xff0000ff,
      ]);
    });

    it(`${name}: clamps to the source rect, not the surface`, () => {
      // 4×3 surface, white all round a 2×1 rect of black and red at (1,1)-(3,2)
      const W = 0xffffffff;
      const src = wordSurface(F.X8R8G8B8, 4, 3, [W, W, W, W, W, 0xff000000, 0xffff0000, W, W, W, W, W]);
      const dst = surface(F.X8R8G8B8, 4, 2);
      run(plan(src, rect(1, 1, 3, 2), dst, null, 2));
      // rows: u = −0.25 and 0.25 → clamped to row 0 of the rect, never the white rows; columns as the gradient above
      const row = [0xff000000, 0xff400000, 0xffbf0000, 0xffff0000];
      expect(words(dst)).toEqual([...row, ...row]);
    });

    it(`${name}: minification is a plain bilinear (8 → 2 blends texels 1,2 and 5,6)`, () => {
      const src = wordSurface(F.A8R8G8B8, 8, 1, [0, 0xff000000, 0xff0000fe, 0, 0, 0xff00fe00, 0xfffe0000, 0]);
      const dst = surface(F.A8R8G8B8, 2, 1);
      run(plan(src, null, dst, null, 2));
      // B: float32(254/255)/2·255 = 127.00000003 → 127; alpha stays 255
      expect(words(dst)).toEqual([0xff00007f, 0xff7f7f00]);
    });

    it(`${name}: a 1:1 axis reads its own row (2×2 → 4×2)`, () => {
      const src = wordSurface(F.A8R8G8B8, 2, 2, [0xff000000, 0xffff0000, 0xff0000ff, 0xff0000ff]);
      const dst = surface(F.A8R8G8B8, 4, 2);
      run(plan(src, null, dst, null, 2));
      expect(words(dst)).toEqual([0xff000000, 0xff400000, 0xffbf0000, 0xffff0000, 0xff0000ff, 0xff0000ff, 0xff0000ff, 0xff0000ff]);
    });

    it(`${name}: X8R8G8B8 → A8B8G8R8: alpha from X is 1, channels reordered`, () => {
      const src = wordSurface(F.X8R8G8B8, 2, 1, [0x00000000, 0x00ff8040]);
      const dst = surface(F.A8B8G8R8, 4, 1);
      run(plan(src, null, dst, null, 2));
      // A8B8G8R8 word: A B G R
      expect(words(dst)).toEqual([0xff000000, 0xff102040, 0xff3060bf, 0xff4080ff]);
    });
  }

  it('the chain takes the rgba8 LINEAR path for A8R8G8B8 stretches', () => {
    const p = plan(surface(F.A8R8G8B8, 2, 2), null, surface(F.A8R8G8B8, 3, 3), null, 2);
    expect(BLITTERS.find((b) => b.declines(p) === undefined)?.name).toBe('linear-rgba8');
  });
});
