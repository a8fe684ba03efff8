/**
 * Stencil (reference B.1, B.2; "Stencil Buffer Techniques"; seed 002 two-sided
 * stencil): every D3DSTENCILOP on each outcome, every compare func with the
 * reference as left operand, write masks, the 8-, 4- and 1-bit widths, and two-
 * sided mode per face. Stored words are checked whole: depth and X bits keep.
 * Every case runs on the chosen and the generic path. Exact equality.
 */
import { describe, expect, it } from 'vitest';
import { D3DCMP, D3DSTENCILOP, D3DTOP, D3DTSS } from '../../../src/d3d9/index.js';
import { GENERIC_PATHS, choosePixelPaths, createPixelPipeline } from '../../../src/driver/raster/pixel/index.js';
import type { SurfaceView } from '../../../src/driver/surface-view.js';
import { F, fakeSampler, fillWord, fragment, state, surface, word } from './helpers.js';
import type { FragmentInit, StateInit } from './helpers.js';

const PATHS = ['chosen', 'generic'] as const;
const OP = D3DSTENCILOP;
const CMP = D3DCMP;
const noTexture = { 0: { [D3DTSS.COLOROP]: D3DTOP.DISABLE } };

interface Drawn { ds: SurfaceView; rt: SurfaceView }

/** Draws one fragment (depth 0.5) over a 1×1 depth-stencil surface holding `stored`. */
function draw(format: number, stored: number, rs: StateInit['rs'], which: (typeof PATHS)[number], frag: FragmentInit = {}): Drawn {
  const ds = surface(format, 1, 1);
  fillWord(ds, stored);
  const rt = surface(F.A8R8G8B8, 1, 1);
  const st = state({ rt, ds, stages: noTexture, rs: { ZENABLE: 0, STENCILENABLE: 1, ...rs } });
  const paths = which === 'generic' ? GENERIC_PATHS : choosePixelPaths(st);
  createPixelPipeline(st, fakeSampler(), paths)(fragment({ diffuse: [1, 1, 1, 1], ...frag }));
  return { ds, rt };
}

/** Stencil ops on an 8-bit stencil with ref 0x42: [op, old, new]. */
const OPS8: [string, number, number, number][] = [
  ['KEEP', OP.KEEP, 0x7f, 0x7f],
  ['ZERO', OP.ZERO, 0x7f, 0x00],
  ['REPLACE writes the reference', OP.REPLACE, 0x7f, 0x42],
  ['INCRSAT adds 1', OP.INCRSAT, 0x7f, 0x80],
  ['INCRSAT saturates at 255', OP.INCRSAT, 0xff, 0xff],
  ['DECRSAT subtracts 1', OP.DECRSAT, 0x7f, 0x7e],
  ['DECRSAT saturates at 0', OP.DECRSAT, 0x00, 0x00],
  ['INVERT flips the bits', OP.INVERT, 0x7f, 0x80],
  ['INCR adds 1', OP.INCR, 0x7f, 0x80],
  ['INCR wraps 255 → 0', OP.INCR, 0xff, 0x00],
  ['DECR subtracts 1', OP.DECR, 0x7f, 0x7e],
  ['DECR wraps 0 → 255', OP.DECR, 0x00, 0xff],
];

