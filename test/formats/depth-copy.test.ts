import { describe, expect, it } from 'vitest';
import { D3DFMT } from '../../src/d3d9/index.js';
import { float32Bits } from '../../src/d3d9/float-bits.js';
import {
  GENERIC_COPIER, chooseDepthStencilCopier, copyDepthStencil, depthStencilCopyPlan, depthStencilCopyRectProblem,
} from '../../src/formats/depth/depth-stencil-copy.js';
import type { CopyRect, DepthStencilSurface } from '../../src/formats/depth/depth-stencil-copy.js';
import { formatInfo } from '../../src/formats/table.js';

/**
 * Depth-stencil copies between opaque and lockable formats (reference A.1 "Copying Depth-Stencil
 * Values"). Pixels are little-endian words in the nominal layouts of A.3. Every expected word is
 * worked out by hand from the rules: u32 intermediate, bit replication, dropping low bits, float
 * clamp × 0xFFFFFFFF rounded to nearest, stencil zero-extended then cut.
 */
const F = D3DFMT;
const OPAQUE = [F.D16, F.D15S1, F.D24S8, F.D24X8, F.D24X4S4, F.D24FS8, F.D32, F.INTZ, F.DF16, F.DF24];
const LOCKABLE = [F.D16_LOCKABLE, F.D32_LOCKABLE, F.D32F_LOCKABLE, F.S8_LOCKABLE];
const name = (f: number): string => formatInfo(f)?.name ?? String(f);
const bytesOf = (f: number): number => formatInfo(f)!.blockBytes;

function surface(format: number, width: number, height: number, pad = 0): DepthStencilSurface {
  const pitch = width * bytesOf(format) + pad;
  return { format, data: new Uint8Array(pitch * height), pitch, width, height };
}

function get(s: DepthStencilSurface, x: number, y: number): number {
  const v = new DataView(s.data.buffer, s.data.byteOffset, s.data.byteLength);
  const at = y * s.pitch + x * bytesOf(s.format);
  const n = bytesOf(s.format);
  return n === 4 ? v.getUint32(at, true) : n === 2 ? v.getUint16(at, true) : v.getUint8(at);
}

function set(s: DepthStencilSurface, x: number, y: number, value: number): void {
  const v = new DataView(s.data.buffer, s.data.byteOffset, s.data.byteLength);
  const at = y * s.pitch + x * bytesOf(s.format);
  const n = bytesOf(s.format);
  if (n === 4) v.setUint32(at, value >>> 0, true);
  else if (n === 2) v.setUint16(at, value, true);
  else v.setUint8(at, value);
}

/** One pixel `value` of `from` copied onto one pixel `old` of `to`: the destination word. */
function copyOne(from: number, value: number, to: number, old = 0): number {
  const src = surface(from, 1, 1);
  const dst = surface(to, 1, 1);
  set(src, 0, 0, value);
  set(dst, 0, 0, old);
  copyDepthStencil(src, { left: 0, top: 0, right: 1, bottom: 1 }, dst, 0, 0);
  return get(dst, 0, 0);
}

/** Same as copyOne, through the generic copier whatever the pair. */
function copyOneGeneric(from: number, value: number, to: number, old = 0): number {
  const src = surface(from, 1, 1);
  const dst = surface(to, 1, 1);
  set(src, 0, 0, value);
  set(dst, 0, 0, old);
  const plan = depthStencilCopyPlan(from, to);
  if (!plan.ok) throw new Error(plan.reason);
  GENERIC_COPIER.copy(src, { left: 0, top: 0, right: 1, bottom: 1 }, dst, 0, 0, plan);
  return get(dst, 0, 0);
}

const f32 = (f: number): number => float32Bits(f);

