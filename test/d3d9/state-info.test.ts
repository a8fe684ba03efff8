import { describe, it, expect } from 'vitest';
import {
  D3DRS,
  D3DSAMP,
  D3DTSS,
  ENUM_TABLES,
  RENDER_STATES,
  SAMPLER_STATES,
  TEXTURE_STAGE_STATES,
  bitsToFloat32,
  float32Bits,
  renderStateDefault,
  renderStateInfo,
  samplerStateDefault,
  samplerStateInfo,
  textureStageDefault,
  textureStageStateInfo,
  type StateInfo,
} from '../../src/d3d9/index.js';

const NO_AUTO_DS = { autoDepthStencil: false };
const F = float32Bits;

// reference/d3d9.md B.4 documented defaults (floats as float32 bits).
const RENDER_STATE_DEFAULTS: ReadonlyArray<readonly [keyof typeof D3DRS, number]> = [
  ['FILLMODE', 3], ['SHADEMODE', 2], ['ZWRITEENABLE', 1], ['ALPHATESTENABLE', 0], ['LASTPIXEL', 1],
  ['SRCBLEND', 2], ['DESTBLEND', 1], ['CULLMODE', 3], ['ZFUNC', 4], ['ALPHAREF', 0], ['ALPHAFUNC', 8],
  ['DITHERENABLE', 0], ['ALPHABLENDENABLE', 0], ['FOGENABLE', 0], ['SPECULARENABLE', 0], ['FOGCOLOR', 0],
  ['FOGTABLEMODE', 0], ['FOGSTART', 0], ['FOGEND', 0x3f800000], ['FOGDENSITY', 0x3f800000],
  ['RANGEFOGENABLE', 0], ['STENCILENABLE', 0], ['STENCILFAIL', 1], ['STENCILZFAIL', 1], ['STENCILPASS', 1],
  ['STENCILFUNC', 8], ['STENCILREF', 0], ['STENCILMASK', 0xffffffff], ['STENCILWRITEMASK', 0xffffffff],
  ['TEXTUREFACTOR', 0xffffffff], ['WRAP0', 0], ['WRAP1', 0], ['WRAP2', 0], ['WRAP3', 0], ['WRAP4', 0],
  ['WRAP5', 0], ['WRAP6', 0], ['WRAP7', 0], ['CLIPPING', 1], ['LIGHTING', 1], ['AMBIENT', 0],
  ['FOGVERTEXMODE', 0], ['COLORVERTEX', 1], ['LOCALVIEWER', 1], ['NORMALIZENORMALS', 0],
  ['DIFFUSEMATERIALSOURCE', 1], ['SPECULARMATERIALSOURCE', 2], ['AMBIENTMATERIALSOURCE', 0],
  ['EMISSIVEMATERIALSOURCE', 0], ['VERTEXBLEND', 0], ['CLIPPLANEENABLE', 0], ['POINTSIZE', F(1)],
  ['POINTSIZE_MIN', F(1)], ['POINTSPRITEENABLE', 0], ['POINTSCALEENABLE', 0], ['POINTSCALE_A', F(1)],
  ['POINTSCALE_B', 0], ['POINTSCALE_C', 0], ['MULTISAMPLEANTIALIAS', 1], ['MULTISAMPLEMASK', 0xffffffff],
  ['PATCHEDGESTYLE', 0], ['DEBUGMONITORTOKEN', 0], ['POINTSIZE_MAX', 0x42800000],
  ['INDEXEDVERTEXBLENDENABLE', 0], ['COLORWRITEENABLE', 0xf], ['TWEENFACTOR', 0], ['BLENDOP', 1],
  ['POSITIONDEGREE', 3], ['NORMALDEGREE', 1], ['SCISSORTESTENABLE', 0], ['SLOPESCALEDEPTHBIAS', 0],
  ['ANTIALIASEDLINEENABLE', 0], ['MINTESSELLATIONLEVEL', F(1)], ['MAXTESSELLATIONLEVEL', F(1)],
  ['ADAPTIVETESS_X', 0], ['ADAPTIVETESS_Y', 0], ['ADAPTIVETESS_Z', F(1)], ['ADAPTIVETESS_W', 0],
  ['ENABLEADAPTIVETESSELLATION', 0], ['TWOSIDEDSTENCILMODE', 0], ['CCW_STENCILFAIL', 1],
  ['CCW_STENCILZFAIL', 1], ['CCW_STENCILPASS', 1], ['CCW_STENCILFUNC', 8], ['COLORWRITEENABLE1', 0xf],
  ['COLORWRITEENABLE2', 0xf], ['COLORWRITEENABLE3', 0xf], ['BLENDFACTOR', 0xffffffff], ['SRGBWRITEENABLE', 0],
  ['DEPTHBIAS', 0], ['WRAP8', 0], ['WRAP9', 0], ['WRAP10', 0], ['WRAP11', 0], ['WRAP12', 0],
  ['WRAP13', 0], ['WRAP14', 0], ['WRAP15', 0], ['SEPARATEALPHABLENDENABLE', 0], ['SRCBLENDALPHA', 2],
  ['DESTBLENDALPHA', 1], ['BLENDOPALPHA', 1],
];

