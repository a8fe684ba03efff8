/**
 * The depth test and write (reference A.3, A.4, B.2, B.3, C.5): `new ZFUNC old`
 * on the fragment depth (z + bias, clamped to [0, 1]) quantised to the buffer's
 * format — UNORM by ·(2^n − 1) +0.5 truncate, D32F as float32, D24FS8 as 20e4 —
 * ZWRITEENABLE, depth bias, and every depth format keeping its stencil and X bits.
 * Chosen and generic paths. Exact equality.
 */
import { describe, expect, it } from 'vitest';
import { D3DCMP, D3DTOP, D3DTSS, D3DZB } from '../../../src/d3d9/index.js';
import { GENERIC_PATHS, choosePixelPaths, createPixelPipeline } from '../../../src/driver/raster/pixel/index.js';
import type { SurfaceView } from '../../../src/driver/surface-view.js';
import { F, fakeSampler, fillWord, fragment, state, surface, word } from './helpers.js';
import type { FragmentInit, StateInit } from './helpers.js';

const PATHS = ['chosen', 'generic'] as const;
const CMP = D3DCMP;
const noTexture = { 0: { [D3DTSS.COLOROP]: D3DTOP.DISABLE } };

function draw(format: number, stored: number, rs: StateInit['rs'], which: (typeof PATHS)[number], frag: FragmentInit = {}): { ds: SurfaceView; rt: SurfaceView } {
  const ds = surface(format, 1, 1);
  fillWord(ds, stored);
  const rt = surface(F.A8R8G8B8, 1, 1);
  const st = state({ rt, ds, stages: noTexture, rs: { ZENABLE: D3DZB.TRUE, ...rs } });
  createPixelPipeline(st, fakeSampler(), which === 'generic' ? GENERIC_PATHS : choosePixelPaths(st))(fragment(frag));
  return { ds, rt };
}

/** Each format with its stored word for depth 0.5 (stencil/X bits set where it has them) and for 0.25. */
const FORMATS: [string, number, number, number][] = [
  // D16: 0.5·65535 + 0.5 = 32768; 0.25 → 16384
  ['D16', F.D16, 0x8000, 0x4000],
  // D24S8: 0.5·(2^24 − 1) + 0.5 → 0x800000; stencil 0x5A kept
  ['D24S8', F.D24S8, 0x8000005a, 0x4000005a],
  // float32 0.5 = 0x3F000000, 0.25 = 0x3E800000
  ['D32F_LOCKABLE', F.D32F_LOCKABLE, 0x3f000000, 0x3e800000],
  // 20e4 (A.4): 0.5 → 0xE00000, 0.25 → 0xD00000; stencil 0x5A kept
  ['D24FS8', F.D24FS8, 0xe000005a, 0xd000005a],
];

describe('ZFUNC on each depth format (stored 0.5; fragments at 0.25, 0.5, 0.75)', () => {
  const table: [string, number, boolean[]][] = [
    ['NEVER', CMP.NEVER, [false, false, false]],
    ['LESS', CMP.LESS, [true, false, false]],
    ['EQUAL', CMP.EQUAL, [false, true, false]],
    ['LESSEQUAL', CMP.LESSEQUAL, [true, true, false]],
    ['GREATER', CMP.GREATER, [false, false, true]],
    ['NOTEQUAL', CMP.NOTEQUAL, [true, false, true]],
    ['GREATEREQUAL', CMP.GREATEREQUAL, [false, true, true]],
    ['ALWAYS', CMP.ALWAYS, [true, true, true]],
  ];
  for (const which of PATHS) {
    for (const [fname, format, half] of FORMATS) {
      for (const [name, func, want] of table) {
        it(`${fname} ${name}, ${which}`, () => {
          const got = [0.25, 0.5, 0.75].map((z) => word(draw(format, half, { ZFUNC: func, ZWRITEENABLE: 0 }, which, { z }).rt) === 0xffffffff);
          expect(got).toEqual(want);
        });
      }
    }
  }
});