describe('which pairs copy (A.1 rules 2-3)', () => {
  it('every opaque format copies to and from every lockable one that shares a channel', () => {
    for (const o of OPAQUE) {
      for (const l of LOCKABLE) {
        const oi = formatInfo(o)!;
        const li = formatInfo(l)!;
        const depth = !!oi.depth && !!li.depth;
        const stencil = !!oi.stencil && !!li.stencil;
        const expected = depth || stencil ? { ok: true, depth, stencil } : { ok: false };
        expect({ pair: `${name(o)}→${name(l)}`, ...depthStencilCopyPlan(o, l) }).toMatchObject({ pair: `${name(o)}→${name(l)}`, ...expected });
        expect({ pair: `${name(l)}→${name(o)}`, ...depthStencilCopyPlan(l, o) }).toMatchObject({ pair: `${name(l)}→${name(o)}`, ...expected });
      }
    }
  });

  const refused: [string, number, number, RegExp][] = [
    ['S8_LOCKABLE → D16_LOCKABLE: no common channel', F.S8_LOCKABLE, F.D16_LOCKABLE, /share no channel/],
    ['D16_LOCKABLE → S8_LOCKABLE: no common channel', F.D16_LOCKABLE, F.S8_LOCKABLE, /share no channel/],
    ['D32F_LOCKABLE → S8_LOCKABLE: no common channel', F.D32F_LOCKABLE, F.S8_LOCKABLE, /share no channel/],
    ['S8_LOCKABLE → D32F_LOCKABLE: no common channel', F.S8_LOCKABLE, F.D32F_LOCKABLE, /share no channel/],
    ['D24X8 → S8_LOCKABLE: D24X8 has no stencil', F.D24X8, F.S8_LOCKABLE, /share no channel/],
    ['S8_LOCKABLE → D16: D16 has no stencil', F.S8_LOCKABLE, F.D16, /share no channel/],
    ['DF24 → S8_LOCKABLE', F.DF24, F.S8_LOCKABLE, /share no channel/],
    ['lockable → lockable: D16_LOCKABLE → D32F_LOCKABLE', F.D16_LOCKABLE, F.D32F_LOCKABLE, /both are lockable/],
    ['lockable → lockable: D32_LOCKABLE → D16_LOCKABLE', F.D32_LOCKABLE, F.D16_LOCKABLE, /both are lockable/],
    ['lockable → itself: D16_LOCKABLE → D16_LOCKABLE', F.D16_LOCKABLE, F.D16_LOCKABLE, /both are lockable/],
    ['opaque → opaque: D24S8 → D16', F.D24S8, F.D16, /both are opaque/],
    ['opaque → opaque: D24S8 → INTZ', F.D24S8, F.INTZ, /both are opaque/],
    ['opaque → opaque: D24FS8 → D24S8', F.D24FS8, F.D24S8, /both are opaque/],
    ['a colour format: A8R8G8B8 → D16_LOCKABLE', F.A8R8G8B8, F.D16_LOCKABLE, /not a depth-stencil format/],
    ['an unknown number: 12345 → D16_LOCKABLE', 12345, F.D16_LOCKABLE, /not a depth-stencil format/],
    ['D16_LOCKABLE → R32F', F.D16_LOCKABLE, F.R32F, /not a depth-stencil format/],
  ];
  for (const [what, s, d, reason] of refused) {
    it(`refuses ${what}`, () => {
      const plan = depthStencilCopyPlan(s, d);
      expect(plan.ok).toBe(false);
      if (!plan.ok) expect(plan.reason).toMatch(reason);
    });
  }

  it('copying a refused pair throws, as a caller bug', () => {
    expect(() => copyOne(F.D24S8, 0, F.D16)).toThrow(/refused pair.*both are opaque/);
  });
});

