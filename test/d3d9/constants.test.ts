import { describe, it, expect } from 'vitest';
import {
  D3DBLEND,
  D3DBLENDOP,
  D3DCLEAR,
  D3DCMP,
  D3DCULL,
  D3DFMT,
  D3DFOG,
  D3DLOCK,
  D3DMCS,
  D3DMULTISAMPLE,
  D3DPCMPCAPS,
  D3DPMISCCAPS,
  D3DPOOL,
  D3DPRASTERCAPS,
  D3DPRESENT_INTERVAL,
  D3DPT,
  D3DRS,
  D3DSAMP,
  D3DSTENCILCAPS,
  D3DSTENCILOP,
  D3DTA,
  D3DTADDRESS,
  D3DTEXF,
  D3DTOP,
  D3DTEXOPCAPS,
  D3DTS,
  D3DTSS,
  D3DTSS_TCI,
  D3DTS_WORLDMATRIX,
  D3DUSAGE,
  D3DZB,
  D3DFILL,
  D3DCAPS3,
  D3D_SDK_VERSION,
  D3DADAPTER_DEFAULT,
  formatTransformState,
  makeFourcc,
  parseTransformStateTerm,
} from '../../src/d3d9/index.js';

// reference/d3d9.md B.4: every render state's SDK value.
const RENDER_STATE_VALUES: ReadonlyArray<readonly [keyof typeof D3DRS, number]> = [
  ['ZENABLE', 7], ['FILLMODE', 8], ['SHADEMODE', 9], ['ZWRITEENABLE', 14], ['ALPHATESTENABLE', 15],
  ['LASTPIXEL', 16], ['SRCBLEND', 19], ['DESTBLEND', 20], ['CULLMODE', 22], ['ZFUNC', 23],
  ['ALPHAREF', 24], ['ALPHAFUNC', 25], ['DITHERENABLE', 26], ['ALPHABLENDENABLE', 27], ['FOGENABLE', 28],
  ['SPECULARENABLE', 29], ['FOGCOLOR', 34], ['FOGTABLEMODE', 35], ['FOGSTART', 36], ['FOGEND', 37],
  ['FOGDENSITY', 38], ['RANGEFOGENABLE', 48], ['STENCILENABLE', 52], ['STENCILFAIL', 53],
  ['STENCILZFAIL', 54], ['STENCILPASS', 55], ['STENCILFUNC', 56], ['STENCILREF', 57], ['STENCILMASK', 58],
  ['STENCILWRITEMASK', 59], ['TEXTUREFACTOR', 60], ['WRAP0', 128], ['WRAP7', 135], ['CLIPPING', 136],
  ['LIGHTING', 137], ['AMBIENT', 139], ['FOGVERTEXMODE', 140], ['COLORVERTEX', 141], ['LOCALVIEWER', 142],
  ['NORMALIZENORMALS', 143], ['DIFFUSEMATERIALSOURCE', 145], ['SPECULARMATERIALSOURCE', 146],
  ['AMBIENTMATERIALSOURCE', 147], ['EMISSIVEMATERIALSOURCE', 148], ['VERTEXBLEND', 151],
  ['CLIPPLANEENABLE', 152], ['POINTSIZE', 154], ['POINTSIZE_MIN', 155], ['POINTSPRITEENABLE', 156],
  ['POINTSCALEENABLE', 157], ['POINTSCALE_A', 158], ['POINTSCALE_B', 159], ['POINTSCALE_C', 160],
  ['MULTISAMPLEANTIALIAS', 161], ['MULTISAMPLEMASK', 162], ['PATCHEDGESTYLE', 163],
  ['DEBUGMONITORTOKEN', 165], ['POINTSIZE_MAX', 166], ['INDEXEDVERTEXBLENDENABLE', 167],
  ['COLORWRITEENABLE', 168], ['TWEENFACTOR', 170], ['BLENDOP', 171], ['POSITIONDEGREE', 172],
  ['NORMALDEGREE', 173], ['SCISSORTESTENABLE', 174], ['SLOPESCALEDEPTHBIAS', 175],
  ['ANTIALIASEDLINEENABLE', 176], ['MINTESSELLATIONLEVEL', 178], ['MAXTESSELLATIONLEVEL', 179],
  ['ADAPTIVETESS_X', 180], ['ADAPTIVETESS_Y', 181], ['ADAPTIVETESS_Z', 182], ['ADAPTIVETESS_W', 183],
  ['ENABLEADAPTIVETESSELLATION', 184], ['TWOSIDEDSTENCILMODE', 185], ['CCW_STENCILFAIL', 186],
  ['CCW_STENCILZFAIL', 187], ['CCW_STENCILPASS', 188], ['CCW_STENCILFUNC', 189],
  ['COLORWRITEENABLE1', 190], ['COLORWRITEENABLE2', 191], ['COLORWRITEENABLE3', 192], ['BLENDFACTOR', 193],
  ['SRGBWRITEENABLE', 194], ['DEPTHBIAS', 195], ['WRAP8', 198], ['WRAP15', 205],
  ['SEPARATEALPHABLENDENABLE', 206], ['SRCBLENDALPHA', 207], ['DESTBLENDALPHA', 208], ['BLENDOPALPHA', 209],
];

