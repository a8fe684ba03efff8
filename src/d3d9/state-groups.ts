/**
 * What IDirect3DDevice9::CreateStateBlock captures for each D3DSTATEBLOCKTYPE:
 * the render, texture-stage and sampler state ids of the pixel and vertex
 * groups, and which other parts of device state each type holds.
 *
 * Sources: the Direct3D 9 pages "Saving Pixel State With a StateBlock",
 * "Saving Vertex States With a StateBlock", "Saving All Device States with a
 * StateBlock" and D3DSTATEBLOCKTYPE; cross-checked against Wine's
 * dlls/wined3d/stateblock.c and dlls/d3d9/tests/stateblock.c, whose
 * test_state_management expectations are checked on Windows. Where the two
 * disagree the docs win unless that Wine test shows Windows doing otherwise.
 */
import { D3DRS, D3DSAMP, D3DTSS } from './constants-states.js';

function sortedIds<T extends Readonly<Record<string, number>>>(
  ids: T,
  names: ReadonlyArray<keyof T & string>,
): readonly number[] {
  return Object.freeze(names.map((name) => ids[name]).sort((a, b) => a - b));
}

// Docs table order. The table names FILLMODE, SHADEMODE and BLENDOP by their value enums (D3DFILLMODE, ...).
// The docs' table also lists SPECULARENABLE, LOCALVIEWER and the four *MATERIALSOURCE states; Wine's
// d3d9 test render_state_test_init shows Windows captures them as vertex state only, so they are left out.
const PIXEL_RENDER_STATE_NAMES: ReadonlyArray<keyof typeof D3DRS> = [
  'ZENABLE', 'FILLMODE', 'SHADEMODE', 'ZWRITEENABLE', 'ALPHATESTENABLE', 'LASTPIXEL',
  'SRCBLEND', 'DESTBLEND', 'ZFUNC', 'ALPHAREF', 'ALPHAFUNC', 'DITHERENABLE',
  'FOGSTART', 'FOGEND', 'FOGDENSITY', 'ALPHABLENDENABLE', 'DEPTHBIAS',
  'STENCILENABLE', 'STENCILFAIL', 'STENCILZFAIL', 'STENCILPASS', 'STENCILFUNC',
  'STENCILREF', 'STENCILMASK', 'STENCILWRITEMASK', 'TEXTUREFACTOR',
  'WRAP0', 'WRAP1', 'WRAP2', 'WRAP3', 'WRAP4', 'WRAP5', 'WRAP6', 'WRAP7',
  'WRAP8', 'WRAP9', 'WRAP10', 'WRAP11', 'WRAP12', 'WRAP13', 'WRAP14', 'WRAP15',
  'COLORWRITEENABLE', 'BLENDOP', 'SCISSORTESTENABLE', 'SLOPESCALEDEPTHBIAS', 'ANTIALIASEDLINEENABLE',
  'TWOSIDEDSTENCILMODE', 'CCW_STENCILFAIL', 'CCW_STENCILZFAIL', 'CCW_STENCILPASS',
  // Wine omits CCW_STENCILFUNC, but its test writes the default (D3DCMP_ALWAYS) so cannot tell: docs kept.
  'CCW_STENCILFUNC',
  'COLORWRITEENABLE1', 'COLORWRITEENABLE2', 'COLORWRITEENABLE3', 'BLENDFACTOR', 'SRGBWRITEENABLE',
  'SEPARATEALPHABLENDENABLE', 'SRCBLENDALPHA', 'DESTBLENDALPHA', 'BLENDOPALPHA',
];

