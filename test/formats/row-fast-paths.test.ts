/**
 * The word-view fast paths of the row converters (aligned rows read as 16/32-bit words, RGBA8
 * written a word a pixel) give the generic path's bytes for seeded rows at every alignment of
 * the source and the output, odd widths, and buffers that change between calls.
 */
import { describe, expect, it } from 'vitest';
import { D3DFMT } from '../../src/d3d9/index.js';
import {
  allFormats, chooseRowToFloat, chooseRowToRGBA8, chooseRowToUnits, genericRowToFloat, genericRowToRGBA8,
} from '../../src/formats/index.js';
import type { FormatInfo } from '../../src/formats/index.js';
import { unorm8 } from '../../src/formats/rows.js';
import { isUnorm1010102, isXrBiasPlan, tableRow32, unorm1010102Row, unorm8PlanKind, unorm8WordsToFloat, unorm8xWordsToFloat, wordTables, words32ToFloat, xrBiasWordsToFloat } from '../../src/formats/word-rows.js';
import { prng } from '../helpers.js';

const ROWS = allFormats().filter((f) => f.blockW === 1 && f.blockH === 1 && f.kind !== 'buffer');
const bytesOf = (a: Float32Array): Uint8Array => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/** A row of `width` seeded pixels at byte `at` of a view that itself starts `shift` bytes into its buffer. */
function row(f: FormatInfo, seed: number, width: number, shift: number, at: number): Uint8Array {
  const r = prng(seed);
  const buf = new Uint8Array(shift + at + width * f.blockBytes + 5);
  for (let i = 0; i < buf.length; i++) buf[i] = Math.floor(r() * 256);
  return buf.subarray(shift);
}

describe('row converters: word-view fast paths equal the generic path', () => {
  for (const f of ROWS) {
    it(f.name, () => {
      for (const srgb of [false, true]) {
        const fastRGBA8 = chooseRowToRGBA8(f, { srgb });
        const slowRGBA8 = genericRowToRGBA8(f, { srgb });
        const fastFloat = chooseRowToFloat(f, { srgb });
        const slowFloat = genericRowToFloat(f, { srgb });
        let seed = f.id * 31 + (srgb ? 1 : 0);
        for (const width of [0, 1, 37]) {
          for (const shift of [0, 1, 2, 3]) {
            // shift + at takes every residue mod 4
            for (const at of [0, 2]) {
              const src = row(f, seed++, width, shift, at);
              for (const outShift of [0, 1]) {
                const a = new Uint8Array(outShift + width * 4 + 8).subarray(outShift);
                const b = new Uint8Array(outShift + width * 4 + 8).subarray(outShift);
                fastRGBA8(src, at, width, a, 4);
                slowRGBA8(src, at, width, b, 4);
                expect([...a], `${f.name} srgb ${srgb} width ${width} shift ${shift} at ${at} out ${outShift}`).toEqual([...b]);
              }
              const af = new Float32Array(width * 4 + 8);
              const bf = new Float32Array(width * 4 + 8);
              fastFloat(src, at, width, af, 4);
              slowFloat(src, at, width, bf, 4);
              expect(Buffer.from(bytesOf(af)).equals(Buffer.from(bytesOf(bf))), `${f.name} float srgb ${srgb} width ${width} shift ${shift} at ${at}`).toBe(true);
            }
          }
        }
      }
    });
  }
});

describe('texture rows in filter units: the aligned word path equals the byte path', () => {
  for (const f of ROWS.filter((g) => g.blockBytes === 2 || g.blockBytes === 4)) {
    it(f.name, () => {
      const { row: units } = chooseRowToUnits(f);
      const width = 29;
      const src = row(f, f.id, width, 0, 0);
      // the same bytes one byte later in another buffer: that row is unaligned and takes the byte loop
      const shifted = new Uint8Array(src.length + 1);
      shifted.set(src, 1);
      const a = new Float32Array(width * 4);
      const b = new Float32Array(width * 4);
      units(src, 0, width, a, 0);
      units(shifted, 1, width, b, 0);
      expect(Buffer.from(bytesOf(a)).equals(Buffer.from(bytesOf(b)))).toBe(true);
      // back to the first buffer: the views follow the buffer
      const c = new Float32Array(width * 4);
      units(src, 0, width, c, 0);
      expect(Buffer.from(bytesOf(c)).equals(Buffer.from(bytesOf(a)))).toBe(true);
    });
  }
});

describe('float32 texels read every NaN as the one quiet NaN 0x7FC00000', () => {
  // signalling and payload-carrying NaNs: read through a typed array their bits would depend on the engine's tier
  const nans = [0x7f800001, 0x7fbfffff, 0xff800001, 0x7fc00001, 0xffffffff, 0x7fc00000];
  for (const id of [D3DFMT.R32F, D3DFMT.G32R32F, D3DFMT.A32B32G32R32F]) {
    const f = allFormats().find((g) => g.id === id)!;
    it(f.name, () => {
      const comps = f.channels.length;
      const words = Uint32Array.from({ length: nans.length * comps }, (_, i) => nans[i % nans.length]);
      const src = new Uint8Array(words.buffer);
      const width = nans.length;
      for (const decode of [chooseRowToFloat(f), genericRowToFloat(f)]) {
        const out = new Float32Array(width * 4);
        decode(src, 0, width, out, 0);
        const bits = new Uint32Array(out.buffer);
        for (let x = 0; x < width; x++) {
          for (let k = 0; k < 4; k++) expect(bits[x * 4 + k].toString(16)).toBe(k < comps ? '7fc00000' : '3f800000');
        }
      }
    });
  }
});

