import { describe, expect, it } from 'vitest';
import { ByteOut } from '../../src/trace/text/byte-out.js';
import { FLOAT32_TEXT_MAX, putFloat32 } from '../../src/trace/text/float-text.js';
import { bitsFloat, floatBits, shortestFloat32 } from '../../src/trace/text/shapes.js';
import { LONG, prng, scale } from '../helpers.js';

const buf = new Uint8Array(64);
const latin1 = (b: Uint8Array, from: number, to: number): string => String.fromCharCode(...b.subarray(from, to));

/**
 * putFloat32's text of these bits (undefined when it writes none), written after a few bytes of
 * other text; `!` and what is wrong when it writes outside its text or longer than it said.
 */
function written(bits: number): string | undefined {
  buf.fill(0x55, 0, 40);
  const end = putFloat32(bits, buf, 3);
  if (buf[0] !== 0x55 || buf[1] !== 0x55 || buf[2] !== 0x55) return '! wrote before its position';
  if (end < 0) return buf.subarray(0, 40).every((c) => c === 0x55) ? undefined : '! wrote for non-finite bits';
  if (end - 3 > FLOAT32_TEXT_MAX) return '! longer than FLOAT32_TEXT_MAX';
  if (buf[end] !== 0x55) return '! wrote past its end';
  return latin1(buf, 3, end);
}

/** The bits whose text differs from shortestFloat32's (at most a few, for the message). */
function mismatches(all: Iterable<number>): string[] {
  const bad: string[] = [];
  for (const b of all) {
    // twice: once computed, once from the memo
    for (let k = 0; k < 2; k++) {
      const want = shortestFloat32(bitsFloat(b));
      const got = written(b);
      if (got !== want && bad.length < 10) bad.push(`0x${(b >>> 0).toString(16)}: ${String(want)} ≠ ${String(got)}`);
    }
  }
  return bad;
}

const bitsOf = (f: number): number => floatBits(f);

describe('float32 text straight into bytes', () => {
  it('writes what shortestFloat32 writes for the edge cases', () => {
    const edges: number[] = [0, 0x80000000, 1, 0x80000001, 0x007fffff, 0x00800000, 0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00001];
    // every power of two and its neighbours, both signs
    for (let e = 0; e < 255; e++) for (const m of [0, 1, 2, 0x7fffff, 0x400000, 0x7ffffe]) edges.push((e << 23) | m, ((e << 23) | m | 0x80000000) >>> 0);
    // integers around 2^24 (the integer form ends there) and around powers of ten
    for (const c of [16777216, 1e7, 1e6, 1e5, 1e3, 1e8, 1e9, 1e10]) for (let d = -3; d <= 3; d++) edges.push(bitsOf(c + d), bitsOf(-(c + d)));
    // 7 and 8 significant digits, and values with 10 and 11 binary places (the exact-decimal form stops there)
    for (const v of [1.234567, 12.34567, 0.1234567, 9999999, 0.0009765625, 0.00048828125, 1023.9990234375, 8191.9990234375, 9.5367431640625e-7, 0.1, 0.2, 0.3, 1 / 3, 2 / 3, 3.4028234663852886e38, 1e-38, 1e-45, 1.5e-7, 1e21, 1e-7]) {
      edges.push(bitsOf(v), bitsOf(-v));
    }
    // the finest fractions of large values: 8 and 9 significant digits (1048576.25 prints as 1048576.3)
    for (let e = 14; e < 24; e++) for (let k = 1; k < 40; k++) edges.push(bitsOf(2 ** e + k / 2 ** (23 - e)), bitsOf(-(2 ** (e + 1) - k / 2 ** (23 - e))));
    expect(mismatches(edges)).toEqual([]);
    // NaN and infinities have no text
    for (const b of [0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001, 0xffffffff]) expect(written(b)).toBeUndefined();
  });

  it('writes what shortestFloat32 writes for every float with few binary places', () => {
    // m / 2^s for s ≤ 12 and every m up to 2^10 (long: 2^16), both signs: the exact-decimal form and its borders
    const all: number[] = [];
    const top = LONG ? 1 << 16 : 1 << 10;
    for (let s = 0; s <= 12; s++) for (let m = 1; m < top; m++) all.push(bitsOf(m / 2 ** s), bitsOf(-m / 2 ** s));
    // grid values at larger magnitudes (positions in world units)
    for (let i = 0; i < scale(200_000, 4000); i++) all.push(bitsOf((i * 37) / 8 - 50000), bitsOf(i / 1024 + 4096));
    expect(mismatches(all)).toEqual([]);
  });

  it('writes what shortestFloat32 writes for random floats', () => {
    const rnd = prng(20261202);
    const all: number[] = [];
    const n = scale(1_000_000, 6000);
    for (let i = 0; i < n; i++) {
      const bits = Math.floor(rnd() * 2 ** 32) >>> 0;
      all.push(bits);
      // and a float of ordinary size with the same mantissa (exponents 2^-20 .. 2^20)
      all.push(((bits & 0x807fffff) | ((107 + (i % 41)) << 23)) >>> 0);
      // and decimals with a few digits (0.1, 12.75, -3.142...)
      all.push(bitsOf(Math.round((rnd() - 0.5) * 2e5) / 10 ** (i % 6)));
    }
    expect(mismatches(all)).toEqual([]);
  });

  it('ByteOut.float32 writes the text, or nothing for NaN and infinities', () => {
    const out = new ByteOut(() => undefined);
    expect(out.float32(bitsOf(-33.875))).toBe(true);
    expect(out.float32(0x7fc00000)).toBe(false);
    expect(out.float32(bitsOf(0.1))).toBe(true);
    expect(out.float32(0x80000000)).toBe(true);
    expect(latin1(out.buf, 0, out.pos)).toBe('-33.8750.1-0');
  });
});