// reference/d3d9.md F.1 and A.3.
const FORMAT_VALUES: ReadonlyArray<readonly [keyof typeof D3DFMT, number]> = [
  ['UNKNOWN', 0], ['R8G8B8', 20], ['A8R8G8B8', 21], ['X8R8G8B8', 22], ['R5G6B5', 23], ['X1R5G5B5', 24],
  ['A1R5G5B5', 25], ['A4R4G4B4', 26], ['R3G3B2', 27], ['A8', 28], ['A8R3G3B2', 29], ['X4R4G4B4', 30],
  ['A2B10G10R10', 31], ['A8B8G8R8', 32], ['X8B8G8R8', 33], ['G16R16', 34], ['A2R10G10B10', 35],
  ['A16B16G16R16', 36], ['A8P8', 40], ['P8', 41], ['L8', 50], ['A8L8', 51], ['A4L4', 52], ['V8U8', 60],
  ['L6V5U5', 61], ['X8L8V8U8', 62], ['Q8W8V8U8', 63], ['V16U16', 64], ['A2W10V10U10', 67],
  ['D16_LOCKABLE', 70], ['D32', 71], ['D15S1', 73], ['D24S8', 75], ['D24X8', 77], ['D24X4S4', 79],
  ['D16', 80], ['L16', 81], ['D32F_LOCKABLE', 82], ['D24FS8', 83], ['D32_LOCKABLE', 84], ['S8_LOCKABLE', 85],
  ['VERTEXDATA', 100], ['INDEX16', 101], ['INDEX32', 102], ['Q16W16V16U16', 110], ['R16F', 111],
  ['G16R16F', 112], ['A16B16G16R16F', 113], ['R32F', 114], ['G32R32F', 115], ['A32B32G32R32F', 116],
  ['CxV8U8', 117], ['A1', 118], ['A2B10G10R10_XR_BIAS', 119], ['BINARYBUFFER', 199],
  ['UYVY', 0x59565955], ['YUY2', 0x32595559], ['R8G8_B8G8', 0x47424752], ['G8R8_G8B8', 0x42475247],
  ['DXT1', 0x31545844], ['DXT2', 0x32545844], ['DXT3', 0x33545844], ['DXT4', 0x34545844],
  ['DXT5', 0x35545844], ['MULTI2_ARGB8', 0x3154454d], ['INTZ', 0x5a544e49], ['DF24', 0x34324644],
  ['DF16', 0x36314644], ['RAWZ', 0x5a574152], ['RESZ', 0x5a534552], ['NULL', 0x4c4c554e],
];

const FOURCC_CODES: ReadonlyArray<readonly [keyof typeof D3DFMT, string]> = [
  ['UYVY', 'UYVY'], ['YUY2', 'YUY2'], ['R8G8_B8G8', 'RGBG'], ['G8R8_G8B8', 'GRGB'], ['DXT1', 'DXT1'],
  ['DXT2', 'DXT2'], ['DXT3', 'DXT3'], ['DXT4', 'DXT4'], ['DXT5', 'DXT5'], ['MULTI2_ARGB8', 'MET1'],
  ['INTZ', 'INTZ'], ['DF16', 'DF16'], ['DF24', 'DF24'], ['RAWZ', 'RAWZ'], ['RESZ', 'RESZ'], ['NULL', 'NULL'],
];

