/**
 * The enums and flags that render, sampler and texture-stage states take as
 * values (d3d9types.h; reference B.2, B.4).
 */
import { enumTable } from './enum-table.js';

export const D3DZB = { FALSE: 0, TRUE: 1, USEW: 2 } as const;
export const D3DZB_TABLE = enumTable('D3DZBUFFERTYPE', 'D3DZB_', D3DZB);

export const D3DFILL = { POINT: 1, WIREFRAME: 2, SOLID: 3 } as const;
export const D3DFILL_TABLE = enumTable('D3DFILLMODE', 'D3DFILL_', D3DFILL);

export const D3DSHADE = { FLAT: 1, GOURAUD: 2, PHONG: 3 } as const;
export const D3DSHADE_TABLE = enumTable('D3DSHADEMODE', 'D3DSHADE_', D3DSHADE);

export const D3DBLEND = {
  ZERO: 1,
  ONE: 2,
  SRCCOLOR: 3,
  INVSRCCOLOR: 4,
  SRCALPHA: 5,
  INVSRCALPHA: 6,
  DESTALPHA: 7,
  INVDESTALPHA: 8,
  DESTCOLOR: 9,
  INVDESTCOLOR: 10,
  SRCALPHASAT: 11,
  BOTHSRCALPHA: 12,
  BOTHINVSRCALPHA: 13,
  BLENDFACTOR: 14,
  INVBLENDFACTOR: 15,
  SRCCOLOR2: 16, // 9Ex
  INVSRCCOLOR2: 17, // 9Ex
} as const;
export type D3DBLEND = (typeof D3DBLEND)[keyof typeof D3DBLEND];
export const D3DBLEND_TABLE = enumTable('D3DBLEND', 'D3DBLEND_', D3DBLEND);

export const D3DBLENDOP = { ADD: 1, SUBTRACT: 2, REVSUBTRACT: 3, MIN: 4, MAX: 5 } as const;
export type D3DBLENDOP = (typeof D3DBLENDOP)[keyof typeof D3DBLENDOP];
export const D3DBLENDOP_TABLE = enumTable('D3DBLENDOP', 'D3DBLENDOP_', D3DBLENDOP);

export const D3DCULL = { NONE: 1, CW: 2, CCW: 3 } as const;
export type D3DCULL = (typeof D3DCULL)[keyof typeof D3DCULL];
export const D3DCULL_TABLE = enumTable('D3DCULL', 'D3DCULL_', D3DCULL);

export const D3DCMP = {
  NEVER: 1,
  LESS: 2,
  EQUAL: 3,
  LESSEQUAL: 4,
  GREATER: 5,
  NOTEQUAL: 6,
  GREATEREQUAL: 7,
  ALWAYS: 8,
} as const;
export type D3DCMPFUNC = (typeof D3DCMP)[keyof typeof D3DCMP];
export const D3DCMP_TABLE = enumTable('D3DCMPFUNC', 'D3DCMP_', D3DCMP);

export const D3DSTENCILOP = {
  KEEP: 1,
  ZERO: 2,
  REPLACE: 3,
  INCRSAT: 4,
  DECRSAT: 5,
  INVERT: 6,
  INCR: 7,
  DECR: 8,
} as const;
export type D3DSTENCILOP = (typeof D3DSTENCILOP)[keyof typeof D3DSTENCILOP];
export const D3DSTENCILOP_TABLE = enumTable('D3DSTENCILOP', 'D3DSTENCILOP_', D3DSTENCILOP);

export const D3DFOG = { NONE: 0, EXP: 1, EXP2: 2, LINEAR: 3 } as const;
export const D3DFOG_TABLE = enumTable('D3DFOGMODE', 'D3DFOG_', D3DFOG);

export const D3DMCS = { MATERIAL: 0, COLOR1: 1, COLOR2: 2 } as const;
export const D3DMCS_TABLE = enumTable('D3DMATERIALCOLORSOURCE', 'D3DMCS_', D3DMCS);

export const D3DVBF = {
  DISABLE: 0,
  '1WEIGHTS': 1,
  '2WEIGHTS': 2,
  '3WEIGHTS': 3,
  TWEENING: 255,
  '0WEIGHTS': 256,
} as const;
export const D3DVBF_TABLE = enumTable('D3DVERTEXBLENDFLAGS', 'D3DVBF_', D3DVBF);

export const D3DPATCHEDGE = { DISCRETE: 0, CONTINUOUS: 1 } as const;
export const D3DPATCHEDGE_TABLE = enumTable('D3DPATCHEDGESTYLE', 'D3DPATCHEDGE_', D3DPATCHEDGE);

export const D3DDMT = { ENABLE: 0, DISABLE: 1 } as const;
export const D3DDMT_TABLE = enumTable('D3DDEBUGMONITORTOKENS', 'D3DDMT_', D3DDMT);

export const D3DDEGREE = { LINEAR: 1, QUADRATIC: 2, CUBIC: 3, QUINTIC: 5 } as const;
export const D3DDEGREE_TABLE = enumTable('D3DDEGREETYPE', 'D3DDEGREE_', D3DDEGREE);

