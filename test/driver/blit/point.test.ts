/**
 * POINT and NONE StretchRect: the destination pixel's centre picks the source
 * texel, x_src = srcRect.left + floor((2(x − dstRect.left) + 1)·srcW / (2·dstW)),
 * the same for y (stepping.ts). Expected pixels are worked out from that rule.
 */
import { describe, expect, it } from 'vitest';
import { BLITTERS, pointSource, referenceBlitter, stretchBlit } from '../../../src/driver/blit/index.js';
import { F, plan, rect, surface, word, wordSurface, words } from './helpers.js';

const BOTH = [['the chain', (p: Parameters<typeof stretchBlit>[0]) => stretchBlit(p)], ['the reference', (p: Parameters<typeof stretchBlit>[0]) => referenceBlitter.blit(p)]] as const;

describe('POINT source positions (pixel centres, exact integers)', () => {
  it.each([
    // [srcLen, dstLen, source index of each destination index]
    [4, 8, [0, 0, 1, 1, 2, 2, 3, 3]],
    [8, 3, [1, 4, 6]], // floor(8/6)=1, floor(24/6)=4, floor(40/6)=6
    [5, 2, [1, 3]], // floor(5/4)=1, floor(15/4)=3
    [6, 9, [0, 1, 1, 2, 3, 3, 4, 5, 5]], // (2d+1)/3: centre 1 lands on texel 1.0 exactly, where a 16.16 sum reads 0
    [3, 3, [0, 1, 2]], // 1:1 reads itself
    [1, 4, [0, 0, 0, 0]],
    [7, 1, [3]], // the middle texel
  ])('%i → %i reads %j', (srcLen, dstLen, expected) => {
    expect(Array.from({ length: dstLen }, (_, d) => pointSource(d, srcLen, dstLen))).toEqual(expected);
  });
});

describe('POINT StretchRect', () => {
  const checker = (x: number, y: number): number => ((x + y) % 2 === 0 ? 0xff000000 : 0xffffffff);
  // a 4×4 checkerboard with one odd texel so blocks cannot be confused
  const srcWords = Array.from({ length: 16 }, (_, i) => (i === 6 ? 0xff123456 : checker(i % 4, i >> 2)));

  for (const [name, run] of BOTH) {
    it(`${name}: 4×4 → 64×64 makes each texel a 16×16 block (floor((2d+1)/32))`, () => {
      for (const filter of [0, 1] as const) {
        const src = wordSurface(F.A8R8G8B8, 4, 4, srcWords);
        const dst = surface(F.A8R8G8B8, 64, 64);
        run(plan(src, null, dst, null, filter));
        for (let y = 0; y < 64; y++) {
          for (let x = 0; x < 64; x++) {
            if (word(dst, x, y) !== srcWords[(y >> 4) * 4 + (x >> 4)]) throw new Error(`filter ${filter} (${x}, ${y}): ${word(dst, x, y).toString(16)}`);
          }
        }
      }
    });

    it(`${name}: 8×2 → 3×1 downscale reads columns 1, 4, 6 of row 1`, () => {
      const src = wordSurface(F.X8R8G8B8, 8, 2, Array.from({ length: 16 }, (_, i) => 0xff000000 + i));
      const dst = surface(F.X8R8G8B8, 3, 1);
      run(plan(src, null, dst, null, 1));
      // row floor((2·0 + 1)·2 / (2·1)) = 1; columns 1, 4, 6
      expect(words(dst)).toEqual([0xff000009, 0xff00000c, 0xff00000e]);
    });

    it(`${name}: sub-rects offset both sides: src {1,1,3,2} → dst {2,0,6,1}`, () => {
      const src = wordSurface(F.A8R8G8B8, 4, 3, Array.from({ length: 12 }, (_, i) => 0x01010101 * i));
      const dst = wordSurface(F.A8R8G8B8, 8, 2, new Array<number>(16).fill(0xdeadbeef));
      run(plan(src, rect(1, 1, 3, 2), dst, rect(2, 0, 6, 1), 1));
      // texels (1,1) = 5 and (2,1) = 6, each twice; outside the rect untouched
      expect(words(dst, rect(0, 0, 8, 1))).toEqual([0xdeadbeef, 0xdeadbeef, 0x05050505, 0x05050505, 0x06060606, 0x06060606, 0xdeadbeef, 0xdeadbeef]);
      expect(words(dst, rect(0, 1, 8, 2))).toEqual(new Array<number>(8).fill(0xdeadbeef));
    });

    it(`${name}: X is written as ones when stretching, alpha reads 1 from X`, () => {
      const src = wordSurface(F.X8R8G8B8, 1, 1, [0x12345678]);
      const x8 = surface(F.X8R8G8B8, 2, 1);
      run(plan(src, null, x8, null, 1));
      expect(words(x8)).toEqual([0xff345678, 0xff345678]);
      const a8 = surface(F.A8R8G8B8, 2, 1);
      run(plan(src, null, a8, null, 1));
      expect(words(a8)).toEqual([0xff345678, 0xff345678]);
      const abgr = surface(F.A8B8G8R8, 2, 1);
      run(plan(src, null, abgr, null, 0));
      expect(words(abgr)).toEqual([0xff785634, 0xff785634]);
    });
  }

  it('the chain takes the word path for 32-bit POINT stretches', () => {
    const src = surface(F.A8R8G8B8, 4, 4), dst = surface(F.X8R8G8B8, 8, 8);
    expect(BLITTERS.find((b) => b.declines(plan(src, null, dst, null, 1)) === undefined)?.name).toBe('point-words');
  });
});
