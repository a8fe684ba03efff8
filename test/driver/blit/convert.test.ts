/**
 * Colour conversion during StretchRect: decode to float RGBA, encode by the
 * destination's rule (FLOAT→UNORM: float32, clamp, ·(2^n − 1), +0.5, truncate);
 * X reads 1 and is written as ones, except in a raw copy (same format, no
 * scaling), which keeps the source's bits. YUY2/UYVY sources decode by
 * Microsoft's integer BT.601 formula (reference G's vectors).
 */
import { describe, expect, it } from 'vitest';
import { referenceBlitter, stretchBlit } from '../../../src/driver/blit/index.js';
import type { StretchPlan } from '../../../src/driver/blit/index.js';
import { F, half, plan, rect, surface, wordSurface, words } from './helpers.js';

const RUNS = [['the chain', stretchBlit], ['the reference', (p: StretchPlan) => referenceBlitter.blit(p)]] as const;

describe('A8R8G8B8 → R5G6B5 (FLOAT→UNORM rounds half up, not truncation)', () => {
  const cases: [number, number, string][] = [
    [0xffff0000, 0xf800, 'red'],
    [0xff00ff00, 0x07e0, 'green'],
    [0xff0000ff, 0x001f, 'blue'],
    [0xff808080, 0x8410, '128: 15.56 + .5 → 16, 31.62 + .5 → 32'],
    [0xff7f7f7f, 0x7bef, '127: 15.44 + .5 → 15, 31.38 + .5 → 31'],
    [0xff040404, 0x0020, '4: 0.49 + .5 → 0, 0.99 + .5 → 1'],
    [0xff050505, 0x0821, '5: 0.61 + .5 → 1, 1.24 + .5 → 1'],
    [0x00ffffff, 0xffff, 'alpha dropped'],
  ];
  for (const [name, run] of RUNS) {
    it(`${name}: known colours`, () => {
      const src = wordSurface(F.A8R8G8B8, cases.length, 1, cases.map((c) => c[0]));
      const dst = surface(F.R5G6B5, cases.length, 1);
      run(plan(src, null, dst, null, 0));
      expect(cases.map((_, x) => half(dst, x, 0))).toEqual(cases.map((c) => c[1]));
    });
  }
});

describe('X channels', () => {
  for (const [name, run] of RUNS) {
    it(`${name}: a raw copy keeps X bits; a stretch or a conversion writes ones`, () => {
      const src = wordSurface(F.X8R8G8B8, 2, 1, [0x12345678, 0x00abcdef]);
      const same = surface(F.X8R8G8B8, 2, 1);
      run(plan(src, null, same, null, 2));
      expect(words(same)).toEqual([0x12345678, 0x00abcdef]);
      const toA = surface(F.A8R8G8B8, 2, 1);
      run(plan(src, null, toA, null, 0));
      expect(words(toA)).toEqual([0xff345678, 0xffabcdef]);
      const stretched = surface(F.X8R8G8B8, 4, 1);
      run(plan(src, null, stretched, null, 1));
      expect(words(stretched)).toEqual([0xff345678, 0xff345678, 0xffabcdef, 0xffabcdef]);
      const fromA = wordSurface(F.A8R8G8B8, 1, 1, [0x12345678]);
      const toX = surface(F.X8R8G8B8, 1, 1);
      run(plan(fromA, null, toX, null, 0));
      expect(words(toX)).toEqual([0xff345678]);
    });
  }
});

/** Reference G's vectors: (Y, U, V) → (R, G, B) by the Microsoft integer formula. */
const VECTORS: [number, number, number, number, number, number][] = [
  [16, 128, 128, 0, 0, 0], [235, 128, 128, 255, 255, 255], [81, 90, 240, 255, 0, 0], [145, 54, 34, 0, 255, 1],
  [41, 240, 110, 0, 0, 255], [128, 128, 128, 130, 130, 130], [0, 0, 0, 0, 135, 0], [255, 255, 255, 255, 125, 255],
];
const xrgb = (r: number, g: number, b: number): number => (0xff000000 | (r << 16) | (g << 8) | b) >>> 0;

function yuvSurface(format: number, macro: (y0: number, u: number, y1: number, v: number) => number[]): ReturnType<typeof surface> {
  const s = surface(format, 2 * VECTORS.length, 1);
  VECTORS.forEach(([y, u, v], i) => s.data.set(macro(y, u, y, v), 4 * i));
  return s;
}

describe('YUV sources (reference G)', () => {
  const expected = VECTORS.flatMap(([, , , r, g, b]) => [xrgb(r, g, b), xrgb(r, g, b)]);
  for (const [name, run] of RUNS) {
    it(`${name}: YUY2 (Y0 U Y1 V) → X8R8G8B8, the eight vectors`, () => {
      const src = yuvSurface(F.YUY2, (y0, u, y1, v) => [y0, u, y1, v]);
      const dst = surface(F.X8R8G8B8, src.width, 1);
      run(plan(src, null, dst, null, 0));
      expect(words(dst)).toEqual(expected);
    });

    it(`${name}: UYVY (U Y0 V Y1) → A8R8G8B8, the eight vectors`, () => {
      const src = yuvSurface(F.UYVY, (y0, u, y1, v) => [u, y0, v, y1]);
      const dst = surface(F.A8R8G8B8, src.width, 1);
      run(plan(src, null, dst, null, 1));
      expect(words(dst)).toEqual(expected);
    });

    it(`${name}: each pixel of a pair has its own Y; odd rects and stretching work per pixel`, () => {
      // one macro-pixel: Y0 = 16 (black), Y1 = 235 (white), neutral chroma
      const src = surface(F.YUY2, 2, 1);
      src.data.set([16, 128, 235, 128]);
      const dst = surface(F.X8R8G8B8, 4, 1);
      run(plan(src, null, dst, null, 1));
      expect(words(dst)).toEqual([0xff000000, 0xff000000, 0xffffffff, 0xffffffff]);
      const one = surface(F.X8R8G8B8, 3, 1);
      run(plan(src, rect(1, 0, 2, 1), one, null, 0));
      expect(words(one)).toEqual([0xffffffff, 0xffffffff, 0xffffffff]);
      const lin = surface(F.X8R8G8B8, 4, 1);
      run(plan(src, null, lin, null, 2));
      // f = 0.25, 0.75 of black → white: 63.75 → 64, 191.25 → 191
      expect(words(lin)).toEqual([0xff000000, 0xff404040, 0xffbfbfbf, 0xffffffff]);
    });
  }
});
