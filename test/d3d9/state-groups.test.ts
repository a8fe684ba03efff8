import { describe, it, expect } from 'vitest';
import {
  D3DRS,
  D3DRS_TABLE,
  D3DSAMP,
  D3DSAMP_TABLE,
  D3DTSS,
  D3DTSS_TABLE,
  PIXEL_RENDER_STATES,
  PIXEL_RENDER_STATE_SET,
  PIXEL_SAMPLER_STATES,
  PIXEL_SAMPLER_STATE_SET,
  PIXEL_TEXTURE_STAGE_STATES,
  PIXEL_TEXTURE_STAGE_STATE_SET,
  RENDER_STATES,
  SAMPLER_STATES,
  STATE_BLOCK_PARTS,
  STATE_BLOCK_PART_NAMES,
  TEXTURE_STAGE_STATES,
  VERTEX_RENDER_STATES,
  VERTEX_RENDER_STATE_SET,
  VERTEX_SAMPLER_STATES,
  VERTEX_SAMPLER_STATE_SET,
  VERTEX_TEXTURE_STAGE_STATES,
  VERTEX_TEXTURE_STAGE_STATE_SET,
  type EnumTable,
  type StateBlockPart,
  type StateInfo,
} from '../../src/d3d9/index.js';

type Rs = keyof typeof D3DRS;
type Tss = keyof typeof D3DTSS;
type Samp = keyof typeof D3DSAMP;

// "Saving Pixel State With a StateBlock (Direct3D 9)", render state table, in page order
// (the page writes D3DFILLMODE, D3DSHADEMODE and D3DBLENDOP for the FILLMODE, SHADEMODE and BLENDOP rows).
const DOCS_PIXEL_RENDER: readonly Rs[] = [
  'ZENABLE', 'SPECULARENABLE', 'FILLMODE', 'SHADEMODE', 'ZWRITEENABLE', 'ALPHATESTENABLE', 'LASTPIXEL',
  'SRCBLEND', 'DESTBLEND', 'ZFUNC', 'ALPHAREF', 'ALPHAFUNC', 'DITHERENABLE', 'FOGSTART', 'FOGEND',
  'FOGDENSITY', 'ALPHABLENDENABLE', 'DEPTHBIAS', 'STENCILENABLE', 'STENCILFAIL', 'STENCILZFAIL',
  'STENCILPASS', 'STENCILFUNC', 'STENCILREF', 'STENCILMASK', 'STENCILWRITEMASK', 'TEXTUREFACTOR',
  'WRAP0', 'WRAP1', 'WRAP2', 'WRAP3', 'WRAP4', 'WRAP5', 'WRAP6', 'WRAP7', 'WRAP8', 'WRAP9', 'WRAP10',
  'WRAP11', 'WRAP12', 'WRAP13', 'WRAP14', 'WRAP15', 'LOCALVIEWER', 'EMISSIVEMATERIALSOURCE',
  'AMBIENTMATERIALSOURCE', 'DIFFUSEMATERIALSOURCE', 'SPECULARMATERIALSOURCE', 'COLORWRITEENABLE', 'BLENDOP',
  'SCISSORTESTENABLE', 'SLOPESCALEDEPTHBIAS', 'ANTIALIASEDLINEENABLE', 'TWOSIDEDSTENCILMODE',
  'CCW_STENCILFAIL', 'CCW_STENCILZFAIL', 'CCW_STENCILPASS', 'CCW_STENCILFUNC', 'COLORWRITEENABLE1',
  'COLORWRITEENABLE2', 'COLORWRITEENABLE3', 'BLENDFACTOR', 'SRGBWRITEENABLE', 'SEPARATEALPHABLENDENABLE',
  'SRCBLENDALPHA', 'DESTBLENDALPHA', 'BLENDOPALPHA',
];