describe('depth values through the u32 intermediate, to each lockable format', () => {
  // D24S8 0x12345678: depth 0x123456 → u32 0x12345612 (bits 23:16 repeated below); stencil 0x78
  const fromD24S8: [string, number, number][] = [
    ['D16_LOCKABLE: 0x12345612 >>> 16 = 0x1234', F.D16_LOCKABLE, 0x1234],
    ['D32_LOCKABLE: 0x12345612', F.D32_LOCKABLE, 0x12345612],
    ['D32F_LOCKABLE: 0x12345612/0xFFFFFFFF → 0x91A2B1·2^-27', F.D32F_LOCKABLE, f32(0x91a2b1 * 2 ** -27)],
    ['S8_LOCKABLE: the stencil 0x78', F.S8_LOCKABLE, 0x78],
  ];
  for (const [what, to, out] of fromD24S8) it(`D24S8 0x12345678 → ${what}`, () => expect(copyOne(F.D24S8, 0x12345678, to)).toBe(out));

  // D16 0xABCD → u32 0xABCDABCD
  const fromD16: [string, number, number][] = [
    ['D16_LOCKABLE: 0xABCD', F.D16_LOCKABLE, 0xabcd],
    ['D32_LOCKABLE: 0xABCDABCD', F.D32_LOCKABLE, 0xabcdabcd],
    ['D32F_LOCKABLE: 0x0.ABCDABCD… → 0xABCDAC·2^-24', F.D32F_LOCKABLE, f32(0xabcdac * 2 ** -24)],
  ];
  for (const [what, to, out] of fromD16) {
    it(`D16 0xABCD → ${what}`, () => expect(copyOne(F.D16, 0xabcd, to)).toBe(out));
    it(`DF16 0xABCD → ${what} (DF16 has D16's layout)`, () => expect(copyOne(F.DF16, 0xabcd, to)).toBe(out));
  }

  // D32 0x89ABCDEF is its own u32
  const fromD32: [string, number, number][] = [
    ['D16_LOCKABLE: 0x89AB', F.D16_LOCKABLE, 0x89ab],
    ['D32_LOCKABLE: 0x89ABCDEF', F.D32_LOCKABLE, 0x89abcdef],
    // 0x0.89ABCDEF89AB… → 24 bits 0x89ABCD, next bit (top of 0xE) 1 → 0x89ABCE·2^-24
    ['D32F_LOCKABLE: 0x89ABCE·2^-24', F.D32F_LOCKABLE, f32(0x89abce * 2 ** -24)],
  ];
  for (const [what, to, out] of fromD32) it(`D32 0x89ABCDEF → ${what}`, () => expect(copyOne(F.D32, 0x89abcdef, to)).toBe(out));

  // D15S1 0x8643: depth 0x4321 → u32 0x86430C86; stencil 1
  const fromD15S1: [string, number, number][] = [
    ['D16_LOCKABLE: 0x8643', F.D16_LOCKABLE, 0x8643],
    ['D32_LOCKABLE: 0x86430C86', F.D32_LOCKABLE, 0x86430c86],
    ['S8_LOCKABLE: stencil 1 zero-extended to 1', F.S8_LOCKABLE, 1],
  ];
  for (const [what, to, out] of fromD15S1) it(`D15S1 0x8643 → ${what}`, () => expect(copyOne(F.D15S1, 0x8643, to)).toBe(out));

  // D24FS8: 20e4 depth in 31:8
  const fromD24FS8: [string, number, number, number][] = [
    ['1.0 (0xF00000) → D16_LOCKABLE 0xFFFF', 0xf0000011, F.D16_LOCKABLE, 0xffff],
    ['0.5 (0xE00000) → D16_LOCKABLE 0x8000', 0xe0000011, F.D16_LOCKABLE, 0x8000],
    ['0.5 (0xE00000) → D32F_LOCKABLE 0.5', 0xe0000011, F.D32F_LOCKABLE, f32(0.5)],
    ['≈2 (0xFFFFFF) clamps to 1 → D32_LOCKABLE 0xFFFFFFFF', 0xffffff11, F.D32_LOCKABLE, 0xffffffff],
    ['0x155555·2^-22 (0xD55555) → D32_LOCKABLE 0x55555400', 0xd5555511, F.D32_LOCKABLE, 0x55555400],
    ['stencil 0x11 → S8_LOCKABLE 0x11', 0xd5555511, F.S8_LOCKABLE, 0x11],
  ];
  for (const [what, word, to, out] of fromD24FS8) it(`D24FS8 ${what}`, () => expect(copyOne(F.D24FS8, word, to)).toBe(out));
});

