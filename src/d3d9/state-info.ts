/**
 * Per-state facts for render, sampler and texture-stage states: full name,
 * the type of the DWORD value and the documented default (reference B.4).
 * Float states store float32 bits, both in the device and in `default`.
 */
import { D3DRS, D3DSAMP, D3DTSS } from './constants-states.js';
import {
  D3DBLEND,
  D3DBLENDOP,
  D3DCMP,
  D3DCULL,
  D3DDEGREE,
  D3DDMT,
  D3DFILL,
  D3DFOG,
  D3DMCS,
  D3DPATCHEDGE,
  D3DSHADE,
  D3DSTENCILOP,
  D3DTA,
  D3DTADDRESS,
  D3DTEXF,
  D3DTOP,
  D3DTTFF,
  D3DVBF,
  D3DZB,
} from './constants-state-values.js';
import type { EnumTableName } from './enum-registry.js';
import { float32Bits } from './float-bits.js';

/** How a state's DWORD is read. `enum` and `flags` name a key of ENUM_TABLES. */
export type ValueType =
  | { readonly kind: 'bool' }
  | { readonly kind: 'uint' }
  | { readonly kind: 'int' }
  /** A D3DCOLOR (0xAARRGGBB), printed in hex. */
  | { readonly kind: 'color' }
  /** The DWORD holds float32 bits. */
  | { readonly kind: 'float' }
  | { readonly kind: 'enum'; readonly table: EnumTableName }
  | { readonly kind: 'flags'; readonly table: EnumTableName };

/**
 * When a default is not one number:
 * - `autoDepthStencil`: `default` holds on a device created with EnableAutoDepthStencil, else 0 (D3DZB_FALSE).
 * - `stage0`: `default` is texture stage 0's; stages 1..7 start at D3DTOP_DISABLE.
 * - `stageIndex`: the default is the stage's own index (`default` is stage 0's, 0).
 */
export type DefaultDependsOn = 'autoDepthStencil' | 'stage0' | 'stageIndex';

export interface StateInfo {
  readonly id: number;
  /** Full name, e.g. `D3DRS_ZENABLE`. */
  readonly name: string;
  readonly type: ValueType;
  /** Documented default; float states hold float32 bits. Read `dependsOn` before using it. */
  readonly default: number;
  readonly dependsOn?: DefaultDependsOn;
}

type Spec = readonly [type: ValueType, defaultValue: number, dependsOn?: DefaultDependsOn];

const BOOL: ValueType = { kind: 'bool' };
const UINT: ValueType = { kind: 'uint' };
const INT: ValueType = { kind: 'int' };
const COLOR: ValueType = { kind: 'color' };
const FLOAT: ValueType = { kind: 'float' };
const en = (table: EnumTableName): ValueType => ({ kind: 'enum', table });
const fl = (table: EnumTableName): ValueType => ({ kind: 'flags', table });
// A texture argument is a register (low 4 bits) plus modifier bits; as an enum,
// D3DTA_TFACTOR (3) never prints as D3DTA_CURRENT | D3DTA_TEXTURE. Likewise D3DTTFF.
const TEXARG = en('D3DTA');
const TTFF = en('D3DTEXTURETRANSFORMFLAGS');
// The low word is a texcoord set index, the high word a D3DTSS_TCI mode: neither enum nor flags.
const TCI = UINT;

const F0 = float32Bits(0);
const F1 = float32Bits(1);
const ALL = 0xffffffff;
const RGBA = 0xf;

const STENCILOP = en('D3DSTENCILOP');
const CMP = en('D3DCMPFUNC');
const BLEND = en('D3DBLEND');
const BLENDOP = en('D3DBLENDOP');
const WRAP = fl('D3DWRAPCOORD');
const WRITEMASK = fl('D3DCOLORWRITEENABLE');
const MCS = en('D3DMATERIALCOLORSOURCE');

