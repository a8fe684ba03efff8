import { describe, expect, it } from 'vitest';
import { D3DFMT } from '../../src/d3d9/index.js';
import { bitsToFloat32, float32Bits } from '../../src/d3d9/float-bits.js';
import {
  convertStencil, depthFieldFromU32, depthFieldToU32, depthFromU32, depthToU32, narrowFromU32, u32ToUnitFloat, unitFloatToU32, widenToU32,
} from '../../src/formats/depth/depth-values.js';

/**
 * The per-value rules of a depth-stencil copy (reference A.1 rules 4-5, A.2). Expected values are
 * worked out by hand from those rules; the BigInt oracles below compute the exact real quotients.
 */
const MAX = 0xffffffff;

/** xorshift32: a seeded PRNG, so every run sees the same numbers. */
function prng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>>= 0);
  };
}

/** float32 `f` as m·2^e with m an integer. */
function split(f: number): { m: bigint; e: number } {
  const b = float32Bits(f);
  const E = (b >>> 23) & 0xff;
  const M = b & 0x7fffff;
  return E === 0 ? { m: BigInt(M), e: -149 } : { m: BigInt(M | 0x800000), e: E - 150 };
}

/** Oracle: round(f·0xFFFFFFFF) for float32 f in [0, 1], exactly, a half going up. */
function exactFloatToU32(f: number): number {
  const { m, e } = split(f);
  const n = m * BigInt(MAX); // f·MAX = n·2^e, e < 0 for f ≤ 1
  const k = BigInt(-e);
  const q = n >> k;
  const twiceRest = (n - (q << k)) * 2n;
  return Number(twiceRest >= 1n << k ? q + 1n : q);
}

/** Oracle: the float32 nearest to u/0xFFFFFFFF, by comparing the exact distances of neighbours. */
function exactU32ToFloat(u: number): number {
  const guess = float32Bits(Math.fround(u / MAX));
  let best = guess;
  let bestDist = -1n;
  for (const b of [guess - 1, guess, guess + 1]) {
    if (b < 0) continue;
    const { m, e } = split(bitsToFloat32(b));
    const K = 200n; // |c − u/MAX| · MAX · 2^200, an integer
    const dist = m * BigInt(MAX) * 2n ** (BigInt(e) + K) - BigInt(u) * 2n ** K;
    const abs = dist < 0n ? -dist : dist;
    if (bestDist < 0n || abs < bestDist) {
      best = b;
      bestDist = abs;
    }
  }
  return bitsToFloat32(best);
}

describe('integer depth widens to u32 by repeating its bits from the top (A.2)', () => {
  const cases: [string, number, number, number][] = [
    ['D24 0x123456: (d<<8)|(d>>>16)', 0x123456, 24, 0x12345612],
    ['D24 0xFFFFFF: all ones', 0xffffff, 24, 0xffffffff],
    ['D24 0x000100: the low byte repeats 0x00', 0x000100, 24, 0x00010000],
    ['D16 0xABCD: (d<<16)|d', 0xabcd, 16, 0xabcdabcd],
    ['D16 0x0001', 0x0001, 16, 0x00010001],
    // 100001100100001 | 100001100100001 | 10 → 1000 0110 0100 0011 0000 1100 1000 0110
    ['D15 0x4321: (d<<17)|(d<<2)|(d>>>13)', 0x4321, 15, 0x86430c86],
    ['D15 0x7FFF: all ones', 0x7fff, 15, 0xffffffff],
    ['D32 0x89ABCDEF: itself', 0x89abcdef, 32, 0x89abcdef],
  ];
  for (const [what, d, n, u] of cases) it(what, () => expect(widenToU32(d, n)).toBe(u));

  it('a width without a special case repeats the same way (n = 12: 0xABC → 0xABCABCAB)', () => {
    expect(widenToU32(0xabc, 12)).toBe(0xabcabcab);
  });
});