/** D3DBASISTYPE of a high-order patch (D3DBASIS_INTERPOLATE is another name of CATMULL_ROM, 2). */
export const D3DBASIS = { BEZIER: 0, BSPLINE: 1, CATMULL_ROM: 2 } as const;
export const D3DBASIS_TABLE = enumTable('D3DBASISTYPE', 'D3DBASIS_', D3DBASIS);

export const D3DTADDRESS = { WRAP: 1, MIRROR: 2, CLAMP: 3, BORDER: 4, MIRRORONCE: 5 } as const;
export type D3DTEXTUREADDRESS = (typeof D3DTADDRESS)[keyof typeof D3DTADDRESS];
export const D3DTADDRESS_TABLE = enumTable('D3DTEXTUREADDRESS', 'D3DTADDRESS_', D3DTADDRESS);

/** The D3D9 SDK values; DX8's FLATCUBIC 4 and GAUSSIANCUBIC 5 are not D3D9 names. */
export const D3DTEXF = {
  NONE: 0,
  POINT: 1,
  LINEAR: 2,
  ANISOTROPIC: 3,
  PYRAMIDALQUAD: 6,
  GAUSSIANQUAD: 7,
  CONVOLUTIONMONO: 8, // 9Ex
} as const;
export type D3DTEXTUREFILTERTYPE = (typeof D3DTEXF)[keyof typeof D3DTEXF];
export const D3DTEXF_TABLE = enumTable('D3DTEXTUREFILTERTYPE', 'D3DTEXF_', D3DTEXF);

export const D3DTOP = {
  DISABLE: 1,
  SELECTARG1: 2,
  SELECTARG2: 3,
  MODULATE: 4,
  MODULATE2X: 5,
  MODULATE4X: 6,
  ADD: 7,
  ADDSIGNED: 8,
  ADDSIGNED2X: 9,
  SUBTRACT: 10,
  ADDSMOOTH: 11,
  BLENDDIFFUSEALPHA: 12,
  BLENDTEXTUREALPHA: 13,
  BLENDFACTORALPHA: 14,
  BLENDTEXTUREALPHAPM: 15,
  BLENDCURRENTALPHA: 16,
  PREMODULATE: 17,
  MODULATEALPHA_ADDCOLOR: 18,
  MODULATECOLOR_ADDALPHA: 19,
  MODULATEINVALPHA_ADDCOLOR: 20,
  MODULATEINVCOLOR_ADDALPHA: 21,
  BUMPENVMAP: 22,
  BUMPENVMAPLUMINANCE: 23,
  DOTPRODUCT3: 24,
  MULTIPLYADD: 25,
  LERP: 26,
} as const;
export type D3DTEXTUREOP = (typeof D3DTOP)[keyof typeof D3DTOP];
export const D3DTOP_TABLE = enumTable('D3DTEXTUREOP', 'D3DTOP_', D3DTOP);

/** Texture argument: a register in the low 4 bits (SELECTMASK) plus modifier bits COMPLEMENT, ALPHAREPLICATE. */
export const D3DTA = {
  SELECTMASK: 0x0000000f,
  DIFFUSE: 0x00000000,
  CURRENT: 0x00000001,
  TEXTURE: 0x00000002,
  TFACTOR: 0x00000003,
  SPECULAR: 0x00000004,
  TEMP: 0x00000005,
  CONSTANT: 0x00000006,
  COMPLEMENT: 0x00000010,
  ALPHAREPLICATE: 0x00000020,
} as const;
// An enum, not flags: bitwise naming would print TFACTOR (3) as CURRENT | TEXTURE.
export const D3DTA_TABLE = enumTable('D3DTA', 'D3DTA_', D3DTA);

/** A coordinate count (low byte) plus the PROJECTED bit. */
export const D3DTTFF = { DISABLE: 0, COUNT1: 1, COUNT2: 2, COUNT3: 3, COUNT4: 4, PROJECTED: 256 } as const;
export const D3DTTFF_TABLE = enumTable('D3DTEXTURETRANSFORMFLAGS', 'D3DTTFF_', D3DTTFF);

export const D3DCOLORWRITEENABLE = { RED: 1, GREEN: 2, BLUE: 4, ALPHA: 8 } as const;
export const D3DCOLORWRITEENABLE_TABLE = enumTable(
  'D3DCOLORWRITEENABLE',
  'D3DCOLORWRITEENABLE_',
  D3DCOLORWRITEENABLE,
  'flags',
);

/** Values of D3DRS_WRAP0..15; D3DWRAP_U/V/W are aliases of WRAPCOORD_0/1/2. */
export const D3DWRAPCOORD = { '0': 1, '1': 2, '2': 4, '3': 8 } as const;
export const D3DWRAPCOORD_TABLE = enumTable('D3DWRAPCOORD', 'D3DWRAPCOORD_', D3DWRAPCOORD, 'flags');

export const D3DWRAP = { U: 1, V: 2, W: 4 } as const;
export const D3DWRAP_TABLE = enumTable('D3DWRAP', 'D3DWRAP_', D3DWRAP, 'flags');

/** Bits of D3DRS_CLIPPLANEENABLE. */
export const D3DCLIPPLANE = { '0': 1, '1': 2, '2': 4, '3': 8, '4': 16, '5': 32 } as const;
export const D3DCLIPPLANE_TABLE = enumTable('D3DCLIPPLANE', 'D3DCLIPPLANE', D3DCLIPPLANE, 'flags');
