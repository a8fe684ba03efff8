/**
 * Texture addressing ("Texture Addressing Modes"): each mode at coordinates
 * outside [0, 1] on a 4-texel-wide texture of distinct colours, applied to the
 * point texel index floor(u·W) and to both bilinear taps. Point results are
 * exact texel values; bilinear ones within 1e-6.
 */
import { describe, expect, it } from 'vitest';
import { D3DTADDRESS, D3DTEXF } from '../../../src/d3d9/index.js';
import { addressTexel, BORDER_TEXEL } from '../../../src/driver/raster/texture/index.js';
import { argbSurface, expectClose, mix, rgba, sample2d, tex2d } from './helpers.js';

const { WRAP, MIRROR, CLAMP, BORDER, MIRRORONCE } = D3DTADDRESS;
const TEXELS = [0xff0000ff, 0xff40bf10, 0xff807f20, 0xffc03f30];
const row = tex2d(argbSurface(4, 1, TEXELS));
const column = tex2d(argbSurface(1, 4, TEXELS));
const BORDER_ARGB = 0x80ff4000;
const B = -1; // the border colour

// u, then the texel floor(u·4) lands on per mode: WRAP, MIRROR, CLAMP, BORDER, MIRRORONCE
const POINT_TABLE: [number, number[]][] = [
  [-0.25, [3, 0, 0, B, 0]], //  index −1
  [-0.6, [1, 2, 0, B, 2]], //   index −3
  [-1.1, [3, 3, 0, B, 3]], //   index −5: MIRRORONCE mirrors to 4, then clamps
  [1.25, [1, 2, 3, B, 3]], //   index 5
  [2.6, [2, 2, 3, B, 3]], //    index 10
  [0.3, [1, 1, 1, 1, 1]], //    inside: every mode agrees
];
const MODES = [WRAP, MIRROR, CLAMP, BORDER, MIRRORONCE];
const colourOf = (i: number): number[] => rgba(i === B ? BORDER_ARGB : TEXELS[i]);

describe('addressing a point sample outside [0, 1]', () => {
  for (const [u, texels] of POINT_TABLE) {
    MODES.forEach((mode, m) => {
      it(`u = ${u}, mode ${mode} reads texel ${texels[m] === B ? 'border' : texels[m]}`, () => {
        const got = sample2d(row, { ADDRESSU: mode, BORDERCOLOR: BORDER_ARGB }, u, 0.5);
        expect(got).toEqual(colourOf(texels[m]).map(Math.fround));
      });
      it(`v = ${u}, ADDRESSV mode ${mode} reads the same texel down a column`, () => {
        const got = sample2d(column, { ADDRESSV: mode, BORDERCOLOR: BORDER_ARGB }, 0.5, u);
        expect(got).toEqual(colourOf(texels[m]).map(Math.fround));
      });
    });
  }

  it('ADDRESSU does not address v and ADDRESSV does not address u', () => {
    expect(sample2d(row, { ADDRESSU: CLAMP, ADDRESSV: BORDER }, 1.25, 0.5)).toEqual(colourOf(3).map(Math.fround));
    expect(sample2d(row, { ADDRESSU: CLAMP, ADDRESSV: WRAP }, 1.25, 7.5)).toEqual(colourOf(3).map(Math.fround));
  });
});

describe('addressing both bilinear taps', () => {
  // u = 0: x = u·4 − 0.5 = −0.5, taps −1 and 0 at ½ each; u = 1.0625: x = 3.75, taps 3 and 4 at ¼, ¾
  const TABLE: [number, number, [number, number][]][] = [
    [0, WRAP, [[0.5, 3], [0.5, 0]]],
    [0, MIRROR, [[0.5, 0], [0.5, 0]]],
    [0, CLAMP, [[0.5, 0], [0.5, 0]]],
    [0, BORDER, [[0.5, B], [0.5, 0]]],
    [0, MIRRORONCE, [[0.5, 0], [0.5, 0]]],
    [1.0625, WRAP, [[0.25, 3], [0.75, 0]]],
    [1.0625, MIRROR, [[0.25, 3], [0.75, 3]]],
    [1.0625, CLAMP, [[0.25, 3], [0.75, 3]]],
    [1.0625, BORDER, [[0.25, 3], [0.75, B]]],
    [1.0625, MIRRORONCE, [[0.25, 3], [0.75, 3]]],
  ];
  for (const [u, mode, taps] of TABLE) {
    it(`u = ${u}, mode ${mode}: ${taps.map(([w, i]) => `${w}·${i === B ? 'border' : i}`).join(' + ')}`, () => {
      const got = sample2d(row, { ADDRESSU: mode, ADDRESSV: CLAMP, MAGFILTER: D3DTEXF.LINEAR, BORDERCOLOR: BORDER_ARGB }, u, 0.5);
      expectClose(got, mix(...taps.map(([w, i]): [number, number[]] => [w, colourOf(i)])), 1e-6, `u=${u}`);
    });
  }
});

describe('the border colour', () => {
  it('is the D3DCOLOR as float RGBA, alpha included', () => {
    const got = sample2d(row, { ADDRESSU: BORDER, BORDERCOLOR: 0x40c08020 }, -0.5, 0.5);
    expect(got).toEqual([0xc0 / 255, 0x80 / 255, 0x20 / 255, 0x40 / 255].map(Math.fround));
  });
  it('is not passed through the sRGB curve when SRGBTEXTURE is set', () => {
    const got = sample2d(row, { ADDRESSU: BORDER, BORDERCOLOR: 0xff7f7f7f, SRGBTEXTURE: 1 }, 3, 0.5);
    expect(got).toEqual([127 / 255, 127 / 255, 127 / 255, 1].map(Math.fround));
  });
  it('is read where only one axis leaves the texture', () => {
    const got = sample2d(row, { ADDRESSU: CLAMP, ADDRESSV: BORDER, BORDERCOLOR: 0xff000000 }, 0.1, 1.5);
    expect(got).toEqual([0, 0, 0, 1]);
  });
});

describe('addressTexel', () => {
  it('maps texel indices of a 4-texel axis per mode', () => {
    const idx = [-9, -8, -5, -4, -1, 0, 3, 4, 7, 8, 11];
    expect(idx.map((i) => addressTexel(WRAP, i, 4))).toEqual([3, 0, 3, 0, 3, 0, 3, 0, 3, 0, 3]);
    expect(idx.map((i) => addressTexel(MIRROR, i, 4))).toEqual([0, 0, 3, 3, 0, 0, 3, 3, 0, 0, 3]);
    expect(idx.map((i) => addressTexel(CLAMP, i, 4))).toEqual([0, 0, 0, 0, 0, 0, 3, 3, 3, 3, 3]);
    expect(idx.map((i) => addressTexel(BORDER, i, 4))).toEqual([B, B, B, B, B, 0, 3, B, B, B, B].map((v) => (v === B ? BORDER_TEXEL : v)));
    expect(idx.map((i) => addressTexel(MIRRORONCE, i, 4))).toEqual([3, 3, 3, 3, 0, 0, 3, 3, 3, 3, 3]);
  });
  it('reads an unknown mode as WRAP, the default', () => {
    expect(sample2d(row, { ADDRESSU: 0 }, -0.25, 0.5)).toEqual(colourOf(3).map(Math.fround));
    expect(sample2d(row, { ADDRESSU: 9 }, 1.25, 0.5)).toEqual(colourOf(1).map(Math.fround));
  });
});