describe('depth writes', () => {
  for (const which of PATHS) {
    for (const [fname, format, half, quarter] of FORMATS) {
      it(`${fname}: a passing fragment at 0.25 writes its quantised depth, ${which}`, () => {
        expect(word(draw(format, half, { ZFUNC: CMP.LESS }, which, { z: 0.25 }).ds)).toBe(quarter);
      });
      it(`${fname}: ZWRITEENABLE FALSE tests but does not write, ${which}`, () => {
        const { ds, rt } = draw(format, half, { ZFUNC: CMP.LESS, ZWRITEENABLE: 0 }, which, { z: 0.25 });
        expect([word(ds), word(rt)]).toEqual([half, 0xffffffff]);
      });
      it(`${fname}: a failing fragment writes neither depth nor colour, ${which}`, () => {
        const { ds, rt } = draw(format, half, { ZFUNC: CMP.LESS }, which, { z: 0.75 });
        expect([word(ds), word(rt)]).toEqual([half, 0]);
      });
    }
    it(`ZENABLE FALSE neither tests nor writes, ${which}`, () => {
      const { ds, rt } = draw(F.D24S8, 0, { ZENABLE: D3DZB.FALSE, ZFUNC: CMP.NEVER }, which, { z: 0.25 });
      expect([word(ds), word(rt)]).toEqual([0, 0xffffffff]);
    });
    it(`ZENABLE USEW tests z like TRUE (no W-buffer), ${which}`, () => {
      const { ds } = draw(F.D24S8, 0x80000000, { ZENABLE: D3DZB.USEW, ZFUNC: CMP.LESS }, which, { z: 0.25 });
      expect(word(ds)).toBe(0x40000000);
    });
    it(`no depth surface: the draw writes colour, ${which}`, () => {
      const rt = surface(F.A8R8G8B8, 1, 1);
      const st = state({ rt, ds: null, stages: noTexture, rs: { ZENABLE: 1, ZFUNC: CMP.NEVER } });
      createPixelPipeline(st, fakeSampler(), which === 'generic' ? GENERIC_PATHS : choosePixelPaths(st))(fragment());
      expect(word(rt)).toBe(0xffffffff);
    });
    it(`S8_LOCKABLE has no depth: ZENABLE passes, stencil bits untouched, ${which}`, () => {
      const { ds, rt } = draw(F.S8_LOCKABLE, 0x33, { ZFUNC: CMP.NEVER }, which);
      expect([word(ds), word(rt)]).toEqual([0x33, 0xffffffff]);
    });
  }
});

describe('depth bias and clamping', () => {
  for (const which of PATHS) {
    it(`the bias is added before the test: 0.5 + 0.25 fails LESS against 0.6, ${which}`, () => {
      // D16 0.6 → 39321
      expect(word(draw(F.D16, 39321, { ZFUNC: CMP.LESS }, which, { z: 0.5, bias: 0.25 }).rt)).toBe(0);
      expect(word(draw(F.D16, 39321, { ZFUNC: CMP.LESS }, which, { z: 0.5, bias: 0 }).rt)).toBe(0xffffffff);
    });
    it(`the bias is added before the write: 0.5 − 0.25 writes 0.25, ${which}`, () => {
      expect(word(draw(F.D16, 0xffff, { ZFUNC: CMP.LESS }, which, { z: 0.5, bias: -0.25 }).ds)).toBe(0x4000);
    });
    it(`z + bias clamps to 1 and to 0, ${which}`, () => {
      expect(word(draw(F.D16, 0, { ZFUNC: CMP.ALWAYS }, which, { z: 0.9, bias: 0.5 }).ds)).toBe(0xffff);
      expect(word(draw(F.D24S8, 0xffffffff, { ZFUNC: CMP.ALWAYS }, which, { z: 0.1, bias: -0.5 }).ds)).toBe(0x000000ff);
    });
  }
});

describe('every depth format writes only its depth bits', () => {
  // ZFUNC ALWAYS over all-ones words; a fragment at depth 0.25
  const table: [string, number, number][] = [
    ['D16_LOCKABLE', F.D16_LOCKABLE, 0x4000],
    ['D16', F.D16, 0x4000],
    // 0.25·(2^32 − 1) + 0.5 = 2^30 exactly
    ['D32', F.D32, 0x40000000],
    ['D32_LOCKABLE', F.D32_LOCKABLE, 0x40000000],
    // 15 bits: 0.25·32767 + 0.5 → 8192, in bits 15:1; stencil bit 0 kept
    ['D15S1', F.D15S1, (8192 << 1) | 1],
    ['D24S8', F.D24S8, 0x400000ff],
    ['D24X8', F.D24X8, 0x400000ff],
    ['D24X4S4', F.D24X4S4, 0x400000ff],
    ['D32F_LOCKABLE', F.D32F_LOCKABLE, 0x3e800000],
    ['D24FS8', F.D24FS8, 0xd00000ff],
    ['INTZ', F.INTZ, 0x400000ff],
  ];
  for (const which of PATHS) {
    for (const [name, format, want] of table) {
      it(`${name}, ${which}`, () => {
        const ones = 2 ** (8 * surface(format, 1, 1).format.blockBytes) - 1;
        expect(word(draw(format, ones, { ZFUNC: CMP.ALWAYS }, which, { z: 0.25 }).ds)).toBe(want);
      });
    }
  }

  it('D32 quantises on the exact product: (0.5 + 2^-24)·(2^32 − 1) = 2^31 + 255.5 − 2^-24 → 2^31 + 255', () => {
    expect(word(draw(F.D32, 0, { ZFUNC: CMP.ALWAYS }, 'generic', { z: 0.5 + 2 ** -24 }).ds)).toBe(2 ** 31 + 255);
  });
});
