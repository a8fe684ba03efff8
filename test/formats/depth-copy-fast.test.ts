import { describe, expect, it } from 'vitest';
import { D3DFMT } from '../../src/d3d9/index.js';
import { GENERIC_COPIER, chooseDepthStencilCopier, depthStencilCopyPlan } from '../../src/formats/depth/depth-stencil-copy.js';
import type { CopyRect, DepthStencilSurface } from '../../src/formats/depth/depth-stencil-copy.js';
import { FAST_COPIERS } from '../../src/formats/depth/depth-stencil-fast.js';
import { formatInfo } from '../../src/formats/table.js';
import { LONG } from '../helpers.js';

/**
 * Every fast depth-stencil copy loop writes the same bytes as the generic one (STYLE.md 6), on
 * seeded random pixels, rectangles and destination contents.
 */
const F = D3DFMT;
const name = (f: number): string => formatInfo(f)?.name ?? String(f);

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

/** float32 bit patterns a D32F_LOCKABLE surface may hold: in range, out of range, NaN, Inf, denormal. */
const SPECIAL_F32 = [0, 0x80000000, 0x3f800000, 0x3f000000, 0x3f000001, 0x7f800000, 0xff800000, 0x7fc00000, 0xffffffff, 0x00000001, 0xbf800000, 0x40000000, 0x3f7fffff];

function randomSurface(format: number, w: number, h: number, next: () => number, offset = 0): DepthStencilSurface {
  const bytes = formatInfo(format)!.blockBytes;
  const pitch = ((w * bytes + 3) & ~3) + 4 * (next() % 3);
  const backing = new Uint8Array(offset + pitch * h);
  const data = backing.subarray(offset);
  for (let i = 0; i < data.length; i++) data[i] = next() & 0xff;
  if (format === F.D32F_LOCKABLE) {
    const v = new DataView(data.buffer, data.byteOffset, data.byteLength);
    for (let at = 0; at + 4 <= data.length; at += 4) {
      const r = next() % 4;
      // a quarter each: special values, [0,1], anything, small values near 0
      const bits = r === 0 ? SPECIAL_F32[next() % SPECIAL_F32.length] : r === 1 ? next() % 0x3f800001 : r === 2 ? next() : next() % 0x30000000;
      v.setUint32(at, bits, true);
    }
  }
  return { format, data, pitch, width: w, height: h };
}

function randomRect(src: DepthStencilSurface, dst: DepthStencilSurface, next: () => number): { r: CopyRect; x: number; y: number } {
  const w = 1 + (next() % Math.min(src.width, dst.width));
  const h = 1 + (next() % Math.min(src.height, dst.height));
  const left = next() % (src.width - w + 1);
  const top = next() % (src.height - h + 1);
  return { r: { left, top, right: left + w, bottom: top + h }, x: next() % (dst.width - w + 1), y: next() % (dst.height - h + 1) };
}

/** The pairs each fast copier is meant for. */
const FAST_PAIRS: Record<string, [number, number][]> = {
  'd24-to-d16-lockable': [F.D24S8, F.D24X8, F.D24X4S4, F.INTZ, F.DF24].map((s) => [s, F.D16_LOCKABLE]),
  'd24-to-d32f-lockable': [F.D24S8, F.D24X8, F.D24X4S4, F.INTZ, F.DF24].map((s) => [s, F.D32F_LOCKABLE]),
  'd32f-lockable-to-d24': [F.D24S8, F.D24X8, F.D24X4S4, F.INTZ, F.DF24].map((d) => [F.D32F_LOCKABLE, d]),
  'd16-identity': [[F.D16, F.D16_LOCKABLE], [F.DF16, F.D16_LOCKABLE], [F.D16_LOCKABLE, F.D16], [F.D16_LOCKABLE, F.DF16]],
  'stencil8-to-s8-lockable': [F.D24S8, F.INTZ, F.D24FS8].map((s) => [s, F.S8_LOCKABLE]),
  's8-lockable-to-stencil8': [F.D24S8, F.INTZ, F.D24FS8].map((d) => [F.S8_LOCKABLE, d]),
};