const FLOAT_RENDER_STATES = [
  'FOGSTART', 'FOGEND', 'FOGDENSITY', 'POINTSIZE', 'POINTSIZE_MIN', 'POINTSIZE_MAX', 'POINTSCALE_A',
  'POINTSCALE_B', 'POINTSCALE_C', 'TWEENFACTOR', 'DEPTHBIAS', 'SLOPESCALEDEPTHBIAS', 'MINTESSELLATIONLEVEL',
  'MAXTESSELLATIONLEVEL', 'ADAPTIVETESS_X', 'ADAPTIVETESS_Y', 'ADAPTIVETESS_Z', 'ADAPTIVETESS_W',
] as const;

const ALL_TABLES: ReadonlyArray<readonly [string, ReadonlyMap<number, StateInfo>, Readonly<Record<string, number>>, string]> = [
  ['render', RENDER_STATES, D3DRS, 'D3DRS_'],
  ['sampler', SAMPLER_STATES, D3DSAMP, 'D3DSAMP_'],
  ['texture-stage', TEXTURE_STAGE_STATES, D3DTSS, 'D3DTSS_'],
];

describe('state tables cover every state id', () => {
  it.each(ALL_TABLES)('%s states: one entry per SDK id, named with its prefix, in id order', (_, table, ids, prefix) => {
    expect([...table.keys()]).toEqual(Object.values(ids));
    for (const [key, id] of Object.entries(ids)) {
      expect(table.get(id)?.name).toBe(prefix + key);
      expect(table.get(id)?.id).toBe(id);
    }
  });

  it.each(ALL_TABLES)('%s states name only tables that ENUM_TABLES has, and defaults those tables can name', (_, table) => {
    for (const info of table.values()) {
      const t = info.type;
      if (t.kind !== 'enum' && t.kind !== 'flags') continue;
      const enumTable = ENUM_TABLES[t.table];
      expect(enumTable, `${info.name} → ${t.table}`).toBeDefined();
      if (t.kind === 'enum') expect(enumTable.nameOf(info.default), info.name).toBeDefined();
      else for (let bit = 0; bit < 32; bit++) {
        const mask = (1 << bit) >>> 0;
        if ((info.default & mask) !== 0) expect(enumTable.nameOf(mask), info.name).toBeDefined();
      }
    }
  });

  it('answers undefined for ids that are not states', () => {
    for (const id of [0, 1, 196, 197, 210, 0x7fffffff]) {
      expect(renderStateInfo(id)).toBeUndefined();
      expect(renderStateDefault(id, NO_AUTO_DS)).toBeUndefined();
    }
    expect(samplerStateInfo(14)).toBeUndefined();
    expect(samplerStateDefault(0)).toBeUndefined();
    expect(textureStageStateInfo(12)).toBeUndefined();
    expect(textureStageDefault(0, 25)).toBeUndefined();
  });
});

describe('render state defaults (reference B.4)', () => {
  it.each(RENDER_STATE_DEFAULTS)('D3DRS_%s starts at %i', (name, value) => {
    expect(renderStateDefault(D3DRS[name], NO_AUTO_DS)).toBe(value);
    expect(renderStateDefault(D3DRS[name], { autoDepthStencil: true })).toBe(value);
  });

  it('starts ZENABLE at TRUE only on a device with an automatic depth-stencil', () => {
    expect(renderStateInfo(D3DRS.ZENABLE)).toMatchObject({ default: 1, dependsOn: 'autoDepthStencil' });
    expect(renderStateDefault(D3DRS.ZENABLE, { autoDepthStencil: true })).toBe(1);
    expect(renderStateDefault(D3DRS.ZENABLE, { autoDepthStencil: false })).toBe(0);
  });

  it('lists a default for every render state but ZENABLE in the table above', () => {
    const listed = new Set<number>(RENDER_STATE_DEFAULTS.map(([name]) => D3DRS[name]));
    const missing = [...RENDER_STATES.values()].filter((i) => !listed.has(i.id) && i.id !== D3DRS.ZENABLE);
    expect(missing.map((i) => i.name)).toEqual([]);
  });

  it.each(FLOAT_RENDER_STATES)('D3DRS_%s holds float32 bits', (name) => {
    expect(renderStateInfo(D3DRS[name])?.type).toEqual({ kind: 'float' });
  });

  it('types stencil, blend and mask states by their D3D9 enums and flags', () => {
    expect(renderStateInfo(D3DRS.CULLMODE)?.type).toEqual({ kind: 'enum', table: 'D3DCULL' });
    expect(renderStateInfo(D3DRS.CCW_STENCILFUNC)?.type).toEqual({ kind: 'enum', table: 'D3DCMPFUNC' });
    expect(renderStateInfo(D3DRS.CCW_STENCILPASS)?.type).toEqual({ kind: 'enum', table: 'D3DSTENCILOP' });
    expect(renderStateInfo(D3DRS.SRCBLENDALPHA)?.type).toEqual({ kind: 'enum', table: 'D3DBLEND' });
    expect(renderStateInfo(D3DRS.ZENABLE)?.type).toEqual({ kind: 'enum', table: 'D3DZBUFFERTYPE' });
    expect(renderStateInfo(D3DRS.COLORWRITEENABLE2)?.type).toEqual({ kind: 'flags', table: 'D3DCOLORWRITEENABLE' });
    expect(renderStateInfo(D3DRS.WRAP9)?.type).toEqual({ kind: 'flags', table: 'D3DWRAPCOORD' });
    expect(renderStateInfo(D3DRS.TWOSIDEDSTENCILMODE)?.type).toEqual({ kind: 'bool' });
    expect(renderStateInfo(D3DRS.FOGCOLOR)?.type).toEqual({ kind: 'color' });
    expect(renderStateInfo(D3DRS.STENCILMASK)?.type).toEqual({ kind: 'uint' });
  });
});

