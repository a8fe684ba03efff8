/**
 * Fill values: a D3DCOLOR or a depth/stencil clear value as the stored bytes
 * of a format (Clear, ColorFill). FLOAT→UNORM follows D3D (reference C.5):
 * scale, add 0.5, truncate.
 */
import { channelRaw, encodePixel } from './codec.js';
import { floatToUnorm } from './convert.js';
import { solidDxtBlock } from './dxt.js';
import { encodeMacroPixel } from './yuv.js';
import { linearToSrgb } from './srgb.js';
import type { FormatInfo } from './table.js';
import { encodeFloat20e4 } from './depth/float20e4.js';

const rgba = new Float32Array(4);

/**
 * The stored bytes of one block filled with a D3DCOLOR (0xAARRGGBB), or
 * undefined for formats that cannot be filled (palettes, depth, buffers).
 * With `srgb` the colour is taken as linear and written through the sRGB curve.
 */
export function encodeColor(f: FormatInfo, argb: number, srgb = false): Uint8Array | undefined {
  const a = (argb >>> 24) & 0xff;
  let r = (argb >>> 16) & 0xff;
  let g = (argb >>> 8) & 0xff;
  let b = argb & 0xff;
  if (f.kind === 'compressed' || f.kind === 'yuv') {
    if (srgb) {
      const s = (v: number): number => Math.floor(linearToSrgb(v / 255) * 255 + 0.5);
      r = s(r); g = s(g); b = s(b);
    }
    return f.kind === 'compressed' ? solidDxtBlock(f.id, r, g, b, a) : encodeMacroPixel(f.id, r, g, b);
  }
  rgba[0] = r / 255; rgba[1] = g / 255; rgba[2] = b / 255; rgba[3] = a / 255;
  const out = new Uint8Array(f.blockBytes);
  return encodePixel(f, rgba, out, 0, srgb) ? out : undefined;
}



/** The stored value of a depth/stencil clear, and masks of the depth and stencil bits. */
export function encodeDepthStencil(f: FormatInfo, z: number, stencil: number): { value: number; depthMask: number; stencilMask: number } {
  let value = 0;
  let depthMask = 0;
  let stencilMask = 0;
  if (f.depth) {
    const [shift, n] = f.depth;
    let d: number;
    if (f.depthFloat === 'f32') d = channelRaw({ name: 'd', shift, bits: 32, type: 'float' }, Number.isNaN(z) ? 0 : z);
    else if (f.depthFloat === 'f20e4') d = encodeFloat20e4(z);
    else d = floatToUnorm(z, n);
    value += d * 2 ** shift;
    depthMask += (2 ** n - 1) * 2 ** shift;
  }
  if (f.stencil) {
    const [shift, n] = f.stencil;
    value += (stencil % 2 ** n) * 2 ** shift;
    stencilMask += (2 ** n - 1) * 2 ** shift;
  }
  return { value, depthMask, stencilMask };
}