const RENDER_STATE_SPECS = {
  ZENABLE: [en('D3DZBUFFERTYPE'), D3DZB.TRUE, 'autoDepthStencil'],
  FILLMODE: [en('D3DFILLMODE'), D3DFILL.SOLID],
  SHADEMODE: [en('D3DSHADEMODE'), D3DSHADE.GOURAUD],
  ZWRITEENABLE: [BOOL, 1],
  ALPHATESTENABLE: [BOOL, 0],
  LASTPIXEL: [BOOL, 1],
  SRCBLEND: [BLEND, D3DBLEND.ONE],
  DESTBLEND: [BLEND, D3DBLEND.ZERO],
  CULLMODE: [en('D3DCULL'), D3DCULL.CCW],
  ZFUNC: [CMP, D3DCMP.LESSEQUAL],
  ALPHAREF: [UINT, 0],
  ALPHAFUNC: [CMP, D3DCMP.ALWAYS],
  DITHERENABLE: [BOOL, 0],
  ALPHABLENDENABLE: [BOOL, 0],
  FOGENABLE: [BOOL, 0],
  SPECULARENABLE: [BOOL, 0],
  FOGCOLOR: [COLOR, 0],
  FOGTABLEMODE: [en('D3DFOGMODE'), D3DFOG.NONE],
  FOGSTART: [FLOAT, F0],
  FOGEND: [FLOAT, F1],
  FOGDENSITY: [FLOAT, F1],
  RANGEFOGENABLE: [BOOL, 0],
  STENCILENABLE: [BOOL, 0],
  STENCILFAIL: [STENCILOP, D3DSTENCILOP.KEEP],
  STENCILZFAIL: [STENCILOP, D3DSTENCILOP.KEEP],
  STENCILPASS: [STENCILOP, D3DSTENCILOP.KEEP],
  STENCILFUNC: [CMP, D3DCMP.ALWAYS],
  STENCILREF: [INT, 0],
  STENCILMASK: [UINT, ALL],
  STENCILWRITEMASK: [UINT, ALL],
  TEXTUREFACTOR: [COLOR, ALL],
  WRAP0: [WRAP, 0],
  WRAP1: [WRAP, 0],
  WRAP2: [WRAP, 0],
  WRAP3: [WRAP, 0],
  WRAP4: [WRAP, 0],
  WRAP5: [WRAP, 0],
  WRAP6: [WRAP, 0],
  WRAP7: [WRAP, 0],
  CLIPPING: [BOOL, 1],
  LIGHTING: [BOOL, 1],
  AMBIENT: [COLOR, 0],
  FOGVERTEXMODE: [en('D3DFOGMODE'), D3DFOG.NONE],
  COLORVERTEX: [BOOL, 1],
  LOCALVIEWER: [BOOL, 1],
  NORMALIZENORMALS: [BOOL, 0],
  DIFFUSEMATERIALSOURCE: [MCS, D3DMCS.COLOR1],
  SPECULARMATERIALSOURCE: [MCS, D3DMCS.COLOR2],
  AMBIENTMATERIALSOURCE: [MCS, D3DMCS.MATERIAL],
  EMISSIVEMATERIALSOURCE: [MCS, D3DMCS.MATERIAL],
  VERTEXBLEND: [en('D3DVERTEXBLENDFLAGS'), D3DVBF.DISABLE],
  CLIPPLANEENABLE: [fl('D3DCLIPPLANE'), 0],
  // Docs: "the value the driver returns"; Wine and DXVK both use 1.0f (reference B.4 [DISAGREE]).
  POINTSIZE: [FLOAT, F1],
  POINTSIZE_MIN: [FLOAT, F1],
  POINTSPRITEENABLE: [BOOL, 0],
  POINTSCALEENABLE: [BOOL, 0],
  POINTSCALE_A: [FLOAT, F1],
  POINTSCALE_B: [FLOAT, F0],
  POINTSCALE_C: [FLOAT, F0],
  MULTISAMPLEANTIALIAS: [BOOL, 1],
  MULTISAMPLEMASK: [UINT, ALL],
  PATCHEDGESTYLE: [en('D3DPATCHEDGESTYLE'), D3DPATCHEDGE.DISCRETE],
  DEBUGMONITORTOKEN: [en('D3DDEBUGMONITORTOKENS'), D3DDMT.ENABLE],
  // Docs: 64.0f; Wine/DXVK use caps MaxPointSize, which is the same when the device reports 64 (reference B.4 [DISAGREE]).
  POINTSIZE_MAX: [FLOAT, float32Bits(64)],
  INDEXEDVERTEXBLENDENABLE: [BOOL, 0],
  COLORWRITEENABLE: [WRITEMASK, RGBA],
  TWEENFACTOR: [FLOAT, F0],
  BLENDOP: [BLENDOP, D3DBLENDOP.ADD],
  POSITIONDEGREE: [en('D3DDEGREETYPE'), D3DDEGREE.CUBIC],
  NORMALDEGREE: [en('D3DDEGREETYPE'), D3DDEGREE.LINEAR],
  SCISSORTESTENABLE: [BOOL, 0],
  SLOPESCALEDEPTHBIAS: [FLOAT, F0],
  ANTIALIASEDLINEENABLE: [BOOL, 0],
  MINTESSELLATIONLEVEL: [FLOAT, F1],
  MAXTESSELLATIONLEVEL: [FLOAT, F1],
  ADAPTIVETESS_X: [FLOAT, F0],
  ADAPTIVETESS_Y: [FLOAT, F0],
  ADAPTIVETESS_Z: [FLOAT, F1],
  ADAPTIVETESS_W: [FLOAT, F0],
  ENABLEADAPTIVETESSELLATION: [BOOL, 0],
  TWOSIDEDSTENCILMODE: [BOOL, 0],
  CCW_STENCILFAIL: [STENCILOP, D3DSTENCILOP.KEEP],
  CCW_STENCILZFAIL: [STENCILOP, D3DSTENCILOP.KEEP],
  CCW_STENCILPASS: [STENCILOP, D3DSTENCILOP.KEEP],
  CCW_STENCILFUNC: [CMP, D3DCMP.ALWAYS],
  COLORWRITEENABLE1: [WRITEMASK, RGBA],
  COLORWRITEENABLE2: [WRITEMASK, RGBA],
  COLORWRITEENABLE3: [WRITEMASK, RGBA],
  BLENDFACTOR: [COLOR, ALL],
  SRGBWRITEENABLE: [BOOL, 0],
  DEPTHBIAS: [FLOAT, F0],
  WRAP8: [WRAP, 0],
  WRAP9: [WRAP, 0],
  WRAP10: [WRAP, 0],
  WRAP11: [WRAP, 0],
  WRAP12: [WRAP, 0],
  WRAP13: [WRAP, 0],
  WRAP14: [WRAP, 0],
  WRAP15: [WRAP, 0],
  SEPARATEALPHABLENDENABLE: [BOOL, 0],
  SRCBLENDALPHA: [BLEND, D3DBLEND.ONE],
  DESTBLENDALPHA: [BLEND, D3DBLEND.ZERO],
  BLENDOPALPHA: [BLENDOP, D3DBLENDOP.ADD],
} as const satisfies Record<keyof typeof D3DRS, Spec>;

