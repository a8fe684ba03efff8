/**
 * Encoding of clear and fill values into stored pixels, and decoding of stored
 * pixels to RGBA8 for images. FLOAT→UNORM follows D3D (reference C.5): scale,
 * add 0.5, truncate.
 */
import type { Bits, FormatInfo } from './table.js';

function unorm(f: number, bits: number): number {
  const max = 2 ** bits - 1;
  const c = f <= 0 ? 0 : f >= 1 ? 1 : f;
  return Math.floor(c * max + 0.5);
}

/** Adds a channel value at its place; channels never overlap, so adding is OR. */
function put(word: number, bits: Bits, value: number): number {
  return word + value * 2 ** bits[0];
}

/**
 * The stored bytes of a D3DCOLOR (0xAARRGGBB) in a packed color format, or
 * undefined when the format has no packed layout in the table yet.
 */
export function encodeColor(f: FormatInfo, argb: number): Uint8Array | undefined {
  if (!f.r && !f.g && !f.b && !f.a && !f.l) return undefined;
  const a = ((argb >>> 24) & 0xff) / 255;
  const r = ((argb >>> 16) & 0xff) / 255;
  const g = ((argb >>> 8) & 0xff) / 255;
  const b = (argb & 0xff) / 255;
  let w = 0;
  if (f.r) w = put(w, f.r, unorm(r, f.r[1]));
  if (f.g) w = put(w, f.g, unorm(g, f.g[1]));
  if (f.b) w = put(w, f.b, unorm(b, f.b[1]));
  if (f.a) w = put(w, f.a, unorm(a, f.a[1]));
  // luminance from a colour fill: D3D's ColorFill on L formats takes the red channel
  if (f.l) w = put(w, f.l, unorm(r, f.l[1]));
  if (f.x) w = put(w, f.x, 2 ** f.x[1] - 1);
  const out = new Uint8Array(f.blockBytes);
  for (let i = 0; i < f.blockBytes; i++) out[i] = Math.floor(w / 2 ** (8 * i)) & 0xff;
  return out;
}

function field(word: number, bits: Bits | undefined): number | undefined {
  if (!bits) return undefined;
  const [shift, n] = bits;
  const v = Math.floor(word / 2 ** shift) % 2 ** n;
  return Math.floor((v * 255) / (2 ** n - 1) + 0.5);
}

/**
 * Decodes a surface to RGBA8 (row-major, 4 bytes a pixel), for images. Missing
 * channels read as D3D samples them (reference F.1): colour 1 (A8: colour 0),
 * alpha 1. Returns undefined for formats without a packed layout yet.
 */
export function decodeToRGBA8(f: FormatInfo, data: Uint8Array, pitch: number, width: number, height: number): Uint8Array | undefined {
  if (!f.r && !f.g && !f.b && !f.a && !f.l) return undefined;
  const out = new Uint8Array(width * height * 4);
  const colorDefault = f.a && !f.r && !f.g && !f.b && !f.l ? 0 : 255;
  for (let y = 0; y < height; y++) {
    const row = y * pitch;
    for (let x = 0; x < width; x++) {
      let w = 0;
      const at = row + x * f.blockBytes;
      for (let i = f.blockBytes - 1; i >= 0; i--) w = w * 256 + data[at + i];
      const l = field(w, f.l);
      const o = (y * width + x) * 4;
      out[o] = l ?? field(w, f.r) ?? colorDefault;
      out[o + 1] = l ?? field(w, f.g) ?? colorDefault;
      out[o + 2] = l ?? field(w, f.b) ?? colorDefault;
      out[o + 3] = field(w, f.a) ?? 255;
    }
  }
  return out;
}

/** Stored bytes of a depth/stencil clear value; `keep` bits come from `old`. */
export function encodeDepthStencil(f: FormatInfo, z: number, stencil: number): { value: number; depthMask: number; stencilMask: number } {
  let value = 0;
  let depthMask = 0;
  let stencilMask = 0;
  if (f.depth) {
    const [shift, n] = f.depth;
    let d: number;
    if (f.depthFloat === 'f32') d = new Uint32Array(new Float32Array([z]).buffer)[0];
    else if (f.depthFloat === 'f20e4') d = encodeFloat20e4(z);
    else d = unorm(z, n);
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

/** float32 → D24FS8's unsigned 20e4 float (reference A.4), round to nearest even. */
export function encodeFloat20e4(f: number): number {
  if (!(f > 0)) return 0;
  let bits = new Uint32Array(new Float32Array([f]).buffer)[0];
  if (bits >= 0x3ffffff8) return 0xffffff;
  if (bits < 0x38800000) {
    const exp = bits >>> 23;
    bits = (0x800000 | (bits & 0x7fffff)) >>> Math.min(113 - exp, 24);
  } else {
    bits = (bits + 0xc8000000) >>> 0;
  }
  bits = (bits + 3 + ((bits >>> 3) & 1)) >>> 0;
  return (bits >>> 3) & 0xffffff;
}
