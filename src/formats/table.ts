/**
 * The one table of pixel formats, keyed by SDK number (reference F.1, A.3):
 * block size, each stored channel's bit range and encoding, and how sampling
 * sees the channels (missing colour reads as 1, A8's colour as 0, X as 1).
 * Every layer asks this table; nothing else knows a format's layout.
 */
import { D3DFMT } from '../d3d9/index.js';

/** [shift, bits] of a channel inside the little-endian pixel word. */
export type Bits = readonly [number, number];

export type FormatKind = 'color' | 'depth' | 'compressed' | 'yuv' | 'palette' | 'bump' | 'float' | 'buffer';

/** How a stored channel's bits read as a number. */
export type ChannelType = 'unorm' | 'snorm' | 'float' | 'xr';

/**
 * A stored channel: r g b a (colour), l (luminance), u v w q (bump / signed), x (unused, kept by copies,
 * read as 1), c (CxV8U8's derived channel, not stored), p (palette index), d s (depth, stencil).
 */
export type ChannelName = 'r' | 'g' | 'b' | 'a' | 'l' | 'u' | 'v' | 'w' | 'q' | 'x' | 'p' | 'd' | 's';

export interface Channel {
  name: ChannelName;
  /** bit offset from the pixel's least significant bit */
  shift: number;
  bits: number;
  type: ChannelType;
}

export interface FormatInfo {
  id: number;
  name: string;
  kind: FormatKind;
  /** bytes of one block (one pixel when the block is 1×1) */
  blockBytes: number;
  blockW: number;
  blockH: number;
  /** stored channels, most significant first (pixel formats of one pixel a block) */
  channels: readonly Channel[];
  /**
   * What sampling returns for R, G, B, A: a channel name, `c` (CxV8U8's √(1−u²−v²)),
   * or the constants 0 and 1 (reference F.1: missing channels read as 1, A8's colour as 0).
   */
  swizzle: string;
  /** packed UNORM channels by name, for the simple colour paths */
  r?: Bits; g?: Bits; b?: Bits; a?: Bits; l?: Bits; x?: Bits;
  /** depth-stencil layout: depth bits (MSB-side) and stencil bits */
  depth?: Bits; stencil?: Bits;
  /** the depth is float (D32F_LOCKABLE: IEEE float32; D24FS8: 20e4) */
  depthFloat?: 'f32' | 'f20e4';
  /** a lockable depth-stencil format (*_LOCKABLE) */
  lockable?: boolean;
}

const F = D3DFMT;
const list: FormatInfo[] = [];

/**
 * Channels from a D3D9 layout name, most significant first (`A8R8G8B8`,
 * `A16B16G16R16F`, `L6V5U5`). `signed` names the channels stored as SNORM.
 */
function channelsOf(layout: string, type: ChannelType, signed = ''): Channel[] {
  const parts = [...layout.matchAll(/([A-Z])(\d+)/g)].map((m) => ({ name: m[1].toLowerCase() as ChannelName, bits: Number(m[2]) }));
  let shift = parts.reduce((s, p) => s + p.bits, 0);
  return parts.map((p) => {
    shift -= p.bits;
    const t: ChannelType = signed.includes(p.name) ? 'snorm' : p.name === 'x' ? 'unorm' : p.name === 'a' && type === 'xr' ? 'unorm' : type;
    return { name: p.name, shift, bits: p.bits, type: t };
  });
}

function bitsOf(chs: readonly Channel[], name: ChannelName): Bits | undefined {
  const c = chs.find((ch) => ch.name === name);
  return c ? [c.shift, c.bits] : undefined;
}

/** Sampled RGBA of a plain colour layout: missing colour reads 1 (A8-only: 0), missing alpha 1. */
function colourSwizzle(chs: readonly Channel[]): string {
  const has = (n: ChannelName): boolean => chs.some((c) => c.name === n);
  if (has('l')) return has('a') ? 'llla' : 'lll1';
  const alphaOnly = has('a') && !has('r') && !has('g') && !has('b');
  const fill = alphaOnly ? '0' : '1';
  return (['r', 'g', 'b'] as const).map((n) => (has(n) ? n : fill)).join('') + (has('a') ? 'a' : '1');
}