const ADDRESS = en('D3DTEXTUREADDRESS');
const FILTER = en('D3DTEXTUREFILTERTYPE');

/** Sampler defaults as Wine sets them (reference B.4, last paragraph). */
const SAMPLER_STATE_SPECS = {
  ADDRESSU: [ADDRESS, D3DTADDRESS.WRAP],
  ADDRESSV: [ADDRESS, D3DTADDRESS.WRAP],
  ADDRESSW: [ADDRESS, D3DTADDRESS.WRAP],
  BORDERCOLOR: [COLOR, 0],
  MAGFILTER: [FILTER, D3DTEXF.POINT],
  MINFILTER: [FILTER, D3DTEXF.POINT],
  MIPFILTER: [FILTER, D3DTEXF.NONE],
  MIPMAPLODBIAS: [FLOAT, F0],
  MAXMIPLEVEL: [UINT, 0],
  MAXANISOTROPY: [UINT, 1],
  SRGBTEXTURE: [BOOL, 0],
  ELEMENTINDEX: [UINT, 0],
  DMAPOFFSET: [UINT, 0],
} as const satisfies Record<keyof typeof D3DSAMP, Spec>;

const TEXOP = en('D3DTEXTUREOP');

/** Texture-stage defaults (reference B.4: Wine = DXVK = docs). */
const TEXTURE_STAGE_STATE_SPECS = {
  COLOROP: [TEXOP, D3DTOP.MODULATE, 'stage0'],
  COLORARG1: [TEXARG, D3DTA.TEXTURE],
  COLORARG2: [TEXARG, D3DTA.CURRENT],
  ALPHAOP: [TEXOP, D3DTOP.SELECTARG1, 'stage0'],
  ALPHAARG1: [TEXARG, D3DTA.TEXTURE],
  ALPHAARG2: [TEXARG, D3DTA.CURRENT],
  BUMPENVMAT00: [FLOAT, F0],
  BUMPENVMAT01: [FLOAT, F0],
  BUMPENVMAT10: [FLOAT, F0],
  BUMPENVMAT11: [FLOAT, F0],
  TEXCOORDINDEX: [TCI, 0, 'stageIndex'],
  BUMPENVLSCALE: [FLOAT, F0],
  BUMPENVLOFFSET: [FLOAT, F0],
  TEXTURETRANSFORMFLAGS: [TTFF, D3DTTFF.DISABLE],
  COLORARG0: [TEXARG, D3DTA.CURRENT],
  ALPHAARG0: [TEXARG, D3DTA.CURRENT],
  RESULTARG: [TEXARG, D3DTA.CURRENT],
  CONSTANT: [COLOR, 0],
} as const satisfies Record<keyof typeof D3DTSS, Spec>;