// "Saving Vertex States With a StateBlock (Direct3D 9)", render state table, in page order.
const DOCS_VERTEX_RENDER: readonly Rs[] = [
  'CULLMODE', 'FOGCOLOR', 'FOGTABLEMODE', 'FOGSTART', 'FOGEND', 'FOGDENSITY', 'RANGEFOGENABLE', 'AMBIENT',
  'COLORVERTEX', 'FOGVERTEXMODE', 'CLIPPING', 'LIGHTING', 'LOCALVIEWER', 'EMISSIVEMATERIALSOURCE',
  'AMBIENTMATERIALSOURCE', 'DIFFUSEMATERIALSOURCE', 'SPECULARMATERIALSOURCE', 'VERTEXBLEND',
  'CLIPPLANEENABLE', 'POINTSIZE', 'POINTSIZE_MIN', 'POINTSPRITEENABLE', 'POINTSCALEENABLE', 'POINTSCALE_A',
  'POINTSCALE_B', 'POINTSCALE_C', 'MULTISAMPLEANTIALIAS', 'MULTISAMPLEMASK', 'PATCHEDGESTYLE',
  'POINTSIZE_MAX', 'INDEXEDVERTEXBLENDENABLE', 'TWEENFACTOR', 'POSITIONDEGREE', 'NORMALDEGREE',
  'MINTESSELLATIONLEVEL', 'MAXTESSELLATIONLEVEL', 'ADAPTIVETESS_X', 'ADAPTIVETESS_Y', 'ADAPTIVETESS_Z',
  'ADAPTIVETESS_W', 'ENABLEADAPTIVETESSELLATION',
];

// Where Wine's dlls/d3d9/tests/stateblock.c (render_state_test_init, checked on Windows) departs from the tables.
const WINDOWS_VERTEX_ONLY_THOUGH_DOCS_SAY_PIXEL: readonly Rs[] = [
  'SPECULARENABLE', 'LOCALVIEWER', 'EMISSIVEMATERIALSOURCE', 'AMBIENTMATERIALSOURCE',
  'DIFFUSEMATERIALSOURCE', 'SPECULARMATERIALSOURCE',
];
const WINDOWS_VERTEX_BEYOND_DOCS: readonly Rs[] = ['FOGENABLE', 'NORMALIZENORMALS', 'SHADEMODE', 'SPECULARENABLE'];

// Texture and sampler tables of the same two pages.
const DOCS_PIXEL_TSS: readonly Tss[] = [
  'COLOROP', 'COLORARG1', 'COLORARG2', 'ALPHAOP', 'ALPHAARG1', 'ALPHAARG2', 'BUMPENVMAT00', 'BUMPENVMAT01',
  'BUMPENVMAT10', 'BUMPENVMAT11', 'TEXCOORDINDEX', 'BUMPENVLSCALE', 'BUMPENVLOFFSET', 'TEXTURETRANSFORMFLAGS',
  'COLORARG0', 'ALPHAARG0', 'RESULTARG',
];
const DOCS_VERTEX_TSS: readonly Tss[] = ['TEXCOORDINDEX', 'TEXTURETRANSFORMFLAGS'];
const DOCS_PIXEL_SAMP: readonly Samp[] = [
  'ADDRESSU', 'ADDRESSV', 'ADDRESSW', 'BORDERCOLOR', 'MAGFILTER', 'MINFILTER', 'MIPFILTER', 'MIPMAPLODBIAS',
  'MAXMIPLEVEL', 'MAXANISOTROPY', 'SRGBTEXTURE', 'ELEMENTINDEX',
];
const DOCS_VERTEX_SAMP: readonly Samp[] = ['DMAPOFFSET'];

function idsOf<K extends string>(ids: Readonly<Record<K, number>>, names: readonly K[]): number[] {
  return names.map((name) => ids[name]).sort((a, b) => a - b);
}

function namesOf(table: EnumTable, ids: Iterable<number>): string[] {
  return [...ids].map((id) => table.nameOf(id) ?? String(id)).sort();
}

const GROUPS: ReadonlyArray<readonly [
  string, readonly number[], ReadonlySet<number>, EnumTable, ReadonlyMap<number, StateInfo>,
]> = [
  ['pixel render', PIXEL_RENDER_STATES, PIXEL_RENDER_STATE_SET, D3DRS_TABLE, RENDER_STATES],
  ['vertex render', VERTEX_RENDER_STATES, VERTEX_RENDER_STATE_SET, D3DRS_TABLE, RENDER_STATES],
  ['pixel texture-stage', PIXEL_TEXTURE_STAGE_STATES, PIXEL_TEXTURE_STAGE_STATE_SET, D3DTSS_TABLE, TEXTURE_STAGE_STATES],
  ['vertex texture-stage', VERTEX_TEXTURE_STAGE_STATES, VERTEX_TEXTURE_STAGE_STATE_SET, D3DTSS_TABLE, TEXTURE_STAGE_STATES],
  ['pixel sampler', PIXEL_SAMPLER_STATES, PIXEL_SAMPLER_STATE_SET, D3DSAMP_TABLE, SAMPLER_STATES],
  ['vertex sampler', VERTEX_SAMPLER_STATES, VERTEX_SAMPLER_STATE_SET, D3DSAMP_TABLE, SAMPLER_STATES],
];

