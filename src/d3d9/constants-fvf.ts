/**
 * D3DFVF: flexible vertex format bits (d3d9types.h). The position field is a
 * 3-bit code, not a set of flags, and texcoord sizes live in the high half, so
 * print an FVF with formatFvf (fvf.ts), never with formatFlags.
 */
import { enumTable } from './enum-table.js';

export const D3DFVF = {
  RESERVED0: 0x0001,
  POSITION_MASK: 0x400e,
  XYZ: 0x0002,
  XYZRHW: 0x0004,
  XYZB1: 0x0006,
  XYZB2: 0x0008,
  XYZB3: 0x000a,
  XYZB4: 0x000c,
  XYZB5: 0x000e,
  XYZW: 0x4002,
  NORMAL: 0x0010,
  PSIZE: 0x0020,
  DIFFUSE: 0x0040,
  SPECULAR: 0x0080,
  TEXCOUNT_MASK: 0x0f00,
  TEX0: 0x0000,
  TEX1: 0x0100,
  TEX2: 0x0200,
  TEX3: 0x0300,
  TEX4: 0x0400,
  TEX5: 0x0500,
  TEX6: 0x0600,
  TEX7: 0x0700,
  TEX8: 0x0800,
  LASTBETA_UBYTE4: 0x1000,
  LASTBETA_D3DCOLOR: 0x8000,
  RESERVED2: 0x6000,
  // The 2-bit size codes of D3DFVF_TEXCOORDSIZEn(i) = code << (16 + 2i); last, so
  // reverse lookups prefer the names above.
  TEXTUREFORMAT2: 0,
  TEXTUREFORMAT1: 3,
  TEXTUREFORMAT3: 1,
  TEXTUREFORMAT4: 2,
} as const;

export const D3DFVF_TABLE = enumTable('D3DFVF', 'D3DFVF_', D3DFVF, 'flags');

export const D3DFVF_TEXCOUNT_SHIFT = 8;

/** 2-bit size code of a texcoord set with `size` (1..4) components. */
const SIZE_CODE = [-1, D3DFVF.TEXTUREFORMAT1, D3DFVF.TEXTUREFORMAT2, D3DFVF.TEXTUREFORMAT3, D3DFVF.TEXTUREFORMAT4];

/** D3DFVF_TEXCOORDSIZEn(coordIndex) for n = size in 1..4. */
export function D3DFVF_TEXCOORDSIZE(size: 1 | 2 | 3 | 4, coordIndex: number): number {
  return (SIZE_CODE[size] << (coordIndex * 2 + 16)) >>> 0;
}
