/**
 * YUY2/UYVY and the RGBG/GRGB macro-pixel formats: two pixels share one 32-bit
 * macro-pixel. YUV → RGB uses Microsoft's integer BT.601 studio-range formula
 * (reference G), RGB → YUV its integer inverse from the same page.
 */
import { D3DFMT } from '../d3d9/index.js';

const clip = (v: number): number => (v < 0 ? 0 : v > 255 ? 255 : v);

/** RGB8 of one YUV sample: C = Y − 16, D = U − 128, E = V − 128. */
export function yuvToRgb(y: number, u: number, v: number, out: Uint8Array | number[], o = 0): void {
  const c = y - 16;
  const d = u - 128;
  const e = v - 128;
  out[o] = clip((298 * c + 409 * e + 128) >> 8);
  out[o + 1] = clip((298 * c - 100 * d - 208 * e + 128) >> 8);
  out[o + 2] = clip((298 * c + 516 * d + 128) >> 8);
}

/** YUV of one RGB8 colour (BT.601 studio range, integer). */
export function rgbToYuv(r: number, g: number, b: number): [number, number, number] {
  return [
    ((66 * r + 129 * g + 25 * b + 128) >> 8) + 16,
    ((-38 * r - 74 * g + 112 * b + 128) >> 8) + 128,
    ((112 * r - 94 * g - 18 * b + 128) >> 8) + 128,
  ];
}

/**
 * Decodes one macro-pixel (4 bytes at `at`) into two RGBA8 pixels at out[o..o+8).
 * YUY2 bytes: Y0 U Y1 V; UYVY: U Y0 V Y1; R8G8_B8G8: G0 R G1 B; G8R8_G8B8: R G0 B G1.
 */
export function decodeMacroPixel(format: number, src: Uint8Array, at: number, out: Uint8Array, o: number): void {
  const b0 = src[at], b1 = src[at + 1], b2 = src[at + 2], b3 = src[at + 3];
  switch (format) {
    case D3DFMT.YUY2: yuvToRgb(b0, b1, b3, out, o); yuvToRgb(b2, b1, b3, out, o + 4); break;
    case D3DFMT.UYVY: yuvToRgb(b1, b0, b2, out, o); yuvToRgb(b3, b0, b2, out, o + 4); break;
    case D3DFMT.R8G8_B8G8: out[o] = b1; out[o + 1] = b0; out[o + 2] = b3; out[o + 4] = b1; out[o + 5] = b2; out[o + 6] = b3; break;
    case D3DFMT.G8R8_G8B8: out[o] = b0; out[o + 1] = b1; out[o + 2] = b2; out[o + 4] = b0; out[o + 5] = b3; out[o + 6] = b2; break;
    default: throw new Error(`decodeMacroPixel: format ${format} is not a macro-pixel format`);
  }
  out[o + 3] = 255;
  out[o + 7] = 255;
}

/** The macro-pixel bytes of a solid RGB8 colour (ColorFill on these formats). */
export function encodeMacroPixel(format: number, r: number, g: number, b: number): Uint8Array {
  const [y, u, v] = rgbToYuv(r, g, b);
  switch (format) {
    case D3DFMT.YUY2: return Uint8Array.of(y, u, y, v);
    case D3DFMT.UYVY: return Uint8Array.of(u, y, v, y);
    case D3DFMT.R8G8_B8G8: return Uint8Array.of(g, r, g, b);
    case D3DFMT.G8R8_G8B8: return Uint8Array.of(r, g, b, g);
    default: throw new Error(`encodeMacroPixel: format ${format} is not a macro-pixel format`);
  }
}