describe('D3DSBT_PIXELSTATE and D3DSBT_VERTEXSTATE render states', () => {
  it('PIXELSTATE takes the docs pixel table less the six states Windows keeps as vertex-only', () => {
    const expected = DOCS_PIXEL_RENDER.filter((n) => !WINDOWS_VERTEX_ONLY_THOUGH_DOCS_SAY_PIXEL.includes(n));
    expect(expected).toHaveLength(61);
    expect(PIXEL_RENDER_STATES).toEqual(idsOf(D3DRS, expected));
  });

  it('VERTEXSTATE takes the docs vertex table plus FOGENABLE, NORMALIZENORMALS, SHADEMODE, SPECULARENABLE', () => {
    const expected = [...DOCS_VERTEX_RENDER, ...WINDOWS_VERTEX_BEYOND_DOCS];
    expect(expected).toHaveLength(45);
    expect(VERTEX_RENDER_STATES).toEqual(idsOf(D3DRS, expected));
  });

  it('keeps CCW_STENCILFUNC as pixel state, as the docs say (Wine omits it untested)', () => {
    expect(PIXEL_RENDER_STATE_SET.has(D3DRS.CCW_STENCILFUNC)).toBe(true);
    expect(VERTEX_RENDER_STATE_SET.has(D3DRS.CCW_STENCILFUNC)).toBe(false);
  });

  it('shares FOGSTART, FOGEND, FOGDENSITY and, per the Wine test, SHADEMODE between both groups', () => {
    const shared = PIXEL_RENDER_STATES.filter((id) => VERTEX_RENDER_STATE_SET.has(id));
    expect(namesOf(D3DRS_TABLE, shared)).toEqual(
      ['D3DRS_FOGDENSITY', 'D3DRS_FOGEND', 'D3DRS_FOGSTART', 'D3DRS_SHADEMODE'],
    );
  });

  it('leaves only DEBUGMONITORTOKEN to D3DSBT_ALL alone', () => {
    const neither = [...RENDER_STATES.keys()].filter(
      (id) => !PIXEL_RENDER_STATE_SET.has(id) && !VERTEX_RENDER_STATE_SET.has(id),
    );
    expect(namesOf(D3DRS_TABLE, neither)).toEqual(['D3DRS_DEBUGMONITORTOKEN']);
  });
});