describe('D3D9 constant values match the SDK (reference/d3d9.md)', () => {
  it.each(RENDER_STATE_VALUES)('D3DRS_%s = %i (B.4)', (name, value) => {
    expect(D3DRS[name]).toBe(value);
  });

  it('has exactly the render states of d3d9types.h: 103 states, none at 196 or 197', () => {
    const values = Object.values(D3DRS);
    expect(values).toHaveLength(103);
    expect(values).not.toContain(196);
    expect(values).not.toContain(197);
    expect(new Set(values).size).toBe(values.length);
  });

  it.each(FORMAT_VALUES)('D3DFMT_%s = %i (F.1, A.3)', (name, value) => {
    expect(D3DFMT[name]).toBe(value);
  });

  it.each(FOURCC_CODES)('D3DFMT_%s is MAKEFOURCC(%s), first character in the low byte', (name, code) => {
    expect(D3DFMT[name]).toBe(makeFourcc(code));
  });

  it('rejects a FOURCC code that is not four characters', () => {
    expect(() => makeFourcc('DXT')).toThrow(RangeError);
  });

  it('pins the stencil, compare and blend enums of B.2 and B.4', () => {
    expect(D3DSTENCILOP).toEqual({ KEEP: 1, ZERO: 2, REPLACE: 3, INCRSAT: 4, DECRSAT: 5, INVERT: 6, INCR: 7, DECR: 8 });
    expect(D3DCMP).toEqual({
      NEVER: 1, LESS: 2, EQUAL: 3, LESSEQUAL: 4, GREATER: 5, NOTEQUAL: 6, GREATEREQUAL: 7, ALWAYS: 8,
    });
    expect(D3DCULL).toEqual({ NONE: 1, CW: 2, CCW: 3 });
    expect(D3DBLEND.BLENDFACTOR).toBe(14);
    expect(D3DBLEND.INVSRCCOLOR2).toBe(17);
    expect(D3DBLENDOP).toEqual({ ADD: 1, SUBTRACT: 2, REVSUBTRACT: 3, MIN: 4, MAX: 5 });
    expect(D3DFOG).toEqual({ NONE: 0, EXP: 1, EXP2: 2, LINEAR: 3 });
    expect(D3DMCS).toEqual({ MATERIAL: 0, COLOR1: 1, COLOR2: 2 });
    expect(D3DPT.TRIANGLEFAN).toBe(6);
    expect(D3DTADDRESS.MIRRORONCE).toBe(5);
    expect(D3DZB).toEqual({ FALSE: 0, TRUE: 1, USEW: 2 });
    expect(D3DFILL).toEqual({ POINT: 1, WIREFRAME: 2, SOLID: 3 });
  });

  it('pins the cap bits the reference names (B.1, B.2, F.3)', () => {
    expect(D3DSTENCILCAPS.TWOSIDED).toBe(0x100);
    expect(D3DSTENCILCAPS.DECR).toBe(0x80);
    expect(D3DPMISCCAPS.CLIPTLVERTS).toBe(0x200);
    expect(D3DPMISCCAPS.COLORWRITEENABLE).toBe(0x80);
    expect(D3DPMISCCAPS.SEPARATEALPHABLEND).toBe(0x20000);
    expect(D3DPRASTERCAPS.ZTEST).toBe(0x10);
    expect(D3DPRASTERCAPS.SCISSORTEST).toBe(0x01000000);
    expect(D3DPRASTERCAPS.DEPTHBIAS).toBe(0x04000000);
    expect(D3DPRASTERCAPS.SLOPESCALEDEPTHBIAS).toBe(0x02000000);
    expect(D3DPRASTERCAPS.COLORPERSPECTIVE).toBe(0x00400000);
    expect(D3DPRASTERCAPS.WBUFFER).toBe(0x40000);
    expect(D3DCAPS3.LINEAR_TO_SRGB_PRESENTATION).toBe(0x80);
  });

  it('numbers D3DPCMPCAPS bit (func - 1) and D3DTEXOPCAPS bit (op - 1)', () => {
    for (const [name, func] of Object.entries(D3DCMP)) {
      expect(D3DPCMPCAPS[name as keyof typeof D3DPCMPCAPS]).toBe(1 << (func - 1));
    }
    for (const [name, op] of Object.entries(D3DTOP)) {
      expect(D3DTEXOPCAPS[name as keyof typeof D3DTEXOPCAPS]).toBe(1 << (op - 1));
    }
  });

  it('pins the resource, clear and lock flags of F.3', () => {
    expect(D3DPOOL).toEqual({ DEFAULT: 0, MANAGED: 1, SYSTEMMEM: 2, SCRATCH: 3 });
    expect(D3DUSAGE.RENDERTARGET).toBe(0x1);
    expect(D3DUSAGE.DEPTHSTENCIL).toBe(0x2);
    expect(D3DUSAGE.DYNAMIC).toBe(0x200);
    expect(D3DUSAGE.AUTOGENMIPMAP).toBe(0x400);
    expect(D3DUSAGE.DMAP).toBe(0x4000);
    expect(D3DUSAGE.QUERY_WRAPANDMIP).toBe(0x200000);
    expect(D3DUSAGE.NONSECURE).toBe(0x00800000);
    expect(D3DUSAGE.TEXTAPI).toBe(0x10000000);
    expect(D3DCLEAR).toEqual({ TARGET: 1, ZBUFFER: 2, STENCIL: 4 });
    expect(D3DLOCK).toEqual({
      READONLY: 0x10, NOSYSLOCK: 0x800, NOOVERWRITE: 0x1000, DISCARD: 0x2000, DONOTWAIT: 0x4000, NO_DIRTY_UPDATE: 0x8000,
    });
    expect(D3DMULTISAMPLE.NONMASKABLE).toBe(1);
    expect(D3DMULTISAMPLE['2_SAMPLES']).toBe(2);
    expect(D3DMULTISAMPLE['16_SAMPLES']).toBe(16);
    expect(D3DPRESENT_INTERVAL.IMMEDIATE).toBe(0x80000000);
    expect(D3DPRESENT_INTERVAL.THREE).toBe(4);
    expect(D3D_SDK_VERSION).toBe(32);
    expect(D3DADAPTER_DEFAULT).toBe(0);
  });

  it('pins sampler, texture-stage and texture-argument values', () => {
    expect(D3DSAMP.ADDRESSU).toBe(1);
    expect(D3DSAMP.DMAPOFFSET).toBe(13);
    expect(D3DTSS.TEXCOORDINDEX).toBe(11);
    expect(D3DTSS.BUMPENVLSCALE).toBe(22);
    expect(D3DTSS.RESULTARG).toBe(28);
    expect(D3DTSS.CONSTANT).toBe(32);
    expect(D3DTSS_TCI.CAMERASPACENORMAL).toBe(0x10000);
    expect(D3DTSS_TCI.SPHEREMAP).toBe(0x40000);
    expect(D3DTA).toEqual({
      SELECTMASK: 0xf, DIFFUSE: 0, CURRENT: 1, TEXTURE: 2, TFACTOR: 3, SPECULAR: 4, TEMP: 5, CONSTANT: 6,
      COMPLEMENT: 0x10, ALPHAREPLICATE: 0x20,
    });
    expect(D3DTOP.LERP).toBe(26);
    expect(D3DTEXF).toEqual({
      NONE: 0, POINT: 1, LINEAR: 2, ANISOTROPIC: 3, PYRAMIDALQUAD: 6, GAUSSIANQUAD: 7, CONVOLUTIONMONO: 8,
    });
  });
});