describe('stencil ops on D24S8, for each outcome', () => {
  const DEPTH = 0x800000; // 0.5: equal to the fragment's depth
  for (const which of PATHS) {
    for (const [name, op, old, want] of OPS8) {
      it(`STENCILPASS ${name}, ${which}`, () => {
        const { ds, rt } = draw(F.D24S8, DEPTH * 256 + old, { STENCILREF: 0x42, STENCILPASS: op }, which);
        expect(word(ds)).toBe(DEPTH * 256 + want);
        expect(word(rt)).toBe(0xffffffff);
      });
      it(`STENCILFAIL ${name} (func NEVER), ${which}`, () => {
        const { ds, rt } = draw(F.D24S8, DEPTH * 256 + old, { STENCILREF: 0x42, STENCILFUNC: CMP.NEVER, STENCILFAIL: op, STENCILPASS: OP.ZERO }, which);
        expect(word(ds)).toBe(DEPTH * 256 + want);
        expect(word(rt)).toBe(0);
      });
      it(`STENCILZFAIL ${name} (ZFUNC NEVER), ${which}`, () => {
        const rs = { ZENABLE: 1, ZFUNC: CMP.NEVER, STENCILREF: 0x42, STENCILZFAIL: op, STENCILPASS: OP.ZERO, STENCILFAIL: OP.ZERO };
        const { ds, rt } = draw(F.D24S8, DEPTH * 256 + old, rs, which);
        expect(word(ds)).toBe(DEPTH * 256 + want);
        expect(word(rt)).toBe(0);
      });
    }

    it(`a stencil failure skips the depth test and the depth write, ${which}`, () => {
      const rs = { ZENABLE: 1, ZFUNC: CMP.ALWAYS, STENCILFUNC: CMP.NEVER, STENCILFAIL: OP.KEEP, STENCILZFAIL: OP.ZERO };
      const { ds } = draw(F.D24S8, 0x12345677, rs, which, { z: 0.25 });
      expect(word(ds)).toBe(0x12345677);
    });

    it(`both tests passing applies STENCILPASS and writes depth, ${which}`, () => {
      const rs = { ZENABLE: 1, ZFUNC: CMP.ALWAYS, STENCILPASS: OP.INCR, STENCILZFAIL: OP.ZERO, STENCILFAIL: OP.ZERO };
      const { ds } = draw(F.D24S8, 0x12345677, rs, which, { z: 0.25 });
      expect(word(ds)).toBe(0x40000078);
    });

    it(`STENCILWRITEMASK: (old & ~mask) | (new & mask), ${which}`, () => {
      const { ds } = draw(F.D24S8, DEPTH * 256 + 0xf0, { STENCILREF: 0x0f, STENCILPASS: OP.REPLACE, STENCILWRITEMASK: 0x3c }, which);
      expect(word(ds) & 0xff).toBe(0xcc);
    });

    it(`STENCILREF above 8 bits is truncated: REPLACE with 0x142 writes 0x42, ${which}`, () => {
      const { ds } = draw(F.D24S8, DEPTH * 256, { STENCILREF: 0x142, STENCILPASS: OP.REPLACE }, which);
      expect(word(ds) & 0xff).toBe(0x42);
    });
  }
});

describe('stencil compare funcs: (ref & mask) FUNC (stencil & mask), ref on the left', () => {
  // ref 0x42 & mask 0xF0 = 0x40 against stored 0x3F, 0x4F, 0x51 (masked 0x30, 0x40, 0x50)
  const STORED = [0x3f, 0x4f, 0x51];
  const table: [string, number, boolean[]][] = [
    ['NEVER', CMP.NEVER, [false, false, false]],
    ['LESS', CMP.LESS, [false, false, true]],
    ['EQUAL', CMP.EQUAL, [false, true, false]],
    ['LESSEQUAL', CMP.LESSEQUAL, [false, true, true]],
    ['GREATER', CMP.GREATER, [true, false, false]],
    ['NOTEQUAL', CMP.NOTEQUAL, [true, false, true]],
    ['GREATEREQUAL', CMP.GREATEREQUAL, [true, true, false]],
    ['ALWAYS', CMP.ALWAYS, [true, true, true]],
  ];
  for (const which of PATHS) {
    for (const [name, func, want] of table) {
      it(`${name}, ${which}`, () => {
        const got = STORED.map((s) => {
          const { ds, rt } = draw(F.D24S8, s, { STENCILREF: 0x42, STENCILMASK: 0xf0, STENCILFUNC: func, STENCILPASS: OP.ZERO, STENCILFAIL: OP.KEEP }, which);
          const passed = word(rt) === 0xffffffff;
          expect(word(ds) & 0xff).toBe(passed ? 0 : s);
          return passed;
        });
        expect(got).toEqual(want);
      });
    }
  }
});

