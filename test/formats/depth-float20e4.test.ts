import { describe, expect, it } from 'vitest';
import { bitsToFloat32, float32Bits } from '../../src/d3d9/float-bits.js';
import { decodeFloat20e4, encodeFloat20e4, FLOAT20E4_MAX_CODE } from '../../src/formats/depth/float20e4.js';
import { LONG } from '../helpers.js';

/**
 * D24FS8's 20e4 (reference A.4): unsigned, exponent bits 23:20 bias 15, mantissa bits 19:0,
 * denormals m·2^-34, codes up to 2 − 2^-20. Expectations below come from that definition.
 */

/** The nearest code to float32 `f` by bisection over decoded codes (ties to the even code). */
function nearestCode(f: number): number {
  if (!(f > 0)) return 0;
  let lo = 0;
  let hi = FLOAT20E4_MAX_CODE;
  if (f >= decodeFloat20e4(hi)) return hi;
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if (decodeFloat20e4(mid) <= f) lo = mid;
    else hi = mid;
  }
  // both differences are exact in float64: the operands are float32s of nearby magnitude
  const below = f - decodeFloat20e4(lo);
  const above = decodeFloat20e4(hi) - f;
  if (below !== above) return below < above ? lo : hi;
  return lo % 2 === 0 ? lo : hi;
}

describe('20e4 values from reference A.4', () => {
  const cases: [string, number, number][] = [
    ['1.0 = 2^0: exponent 15, mantissa 0', 1.0, 0xf00000],
    ['0.5: exponent 14', 0.5, 0xe00000],
    ['0.25: exponent 13', 0.25, 0xd00000],
    ['1/3 = 1.0101…b·2^-2: mantissa 0x55555 (the dropped bits 0101… round down)', 1 / 3, 0xd55555],
    ['2^-14: the smallest normal', 2 ** -14, 0x100000],
    ['2^-15: a denormal, m = 2^-15·2^34 = 2^19', 2 ** -15, 0x080000],
    ['2^-34: the smallest denormal', 2 ** -34, 0x000001],
    ['(2^20 − 1)·2^-34: the largest denormal', (2 ** 20 - 1) * 2 ** -34, 0x0fffff],
    ['1.5 = 1.1b·2^0', 1.5, 0xf80000],
    ['2 − 2^-20: the largest code', 2 - 2 ** -20, 0xffffff],
    ['zero', 0, 0],
  ];
  for (const [what, f, code] of cases) {
    it(`encodes ${what} as 0x${code.toString(16)} and decodes it back exactly`, () => {
      expect(encodeFloat20e4(f)).toBe(code);
      if (f !== 1 / 3) expect(decodeFloat20e4(code)).toBe(f);
    });
  }

  it('decodes 0xD55555 to 0x155555·2^-22 and 0xFFFFFF to 1.99999905', () => {
    expect(decodeFloat20e4(0xd55555)).toBe(0x155555 * 2 ** -22);
    expect(decodeFloat20e4(0xffffff)).toBe(2 - 2 ** -20);
    expect(decodeFloat20e4(0xffffff)).toBeCloseTo(1.99999905, 8);
  });
});

describe('20e4 encode: out-of-range inputs', () => {
  const cases: [string, number, number][] = [
    ['NaN → 0', NaN, 0],
    ['−0 → 0', -0, 0],
    ['negative → 0', -0.5, 0],
    ['−Inf → 0', -Infinity, 0],
    ['2.0 saturates just below 2', 2, 0xffffff],
    ['1e9 saturates', 1e9, 0xffffff],
    ['+Inf saturates', Infinity, 0xffffff],
    ['2 − 2^-21, halfway between the largest code and 2, saturates', 2 - 2 ** -21, 0xffffff],
    ['a float32 denormal (2^-140) → 0', 2 ** -140, 0],
    ['2^-36 (a quarter step) → 0', 2 ** -36, 0],
  ];
  for (const [what, f, code] of cases) it(what, () => expect(encodeFloat20e4(f)).toBe(code));
});

