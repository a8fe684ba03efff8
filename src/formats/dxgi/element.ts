/**
 * The generic per-element path: one 32-bit element ⇄ float RGBA, channel by
 * channel through the named conversions. The row converters (rows.ts) are the
 * fast path and are tested against this one.
 */
import { bgr8ToXr, floatToSint, floatToSnorm, floatToSrgb, floatToUint, floatToUnorm, floatToXr, sintToFloat, snormToFloat, srgbToFloat, uintToFloat, unormToFloat, xrToFloat } from '../convert.js';
import { DXGI_FORMAT, requireDxgiFormat } from './formats.js';
import type { DxgiChannel, DxgiFormatInfo } from './formats.js';
import { assertNever } from './never.js';

function typelessError(f: DxgiFormatInfo): RangeError {
  return new RangeError(`${f.name} is typeless: its bits have no interpretation until a view gives it a typed format`);
}

/** A channel's stored code as float32; X reads as 1 (reference C.3, "Interpretation of X Channel"). */
export function decodeChannel(ch: DxgiChannel, code: number): number {
  switch (ch.interp) {
    case 'unorm': return unormToFloat(code, ch.bits);
    case 'unorm_srgb': return srgbToFloat(code, ch.bits);
    case 'snorm': return snormToFloat(code, ch.bits);
    case 'uint': return uintToFloat(code, ch.bits);
    case 'sint': return sintToFloat(code, ch.bits);
    case 'xr_bias': return xrToFloat(code);
    case 'x': return 1;
    case 'typeless': throw new RangeError('a typeless channel has no value');
    default: return assertNever(ch.interp);
  }
}

/** A float as a channel's stored code; X is written all ones, as pixel.ts fills it. */
export function encodeChannel(ch: DxgiChannel, value: number): number {
  switch (ch.interp) {
    case 'unorm': return floatToUnorm(value, ch.bits);
    case 'unorm_srgb': return floatToSrgb(value, ch.bits);
    case 'snorm': return floatToSnorm(value, ch.bits);
    case 'uint': return floatToUint(value, ch.bits);
    case 'sint': return floatToSint(value, ch.bits);
    case 'xr_bias': return floatToXr(value);
    case 'x': return 2 ** ch.bits - 1;
    case 'typeless': throw new RangeError('a typeless channel has no value');
    default: return assertNever(ch.interp);
  }
}

/** Decodes one element to R, G, B, A floats, written at out[offset..offset+3]; returns out. */
export function decodeElement<T extends Float32Array | number[]>(format: number, element: number, out: T, offset = 0): T {
  const f = requireDxgiFormat(format);
  if (f.interp === 'typeless') throw typelessError(f);
  const e = element >>> 0; // an int32 bit pattern reads as the same element
  for (let i = 0; i < 4; i++) {
    const ch = f.channels[i];
    out[offset + i] = decodeChannel(ch, Math.floor(e / 2 ** ch.shift) % 2 ** ch.bits);
  }
  return out;
}

/** Encodes R, G, B, A floats read at rgba[offset..offset+3] into one element (an unsigned 32-bit number). */
export function encodeElement(format: number, rgba: ArrayLike<number>, offset = 0): number {
  const f = requireDxgiFormat(format);
  if (f.interp === 'typeless') throw typelessError(f);
  let w = 0;
  for (let i = 0; i < 4; i++) {
    const ch = f.channels[i];
    w += encodeChannel(ch, rgba[offset + i]) * 2 ** ch.shift;
  }
  return w;
}

/**
 * The R8G8B8A8 format an element goes through to become an RGBA8 image pixel:
 * integer formats → R8G8B8A8_UINT (integer clamp), sRGB formats →
 * R8G8B8A8_UNORM_SRGB (stays in sRGB space), every other → R8G8B8A8_UNORM.
 */
export function rgba8TargetOf(format: number): number {
  const f = requireDxgiFormat(format);
  switch (f.interp) {
    case 'uint':
    case 'sint': return DXGI_FORMAT.R8G8B8A8_UINT;
    case 'unorm_srgb': return DXGI_FORMAT.R8G8B8A8_UNORM_SRGB;
    case 'unorm':
    case 'snorm':
    case 'xr_bias': return DXGI_FORMAT.R8G8B8A8_UNORM;
    case 'typeless': throw typelessError(f);
    default: return assertNever(f.interp);
  }
}

/** One element as RGBA8 bytes: decoded, then encoded into rgba8TargetOf(format). */
export function elementToRGBA8(format: number, element: number, out: Uint8Array = new Uint8Array(4), offset = 0): Uint8Array {
  const rgba = decodeElement(format, element, new Float32Array(4));
  const w = encodeElement(rgba8TargetOf(format), rgba);
  for (let i = 0; i < 4; i++) out[offset + i] = Math.floor(w / 2 ** (8 * i)) & 0xff;
  return out;
}

/** RGBA8 bytes (read in rgba8TargetOf(format)) as one element of `format`. */
export function rgba8ToElement(format: number, bytes: ArrayLike<number>, offset = 0): number {
  const packed = bytes[offset] + bytes[offset + 1] * 0x100 + bytes[offset + 2] * 0x10000 + bytes[offset + 3] * 0x1000000;
  return encodeElement(format, decodeElement(rgba8TargetOf(format), packed, new Float32Array(4)));
}

/**
 * A B8G8R8A8_UNORM / B8G8R8X8_UNORM element as R10G10B10_XR_BIAS_A2_UNORM:
 * colour 384 + 2v (lossless, reference C.3), alpha through FLOAT→UNORM2 (X → 3).
 */
export function bgra8ToXrElement(format: number, element: number): number {
  const xr = requireDxgiFormat(DXGI_FORMAT.R10G10B10_XR_BIAS_A2_UNORM);
  const src = requireDxgiFormat(format);
  if ((src.family !== DXGI_FORMAT.B8G8R8A8_TYPELESS && src.family !== DXGI_FORMAT.B8G8R8X8_TYPELESS) || src.interp !== 'unorm') {
    throw new RangeError(`bgra8ToXrElement: ${src.name} is not a BGR8888 UNORM format`);
  }
  const e = element >>> 0;
  let w = 0;
  for (let i = 0; i < 3; i++) {
    const code = Math.floor(e / 2 ** src.channels[i].shift) & 0xff;
    w += bgr8ToXr(code) * 2 ** xr.channels[i].shift;
  }
  const a = decodeChannel(src.channels[3], Math.floor(e / 2 ** 24) & 0xff);
  return w + encodeChannel(xr.channels[3], a) * 2 ** xr.channels[3].shift;
}
