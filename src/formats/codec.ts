/**
 * The generic, exact pixel codec: any format of the table to float RGBA as
 * sampling sees it, and float RGBA to stored bits with D3D's conversion rules
 * (reference C.5). It is the reference the fast row converters are tested
 * against; it favours clarity over speed.
 */
import { floatToHalf, halfToFloat } from './half.js';
import { linearToSrgb, srgbToLinear } from './srgb.js';
import type { Channel, FormatInfo } from './table.js';
import { decodeDxtBlock } from './dxt.js';
import { decodeMacroPixel } from './yuv.js';
import { decodeFloat20e4, encodeFloat20e4 } from './depth/float20e4.js';
import { floatToSnorm, floatToUnorm, floatToXr, snormToFloat, unormToFloat, xrToFloat } from './convert.js';

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** The little-endian word of a pixel of at most 4 bytes, unsigned. */
function pixelWord(src: Uint8Array, at: number, bytes: number): number {
  switch (bytes) {
    case 1: return src[at];
    case 2: return src[at] | (src[at + 1] << 8);
    case 3: return src[at] | (src[at + 1] << 8) | (src[at + 2] << 16);
    default: return (src[at] | (src[at + 1] << 8) | (src[at + 2] << 16) | (src[at + 3] << 24)) >>> 0;
  }
}

/** The raw unsigned bits of a channel of the pixel at `at`. */
export function readChannel(f: FormatInfo, src: Uint8Array, at: number, ch: Channel): number {
  if (f.blockBytes <= 4) {
    const w = pixelWord(src, at, f.blockBytes);
    return ch.bits >= 32 ? w : (w >>> ch.shift) & (2 ** ch.bits - 1);
  }
  // wide formats have byte-aligned 16- and 32-bit channels
  const o = at + ch.shift / 8;
  let v = 0;
  for (let i = ch.bits / 8 - 1; i >= 0; i--) v = v * 256 + src[o + i];
  return v;
}

export function writeChannel(f: FormatInfo, dst: Uint8Array, at: number, ch: Channel, raw: number): void {
  if (f.blockBytes <= 4) {
    const n = f.blockBytes;
    // bits + shift ≤ 32: the channel's mask and value as unsigned 32-bit words
    const mask = ch.bits >= 32 ? 0xffffffff : ((2 ** ch.bits - 1) * 2 ** ch.shift) >>> 0;
    const w = ((pixelWord(dst, at, n) & ~mask) | ((raw * 2 ** ch.shift) & mask)) >>> 0;
    for (let i = 0; i < n; i++) dst[at + i] = (w >>> (8 * i)) & 0xff;
    return;
  }
  const o = at + ch.shift / 8;
  for (let i = 0; i < ch.bits / 8; i++) dst[o + i] = Math.floor(raw / 2 ** (8 * i)) & 0xff;
}

/** The number a channel's raw bits stand for (float32). */
export function channelValue(ch: Channel, raw: number): number {
  switch (ch.type) {
    case 'unorm': return unormToFloat(raw, ch.bits);
    case 'snorm': return snormToFloat(raw, ch.bits);
    case 'xr': return xrToFloat(raw);
    case 'float':
      if (ch.bits === 16) return halfToFloat(raw);
      // every NaN reads as the one quiet NaN: a payload read through a typed array depends on the engine's tier
      if (ch.bits === 32) { if ((raw & 0x7fffffff) > 0x7f800000) return NaN; u32[0] = raw; return f32[0]; }
      return decodeFloat20e4(raw);
  }
}

/** The raw bits that store `v` in a channel, by D3D's FLOAT→format rules. */
export function channelRaw(ch: Channel, v: number): number {
  switch (ch.type) {
    case 'unorm': return floatToUnorm(v, ch.bits);
    case 'snorm': return floatToSnorm(v, ch.bits);
    case 'xr': return floatToXr(v);
    case 'float':
      if (ch.bits === 16) return floatToHalf(v);
      // NaN is stored as the one quiet NaN 0x7FC00000: payloads would depend on the engine
      if (ch.bits === 32) { if (Number.isNaN(v)) return 0x7fc00000; f32[0] = v; return u32[0]; }
      return encodeFloat20e4(v);
  }
}