function add(id: number, name: string, kind: FormatKind, blockBytes: number, channels: Channel[], swizzle: string, extra: Partial<FormatInfo> = {}, blockW = 1, blockH = 1): void {
  const packed: Partial<FormatInfo> = {};
  for (const n of ['r', 'g', 'b', 'a', 'l', 'x'] as const) {
    const c = channels.find((ch) => ch.name === n);
    if (c && c.type === 'unorm' && blockBytes <= 4) packed[n] = [c.shift, c.bits];
  }
  list.push({ id, name, kind, blockBytes, blockW, blockH, channels, swizzle, ...packed, ...extra });
}

function colour(id: number, name: string, layout = name, type: ChannelType = 'unorm', kind: FormatKind = 'color'): void {
  const chs = channelsOf(layout, type);
  const bytes = chs.reduce((s, c) => s + c.bits, 0) / 8;
  add(id, name, kind, bytes, chs, colourSwizzle(chs));
}

function bump(id: number, name: string, swizzle: string, signed: string): void {
  const chs = channelsOf(name.replace(/^Cx/, ''), 'unorm', signed);
  add(id, name, 'bump', chs.reduce((s, c) => s + c.bits, 0) / 8, chs, swizzle);
}

function depth(id: number, name: string, layout: string, extra: Partial<FormatInfo> = {}, swizzle = 'ddd1'): void {
  const chs = channelsOf(layout, 'unorm').map((c) => (c.name === 'd' && extra.depthFloat ? { ...c, type: 'float' as const } : c));
  const bytes = chs.reduce((s, c) => s + c.bits, 0) / 8;
  add(id, name, 'depth', bytes, chs, swizzle, { depth: bitsOf(chs, 'd'), stencil: bitsOf(chs, 's'), ...extra });
}