describe('10:10:10:2 UNORM rows: the constant-table loop equals the four-table loop', () => {
  const ten = Array.from({ length: 1024 }, (_, c) => unorm8(c / 1023));
  const two = Array.from({ length: 4 }, (_, a) => unorm8(a / 3));
  for (const [name, shifts] of [['A2R10G10B10', [20, 10, 0, 30]], ['A2B10G10R10', [0, 10, 20, 30]]] as const) {
    it(name, () => {
      const t = wordTables(shifts, [1023, 1023, 1023, 3], [ten, ten, ten, two]);
      expect(isUnorm1010102(t)).toBe(true);
      const r = prng(shifts[0] + 1);
      const src = Uint32Array.from({ length: 257 }, () => Math.floor(r() * 2 ** 32));
      const a = new Uint32Array(260);
      const b = new Uint32Array(260);
      unorm1010102Row(t, src, 1, 255, a, 2);
      tableRow32(t, src, 1, 255, b, 2);
      expect([...a]).toEqual([...b]);
    });
  }
  it('other layouts keep the four-table loop', () => {
    const ten = Array.from({ length: 1024 }, (_, c) => c >> 2);
    expect(isUnorm1010102(wordTables([20, 10, 0, 30], [1023, 1023, 1023, 3], [ten, ten, ten, [0, 85, 170, 255]]))).toBe(false);
  });
});

describe('XR_BIAS rows: the constant-table loop equals the plan-table loop', () => {
  it('A2B10G10R10_XR_BIAS / R10G10B10_XR_BIAS_A2_UNORM layout, from the C.3 rule', () => {
    const xr = Float32Array.from({ length: 1024 }, (_, x) => (x - 0x180) / 510);
    const plan = { s0: 0, s1: 10, s2: 20, s3: 30, m0: 1023, m1: 1023, m2: 1023, m3: 3, l0: xr, l1: xr, l2: xr, l3: Float32Array.of(0, 1 / 3, 2 / 3, 1) };
    expect(isXrBiasPlan(plan)).toBe(true);
    expect(isXrBiasPlan({ ...plan, s0: 20, s2: 0 })).toBe(false);
    const r = prng(119);
    const src = Uint32Array.from({ length: 300 }, () => Math.floor(r() * 2 ** 32));
    const a = new Float32Array(1200);
    const b = new Float32Array(1200);
    xrBiasWordsToFloat(plan, src, 3, 290, a, 8);
    words32ToFloat(plan, src, 3, 290, b, 8);
    expect(Buffer.from(bytesOf(a)).equals(Buffer.from(bytesOf(b)))).toBe(true);
  });
});

describe('UNORM8 rows: the constant-table loops equal the plan-table loop', () => {
  // C.5: an 8-bit UNORM code c reads as c / 255, rounded once to float32
  const unorm8 = Float32Array.from({ length: 256 }, (_, c) => c / 255);
  const ones = new Float32Array(256).fill(1);
  const bgra = { s0: 16, s1: 8, s2: 0, s3: 24, m0: 255, m1: 255, m2: 255, m3: 255, l0: unorm8, l1: unorm8, l2: unorm8, l3: unorm8 };
  const run = (loop: typeof words32ToFloat, plan: typeof bgra): Buffer => {
    const r = prng(plan.s0 * 31 + plan.s3 + 7);
    const src = Uint32Array.from({ length: 300 }, () => Math.floor(r() * 2 ** 32));
    const out = new Float32Array(1200);
    loop(plan, src, 3, 290, out, 8);
    return Buffer.from(bytesOf(out));
  };

  it('B8G8R8A8 and R8G8B8A8 layouts take the four-byte loop, with the plan-table loop\'s bits', () => {
    for (const plan of [bgra, { ...bgra, s0: 0, s2: 16 }]) {
      expect(unorm8PlanKind(plan)).toBe('rgba');
      expect(run(unorm8WordsToFloat, plan).equals(run(words32ToFloat, plan))).toBe(true);
    }
  });

  it('a B8G8R8X8 layout takes the constant-alpha loop: X reads as 1 whatever its bits', () => {
    const plan = { ...bgra, l3: ones };
    expect(unorm8PlanKind(plan)).toBe('rgbx');
    const fast = run(unorm8xWordsToFloat, plan);
    expect(fast.equals(run(words32ToFloat, plan))).toBe(true);
    expect(new Float32Array(fast.buffer, fast.byteOffset, 300)[8 + 3]).toBe(1);
  });

  it('other tables and layouts keep the four-table loop', () => {
    const srgb = Float32Array.from(unorm8, (v, c) => (c === 128 ? v + 0.001 : v));
    expect(unorm8PlanKind({ ...bgra, l1: srgb })).toBeUndefined();
    expect(unorm8PlanKind({ ...bgra, s0: 4 })).toBeUndefined();
    expect(unorm8PlanKind({ ...bgra, m2: 1023 })).toBeUndefined();
    expect(unorm8PlanKind({ ...bgra, l3: Float32Array.of(0, 1 / 3, 2 / 3, 1), m3: 3 })).toBeUndefined();
  });
});