describe('depth values from each lockable format into opaque ones', () => {
  const cases: [string, number, number, number, number, number][] = [
    // [what, from, value, to, old destination word, expected]
    ['D16_LOCKABLE 0xABCD → D24S8: depth 0xABCDAB, stencil 0xEE kept', F.D16_LOCKABLE, 0xabcd, F.D24S8, 0x000000ee, 0xabcdabee],
    ['D16_LOCKABLE 0xABCD → D32: 0xABCDABCD', F.D16_LOCKABLE, 0xabcd, F.D32, 0, 0xabcdabcd],
    ['D16_LOCKABLE 0xABCD → D16: 0xABCD', F.D16_LOCKABLE, 0xabcd, F.D16, 0x1111, 0xabcd],
    ['D16_LOCKABLE 0xABCD → D15S1: 0xABCDABCD >>> 17 = 0x55E6, stencil 0 kept → 0xABCC', F.D16_LOCKABLE, 0xabcd, F.D15S1, 0, 0xabcc],
    ['D16_LOCKABLE 0xABCD → D15S1 with stencil 1 kept → 0xABCD', F.D16_LOCKABLE, 0xabcd, F.D15S1, 0xffff, 0xabcd],
    // via float32 0xABCDAC·2^-24, whose 20e4 mantissa 0x579B5.8 ties to even 0x579B6
    ['D16_LOCKABLE 0xABCD → D24FS8: 0xE579B6, stencil 0x42 kept', F.D16_LOCKABLE, 0xabcd, F.D24FS8, 0x00000042, 0xe579b642],
    ['D32_LOCKABLE 0x12345612 → D24X8: 0x123456, X byte 0xC3 kept', F.D32_LOCKABLE, 0x12345612, F.D24X8, 0x000000c3, 0x123456c3],
    ['D32_LOCKABLE 0x12345612 → D24X4S4: depth 0x123456, X and stencil 0x9A kept', F.D32_LOCKABLE, 0x12345612, F.D24X4S4, 0x0000009a, 0x1234569a],
    ['D32_LOCKABLE 0x12345612 → INTZ', F.D32_LOCKABLE, 0x12345612, F.INTZ, 0x00000001, 0x12345601],
    ['D32_LOCKABLE 0x12345612 → DF24', F.D32_LOCKABLE, 0x12345612, F.DF24, 0, 0x12345600],
    ['D32_LOCKABLE 0x12345612 → D16: 0x1234', F.D32_LOCKABLE, 0x12345612, F.D16, 0, 0x1234],
    ['D32_LOCKABLE 0xFFFFFFFF → D24FS8: 1.0 = 0xF00000', F.D32_LOCKABLE, 0xffffffff, F.D24FS8, 0, 0xf0000000],
    ['D32_LOCKABLE 1 → D24FS8: float32 2^-32·(1 + 2^-32 …) → 2^-32 → 20e4 denormal 4', F.D32_LOCKABLE, 1, F.D24FS8, 0, 0x00000400],
    ['D32F_LOCKABLE 0.5 → D16: 0x7FFFFFFF.8 rounds to 0x80000000 → 0x8000', F.D32F_LOCKABLE, f32(0.5), F.D16, 0, 0x8000],
    ['D32F_LOCKABLE 0.75 → D16: 0xBFFFFFFF.4 → 0xBFFFFFFF → 0xBFFF', F.D32F_LOCKABLE, f32(0.75), F.D16, 0, 0xbfff],
    ['D32F_LOCKABLE 0.5 → D24S8: 0x800000, stencil 0x5A kept', F.D32F_LOCKABLE, f32(0.5), F.D24S8, 0x0000005a, 0x8000005a],
    ['D32F_LOCKABLE 0.5 → D32: 0x80000000', F.D32F_LOCKABLE, f32(0.5), F.D32, 0, 0x80000000],
    ['D32F_LOCKABLE 0.5 → D24FS8: 0x80000000 → 0.5 → 0xE00000', F.D32F_LOCKABLE, f32(0.5), F.D24FS8, 0, 0xe0000000],
    // 0xABCDAC·2^-24 · 0xFFFFFFFF = 0xABCDAC00 − 0.67 → 0xABCDABFF: back to the D16 it came from
    ['D32F_LOCKABLE 0xABCDAC·2^-24 → D16: 0xABCDABFF → 0xABCD', F.D32F_LOCKABLE, f32(0xabcdac * 2 ** -24), F.D16, 0, 0xabcd],
    ['D32F_LOCKABLE 0xABCDAC·2^-24 → D32: 0xABCDABFF', F.D32F_LOCKABLE, f32(0xabcdac * 2 ** -24), F.D32, 0, 0xabcdabff],
    // 0x91A2B1·2^-27 · 0xFFFFFFFF = 0x12345620 − 0.07 → 0x1234561F: back to the D24 it came from
    ['D32F_LOCKABLE 0x91A2B1·2^-27 → D24S8: 0x123456', F.D32F_LOCKABLE, f32(0x91a2b1 * 2 ** -27), F.D24S8, 0, 0x12345600],
  ];
  for (const [what, from, value, to, old, out] of cases) {
    it(what, () => expect(copyOne(from, value, to, old) >>> 0).toBe(out >>> 0));
  }
});