describe('u32 narrows to an integer depth by dropping the low bits (A.2)', () => {
  const cases: [string, number, number, number][] = [
    ['0x12345612 → D16 0x1234', 0x12345612, 16, 0x1234],
    ['0x12345612 → D24 0x123456', 0x12345612, 24, 0x123456],
    ['0x86430C86 → D15 0x4321', 0x86430c86, 15, 0x4321],
    ['0xBFFFFFFF → D16 0xBFFF (no rounding up)', 0xbfffffff, 16, 0xbfff],
    ['0x89ABCDEF → D32 itself', 0x89abcdef, 32, 0x89abcdef],
  ];
  for (const [what, u, n, d] of cases) it(what, () => expect(narrowFromU32(u, n)).toBe(d));

  it('widening then narrowing gives every D16 and D15 value back, and every 16th D24 value', () => {
    for (let d = 0; d < 0x10000; d++) if (narrowFromU32(widenToU32(d, 16), 16) !== d) expect(d).toBe(-1);
    for (let d = 0; d < 0x8000; d++) if (narrowFromU32(widenToU32(d, 15), 15) !== d) expect(d).toBe(-1);
    for (let d = 0; d < 0x1000000; d += 16) if (narrowFromU32(widenToU32(d, 24), 24) !== d) expect(d).toBe(-1);
  });
});

describe('float depth → u32: clamp to [0,1], times 0xFFFFFFFF, round to nearest (A.2)', () => {
  const cases: [string, number, number][] = [
    ['0.5 → 0x7FFFFFFF.8 → a half rounds up: 0x80000000', 0.5, 0x80000000],
    ['0.25 → 0x3FFFFFFF.C → 0x40000000', 0.25, 0x40000000],
    ['0.75 → 0xBFFFFFFF.4 → 0xBFFFFFFF', 0.75, 0xbfffffff],
    ['1.0 → 0xFFFFFFFF', 1, 0xffffffff],
    ['0 → 0', 0, 0],
    // 0x80000100 − 0.5 − 2^-24: just under a half, where float64 rounding of the product makes a tie
    ['0.5 + 2^-24 → 0x800000FF (exact, not 0x80000100)', 0.5 + 2 ** -24, 0x800000ff],
    ['2^-32 → 1 − 2^-32 → 1', 2 ** -32, 1],
    ['2^-33 → 0.5 − 2^-33 → 0', 2 ** -33, 0],
    ['3·2^-34 → 0.75 − 3·2^-34 → 1', 3 * 2 ** -34, 1],
    ['2^-16 → 0x10000 − 2^-16 → 0x10000', 2 ** -16, 0x10000],
    ['above 1 clamps: 1.5 → 0xFFFFFFFF', 1.5, 0xffffffff],
    ['+Inf clamps to 0xFFFFFFFF', Infinity, 0xffffffff],
    ['negative clamps: −0.25 → 0', -0.25, 0],
    ['−Inf → 0', -Infinity, 0],
    ['−0 → 0', -0, 0],
    ['NaN → 0 (as D3D turns NaN into 0 when it stores a float as UNORM)', NaN, 0],
    ['a float32 denormal → 0', 2 ** -130, 0],
  ];
  for (const [what, f, u] of cases) it(what, () => expect(unitFloatToU32(f)).toBe(u));

  it('matches the exact BigInt rounding on 20 000 float32s in [0, 1] and every power of two', () => {
    const next = prng(0x5eed);
    const one = float32Bits(1);
    const fs: number[] = [];
    for (let i = 0; i < 20000; i++) fs.push(bitsToFloat32(next() % (one + 1)));
    for (let e = 0; e <= 149; e++) fs.push(2 ** -e);
    for (let e = 1; e <= 148; e++) fs.push(1.5 * 2 ** -e);
    for (const f of fs) if (unitFloatToU32(f) !== exactFloatToU32(f)) expect([f, unitFloatToU32(f)]).toEqual([f, exactFloatToU32(f)]);
  });
});