describe('D3DSBT_PIXELSTATE and D3DSBT_VERTEXSTATE texture-stage and sampler states', () => {
  it.each([
    ['pixel texture-stage', PIXEL_TEXTURE_STAGE_STATES, idsOf(D3DTSS, DOCS_PIXEL_TSS)],
    ['vertex texture-stage', VERTEX_TEXTURE_STAGE_STATES, idsOf(D3DTSS, DOCS_VERTEX_TSS)],
    ['pixel sampler', PIXEL_SAMPLER_STATES, idsOf(D3DSAMP, DOCS_PIXEL_SAMP)],
    ['vertex sampler', VERTEX_SAMPLER_STATES, idsOf(D3DSAMP, DOCS_VERTEX_SAMP)],
  ] as const)('%s states match the docs table', (_, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('leaves D3DTSS_CONSTANT to D3DSBT_ALL alone', () => {
    expect(PIXEL_TEXTURE_STAGE_STATE_SET.has(D3DTSS.CONSTANT)).toBe(false);
    expect(VERTEX_TEXTURE_STAGE_STATE_SET.has(D3DTSS.CONSTANT)).toBe(false);
  });

  it('records D3DSAMP_DMAPOFFSET as the one vertex sampler state, and no sampler state as both', () => {
    expect(VERTEX_SAMPLER_STATES).toEqual([D3DSAMP.DMAPOFFSET]);
    expect(PIXEL_SAMPLER_STATES.filter((id) => VERTEX_SAMPLER_STATE_SET.has(id))).toEqual([]);
  });

  it('shares exactly TEXCOORDINDEX and TEXTURETRANSFORMFLAGS between both groups', () => {
    const shared = PIXEL_TEXTURE_STAGE_STATES.filter((id) => VERTEX_TEXTURE_STAGE_STATE_SET.has(id));
    expect(shared).toEqual([D3DTSS.TEXCOORDINDEX, D3DTSS.TEXTURETRANSFORMFLAGS]);
  });
});

describe('the five states D3DSTATEBLOCKTYPE names as both pixel and vertex state', () => {
  it.each([
    ['D3DRS_FOGDENSITY', PIXEL_RENDER_STATE_SET, VERTEX_RENDER_STATE_SET, D3DRS.FOGDENSITY],
    ['D3DRS_FOGSTART', PIXEL_RENDER_STATE_SET, VERTEX_RENDER_STATE_SET, D3DRS.FOGSTART],
    ['D3DRS_FOGEND', PIXEL_RENDER_STATE_SET, VERTEX_RENDER_STATE_SET, D3DRS.FOGEND],
    ['D3DTSS_TEXCOORDINDEX', PIXEL_TEXTURE_STAGE_STATE_SET, VERTEX_TEXTURE_STAGE_STATE_SET, D3DTSS.TEXCOORDINDEX],
    ['D3DTSS_TEXTURETRANSFORMFLAGS', PIXEL_TEXTURE_STAGE_STATE_SET, VERTEX_TEXTURE_STAGE_STATE_SET,
      D3DTSS.TEXTURETRANSFORMFLAGS],
  ] as const)('%s is in both groups', (_, pixel, vertex, id) => {
    expect(pixel.has(id)).toBe(true);
    expect(vertex.has(id)).toBe(true);
  });
});

describe('group lists are well formed', () => {
  it.each(GROUPS)('%s ids exist in the constants and state tables', (_, ids, _set, table, states) => {
    for (const id of ids) {
      expect(table.nameOf(id), String(id)).toBeDefined();
      expect(states.has(id), table.nameOf(id)).toBe(true);
    }
  });

  it.each(GROUPS)('%s ids are ascending, distinct, frozen, and match their Set', (_, ids, set) => {
    for (let i = 1; i < ids.length; i++) expect(ids[i]).toBeGreaterThan(ids[i - 1]);
    expect(Object.isFrozen(ids)).toBe(true);
    expect([...set].sort((a, b) => a - b)).toEqual(ids);
  });
});

describe('parts of device state each state-block type captures', () => {
  // "Saving All/Pixel/Vertex State ... With a StateBlock"; Wine's d3d9 stateblock test for the resource,
  // light, transform and shader-constant rows.
  const ALL_ONLY: readonly StateBlockPart[] = [
    'textures', 'texturePalette', 'transforms', 'viewport', 'scissorRect', 'clipPlanes', 'material',
    'streamSources', 'indices',
  ];
  const PIXEL: readonly StateBlockPart[] = ['renderStates', 'textureStageStates', 'samplerStates', 'pixelShader', 'pixelShaderConstants'];
  const VERTEX: readonly StateBlockPart[] = [
    'renderStates', 'textureStageStates', 'samplerStates', 'npatchMode', 'lights', 'vertexShader',
    'vertexShaderConstants', 'streamFrequencies', 'vertexDeclaration',
  ];

  it('D3DSBT_ALL captures every part', () => {
    expect([...STATE_BLOCK_PARTS.all].sort()).toEqual([...STATE_BLOCK_PART_NAMES].sort());
    expect([...STATE_BLOCK_PARTS.all].sort()).toEqual([...new Set([...ALL_ONLY, ...PIXEL, ...VERTEX])].sort());
  });

  it('D3DSBT_PIXELSTATE captures pixel states and the pixel shader with its constants', () => {
    expect([...STATE_BLOCK_PARTS.pixel].sort()).toEqual([...PIXEL].sort());
  });

  it('D3DSBT_VERTEXSTATE captures vertex states, lights, declaration, vertex shader, constants, dividers, N-patch mode', () => {
    expect([...STATE_BLOCK_PARTS.vertex].sort()).toEqual([...VERTEX].sort());
  });

  it.each(ALL_ONLY)('only D3DSBT_ALL captures %s', (part) => {
    expect(STATE_BLOCK_PARTS.all.has(part)).toBe(true);
    expect(STATE_BLOCK_PARTS.pixel.has(part)).toBe(false);
    expect(STATE_BLOCK_PARTS.vertex.has(part)).toBe(false);
  });
});