describe('float sources clamp to [0, 1] (A.1 rule 4); NaN reads as 0', () => {
  const cases: [string, number, number][] = [
    ['−1 → 0', -1, 0],
    ['−0 → 0', -0, 0],
    ['NaN → 0', NaN, 0],
    ['+Inf → 0xFFFFFF', Infinity, 0xffffff],
    ['−Inf → 0', -Infinity, 0],
    ['1.5 → 0xFFFFFF', 1.5, 0xffffff],
    ['2 → 0xFFFFFF', 2, 0xffffff],
    ['the float32 denormal 2^-149 → 0', 2 ** -149, 0],
  ];
  for (const [what, f, d24] of cases) {
    it(`D32F_LOCKABLE ${what} in D24S8's depth`, () => expect(copyOne(F.D32F_LOCKABLE, f32(f), F.D24S8) >>> 8).toBe(d24));
  }
  it('a NaN with another payload (0xFFFFFFFF) also → 0', () => expect(copyOne(F.D32F_LOCKABLE, 0xffffffff, F.D16)).toBe(0));
});

describe('stencil: zero-extended to 8 bits, then the destination keeps its low bits (A.1 rule 5)', () => {
  const cases: [string, number, number, number, number, number][] = [
    ['D15S1 stencil 1 → S8_LOCKABLE 1', F.D15S1, 0x0001, F.S8_LOCKABLE, 0xaa, 0x01],
    ['D15S1 stencil 0 → S8_LOCKABLE 0', F.D15S1, 0xfffe, F.S8_LOCKABLE, 0xaa, 0x00],
    ['D24X4S4 stencil 0xF, X bits 0xB → S8_LOCKABLE 0x0F (X not carried)', F.D24X4S4, 0x123456bf, F.S8_LOCKABLE, 0, 0x0f],
    ['D24S8 stencil 0xC3 → S8_LOCKABLE 0xC3', F.D24S8, 0x123456c3, F.S8_LOCKABLE, 0, 0xc3],
    ['INTZ stencil 0xC3 → S8_LOCKABLE 0xC3', F.INTZ, 0x123456c3, F.S8_LOCKABLE, 0, 0xc3],
    ['S8_LOCKABLE 0xFF → D24X4S4: stencil 0xF, X bits 0xA and depth kept', F.S8_LOCKABLE, 0xff, F.D24X4S4, 0x123456a5, 0x123456af],
    ['S8_LOCKABLE 0x5A → D24X4S4: stencil 0xA', F.S8_LOCKABLE, 0x5a, F.D24X4S4, 0, 0x0000000a],
    ['S8_LOCKABLE 0xFF → D15S1: stencil 1, depth kept', F.S8_LOCKABLE, 0xff, F.D15S1, 0x8642, 0x8643],
    ['S8_LOCKABLE 0x5A → D15S1: stencil 0, depth kept', F.S8_LOCKABLE, 0x5a, F.D15S1, 0x8643, 0x8642],
    ['S8_LOCKABLE 0x5A → D24S8: depth kept', F.S8_LOCKABLE, 0x5a, F.D24S8, 0x12345600, 0x1234565a],
    ['S8_LOCKABLE 0x5A → D24FS8: depth kept', F.S8_LOCKABLE, 0x5a, F.D24FS8, 0xf0000000, 0xf000005a],
  ];
  for (const [what, from, value, to, old, out] of cases) {
    it(what, () => expect(copyOne(from, value, to, old) >>> 0).toBe(out >>> 0));
    it(`${what} (generic copier)`, () => expect(copyOneGeneric(from, value, to, old) >>> 0).toBe(out >>> 0));
  }
  it('a depth-only destination drops the stencil: D24S8 0x123456C3 → D32_LOCKABLE 0x12345612', () => {
    expect(copyOne(F.D24S8, 0x123456c3, F.D32_LOCKABLE)).toBe(0x12345612);
  });
});