describe('u32 → float depth: u32 / 0xFFFFFFFF, rounded once to float32 (A.2)', () => {
  it('0 → 0 and 0xFFFFFFFF → 1', () => {
    expect(u32ToUnitFloat(0)).toBe(0);
    expect(u32ToUnitFloat(0xffffffff)).toBe(1);
  });
  it('0xABCDABCD/0xFFFFFFFF = 0x0.ABCDABCD… → 24 bits 0xABCDAB, next bit 1 → 0xABCDAC·2^-24', () => {
    expect(u32ToUnitFloat(0xabcdabcd)).toBe(0xabcdac * 2 ** -24);
  });
  it('0x12345612/0xFFFFFFFF = 0x0.12345612… → from the leading 1: 0x91A2B0, next bit 1 → 0x91A2B1·2^-27', () => {
    expect(u32ToUnitFloat(0x12345612)).toBe(0x91a2b1 * 2 ** -27);
  });
  it('0x80000000 → 0.5·(1 + 2^-32 + …) → 0.5', () => {
    expect(u32ToUnitFloat(0x80000000)).toBe(0.5);
  });
  it('0xFFFFFF7F → 1 − 2^-24: just under the midpoint to 1, where Math.fround(u/0xFFFFFFFF) double-rounds to 1', () => {
    expect(u32ToUnitFloat(0xffffff7f)).toBe(1 - 2 ** -24);
    expect(Math.fround(0xffffff7f / MAX)).toBe(1);
  });
  it('matches the exact BigInt nearest float32 on 20 000 seeded u32s', () => {
    const next = prng(0xd16);
    for (let i = 0; i < 20000; i++) {
      const u = i < 64 ? ((0xffffffff >>> (i & 31)) ^ (i >> 5)) >>> 0 : next();
      if (u32ToUnitFloat(u) !== exactU32ToFloat(u)) expect([u, u32ToUnitFloat(u)]).toEqual([u, exactU32ToFloat(u)]);
    }
  });
});

describe('depth of each format ⇄ u32 (format-keyed helpers)', () => {
  const F = D3DFMT;
  const toU32: [string, number, number, number][] = [
    ['D24S8 0x123456', F.D24S8, 0x123456, 0x12345612],
    ['INTZ 0x123456 (D24S8 layout)', F.INTZ, 0x123456, 0x12345612],
    ['DF24 0x123456 (D24X8 layout)', F.DF24, 0x123456, 0x12345612],
    ['D16 0xABCD', F.D16, 0xabcd, 0xabcdabcd],
    ['DF16 0xABCD (D16 layout)', F.DF16, 0xabcd, 0xabcdabcd],
    ['D16_LOCKABLE 0xABCD', F.D16_LOCKABLE, 0xabcd, 0xabcdabcd],
    ['D15S1 0x4321', F.D15S1, 0x4321, 0x86430c86],
    ['D32 0x89ABCDEF', F.D32, 0x89abcdef, 0x89abcdef],
    ['D32_LOCKABLE 0x89ABCDEF', F.D32_LOCKABLE, 0x89abcdef, 0x89abcdef],
    ['D32F_LOCKABLE 0.5 (0x3F000000)', F.D32F_LOCKABLE, 0x3f000000, 0x80000000],
    ['D32F_LOCKABLE NaN (0x7FC00000) → 0', F.D32F_LOCKABLE, 0x7fc00000, 0],
    ['D32F_LOCKABLE −1 (0xBF800000) → 0', F.D32F_LOCKABLE, 0xbf800000, 0],
    ['D24FS8 0xF00000 (1.0)', F.D24FS8, 0xf00000, 0xffffffff],
    ['D24FS8 0xE00000 (0.5)', F.D24FS8, 0xe00000, 0x80000000],
    ['D24FS8 0xFFFFFF (≈2, clamps to 1)', F.D24FS8, 0xffffff, 0xffffffff],
    // 0x155555·2^-22 · (2^32 − 1) = 0x55555400 − 0.333…
    ['D24FS8 0xD55555 (0x155555·2^-22)', F.D24FS8, 0xd55555, 0x55555400],
    ['D24FS8 0x000004 (2^-32 → 1 − 2^-32)', F.D24FS8, 0x000004, 1],
    ['D24FS8 0x000001 (2^-34 → 0.25 − 2^-34)', F.D24FS8, 0x000001, 0],
  ];
  for (const [what, f, stored, u] of toU32) it(`${what} → u32 0x${u.toString(16)}`, () => expect(depthToU32(f, stored)).toBe(u));

  const fromU32: [string, number, number, number][] = [
    ['0x12345612 → D16_LOCKABLE 0x1234', F.D16_LOCKABLE, 0x12345612, 0x1234],
    ['0x12345612 → D32_LOCKABLE itself', F.D32_LOCKABLE, 0x12345612, 0x12345612],
    ['0x12345612 → D32F_LOCKABLE 0x91A2B1·2^-27', F.D32F_LOCKABLE, 0x12345612, float32Bits(0x91a2b1 * 2 ** -27)],
    ['0xABCDABCD → D24S8 0xABCDAB', F.D24S8, 0xabcdabcd, 0xabcdab],
    ['0xABCDABCD → D15S1 0x55E6 (>>> 17)', F.D15S1, 0xabcdabcd, 0x55e6],
    ['0x80000000 → D32F_LOCKABLE 0.5', F.D32F_LOCKABLE, 0x80000000, 0x3f000000],
    ['0xFFFFFFFF → D24FS8 1.0 = 0xF00000', F.D24FS8, 0xffffffff, 0xf00000],
    ['0x80000000 → D24FS8 0.5 = 0xE00000', F.D24FS8, 0x80000000, 0xe00000],
    // float32 0xABCDAC·2^-24 → 20e4 exponent 14, mantissa 0x2BCDAC/8 = 0x579B5.8: a tie, to even 0x579B6
    // (rounding 0x0.ABCDABCD… straight to 20e4 would give 0x579B5: the float32 step is deliberate)
    ['0xABCDABCD → D24FS8 through float32: 0xE579B6', F.D24FS8, 0xabcdabcd, 0xe579b6],
  ];
  for (const [what, f, u, stored] of fromU32) it(what, () => expect(depthFromU32(f, u)).toBe(stored));

  it('a format without depth has no depth helper', () => {
    expect(() => depthToU32(F.S8_LOCKABLE, 0)).toThrow(/no depth/);
    expect(() => depthFromU32(F.A8R8G8B8, 0)).toThrow(/no depth/);
  });
});