describe('transform states', () => {
  it('numbers world matrices from 256: D3DTS_WORLDMATRIX(n) = n + 256', () => {
    expect(D3DTS.WORLD).toBe(D3DTS_WORLDMATRIX(0));
    expect(D3DTS.WORLD3).toBe(259);
    expect(D3DTS.VIEW).toBe(2);
    expect(D3DTS.PROJECTION).toBe(3);
    expect(D3DTS.TEXTURE0).toBe(16);
    expect(D3DTS.TEXTURE7).toBe(23);
  });

  it.each([
    [2, 'D3DTS_VIEW'],
    [256, 'D3DTS_WORLD'],
    [259, 'D3DTS_WORLD3'],
    [300, 'D3DTS_WORLDMATRIX(44)'],
    [511, 'D3DTS_WORLDMATRIX(255)'],
    [7, '7'],
    [512, '512'],
  ])('prints transform state %i as %s and reads it back', (state, text) => {
    expect(formatTransformState(state)).toBe(text);
    expect(parseTransformStateTerm(text)).toBe(state);
  });

  it('rejects world matrix indices above 255 and unknown names', () => {
    expect(parseTransformStateTerm('D3DTS_WORLDMATRIX(256)')).toBeUndefined();
    expect(parseTransformStateTerm('D3DTS_MODEL')).toBeUndefined();
  });
});