describe('sub-rectangles: point copies, the rest of the destination untouched (A.1 rule 6)', () => {
  const pairs: [number, number][] = [
    [F.D24S8, F.D16_LOCKABLE], [F.D15S1, F.D32_LOCKABLE], [F.D32F_LOCKABLE, F.D24X8], [F.S8_LOCKABLE, F.D24X4S4],
    [F.D16, F.D16_LOCKABLE], [F.D24FS8, F.S8_LOCKABLE], [F.D32_LOCKABLE, F.D16],
  ];
  const rect: CopyRect = { left: 2, top: 1, right: 6, bottom: 4 };
  /** a pixel of a destination filled with 0x5A bytes, by pixel size */
  const FILLED = [0, 0x5a, 0x5a5a, 0, 0x5a5a5a5a];
  for (const [from, to] of pairs) {
    for (const which of ['chosen', 'generic'] as const) {
      it(`${name(from)} → ${name(to)} (${which} copier): each pixel of the rect lands at its offset, nothing else changes`, () => {
        const src = surface(from, 8, 6, 3);
        const dst = surface(to, 10, 8, 5);
        src.data.forEach((_, i) => (src.data[i] = (i * 37 + 11) & 0xff));
        dst.data.fill(0x5a);
        const before = dst.data.slice();
        const plan = depthStencilCopyPlan(from, to);
        if (!plan.ok) throw new Error(plan.reason);
        const copier = which === 'chosen' ? chooseDepthStencilCopier(src, dst, plan) : GENERIC_COPIER;
        copier.copy(src, rect, dst, 3, 2, plan);
        const dn = bytesOf(to);
        for (let y = 0; y < dst.height; y++) {
          for (let x = 0; x < dst.width; x++) {
            const sx = x - 3 + rect.left;
            const sy = y - 2 + rect.top;
            const inside = sx >= rect.left && sx < rect.right && sy >= rect.top && sy < rect.bottom;
            // each pixel on its own, 1×1: what the copy must have put there
            const expected = inside ? copyOneGeneric(from, get(src, sx, sy), to, FILLED[dn]) : get({ ...dst, data: before }, x, y);
            if (get(dst, x, y) !== expected) expect({ x, y, got: get(dst, x, y) }).toEqual({ x, y, got: expected });
          }
          // the pitch padding after each row is untouched
          for (let i = dst.width * dn; i < dst.pitch; i++) expect(dst.data[y * dst.pitch + i]).toBe(0x5a);
        }
      });
    }
  }
});

describe('rectangle checks (separate from the copy)', () => {
  const src = surface(F.D24S8, 8, 6);
  const dst = surface(F.D16_LOCKABLE, 4, 4);
  const cases: [string, CopyRect, number, number, RegExp | undefined][] = [
    ['a rect that fits', { left: 4, top: 2, right: 8, bottom: 6 }, 0, 0, undefined],
    ['the whole destination', { left: 0, top: 0, right: 4, bottom: 4 }, 0, 0, undefined],
    ['right past the source', { left: 4, top: 0, right: 9, bottom: 1 }, 0, 0, /outside the source/],
    ['negative left', { left: -1, top: 0, right: 1, bottom: 1 }, 0, 0, /outside the source/],
    ['empty', { left: 2, top: 2, right: 2, bottom: 3 }, 0, 0, /empty or flipped/],
    ['flipped', { left: 3, top: 2, right: 2, bottom: 3 }, 0, 0, /empty or flipped/],
    ['too wide at dstX 1', { left: 0, top: 0, right: 4, bottom: 1 }, 1, 0, /does not fit/],
    ['negative dstY', { left: 0, top: 0, right: 1, bottom: 1 }, 0, -1, /does not fit/],
    ['fractional', { left: 0.5, top: 0, right: 1, bottom: 1 }, 0, 0, /integers/],
  ];
  for (const [what, r, x, y, problem] of cases) {
    it(`${what}: ${problem ? 'refused' : 'accepted'}`, () => {
      const p = depthStencilCopyRectProblem(src, r, dst, x, y);
      if (problem) expect(p).toMatch(problem);
      else expect(p).toBeUndefined();
    });
  }
});