// Docs table order (its last row, ENABLEADAPTIVETESSELLATION, carries a stray `"/>` in the page source).
const VERTEX_RENDER_STATE_NAMES: ReadonlyArray<keyof typeof D3DRS> = [
  'CULLMODE', 'FOGCOLOR', 'FOGTABLEMODE', 'FOGSTART', 'FOGEND', 'FOGDENSITY', 'RANGEFOGENABLE',
  'AMBIENT', 'COLORVERTEX', 'FOGVERTEXMODE', 'CLIPPING', 'LIGHTING', 'LOCALVIEWER',
  'EMISSIVEMATERIALSOURCE', 'AMBIENTMATERIALSOURCE', 'DIFFUSEMATERIALSOURCE', 'SPECULARMATERIALSOURCE',
  'VERTEXBLEND', 'CLIPPLANEENABLE', 'POINTSIZE', 'POINTSIZE_MIN', 'POINTSPRITEENABLE', 'POINTSCALEENABLE',
  'POINTSCALE_A', 'POINTSCALE_B', 'POINTSCALE_C', 'MULTISAMPLEANTIALIAS', 'MULTISAMPLEMASK',
  'PATCHEDGESTYLE', 'POINTSIZE_MAX', 'INDEXEDVERTEXBLENDENABLE', 'TWEENFACTOR',
  'POSITIONDEGREE', 'NORMALDEGREE', 'MINTESSELLATIONLEVEL', 'MAXTESSELLATIONLEVEL',
  'ADAPTIVETESS_X', 'ADAPTIVETESS_Y', 'ADAPTIVETESS_Z', 'ADAPTIVETESS_W', 'ENABLEADAPTIVETESSELLATION',
  // Not in the docs' table; Wine's d3d9 test render_state_test_init shows Windows captures them as vertex state.
  'FOGENABLE', 'NORMALIZENORMALS', 'SHADEMODE', 'SPECULARENABLE',
];

// Every texture-stage state but D3DTSS_CONSTANT, which only D3DSBT_ALL captures (docs and Wine agree).
const PIXEL_TEXTURE_STAGE_STATE_NAMES: ReadonlyArray<keyof typeof D3DTSS> = [
  'COLOROP', 'COLORARG1', 'COLORARG2', 'ALPHAOP', 'ALPHAARG1', 'ALPHAARG2',
  'BUMPENVMAT00', 'BUMPENVMAT01', 'BUMPENVMAT10', 'BUMPENVMAT11', 'TEXCOORDINDEX',
  'BUMPENVLSCALE', 'BUMPENVLOFFSET', 'TEXTURETRANSFORMFLAGS', 'COLORARG0', 'ALPHAARG0', 'RESULTARG',
];

const VERTEX_TEXTURE_STAGE_STATE_NAMES: ReadonlyArray<keyof typeof D3DTSS> = ['TEXCOORDINDEX', 'TEXTURETRANSFORMFLAGS'];

const PIXEL_SAMPLER_STATE_NAMES: ReadonlyArray<keyof typeof D3DSAMP> = [
  'ADDRESSU', 'ADDRESSV', 'ADDRESSW', 'BORDERCOLOR', 'MAGFILTER', 'MINFILTER', 'MIPFILTER',
  'MIPMAPLODBIAS', 'MAXMIPLEVEL', 'MAXANISOTROPY', 'SRGBTEXTURE', 'ELEMENTINDEX',
];

// DMAPOFFSET only means something on D3DDMAPSAMPLER; like wined3d, the group is by state id for every sampler index.
const VERTEX_SAMPLER_STATE_NAMES: ReadonlyArray<keyof typeof D3DSAMP> = ['DMAPOFFSET'];

/** D3DRS ids D3DSBT_PIXELSTATE captures, ascending. */
export const PIXEL_RENDER_STATES = sortedIds(D3DRS, PIXEL_RENDER_STATE_NAMES);
/** D3DRS ids D3DSBT_VERTEXSTATE captures, ascending. */
export const VERTEX_RENDER_STATES = sortedIds(D3DRS, VERTEX_RENDER_STATE_NAMES);
/** D3DTSS ids D3DSBT_PIXELSTATE captures on every stage, ascending. */
export const PIXEL_TEXTURE_STAGE_STATES = sortedIds(D3DTSS, PIXEL_TEXTURE_STAGE_STATE_NAMES);
/** D3DTSS ids D3DSBT_VERTEXSTATE captures on every stage, ascending. */
export const VERTEX_TEXTURE_STAGE_STATES = sortedIds(D3DTSS, VERTEX_TEXTURE_STAGE_STATE_NAMES);
/** D3DSAMP ids D3DSBT_PIXELSTATE captures on every sampler, ascending. */
export const PIXEL_SAMPLER_STATES = sortedIds(D3DSAMP, PIXEL_SAMPLER_STATE_NAMES);
/** D3DSAMP ids D3DSBT_VERTEXSTATE captures on every sampler, ascending. */
export const VERTEX_SAMPLER_STATES = sortedIds(D3DSAMP, VERTEX_SAMPLER_STATE_NAMES);