describe('sampler state defaults', () => {
  it.each([
    ['ADDRESSU', 1], ['ADDRESSV', 1], ['ADDRESSW', 1], ['BORDERCOLOR', 0], ['MAGFILTER', 1], ['MINFILTER', 1],
    ['MIPFILTER', 0], ['MIPMAPLODBIAS', 0], ['MAXMIPLEVEL', 0], ['MAXANISOTROPY', 1], ['SRGBTEXTURE', 0],
    ['ELEMENTINDEX', 0], ['DMAPOFFSET', 0],
  ] as const)('D3DSAMP_%s starts at %i', (name, value) => {
    expect(samplerStateDefault(D3DSAMP[name])).toBe(value);
  });

  it('reads MIPMAPLODBIAS as float bits', () => {
    expect(samplerStateInfo(D3DSAMP.MIPMAPLODBIAS)?.type).toEqual({ kind: 'float' });
  });
});

describe('texture stage defaults', () => {
  it('modulates on stage 0 and disables stages 1..7', () => {
    expect(textureStageDefault(0, D3DTSS.COLOROP)).toBe(4); // MODULATE
    expect(textureStageDefault(0, D3DTSS.ALPHAOP)).toBe(2); // SELECTARG1
    for (let stage = 1; stage < 8; stage++) {
      expect(textureStageDefault(stage, D3DTSS.COLOROP)).toBe(1); // DISABLE
      expect(textureStageDefault(stage, D3DTSS.ALPHAOP)).toBe(1);
    }
  });

  it('uses the stage index as TEXCOORDINDEX', () => {
    for (let stage = 0; stage < 8; stage++) expect(textureStageDefault(stage, D3DTSS.TEXCOORDINDEX)).toBe(stage);
  });

  it.each([
    ['COLORARG1', 2], ['COLORARG2', 1], ['ALPHAARG1', 2], ['ALPHAARG2', 1], ['COLORARG0', 1], ['ALPHAARG0', 1],
    ['RESULTARG', 1], ['BUMPENVMAT00', 0], ['BUMPENVMAT11', 0], ['BUMPENVLSCALE', 0], ['BUMPENVLOFFSET', 0],
    ['TEXTURETRANSFORMFLAGS', 0], ['CONSTANT', 0],
  ] as const)('D3DTSS_%s starts at %i on every stage', (name, value) => {
    for (let stage = 0; stage < 8; stage++) expect(textureStageDefault(stage, D3DTSS[name])).toBe(value);
  });

  it('reads the bump-mapping matrix and luminance states as float bits', () => {
    for (const name of ['BUMPENVMAT00', 'BUMPENVMAT01', 'BUMPENVMAT10', 'BUMPENVMAT11', 'BUMPENVLSCALE', 'BUMPENVLOFFSET'] as const) {
      expect(textureStageStateInfo(D3DTSS[name])?.type).toEqual({ kind: 'float' });
    }
  });
});

describe('float32 bit patterns', () => {
  it.each([
    [1, 0x3f800000],
    [0, 0],
    [-0, 0x80000000],
    [64, 0x42800000],
    [-2.5, 0xc0200000],
    [Infinity, 0x7f800000],
  ])('%f ↔ 0x%s', (f, bits) => {
    expect(float32Bits(f)).toBe(bits);
    expect(Object.is(bitsToFloat32(bits), f)).toBe(true);
  });

  it('rounds a float64 to float32 before taking its bits', () => {
    expect(float32Bits(0.1)).toBe(0x3dcccccd);
    expect(bitsToFloat32(float32Bits(0.1))).toBe(Math.fround(0.1));
  });
});
