/**
 * DXT1-5 (BC1-3) block decoding to RGBA8, and the solid blocks ColorFill
 * writes. Endpoints expand from 5/6 bits by bit replication; the interpolated
 * colours are (2a + b)/3, (a + 2b)/3 and (a + b)/2 rounded to nearest, in 8
 * bits. DXT2 and DXT4 decode like DXT3 and DXT5 (their colour is premultiplied
 * by the application; D3D9 returns it as stored).
 */
import { D3DFMT } from '../d3d9/index.js';

const e5 = (v: number): number => (v << 3) | (v >> 2);
const e6 = (v: number): number => (v << 2) | (v >> 4);

/** The four RGBA8 palette entries of a colour block at `at`. */
function colourPalette(src: Uint8Array, at: number, threeColourAllowed: boolean, pal: Uint8Array): void {
  const c0 = src[at] | (src[at + 1] << 8);
  const c1 = src[at + 2] | (src[at + 3] << 8);
  const rgb = (c: number, o: number): void => {
    pal[o] = e5(c >> 11); pal[o + 1] = e6((c >> 5) & 63); pal[o + 2] = e5(c & 31); pal[o + 3] = 255;
  };
  rgb(c0, 0);
  rgb(c1, 4);
  const four = !threeColourAllowed || c0 > c1;
  for (let k = 0; k < 3; k++) {
    const a = pal[k], b = pal[4 + k];
    if (four) {
      pal[8 + k] = Math.floor((2 * a + b + 1) / 3);
      pal[12 + k] = Math.floor((a + 2 * b + 1) / 3);
    } else {
      pal[8 + k] = (a + b + 1) >> 1;
      pal[12 + k] = 0;
    }
  }
  pal[11] = 255;
  pal[15] = four ? 255 : 0;
}

const pal = new Uint8Array(16);
const alphas = new Uint8Array(8);

/**
 * Decodes the 4×4 block at `at` into RGBA8 texels at out[o + (y·stride + x)·4],
 * `stride` counted in texels.
 */
export function decodeDxtBlock(format: number, src: Uint8Array, at: number, out: Uint8Array, o: number, stride: number): void {
  const isDxt1 = format === D3DFMT.DXT1;
  const colourAt = isDxt1 ? at : at + 8;
  colourPalette(src, colourAt, isDxt1, pal);
  const bits = (src[colourAt + 4] | (src[colourAt + 5] << 8) | (src[colourAt + 6] << 16) | (src[colourAt + 7] << 24)) >>> 0;
  const explicitAlpha = format === D3DFMT.DXT2 || format === D3DFMT.DXT3;
  const interpolatedAlpha = format === D3DFMT.DXT4 || format === D3DFMT.DXT5;
  if (interpolatedAlpha) {
    const a0 = src[at], a1 = src[at + 1];
    alphas[0] = a0;
    alphas[1] = a1;
    if (a0 > a1) for (let k = 1; k < 7; k++) alphas[k + 1] = Math.floor(((7 - k) * a0 + k * a1 + 3) / 7);
    else {
      for (let k = 1; k < 5; k++) alphas[k + 1] = Math.floor(((5 - k) * a0 + k * a1 + 2) / 5);
      alphas[6] = 0;
      alphas[7] = 255;
    }
  }
  for (let i = 0; i < 16; i++) {
    const idx = (bits >>> (2 * i)) & 3;
    const p = o + ((i >> 2) * stride + (i & 3)) * 4;
    out[p] = pal[idx * 4];
    out[p + 1] = pal[idx * 4 + 1];
    out[p + 2] = pal[idx * 4 + 2];
    out[p + 3] = pal[idx * 4 + 3];
    if (explicitAlpha) {
      const nib = (src[at + (i >> 1)] >> ((i & 1) * 4)) & 15;
      out[p + 3] = nib * 17;
    } else if (interpolatedAlpha) {
      const bit = 3 * i;
      const byte = at + 2 + (bit >> 3);
      const v = (src[byte] | (src[byte + 1] << 8)) >> (bit & 7);
      out[p + 3] = alphas[v & 7];
    }
  }
}

/** UNORM of an 8-bit value in n bits, by D3D's FLOAT→UNORM rule. */
const to = (v: number, bits: number): number => Math.floor((v / 255) * (2 ** bits - 1) + 0.5);

/** The block ColorFill writes for a solid RGBA8 colour. */
export function solidDxtBlock(format: number, r: number, g: number, b: number, a: number): Uint8Array {
  const c = (to(r, 5) << 11) | (to(g, 6) << 5) | to(b, 5);
  const colour = Uint8Array.of(c & 255, c >> 8, c & 255, c >> 8, 0, 0, 0, 0);
  if (format === D3DFMT.DXT1) {
    // DXT1 has one alpha bit: below half, the three-colour block's transparent black
    if (a < 128) return Uint8Array.of(0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff);
    return colour;
  }
  const out = new Uint8Array(16);
  if (format === D3DFMT.DXT2 || format === D3DFMT.DXT3) out.fill(to(a, 4) * 17, 0, 8);
  else { out[0] = a; out[1] = a; }
  out.set(colour, 8);
  return out;
}