function buildTable(
  prefix: string,
  ids: Readonly<Record<string, number>>,
  specs: Readonly<Record<string, Spec>>,
): ReadonlyMap<number, StateInfo> {
  const table = new Map<number, StateInfo>();
  for (const [key, id] of Object.entries(ids)) {
    const [type, defaultValue, dependsOn] = specs[key];
    const info: StateInfo = { id, name: prefix + key, type, default: defaultValue >>> 0 };
    table.set(id, Object.freeze(dependsOn === undefined ? info : { ...info, dependsOn }));
  }
  return table;
}

/** Every render state by id, in ascending id order. */
export const RENDER_STATES = buildTable('D3DRS_', D3DRS, RENDER_STATE_SPECS);
/** Every sampler state by id, in ascending id order. */
export const SAMPLER_STATES = buildTable('D3DSAMP_', D3DSAMP, SAMPLER_STATE_SPECS);
/** Every texture-stage state by id, in ascending id order. */
export const TEXTURE_STAGE_STATES = buildTable('D3DTSS_', D3DTSS, TEXTURE_STAGE_STATE_SPECS);

export function renderStateInfo(id: number): StateInfo | undefined {
  return RENDER_STATES.get(id);
}

export function samplerStateInfo(id: number): StateInfo | undefined {
  return SAMPLER_STATES.get(id);
}

export function textureStageStateInfo(id: number): StateInfo | undefined {
  return TEXTURE_STAGE_STATES.get(id);
}

/** Initial value of a render state on a new (or Reset) device; undefined for an unknown id. */
export function renderStateDefault(id: number, device: { readonly autoDepthStencil: boolean }): number | undefined {
  const info = RENDER_STATES.get(id);
  if (info === undefined) return undefined;
  if (info.dependsOn === 'autoDepthStencil' && !device.autoDepthStencil) return D3DZB.FALSE;
  return info.default;
}

export function samplerStateDefault(id: number): number | undefined {
  return SAMPLER_STATES.get(id)?.default;
}

/** Initial value of a texture-stage state on stage `stage` (0..7); undefined for an unknown id. */
export function textureStageDefault(stage: number, id: number): number | undefined {
  const info = TEXTURE_STAGE_STATES.get(id);
  if (info === undefined) return undefined;
  if (info.dependsOn === 'stage0' && stage !== 0) return D3DTOP.DISABLE;
  if (info.dependsOn === 'stageIndex') return stage;
  return info.default;
}