// RGB(A/X) families, MSB→LSB as the D3D9 names say
for (const n of ['R8G8B8', 'A8R8G8B8', 'X8R8G8B8', 'R5G6B5', 'X1R5G5B5', 'A1R5G5B5', 'A4R4G4B4', 'R3G3B2', 'A8', 'A8R3G3B2',
  'X4R4G4B4', 'A2B10G10R10', 'A8B8G8R8', 'X8B8G8R8', 'G16R16', 'A2R10G10B10', 'A16B16G16R16', 'L8', 'A8L8', 'A4L4', 'L16'] as const) {
  colour(F[n], n);
}
// 9Ex extended range: A2B10G10R10 layout, colour channels XR_BIAS (reference C.3)
colour(F.A2B10G10R10_XR_BIAS, 'A2B10G10R10_XR_BIAS', 'A2B10G10R10', 'xr');
// float formats: sampled with missing channels as 1
colour(F.R16F, 'R16F', 'R16', 'float', 'float');
colour(F.G16R16F, 'G16R16F', 'G16R16', 'float', 'float');
colour(F.A16B16G16R16F, 'A16B16G16R16F', 'A16B16G16R16', 'float', 'float');
colour(F.R32F, 'R32F', 'R32', 'float', 'float');
colour(F.G32R32F, 'G32R32F', 'G32R32', 'float', 'float');
colour(F.A32B32G32R32F, 'A32B32G32R32F', 'A32B32G32R32', 'float', 'float');
// bump formats: U, V, W, Q signed; L and A unsigned (sampled as DXVK's swizzles)
bump(F.V8U8, 'V8U8', 'uv11', 'uv');
bump(F.L6V5U5, 'L6V5U5', 'uvl1', 'uv');
bump(F.X8L8V8U8, 'X8L8V8U8', 'uvl1', 'uv');
bump(F.Q8W8V8U8, 'Q8W8V8U8', 'uvwq', 'uvwq');
bump(F.V16U16, 'V16U16', 'uv11', 'uv');
bump(F.A2W10V10U10, 'A2W10V10U10', 'uvwa', 'uvw');
bump(F.Q16W16V16U16, 'Q16W16V16U16', 'uvwq', 'uvwq');
bump(F.CxV8U8, 'CxV8U8', 'uvc1', 'uv');
// palettes: the colour comes from the palette entry (its flags byte is alpha for P8)
add(F.P8, 'P8', 'palette', 1, channelsOf('P8', 'unorm'), 'pppp');
add(F.A8P8, 'A8P8', 'palette', 2, channelsOf('A8P8', 'unorm'), 'ppp' + 'a');
add(F.A1, 'A1', 'color', 1, [{ name: 'a', shift: 0, bits: 1, type: 'unorm' }], '000a', {}, 8, 1);
// two-pixel macro-pixels and 4×4 blocks, decoded by their own block codecs
add(F.UYVY, 'UYVY', 'yuv', 4, [], 'rgb1', {}, 2, 1);
add(F.YUY2, 'YUY2', 'yuv', 4, [], 'rgb1', {}, 2, 1);
add(F.R8G8_B8G8, 'R8G8_B8G8', 'yuv', 4, [], 'rgb1', {}, 2, 1);
add(F.G8R8_G8B8, 'G8R8_G8B8', 'yuv', 4, [], 'rgb1', {}, 2, 1);
add(F.DXT1, 'DXT1', 'compressed', 8, [], 'rgba', {}, 4, 4);
add(F.DXT2, 'DXT2', 'compressed', 16, [], 'rgba', {}, 4, 4);
add(F.DXT3, 'DXT3', 'compressed', 16, [], 'rgba', {}, 4, 4);
add(F.DXT4, 'DXT4', 'compressed', 16, [], 'rgba', {}, 4, 4);
add(F.DXT5, 'DXT5', 'compressed', 16, [], 'rgba', {}, 4, 4);
// depth-stencil (reference A.3): the nominal layouts, MSB→LSB
depth(F.D16_LOCKABLE, 'D16_LOCKABLE', 'D16', { lockable: true });
depth(F.D32, 'D32', 'D32');
depth(F.D15S1, 'D15S1', 'D15S1');
depth(F.D24S8, 'D24S8', 'D24S8');
depth(F.D24X8, 'D24X8', 'D24X8');
depth(F.D24X4S4, 'D24X4S4', 'D24X4S4');
depth(F.D16, 'D16', 'D16');
depth(F.D32F_LOCKABLE, 'D32F_LOCKABLE', 'D32', { depthFloat: 'f32', lockable: true });
depth(F.D24FS8, 'D24FS8', 'D24S8', { depthFloat: 'f20e4' });
depth(F.D32_LOCKABLE, 'D32_LOCKABLE', 'D32', { lockable: true });
depth(F.S8_LOCKABLE, 'S8_LOCKABLE', 'S8', { lockable: true }, 's001');
// FOURCC depth textures: INTZ samples depth in all four channels, DF16/DF24 as (D, 0, 0, 1)
depth(F.INTZ, 'INTZ', 'D24S8', {}, 'dddd');
depth(F.DF24, 'DF24', 'D24X8', {}, 'd001');
depth(F.DF16, 'DF16', 'D16', {}, 'd001');
// buffers
add(F.VERTEXDATA, 'VERTEXDATA', 'buffer', 1, [], '0001');
add(F.INDEX16, 'INDEX16', 'buffer', 2, [], '0001');
add(F.INDEX32, 'INDEX32', 'buffer', 4, [], '0001');

const BY_ID = new Map<number, FormatInfo>(list.map((f) => [f.id, f]));

export function formatInfo(id: number): FormatInfo | undefined {
  return BY_ID.get(id >>> 0);
}

export function allFormats(): readonly FormatInfo[] {
  return list;
}

/** Bytes in one row of blocks for a width, and the number of block rows for a height. */
export function rowBytes(f: FormatInfo, width: number): number {
  return Math.ceil(width / f.blockW) * f.blockBytes;
}
export function blockRows(f: FormatInfo, height: number): number {
  return Math.ceil(height / f.blockH);
}
/** Surfaces keep rows 4-byte aligned, as D3D9 pitches are. */
export function pitchOf(f: FormatInfo, width: number): number {
  return (rowBytes(f, width) + 3) & ~3;
}

export function isDepthFormat(id: number): boolean {
  return formatInfo(id)?.kind === 'depth';
}
/** Bytes from one depth slice of a volume to the next: its pitch times its block rows (D3DLOCKED_BOX.SlicePitch). */
export function slicePitchOf(f: FormatInfo, width: number, height: number): number {
  return pitchOf(f, width) * blockRows(f, height);
}
