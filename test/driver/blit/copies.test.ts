/**
 * Raw copies: a same-surface, same-size copy with overlapping rects reads as
 * from a snapshot of the source, whichever way the rects overlap; depth-stencil
 * plans copy the bits of every sample (no conversion, X bits kept).
 */
import { describe, expect, it } from 'vitest';
import { explainChoice, referenceBlitter, stretchBlit } from '../../../src/driver/blit/index.js';
import type { StretchPlan } from '../../../src/driver/blit/index.js';
import type { Rect, SurfaceView } from '../../../src/driver/surface-view.js';
import { F, plan, rect, surface, wordSurface, words } from './helpers.js';

const RUNS = [['the chain', stretchBlit], ['the reference', (p: StretchPlan) => referenceBlitter.blit(p)]] as const;

/** An 8×8 surface whose pixel (x, y) holds 0xAA00yyxx. */
function numbered(samples = 1): SurfaceView {
  return wordSurface(F.X8R8G8B8, 8, 8, Array.from({ length: 64 }, (_, i) => (0xaa000000 | ((i >> 3) << 8) | (i & 7)) >>> 0), samples);
}

/** What the surface holds after copying `from` to `to` as from a snapshot: inside `to`, the pixel `from` had at the same offset. */
function expectedAfter(from: Rect, to: Rect): number[] {
  const out: number[] = [];
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      const inside = x >= to.left && x < to.right && y >= to.top && y < to.bottom;
      const sx = inside ? x - to.left + from.left : x, sy = inside ? y - to.top + from.top : y;
      out.push((0xaa000000 | (sy << 8) | sx) >>> 0);
    }
  }
  return out;
}

describe('overlapping copies within one surface', () => {
  const moves: [string, Rect, Rect][] = [
    ['down-right', rect(0, 0, 6, 6), rect(2, 2, 8, 8)],
    ['up-left', rect(2, 2, 8, 8), rect(0, 0, 6, 6)],
    ['right by one', rect(0, 0, 7, 8), rect(1, 0, 8, 8)],
    ['left by one', rect(1, 0, 8, 8), rect(0, 0, 7, 8)],
    ['down by one', rect(0, 0, 8, 7), rect(0, 1, 8, 8)],
    ['up by one', rect(0, 1, 8, 8), rect(0, 0, 8, 7)],
    ['down-left', rect(3, 0, 8, 5), rect(1, 2, 6, 7)],
    ['onto itself', rect(1, 1, 5, 5), rect(1, 1, 5, 5)],
  ];
  for (const [name, run] of RUNS) {
    for (const [what, from, to] of moves) {
      it(`${name}: ${what}`, () => {
        const s = numbered(2);
        run(plan(s, from, s, to, 1));
        expect(words(s, undefined, 0)).toEqual(expectedAfter(from, to));
        expect(words(s, undefined, 1)).toEqual(expectedAfter(from, to));
      });
    }
  }

  it('the chain copies rows for them', () => {
    const s = numbered();
    expect(explainChoice(plan(s, rect(0, 0, 6, 6), s, rect(2, 2, 8, 8), 2)).chosen).toBe('copy-rows');
  });
});

describe('depth-stencil plans: the bits of every sample', () => {
  for (const [name, run] of RUNS) {
    it(`${name}: D24X8 with 2 samples, X bits kept`, () => {
      const src = surface(F.D24X8, 3, 2, 2);
      for (let i = 0; i < src.data.length; i++) src.data[i] = (i * 37 + 11) & 0xff;
      const dst = surface(F.D24X8, 3, 2, 2);
      run(plan(src, null, dst, null, 0, true));
      expect(dst.data).toEqual(src.data);
    });

    it(`${name}: D16 single sample (2-byte texels)`, () => {
      const src = surface(F.D16, 5, 3);
      for (let i = 0; i < src.data.length; i++) src.data[i] = (i * 91 + 5) & 0xff;
      const dst = surface(F.D16, 5, 3);
      run(plan(src, null, dst, null, 2, true));
      // rows hold 10 bytes of texels then 2 of pitch padding, which a copy leaves alone
      for (let y = 0; y < 3; y++) expect(dst.data.subarray(y * dst.pitch, y * dst.pitch + 10)).toEqual(src.data.subarray(y * src.pitch, y * src.pitch + 10));
      expect([dst.data[10], dst.data[11]]).toEqual([0, 0]);
    });
  }
});

describe('macro-pixel copies', () => {
  for (const [name, run] of RUNS) {
    it(`${name}: a YUY2 copy from mid-pair moves each Y and takes the pair's U, V from its first pixel's source pair`, () => {
      const src = surface(F.YUY2, 6, 1);
      // pairs (Y0 U Y1 V): (10 100 11 200) (12 101 13 201) (14 102 15 202)
      src.data.set([10, 100, 11, 200, 12, 101, 13, 201, 14, 102, 15, 202]);
      const dst = surface(F.YUY2, 4, 1);
      run(plan(src, rect(1, 0, 5, 1), dst, null, 0));
      // dst pixels read src pixels 1..4: Y 11 12 13 14; pair 0 chroma from src pair 0 (pixel 1), pair 1 from src pair 1 (pixel 3)
      expect([...dst.data]).toEqual([11, 100, 12, 200, 13, 101, 14, 201]);
    });

    it(`${name}: an aligned UYVY copy is the bytes`, () => {
      const src = surface(F.UYVY, 4, 2);
      for (let i = 0; i < src.data.length; i++) src.data[i] = i + 1;
      const dst = surface(F.UYVY, 4, 2);
      run(plan(src, rect(2, 1, 4, 2), dst, rect(0, 0, 2, 1), 0));
      // pitch 8: row 1, pair 1 starts at byte 12
      expect([...dst.data]).toEqual([13, 14, 15, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    });
  }
});