describe('depth round trips through the u32 intermediate', () => {
  it('D16 → D32F → D16 gives every value back (all 2^16)', () => {
    for (let d = 0; d < 0x10000; d++) {
      const f = depthFieldFromU32('f32', 32, depthFieldToU32('unorm', 16, d));
      if (depthFieldFromU32('unorm', 16, depthFieldToU32('f32', 32, f)) !== d) expect(d).toBe(-1);
    }
  });
  it('D24 → D32F → D24 gives every value back (every 7th of 2^24, and the top 4096)', () => {
    const check = (d: number): void => {
      const f = depthFieldFromU32('f32', 32, depthFieldToU32('unorm', 24, d));
      if (depthFieldFromU32('unorm', 24, depthFieldToU32('f32', 32, f)) !== d) expect(d).toBe(-1);
    };
    for (let d = 0; d < 0x1000000; d += 7) check(d);
    for (let d = 0xfff000; d < 0x1000000; d++) check(d);
  });
  it('truncating instead would lose D24 0x000100: 0x00010000 → 2^-16 → 0xFFFF → 0x0000FF', () => {
    // the reason for rounding to nearest: 2^-16·0xFFFFFFFF = 0x10000 − 2^-16
    expect(u32ToUnitFloat(0x00010000)).toBe(2 ** -16);
    expect(Math.floor(2 ** -16 * MAX)).toBe(0xffff);
    expect(unitFloatToU32(2 ** -16)).toBe(0x10000);
  });
});

describe('stencil: zero-extended to 8 bits, high bits dropped to fit (A.1 rule 5)', () => {
  const cases: [string, number, number, number][] = [
    ['D15S1 1 → 8 bits: 1', 1, 8, 1],
    ['0xFF → 4 bits (D24X4S4): 0xF', 0xff, 4, 0xf],
    ['0xFF → 1 bit (D15S1): 1', 0xff, 1, 1],
    ['0x5A → 4 bits: 0xA', 0x5a, 4, 0xa],
    ['0x5A → 1 bit: 0', 0x5a, 1, 0],
    ['0xC3 → 8 bits: 0xC3', 0xc3, 8, 0xc3],
  ];
  for (const [what, s, bits, out] of cases) it(what, () => expect(convertStencil(s, bits)).toBe(out));
});