describe('fast depth-stencil copies equal the generic copy byte for byte', () => {
  it('the table of pairs names every fast copier', () => {
    expect(Object.keys(FAST_PAIRS).sort()).toEqual(FAST_COPIERS.map((c) => c.name).sort());
  });

  for (const [copierName, pairs] of Object.entries(FAST_PAIRS)) {
    for (const [from, to] of pairs) {
      it(`${copierName}: ${name(from)} → ${name(to)} on 40 random surfaces and rectangles`, () => {
        const next = prng(from ^ (to * 31) ^ 0x9e3779b9);
        const plan = depthStencilCopyPlan(from, to);
        if (!plan.ok) throw new Error(plan.reason);
        for (let round = 0; round < 40; round++) {
          const src = randomSurface(from, 1 + (next() % 37), 1 + (next() % 23), next);
          const dst = randomSurface(to, 1 + (next() % 37), 1 + (next() % 23), next);
          const { r, x, y } = randomRect(src, dst, next);
          const chosen = chooseDepthStencilCopier(src, dst, plan);
          expect(chosen.name).toBe(copierName);
          const expected = { ...dst, data: dst.data.slice() };
          GENERIC_COPIER.copy(src, r, expected, x, y, plan);
          chosen.copy(src, r, dst, x, y, plan);
          if (Buffer.compare(Buffer.from(dst.data), Buffer.from(expected.data)) !== 0) {
            const at = dst.data.findIndex((b, i) => b !== expected.data[i]);
            expect({ round, at, byte: dst.data[at] }).toEqual({ round, at, byte: expected.data[at] });
          }
        }
      });
    }
  }

  // the fast loop divides in double and rounds once to float32, which is exact only because no
  // widened D24 depth lands on a double-rounding tie: the long run checks all 2^24 depths
  it(`D24S8 → D32F_LOCKABLE matches the generic copy on ${LONG ? 'all 256' : '16'} blocks of 2^16 consecutive depths${LONG ? '' : ' spread over 2^24'}`, () => {
    const next = prng(24);
    const src = randomSurface(F.D24S8, 256, 256, next);
    const dst = randomSurface(F.D32F_LOCKABLE, 256, 256, next);
    const plan = depthStencilCopyPlan(F.D24S8, F.D32F_LOCKABLE);
    if (!plan.ok) throw new Error(plan.reason);
    const rect = { left: 0, top: 0, right: 256, bottom: 256 };
    const v = new DataView(src.data.buffer, src.data.byteOffset, src.data.byteLength);
    for (let k = 0; k < (LONG ? 256 : 16); k++) {
      // short run: one block in each 2^20, at a varied place, the last one ending at 0xFFFFFF
      const base = LONG ? k << 16 : (k << 20) | (k === 15 ? 0xf0000 : next() & 0xf0000);
      for (let i = 0; i < 1 << 16; i++) v.setUint32((i >> 8) * src.pitch + (i & 255) * 4, ((base + i) << 8) | (i & 0xff), true);
      const expected = { ...dst, data: dst.data.slice() };
      GENERIC_COPIER.copy(src, rect, expected, 0, 0, plan);
      chooseDepthStencilCopier(src, dst, plan).copy(src, rect, dst, 0, 0, plan);
      if (Buffer.compare(Buffer.from(dst.data), Buffer.from(expected.data)) !== 0) expect(base).toBe(-1);
    }
  });

  it('a buffer not aligned for a typed view gets the generic copier', () => {
    const next = prng(7);
    const plan = { depth: true, stencil: false };
    const odd = randomSurface(F.D24S8, 4, 4, next, 1);
    const even = randomSurface(F.D32F_LOCKABLE, 4, 4, next);
    expect(chooseDepthStencilCopier(odd, even, plan).name).toBe('generic');
    expect(chooseDepthStencilCopier(even, randomSurface(F.D24S8, 4, 4, next, 2), plan).name).toBe('generic');
    expect(chooseDepthStencilCopier(randomSurface(F.D24X8, 4, 4, next, 4), randomSurface(F.D16_LOCKABLE, 4, 4, next, 1), plan).name).toBe('generic');
  });

  it('pairs without a fast loop get the generic copier', () => {
    const next = prng(8);
    for (const [from, to] of [[F.D15S1, F.D16_LOCKABLE], [F.D24FS8, F.D32F_LOCKABLE], [F.D32, F.D32_LOCKABLE], [F.D24X4S4, F.S8_LOCKABLE], [F.S8_LOCKABLE, F.D15S1]]) {
      const plan = depthStencilCopyPlan(from, to);
      if (!plan.ok) throw new Error(plan.reason);
      expect(chooseDepthStencilCopier(randomSurface(from, 4, 4, next), randomSurface(to, 4, 4, next), plan).name).toBe('generic');
    }
  });
});