export interface SampleOptions {
  /** 256 RGBA8 entries (peRed, peGreen, peBlue, peFlags) for P8/A8P8 */
  palette?: Uint8Array;
  /** read R, G, B through the sRGB curve (D3DSAMP_SRGBTEXTURE) */
  srgb?: boolean;
}

const GREY_PALETTE = Uint8Array.from({ length: 1024 }, (_, i) => ((i & 3) === 3 ? 255 : i >> 2));
const rgba8 = new Uint8Array(64 * 4);

function applySrgb(out: Float32Array, o: number, opts?: SampleOptions): void {
  if (!opts?.srgb) return;
  for (let k = 0; k < 3; k++) out[o + k] = Math.fround(srgbToLinear(out[o + k]));
}

/**
 * Decodes the texel (x, y) of a surface to float RGBA as sampling sees it
 * (reference F.1 defaults: missing colour 1, A8's colour 0, missing alpha 1).
 */
export function decodeTexel(f: FormatInfo, data: Uint8Array, pitch: number, x: number, y: number, out: Float32Array, o: number, opts?: SampleOptions): void {
  const bx = Math.floor(x / f.blockW);
  const by = Math.floor(y / f.blockH);
  const at = by * pitch + bx * f.blockBytes;
  if (f.kind === 'compressed') {
    decodeDxtBlock(f.id, data, at, rgba8, 0, 4);
    const p = ((y % 4) * 4 + (x % 4)) * 4;
    for (let k = 0; k < 4; k++) out[o + k] = rgba8[p + k] / 255;
    applySrgb(out, o, opts);
    return;
  }
  if (f.kind === 'yuv') {
    decodeMacroPixel(f.id, data, at, rgba8, 0);
    const p = (x % 2) * 4;
    for (let k = 0; k < 4; k++) out[o + k] = rgba8[p + k] / 255;
    applySrgb(out, o, opts);
    return;
  }
  if (f.blockW > 1) {
    // A1: eight pixels a byte, the first in the most significant bit
    const bit = (data[at] >> (7 - (x % 8))) & 1;
    out[o] = 0; out[o + 1] = 0; out[o + 2] = 0; out[o + 3] = bit;
    return;
  }
  const value = (name: string): number => {
    const ch = f.channels.find((c) => c.name === name);
    return ch ? channelValue(ch, readChannel(f, data, at, ch)) : 0;
  };
  const pal = opts?.palette ?? GREY_PALETTE;
  for (let k = 0; k < 4; k++) {
    const s = f.swizzle[k];
    let v: number;
    if (s === '0') v = 0;
    else if (s === '1') v = 1;
    else if (s === 'p') v = pal[readChannel(f, data, at, f.channels.find((c) => c.name === 'p')!) * 4 + k] / 255;
    else if (s === 'c') {
      const u = value('u'), w = value('v');
      v = Math.sqrt(Math.max(0, 1 - u * u - w * w));
    } else v = value(s);
    out[o + k] = Math.fround(v);
  }
  applySrgb(out, o, opts);
}

/**
 * Stores float RGBA into the pixel at `at` of a one-pixel-a-block format: each
 * stored channel takes the sampled position that names it; X is written as all
 * ones. With `srgb` (D3DRS_SRGBWRITEENABLE) R, G, B go through the sRGB curve.
 * Returns false for formats written only through their block codecs.
 */
export function encodePixel(f: FormatInfo, rgba: ArrayLike<number>, dst: Uint8Array, at: number, srgb = false): boolean {
  if (f.blockW > 1 || f.blockH > 1 || f.channels.length === 0 || f.kind === 'palette' || f.kind === 'depth') return false;
  for (const ch of f.channels) {
    if (ch.name === 'x') {
      writeChannel(f, dst, at, ch, 2 ** ch.bits - 1);
      continue;
    }
    const pos = f.swizzle.indexOf(ch.name);
    let v = pos < 0 ? 0 : rgba[pos];
    if (srgb && pos >= 0 && pos < 3) v = linearToSrgb(v);
    writeChannel(f, dst, at, ch, channelRaw(ch, v));
  }
  return true;
}