export const PIXEL_RENDER_STATE_SET: ReadonlySet<number> = new Set(PIXEL_RENDER_STATES);
export const VERTEX_RENDER_STATE_SET: ReadonlySet<number> = new Set(VERTEX_RENDER_STATES);
export const PIXEL_TEXTURE_STAGE_STATE_SET: ReadonlySet<number> = new Set(PIXEL_TEXTURE_STAGE_STATES);
export const VERTEX_TEXTURE_STAGE_STATE_SET: ReadonlySet<number> = new Set(VERTEX_TEXTURE_STAGE_STATES);
export const PIXEL_SAMPLER_STATE_SET: ReadonlySet<number> = new Set(PIXEL_SAMPLER_STATES);
export const VERTEX_SAMPLER_STATE_SET: ReadonlySet<number> = new Set(VERTEX_SAMPLER_STATES);

/** The predefined state-block types by the group they capture (D3DSBT_ALL, _PIXELSTATE, _VERTEXSTATE). */
export type StateBlockKind = 'all' | 'pixel' | 'vertex';

/**
 * The parts of device state a state block can hold. The three state parts hold
 * every id under D3DSBT_ALL and the *_STATES lists above under the other types.
 */
export const STATE_BLOCK_PART_NAMES = [
  'renderStates',
  'textureStageStates',
  'samplerStates',
  // SetTexture on pixel, vertex-texture and displacement-map samplers.
  'textures',
  // SetCurrentTexturePalette.
  'texturePalette',
  // World, view, projection and texture matrices.
  'transforms',
  'viewport',
  'scissorRect',
  // SetClipPlane values; D3DRS_CLIPPLANEENABLE is a render state.
  'clipPlanes',
  'material',
  // SetLight and LightEnable.
  'lights',
  // SetVertexDeclaration, and SetFVF, which sets the same slot in D3D9.
  'vertexDeclaration',
  // SetStreamSource buffer, offset and stride.
  'streamSources',
  // SetStreamSourceFreq dividers.
  'streamFrequencies',
  'indices',
  'pixelShader',
  // Float, int and bool pixel shader constants.
  'pixelShaderConstants',
  'vertexShader',
  // Float, int and bool vertex shader constants.
  'vertexShaderConstants',
  // SetNPatchMode segments.
  'npatchMode',
] as const;

export type StateBlockPart = (typeof STATE_BLOCK_PART_NAMES)[number];

// "Saving Pixel State With a StateBlock"; Wine's d3d9 test confirms the shader and constants, and that
// PIXELSTATE leaves textures, streams, indices, transforms and lights alone.
const PIXEL_PARTS: readonly StateBlockPart[] = [
  'renderStates', 'textureStageStates', 'samplerStates', 'pixelShader', 'pixelShaderConstants',
];

// "Saving Vertex States With a StateBlock"; Wine's d3d9 test confirms declaration, shader, constants and
// lights, and that VERTEXSTATE leaves textures, stream buffers, indices and transforms alone.
const VERTEX_PARTS: readonly StateBlockPart[] = [
  'renderStates', 'textureStageStates', 'samplerStates', 'vertexDeclaration', 'vertexShader',
  'vertexShaderConstants', 'lights',
  // Docs: vertex state; wined3d keeps stream dividers for D3DSBT_ALL only, untested on Windows: docs kept.
  'streamFrequencies',
  // Docs: vertex state; wined3d state blocks keep no N-patch mode at all: docs kept.
  'npatchMode',
];

/**
 * Which parts each predefined type captures. ALL is everything ("Saving All
 * Device States with a StateBlock"); texturePalette is in ALL per the docs
 * although wined3d's state block has no palette.
 */
export const STATE_BLOCK_PARTS: Readonly<Record<StateBlockKind, ReadonlySet<StateBlockPart>>> = Object.freeze({
  all: new Set<StateBlockPart>(STATE_BLOCK_PART_NAMES),
  pixel: new Set(PIXEL_PARTS),
  vertex: new Set(VERTEX_PARTS),
});
