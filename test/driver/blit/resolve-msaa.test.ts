/**
 * Multisampled StretchRect: a multisampled source is resolved first, per texel,
 * to the float64 mean of its samples' decoded values (box average), and that
 * unrounded mean is what POINT picks or LINEAR weighs; the result is encoded
 * once. Every sample of a multisampled destination receives the pixel.
 */
import { describe, expect, it } from 'vitest';
import { referenceBlitter, stretchBlit } from '../../../src/driver/blit/index.js';
import type { StretchPlan } from '../../../src/driver/blit/index.js';
import { F, half, plan, surface, wordSurface, words } from './helpers.js';

const RUNS = [['the chain', stretchBlit], ['the reference', (p: StretchPlan) => referenceBlitter.blit(p)]] as const;

describe('resolve (2 samples, box average)', () => {
  for (const [name, run] of RUNS) {
    it(`${name}: same size: (0 + 255)/2 → 128 (half up), (0 + 254)/2 → 127`, () => {
      const src = wordSurface(F.A8R8G8B8, 2, 1, [], 2, [[0xff000000, 0x00000000], [0x01ffffff, 0xfefefefe]]);
      const dst = surface(F.A8R8G8B8, 2, 1);
      run(plan(src, null, dst, null, 0));
      // alpha of texel 0: (255 + 1)/2 = 128 exactly
      expect(words(dst)).toEqual([0x80808080, 0x7f7f7f7f]);
    });

    it(`${name}: POINT 2×1 → 4×2 repeats the resolved texels`, () => {
      const src = wordSurface(F.X8R8G8B8, 2, 1, [], 2, [[0xff000000, 0xff00ff00], [0xffff0000, 0xff00ff00]]);
      const dst = surface(F.X8R8G8B8, 4, 2);
      run(plan(src, null, dst, null, 1));
      const row = [0xff800000, 0xff800000, 0xff00ff00, 0xff00ff00];
      expect(words(dst)).toEqual([...row, ...row]);
    });

    it(`${name}: LINEAR 2×1 → 4×1 weighs the unrounded mean (0.5 not 128/255)`, () => {
      // R of texel 0: samples 0 and 255 → 0.5; texel 1: 255 twice → 1
      const src = wordSurface(F.A8R8G8B8, 2, 1, [], 2, [[0xff000000, 0xffff0000], [0xffff0000, 0xffff0000]]);
      const dst = surface(F.A8R8G8B8, 4, 1);
      run(plan(src, null, dst, null, 2));
      // d1: 0.5·0.75 + 0.25 = 0.625 → 159.375 + 0.5 → 159 (from the encoded 128 it would be 159.75 + 0.5 → 160)
      // d2: 0.5·0.25 + 0.75 = 0.875 → 223.125 + 0.5 → 223
      expect(words(dst)).toEqual([0xff800000, 0xff9f0000, 0xffdf0000, 0xffff0000]);
    });

    it(`${name}: resolve into R5G6B5 (format conversion during the resolve)`, () => {
      const src = wordSurface(F.A8R8G8B8, 1, 1, [], 2, [[0xff000000], [0xffffffff]]);
      const dst = surface(F.R5G6B5, 1, 1);
      run(plan(src, null, dst, null, 0));
      // 0.5·31 + 0.5 = 16, 0.5·63 + 0.5 = 32 → 16<<11 | 32<<5 | 16
      expect(half(dst, 0, 0)).toBe(0x8410);
    });
  }
});

describe('multisampled destination: every sample written', () => {
  for (const [name, run] of RUNS) {
    it(`${name}: POINT, LINEAR and a conversion into 4 samples`, () => {
      const src = wordSurface(F.A8R8G8B8, 2, 1, [0xff000000, 0x80ff8040]);
      for (const [filter, format, expected] of [
        [1, F.A8R8G8B8, [0xff000000, 0xff000000, 0x80ff8040, 0x80ff8040]],
        [2, F.A8R8G8B8, [0xff000000, 0xdf402010, 0xa0bf6030, 0x80ff8040]],
        [2, F.X8R8G8B8, [0xff000000, 0xff402010, 0xffbf6030, 0xffff8040]],
      ] as const) {
        const dst = surface(format, 4, 1, 4);
        run(plan(src, null, dst, null, filter));
        for (let k = 0; k < 4; k++) expect(words(dst, undefined, k)).toEqual(expected);
      }
    });

    it(`${name}: a same-format same-size copy puts the source bits (X included) in every sample`, () => {
      const src = wordSurface(F.X8R8G8B8, 2, 1, [0x12345678, 0x9abcdef0]);
      const dst = surface(F.X8R8G8B8, 2, 1, 4);
      run(plan(src, null, dst, null, 2));
      for (let k = 0; k < 4; k++) expect(words(dst, undefined, k)).toEqual([0x12345678, 0x9abcdef0]);
    });

    it(`${name}: equal sample counts, same format and size: each sample copied to its own`, () => {
      const src = wordSurface(F.A8R8G8B8, 1, 1, [], 2, [[0x11111111], [0x22222222]]);
      const dst = surface(F.A8R8G8B8, 1, 1, 2);
      run(plan(src, null, dst, null, 0));
      expect([words(dst, undefined, 0), words(dst, undefined, 1)]).toEqual([[0x11111111], [0x22222222]]);
    });
  }
});