describe('narrow stencils', () => {
  // D24X4S4: stencil bits 3:0, X bits 7:4 kept; ref 0x1A → 0xA
  const OPS4: [string, number, number, number][] = [
    ['REPLACE writes the reference truncated to 4 bits', OP.REPLACE, 0x3, 0xa],
    ['INCRSAT saturates at 15', OP.INCRSAT, 0xf, 0xf],
    ['DECRSAT saturates at 0', OP.DECRSAT, 0x0, 0x0],
    ['INVERT flips 4 bits', OP.INVERT, 0x3, 0xc],
    ['INCR wraps 15 → 0', OP.INCR, 0xf, 0x0],
    ['DECR wraps 0 → 15', OP.DECR, 0x0, 0xf],
    ['ZERO', OP.ZERO, 0x7, 0x0],
    ['KEEP', OP.KEEP, 0x7, 0x7],
  ];
  // D15S1: stencil bit 0, depth bits 15:1; ref 3 → 1
  const OPS1: [string, number, number, number][] = [
    ['REPLACE writes the reference truncated to 1 bit', OP.REPLACE, 0, 1],
    ['INCRSAT saturates at 1', OP.INCRSAT, 1, 1],
    ['DECRSAT saturates at 0', OP.DECRSAT, 0, 0],
    ['INVERT flips the bit', OP.INVERT, 1, 0],
    ['INCR wraps 1 → 0', OP.INCR, 1, 0],
    ['DECR wraps 0 → 1', OP.DECR, 0, 1],
    ['ZERO', OP.ZERO, 1, 0],
    ['KEEP', OP.KEEP, 1, 1],
  ];
  for (const which of PATHS) {
    for (const [name, op, old, want] of OPS4) {
      it(`D24X4S4 ${name}; X bits keep, ${which}`, () => {
        const { ds } = draw(F.D24X4S4, 0xabcdef50 + old, { STENCILREF: 0x1a, STENCILPASS: op }, which);
        expect(word(ds)).toBe(0xabcdef50 + want);
      });
    }
    for (const [name, op, old, want] of OPS1) {
      it(`D15S1 ${name}; depth bits keep, ${which}`, () => {
        const { ds } = draw(F.D15S1, 0xaaaa + old - (0xaaaa & 1), { STENCILREF: 3, STENCILPASS: op }, which);
        expect(word(ds)).toBe(0xaaaa + want);
      });
    }
    it(`D15S1 compares the truncated reference: ref 2 EQUAL stencil 0 passes, ${which}`, () => {
      const { rt } = draw(F.D15S1, 0xaaaa, { STENCILREF: 2, STENCILFUNC: CMP.EQUAL }, which);
      expect(word(rt)).toBe(0xffffffff);
    });
    it(`D24X4S4 compares the 4 stencil bits only: ref 5 EQUAL stored 0xF5 passes, ${which}`, () => {
      const { rt } = draw(F.D24X4S4, 0xf5, { STENCILREF: 5, STENCILFUNC: CMP.EQUAL }, which);
      expect(word(rt)).toBe(0xffffffff);
    });
    it(`a format without stencil bits ignores STENCILENABLE, ${which}`, () => {
      const { ds, rt } = draw(F.D24X8, 0x800000ff, { STENCILFUNC: CMP.NEVER, STENCILFAIL: OP.ZERO }, which);
      expect([word(ds), word(rt)]).toEqual([0x800000ff, 0xffffffff]);
    });
  }
});

