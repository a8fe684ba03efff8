import { describe, expect, it } from 'vitest';
import {
  allDxgiFormats,
  decodeElement,
  decodeRow,
  DXGI_FORMAT,
  elementToRGBA8,
  elementView,
  encodeElement,
  encodeRow,
  floatToSrgb,
  floatToSrgb8Fast,
  rgba8TargetOf,
  rgba8ToElement,
  rowFromRGBA8,
  rowToRGBA8,
} from '../../src/formats/dxgi/index.js';
import { prng as uniform } from '../helpers.js';

/** The shared seeded generator as 32-bit integers (its values are k / 2³², so this is exact), so every run draws the same rows. */
function prng(seed: number): () => number {
  const next = uniform(seed);
  return () => next() * 4294967296;
}

const TYPED = allDxgiFormats().filter((f) => f.interp !== 'typeless');
const N = 4096;
const SPECIAL = [NaN, Infinity, -Infinity, 0, -0, 1, -1, 0.5, -0.5, 2, 1e-45, 0.0031308, 0.04045, 1.2529, -0.7529];

/** Floats a shader might write: specials, exact code values, and uniform draws over [−1.5, 2.5]. */
function randomFloats(next: () => number, count: number): Float32Array {
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    const pick = next() % 4;
    if (pick === 0) out[i] = SPECIAL[next() % SPECIAL.length];
    else if (pick === 1) out[i] = (next() % 1024) / [255, 1023, 3, 510, 127][next() % 5];
    else if (pick === 2) out[i] = next() % 300 - 20;
    else out[i] = (next() / 2 ** 32) * 4 - 1.5;
  }
  return out;
}

describe('row converters equal the per-element path', () => {
  it.each(TYPED.map((f) => [f.name, f.id]))('%s: elements → float RGBA', (_n, id) => {
    const next = prng(id * 7919);
    const src = Uint32Array.from({ length: N }, next);
    const fast = new Float32Array(N * 4);
    decodeRow(id, src, fast);
    const slow = new Float32Array(N * 4);
    for (let i = 0; i < N; i++) decodeElement(id, src[i], slow, i * 4);
    expect(fast).toEqual(slow);
  });

  it.each(TYPED.map((f) => [f.name, f.id]))('%s: float RGBA → elements', (_n, id) => {
    const src = randomFloats(prng(id * 104729), N * 4);
    const fast = new Uint32Array(N);
    encodeRow(id, src, fast);
    const slow = Uint32Array.from({ length: N }, (_, i) => encodeElement(id, src, i * 4));
    expect(fast).toEqual(slow);
  });

  it.each(TYPED.map((f) => [f.name, f.id]))('%s: elements → RGBA8', (_n, id) => {
    const next = prng(id * 15485863);
    const src = Uint32Array.from({ length: N }, next);
    const fast = new Uint8Array(N * 4);
    rowToRGBA8(id, src, fast);
    const slow = new Uint8Array(N * 4);
    for (let i = 0; i < N; i++) elementToRGBA8(id, src[i], slow, i * 4);
    expect(fast).toEqual(slow);
  });

  it.each(TYPED.map((f) => [f.name, f.id]))('%s: elements → RGBA8 into a destination at any byte offset, part of a row', (_n, id) => {
    // an aligned destination is written a word a pixel, an unaligned one a byte at a time
    const next = prng(id * 179424673);
    const n = 37;
    const src = Uint32Array.from({ length: n + 3 }, next);
    const slow = new Uint8Array(n * 4);
    for (let i = 0; i < n; i++) elementToRGBA8(id, src[i], slow, i * 4);
    for (const offset of [0, 1, 2, 3, 4]) {
      const backing = new Uint8Array(offset + n * 4 + 8).fill(0xa5);
      rowToRGBA8(id, src, backing.subarray(offset), n);
      expect([...backing.subarray(offset, offset + n * 4)], `offset ${offset}`).toEqual([...slow]);
      expect([...backing.subarray(offset + n * 4)], `bytes past the row, offset ${offset}`).toEqual(new Array(8).fill(0xa5));
    }
  });

  it.each(TYPED.map((f) => [f.name, f.id]))('%s: RGBA8 → elements', (_n, id) => {
    const next = prng(id * 32452843);
    const src = Uint8Array.from({ length: N * 4 }, () => next() & 0xff);
    const fast = new Uint32Array(N);
    rowFromRGBA8(id, src, fast);
    const slow = Uint32Array.from({ length: N }, (_, i) => rgba8ToElement(id, src, i * 4));
    expect(fast).toEqual(slow);
  });

  it('converts only `count` pixels and leaves the rest of the destination alone', () => {
    const dst = new Float32Array(8).fill(7);
    decodeRow(DXGI_FORMAT.B8G8R8A8_UNORM, Uint32Array.of(0xffffffff, 0xffffffff), dst, 1);
    expect([...dst]).toEqual([1, 1, 1, 1, 7, 7, 7, 7]);
    expect(() => decodeRow(DXGI_FORMAT.B8G8R8A8_UNORM, new Uint32Array(4), new Float32Array(8))).toThrow(RangeError);
    expect(() => decodeRow(DXGI_FORMAT.B8G8R8A8_TYPELESS, new Uint32Array(1), new Float32Array(4))).toThrow(/typeless/);
  });
});

