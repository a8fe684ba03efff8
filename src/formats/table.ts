/**
 * The one table of pixel formats, keyed by SDK number (reference F.1, A.3):
 * block size and, for packed UNORM formats, each channel's bit range. Every
 * layer asks this table; nothing else knows a format's layout.
 */
import { D3DFMT } from '../d3d9/index.js';

/** [shift, bits] of a channel inside the little-endian pixel word. */
export type Bits = readonly [number, number];

export type FormatKind = 'color' | 'depth' | 'compressed' | 'yuv' | 'palette' | 'bump' | 'float' | 'buffer';

export interface FormatInfo {
  id: number;
  name: string;
  kind: FormatKind;
  /** bytes of one block (one pixel when the block is 1×1) */
  blockBytes: number;
  blockW: number;
  blockH: number;
  /** packed UNORM channels; X is stored but read as 1 */
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
function add(id: number, name: string, kind: FormatKind, blockBytes: number, extra: Partial<FormatInfo> = {}, blockW = 1, blockH = 1): void {
  list.push({ id, name, kind, blockBytes, blockW, blockH, ...extra });
}

// packed RGB(A/X) families: bit ranges MSB→LSB as the D3D9 names say
add(F.R8G8B8, 'R8G8B8', 'color', 3, { r: [16, 8], g: [8, 8], b: [0, 8] });
add(F.A8R8G8B8, 'A8R8G8B8', 'color', 4, { a: [24, 8], r: [16, 8], g: [8, 8], b: [0, 8] });
add(F.X8R8G8B8, 'X8R8G8B8', 'color', 4, { x: [24, 8], r: [16, 8], g: [8, 8], b: [0, 8] });
add(F.R5G6B5, 'R5G6B5', 'color', 2, { r: [11, 5], g: [5, 6], b: [0, 5] });
add(F.X1R5G5B5, 'X1R5G5B5', 'color', 2, { x: [15, 1], r: [10, 5], g: [5, 5], b: [0, 5] });
add(F.A1R5G5B5, 'A1R5G5B5', 'color', 2, { a: [15, 1], r: [10, 5], g: [5, 5], b: [0, 5] });
add(F.A4R4G4B4, 'A4R4G4B4', 'color', 2, { a: [12, 4], r: [8, 4], g: [4, 4], b: [0, 4] });
add(F.R3G3B2, 'R3G3B2', 'color', 1, { r: [5, 3], g: [2, 3], b: [0, 2] });
add(F.A8, 'A8', 'color', 1, { a: [0, 8] });
add(F.A8R3G3B2, 'A8R3G3B2', 'color', 2, { a: [8, 8], r: [5, 3], g: [2, 3], b: [0, 2] });
add(F.X4R4G4B4, 'X4R4G4B4', 'color', 2, { x: [12, 4], r: [8, 4], g: [4, 4], b: [0, 4] });
add(F.A2B10G10R10, 'A2B10G10R10', 'color', 4, { a: [30, 2], b: [20, 10], g: [10, 10], r: [0, 10] });
add(F.A8B8G8R8, 'A8B8G8R8', 'color', 4, { a: [24, 8], b: [16, 8], g: [8, 8], r: [0, 8] });
add(F.X8B8G8R8, 'X8B8G8R8', 'color', 4, { x: [24, 8], b: [16, 8], g: [8, 8], r: [0, 8] });
add(F.G16R16, 'G16R16', 'color', 4, { g: [16, 16], r: [0, 16] });
add(F.A2R10G10B10, 'A2R10G10B10', 'color', 4, { a: [30, 2], r: [20, 10], g: [10, 10], b: [0, 10] });
add(F.A16B16G16R16, 'A16B16G16R16', 'color', 8);
add(F.A8P8, 'A8P8', 'palette', 2);
add(F.P8, 'P8', 'palette', 1);
add(F.L8, 'L8', 'color', 1, { l: [0, 8] });
add(F.A8L8, 'A8L8', 'color', 2, { a: [8, 8], l: [0, 8] });
add(F.A4L4, 'A4L4', 'color', 1, { a: [4, 4], l: [0, 4] });
add(F.L16, 'L16', 'color', 2, { l: [0, 16] });
add(F.V8U8, 'V8U8', 'bump', 2);
add(F.L6V5U5, 'L6V5U5', 'bump', 2);
add(F.X8L8V8U8, 'X8L8V8U8', 'bump', 4);
add(F.Q8W8V8U8, 'Q8W8V8U8', 'bump', 4);
add(F.V16U16, 'V16U16', 'bump', 4);
add(F.A2W10V10U10, 'A2W10V10U10', 'bump', 4);
add(F.Q16W16V16U16, 'Q16W16V16U16', 'bump', 8);
add(F.CxV8U8, 'CxV8U8', 'bump', 2);
add(F.R16F, 'R16F', 'float', 2);
add(F.G16R16F, 'G16R16F', 'float', 4);
add(F.A16B16G16R16F, 'A16B16G16R16F', 'float', 8);
add(F.R32F, 'R32F', 'float', 4);
add(F.G32R32F, 'G32R32F', 'float', 8);
add(F.A32B32G32R32F, 'A32B32G32R32F', 'float', 16);
add(F.A2B10G10R10_XR_BIAS, 'A2B10G10R10_XR_BIAS', 'color', 4);
add(F.UYVY, 'UYVY', 'yuv', 4, {}, 2, 1);
add(F.YUY2, 'YUY2', 'yuv', 4, {}, 2, 1);
add(F.R8G8_B8G8, 'R8G8_B8G8', 'yuv', 4, {}, 2, 1);
add(F.G8R8_G8B8, 'G8R8_G8B8', 'yuv', 4, {}, 2, 1);
add(F.DXT1, 'DXT1', 'compressed', 8, {}, 4, 4);
add(F.DXT2, 'DXT2', 'compressed', 16, {}, 4, 4);
add(F.DXT3, 'DXT3', 'compressed', 16, {}, 4, 4);
add(F.DXT4, 'DXT4', 'compressed', 16, {}, 4, 4);
add(F.DXT5, 'DXT5', 'compressed', 16, {}, 4, 4);
// depth-stencil (reference A.3): the nominal layouts, MSB→LSB
add(F.D16_LOCKABLE, 'D16_LOCKABLE', 'depth', 2, { depth: [0, 16], lockable: true });
add(F.D32, 'D32', 'depth', 4, { depth: [0, 32] });
add(F.D15S1, 'D15S1', 'depth', 2, { depth: [1, 15], stencil: [0, 1] });
add(F.D24S8, 'D24S8', 'depth', 4, { depth: [8, 24], stencil: [0, 8] });
add(F.D24X8, 'D24X8', 'depth', 4, { depth: [8, 24] });
add(F.D24X4S4, 'D24X4S4', 'depth', 4, { depth: [8, 24], stencil: [0, 4] });
add(F.D16, 'D16', 'depth', 2, { depth: [0, 16] });
add(F.D32F_LOCKABLE, 'D32F_LOCKABLE', 'depth', 4, { depth: [0, 32], depthFloat: 'f32', lockable: true });
add(F.D24FS8, 'D24FS8', 'depth', 4, { depth: [8, 24], stencil: [0, 8], depthFloat: 'f20e4' });
add(F.D32_LOCKABLE, 'D32_LOCKABLE', 'depth', 4, { depth: [0, 32], lockable: true });
add(F.S8_LOCKABLE, 'S8_LOCKABLE', 'depth', 1, { stencil: [0, 8], lockable: true });
add(F.INTZ, 'INTZ', 'depth', 4, { depth: [8, 24], stencil: [0, 8] });
add(F.DF24, 'DF24', 'depth', 4, { depth: [8, 24] });
add(F.DF16, 'DF16', 'depth', 2, { depth: [0, 16] });
// buffers
add(F.VERTEXDATA, 'VERTEXDATA', 'buffer', 1);
add(F.INDEX16, 'INDEX16', 'buffer', 2);
add(F.INDEX32, 'INDEX32', 'buffer', 4);

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