describe('two-sided stencil (seed 002)', () => {
  const TWO_SIDED = {
    TWOSIDEDSTENCILMODE: 1, STENCILPASS: OP.INCR, CCW_STENCILPASS: OP.DECR,
    STENCILFUNC: CMP.ALWAYS, CCW_STENCILFUNC: CMP.ALWAYS,
  };
  const faces: [string, FragmentInit, number][] = [
    ['a front (clockwise) triangle uses STENCILPASS', { triangle: true, front: true }, 0x11],
    ['a back (counter-clockwise) triangle uses CCW_STENCILPASS', { triangle: true, front: false }, 0x0f],
    ['a line uses the normal states', { triangle: false, front: true }, 0x11],
    ['a line marked back-facing still uses the normal states', { triangle: false, front: false }, 0x11],
  ];
  for (const which of PATHS) {
    for (const [name, frag, want] of faces) {
      it(`${name}, ${which}`, () => expect(word(draw(F.D24S8, 0x10, TWO_SIDED, which, frag).ds) & 0xff).toBe(want));
    }
    it(`with TWOSIDEDSTENCILMODE FALSE a back triangle uses the normal states, ${which}`, () => {
      expect(word(draw(F.D24S8, 0x10, { ...TWO_SIDED, TWOSIDEDSTENCILMODE: 0 }, which, { front: false }).ds) & 0xff).toBe(0x11);
    });
    it(`CCW_STENCILFUNC and CCW_STENCILFAIL apply to back faces only, ${which}`, () => {
      const rs = { TWOSIDEDSTENCILMODE: 1, STENCILREF: 0x42, STENCILFUNC: CMP.ALWAYS, CCW_STENCILFUNC: CMP.NEVER, CCW_STENCILFAIL: OP.REPLACE };
      const back = draw(F.D24S8, 0x10, rs, which, { front: false });
      const front = draw(F.D24S8, 0x10, rs, which, { front: true });
      expect([word(back.ds) & 0xff, word(back.rt), word(front.ds) & 0xff, word(front.rt)]).toEqual([0x42, 0, 0x10, 0xffffffff]);
    });
    it(`CCW_STENCILZFAIL applies to back faces that fail the depth test (z-fail shadow volumes), ${which}`, () => {
      // depth-fail: front faces decrement, back faces increment; stored depth 0.25, fragments at 0.5 with LESS
      const rs = { ...TWO_SIDED, ZENABLE: 1, ZFUNC: CMP.LESS, STENCILZFAIL: OP.DECR, CCW_STENCILZFAIL: OP.INCR };
      const stored = 0x400000 * 256 + 0x10;
      expect(word(draw(F.D24S8, stored, rs, which, { front: false }).ds) & 0xff).toBe(0x11);
      expect(word(draw(F.D24S8, stored, rs, which, { front: true }).ds) & 0xff).toBe(0x0f);
    });
    it(`ref and masks are shared: REPLACE on a back face writes STENCILREF through STENCILWRITEMASK, ${which}`, () => {
      const rs = { TWOSIDEDSTENCILMODE: 1, STENCILREF: 0xff, STENCILWRITEMASK: 0x0f, CCW_STENCILPASS: OP.REPLACE };
      expect(word(draw(F.D24S8, 0x10, rs, which, { front: false }).ds) & 0xff).toBe(0x1f);
    });
    it(`one pass of a closed volume (front then back face over a pixel) leaves the count unchanged, ${which}`, () => {
      const ds = surface(F.D24S8, 1, 1);
      fillWord(ds, 0x10);
      const st = state({ rt: null, ds, stages: noTexture, rs: { ZENABLE: 0, STENCILENABLE: 1, ...TWO_SIDED } });
      const run = createPixelPipeline(st, fakeSampler(), which === 'generic' ? GENERIC_PATHS : choosePixelPaths(st));
      run(fragment({ front: true }));
      expect(word(ds) & 0xff).toBe(0x11);
      run(fragment({ front: false }));
      expect(word(ds) & 0xff).toBe(0x10);
    });
  }
});