describe('RGBA8 images of a row', () => {
  it('picks the R8G8B8A8 member of the same kind: UINT for integers, UNORM_SRGB for sRGB, else UNORM', () => {
    const F = DXGI_FORMAT;
    expect([F.R8G8B8A8_SINT, F.R10G10B10A2_UINT, F.B8G8R8X8_UNORM_SRGB, F.R10G10B10_XR_BIAS_A2_UNORM, F.R8G8B8A8_SNORM].map(rgba8TargetOf))
      .toEqual([F.R8G8B8A8_UINT, F.R8G8B8A8_UINT, F.R8G8B8A8_UNORM_SRGB, F.R8G8B8A8_UNORM, F.R8G8B8A8_UNORM]);
  });

  it('swizzles BGRA to RGBA, reads X as 255 and keeps sRGB bytes as stored', () => {
    const out = new Uint8Array(4);
    const src = Uint32Array.of(0x11223344);
    rowToRGBA8(DXGI_FORMAT.B8G8R8A8_UNORM, src, out);
    expect([...out]).toEqual([0x22, 0x33, 0x44, 0x11]);
    rowToRGBA8(DXGI_FORMAT.B8G8R8X8_UNORM_SRGB, src, out);
    expect([...out]).toEqual([0x22, 0x33, 0x44, 0xff]);
    rowToRGBA8(DXGI_FORMAT.R10G10B10_XR_BIAS_A2_UNORM, Uint32Array.of((3 * 2 ** 30) + (384 << 20) + (894 << 10) + 640), out);
    expect([...out]).toEqual([128, 255, 0, 255]); // 384 + 2v → v
  });

  it('round-trips every byte of the 8-bit UNORM and sRGB formats through a row', () => {
    const bytes = Uint8Array.from({ length: 256 * 4 }, (_, i) => i >> 2);
    for (const id of [DXGI_FORMAT.B8G8R8A8_UNORM, DXGI_FORMAT.R8G8B8A8_UNORM, DXGI_FORMAT.B8G8R8A8_UNORM_SRGB, DXGI_FORMAT.R8G8B8A8_UNORM_SRGB, DXGI_FORMAT.R8G8B8A8_UINT]) {
      const row = new Uint32Array(256);
      rowFromRGBA8(id, bytes, row);
      const back = new Uint8Array(256 * 4);
      rowToRGBA8(id, row, back);
      expect(back).toEqual(bytes);
    }
  });

  it('reads surface rows through element views without copying', () => {
    const pitch = 16;
    const surface = new Uint8Array(pitch * 2);
    surface.set([0x44, 0x33, 0x22, 0x11], pitch + 4);
    const row = elementView(surface, pitch, 3);
    expect(row[1]).toBe(0x11223344);
    row[0] = 0xaabbccdd;
    expect(surface[pitch]).toBe(0xdd);
    expect(() => elementView(surface, 2, 1)).toThrow(/aligned/);
    expect(() => elementView(surface, pitch, 5)).toThrow(/overrun/);
  });
});

describe('the table-driven sRGB encoder', () => {
  it('equals the curve at every code boundary and the float32 on either side', () => {
    const bits = new Uint32Array(1);
    const asF32 = new Float32Array(bits.buffer);
    const at = (pattern: number): number => ((bits[0] = pattern), asF32[0]);
    for (let k = 1; k <= 255; k++) {
      let lo = 0;
      let hi = 0x3f800000;
      while (lo < hi) {
        const mid = lo + Math.floor((hi - lo) / 2);
        if (floatToSrgb(at(mid)) >= k) hi = mid;
        else lo = mid + 1;
      }
      for (const p of [lo - 1, lo, lo + 1]) expect([k, floatToSrgb8Fast(at(p))]).toEqual([k, floatToSrgb(at(p))]);
    }
  });

  it('equals the curve on a fine grid of [−0.1, 1.1] and on the special values', () => {
    const bad: number[] = [];
    for (let i = -6554; i <= 72090; i++) {
      const v = Math.fround(i / 65536);
      if (floatToSrgb8Fast(v) !== floatToSrgb(v)) bad.push(v);
    }
    for (const v of SPECIAL) if (floatToSrgb8Fast(Math.fround(v)) !== floatToSrgb(v)) bad.push(v);
    expect(bad).toEqual([]);
  });
});