describe('20e4 encode rounds to nearest, ties to even', () => {
  const cases: [string, number, number][] = [
    ['1 + 2^-21 is halfway between 0xF00000 and 0xF00001: even is 0xF00000', 1 + 2 ** -21, 0xf00000],
    ['1 + 3·2^-21 is halfway between 0xF00001 and 0xF00002: even is 0xF00002', 1 + 3 * 2 ** -21, 0xf00002],
    ['1 + 2^-21 + 2^-23 is past halfway: 0xF00001', 1 + 2 ** -21 + 2 ** -23, 0xf00001],
    ['2^-35 is half the smallest denormal step: even is 0', 2 ** -35, 0],
    ['3·2^-35 is halfway between denormals 1 and 2: even is 2', 3 * 2 ** -35, 2],
    // the reference's 3-guard-bit formula drops the bits below them and gives 0 here
    ['2^-35·(1 + 2^-23) is just past halfway: 1 (every dropped bit counts)', 2 ** -35 * (1 + 2 ** -23), 1],
    ['(2^20 − 0.5)·2^-34, halfway from the largest denormal to 2^-14: even is 0x100000', (2 ** 20 - 0.5) * 2 ** -34, 0x100000],
    ['the input is rounded to float32 first: 1 + 2^-30 is 1.0', 1 + 2 ** -30, 0xf00000],
  ];
  for (const [what, f, code] of cases) it(what, () => expect(encodeFloat20e4(f)).toBe(code));

  // the short run takes every 7th code (odd: every bit still takes both values), the long run all
  it(`every code decodes and encodes back to itself (${LONG ? 'all' : 'every 7th of'} 2^24)`, () => {
    let bad = -1;
    for (let c = 0; c <= 0xffffff; c += LONG ? 1 : 7) {
      if (encodeFloat20e4(decodeFloat20e4(c)) !== c) {
        bad = c;
        break;
      }
    }
    expect(bad).toBe(-1);
  });

  it('at every exponent edge, a float32 step around each code midpoint lands on the nearer code', () => {
    const codes: number[] = [];
    for (let e = 0; e < 16; e++) {
      for (const m of [0, 1, 2, 3, 0x7ffff, 0x80000, 0xffffd, 0xffffe, 0xfffff]) if (((e << 20) | m) < FLOAT20E4_MAX_CODE) codes.push((e << 20) | m);
    }
    for (const c of codes) {
      const mid = (decodeFloat20e4(c) + decodeFloat20e4(c + 1)) / 2; // 22 significant bits: a float32
      expect(Math.fround(mid)).toBe(mid);
      const below = bitsToFloat32(float32Bits(mid) - 1);
      const above = bitsToFloat32(float32Bits(mid) + 1);
      expect(encodeFloat20e4(below)).toBe(c);
      expect(encodeFloat20e4(mid)).toBe(c % 2 === 0 ? c : c + 1);
      expect(encodeFloat20e4(above)).toBe(c + 1);
    }
  });

  it('agrees with the nearest code found by bisection on 2^16 float32s spread over [0, 2.5)', () => {
    const top = float32Bits(2.5);
    const step = Math.floor(top / 65536);
    for (let b = 0, i = 0; b < top; b += step + (i++ % 7)) {
      const f = bitsToFloat32(b);
      if (encodeFloat20e4(f) !== nearestCode(f)) expect([f, encodeFloat20e4(f)]).toEqual([f, nearestCode(f)]);
    }
  });

  it('is monotonic over float32s from 0 to past 2 (every 251st bit pattern, and every one near 2^-14 and 1)', () => {
    const walk = (from: number, to: number, step: number): void => {
      let prev = 0;
      for (let b = from; b <= to; b += step) {
        const c = encodeFloat20e4(bitsToFloat32(b));
        if (c < prev) expect({ bits: b, code: c }).toEqual({ bits: b, code: prev });
        prev = c;
      }
    };
    walk(0, float32Bits(2.5), 251);
    walk(float32Bits(2 ** -14) - 4096, float32Bits(2 ** -14) + 4096, 1);
    walk(float32Bits(1) - 4096, float32Bits(1) + 4096, 1);
  });
});
