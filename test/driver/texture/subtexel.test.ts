/**
 * Sub-texel precision: bilinear weights come from the texel-space fraction
 * truncated to 8 bits (D3D11_SUBTEXEL_FRACTIONAL_BIT_COUNT = 8, D3D11.3
 * §7.18.16.1), so every weight is k/256. Exact values, worked by hand; the 8-bit
 * results go through a whole draw, on the generic path and the chosen one.
 */
import { describe, expect, it } from 'vitest';
import { D3DTADDRESS, D3DTEXF } from '../../../src/d3d9/index.js';
import { byteOfSum, filteredByte, roundedSum } from '../../../src/driver/raster/span/rgba8-texture.js';
import { F, copyState, drawChosen, drawGeneric, makeState, prng, randomSurface, vertex } from '../span/helpers.js';
import { argbSurface, sample2d, tex2d } from './helpers.js';

const { CLAMP } = D3DTADDRESS;
const { LINEAR } = D3DTEXF;
// 2×1 A8R8G8B8: texel 0 is black, texel 1 red 255 (alpha 255 both); one row, so v = 0.5 reads it alone
const ramp = tex2d(argbSurface(2, 1, [0xff000000, 0xffff0000]));
const states = { ADDRESSU: CLAMP, ADDRESSV: CLAMP, MAGFILTER: LINEAR, MINFILTER: LINEAR };

/** The stored red byte of a one-pixel X8R8G8B8 target drawn with the ramp at (u, 0.5), both ways. */
function drawnRed(u: number): { generic: number; chosen: number; fills: string[] } {
  const st = makeState({
    width: 1, height: 1, rt: randomSurface(prng(1), F.X8R8G8B8, 1, 1), texture: ramp, sampler: states,
    rs: { ZENABLE: 0, CULLMODE: 1 },
  });
  const ref = copyState(st);
  const v = (x: number, y: number) => vertex(x, y, 0.5, 1, true, { uv: [u, 0.5] });
  const quad = [v(-0.5, -0.5), v(0.5, -0.5), v(-0.5, 0.5), v(0.5, -0.5), v(0.5, 0.5), v(-0.5, 0.5)];
  const fills = new Set<string>();
  drawChosen(st, quad, fills);
  drawGeneric(ref, quad);
  // X8R8G8B8 stores B, G, R, X: red is byte 2
  return { generic: ref.renderTargets[0]!.data[2], chosen: st.renderTargets[0]!.data[2], fills: [...fills] };
}

describe('bilinear weights are 256ths: the texel-space fraction truncated to 8 bits', () => {
  // x = u·2 − 0.5 between texel 0 (red 0) and texel 1 (red 255); k = floor(frac(x)·256).
  // Taps (256 − k)·256 on red 0 and k·256 on red 255: S = k·256·255, red = S / (65536·255) = k/256 exactly.
  // Stored: FLOAT→UNORM8, floor(red·255 + 0.5). Unquantised, red would be frac(x) itself.
  const TABLE: [string, number, number, number, number][] = [
    // frac 0.3: 0.3·256 = 76.8 → k = 76; 76/256 = 0.296875, ·255 = 75.703125 → 76; unquantised 0.3·255 = 76.5 → 77
    ['fraction 0.3: truncation stores 76 where the exact weight gives 77', 0.4, 76, 76, 77],
    // frac 0.999: 255.744 → k = 255; 255/256·255 = 254.00390625 → 254; unquantised 254.745 → 255
    ['fraction 0.999: 254 where the exact weight gives 255', 0.7495, 255, 254, 255],
    // frac 0.25: 64 exactly; 0.25·255 = 63.75 → 64 either way
    ['fraction 0.25 is a whole number of 256ths: no change', 0.375, 64, 64, 64],
    // frac 0.5: 128; 0.5·255 = 127.5 → 128 (S / 65536 = 127.5 exactly: the halfway case rounds up here)
    ['fraction 0.5: halfway between bytes 127 and 128, stored 128', 0.5, 128, 128, 128],
    // frac 1/512 (below one step): k = 0 → red 0 → 0; unquantised 255/512 = 0.498 → 0
    ['a fraction under 1/256 reads texel 0 alone', 0.25 + 1 / 1024, 0, 0, 0],
  ];
  for (const [name, u, k, stored, unquantised] of TABLE) {
    it(name, () => {
      const [r, g, b, a] = sample2d(ramp, states, u, 0.5);
      expect([r, g, b, a]).toEqual([k / 256, 0, 0, 1]);
      expect(drawnRed(u)).toEqual({ generic: stored, chosen: stored, fills: ['textured:Rgba8BilinearSpans'] });
      const frac = u * 2 - 0.5;
      expect(Math.floor(frac * 255 + 0.5)).toBe(unquantised);
    });
  }
});

describe('the sampler sees the texture coordinate as float32, as a pixel shader input is', () => {
  // The vertex values below are doubles just off a 256th; interpolated, they reach the pixel stages as
  // float32, whose nearest values are the 256ths themselves (float32 steps near 0.5 and 0.375 are 2⁻²⁴
  // and 2⁻²⁵, far coarser than the offsets), so k is that of the 256th. Kept as doubles, the fraction
  // would sit just under it and truncate to k − 1.
  const TABLE: [string, number, number, number][] = [
    // float32: u = 0.5, x = 0.5, k = 128 → 128 (as above); double: x = 0.5 − 2⁻³⁰, k = 127, 127/256·255 = 126.50390625 → 127
    ['u = 0.5 − 2⁻³¹ filters as u = 0.5', 0.5 - 2 ** -31, 128, 127],
    // float32: u = 0.375, k = 64 → 64; double: x = 0.25 − 2⁻²⁹, k = 63, 63/256·255 = 62.75390625 → 63
    ['u = 0.375 − 2⁻³⁰ filters as u = 0.375', 0.375 - 2 ** -30, 64, 63],
  ];
  for (const [name, u, stored, asDouble] of TABLE) {
    it(name, () => {
      expect(drawnRed(u)).toEqual({ generic: stored, chosen: stored, fills: ['textured:Rgba8BilinearSpans'] });
      expect(drawnRed(Math.fround(u))).toEqual(drawnRed(u));
      const [r] = sample2d(ramp, states, u, 0.5);
      expect(Math.floor(r * 255 + 0.5)).toBe(asDouble);
    });
  }
});

describe('the integer path rounds a channel sum S to the stored byte as the colour write does', () => {
  it('for every S from 0 to 65536·255', () => {
    let bad = -1;
    for (let s = 0; s <= 65536 * 255 && bad < 0; s++) if (byteOfSum(s) !== filteredByte(s)) bad = s;
    expect(bad).toBe(-1);
  });

  it('the rounded sum holds that byte in bits 16..23 and nothing above, so it can be masked into place', () => {
    let bad = -1;
    for (let s = 0; s <= 65536 * 255 && bad < 0; s++) {
      const r = roundedSum(s), byte = filteredByte(s);
      if (r >>> 24 !== 0 || r >>> 16 !== byte || ((r >>> 8) & 0xff00) !== byte << 8 || (r & 0xff0000) !== byte << 16) bad = s;
    }
    expect(bad).toBe(-1);
  });
});
