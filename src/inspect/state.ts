/**
 * `inspect --state`: the device state at a point of the trace as one plain,
 * JSON-ready document, every value printed by its D3D9 type (state-info.ts).
 *
 * Key order is fixed by construction, so two dumps of one point are equal byte for byte:
 * sections in DEVICE_STATE_KEYS order; render, sampler and texture-stage states in
 * ascending state id (the D3DRS_/D3DSAMP_/D3DTSS_ numbering); samplers 0..15, the vertex
 * samplers D3DVERTEXTEXTURESAMPLER0..3 (257..260) apart, stages 0..7,
 * streams 0..15 as arrays; transforms in ascending D3DTS value (VIEW, PROJECTION,
 * TEXTURE0..7, WORLD, then each world matrix 1..255 the trace set); lights by index.
 */
import { bitsToFloat32, ENUM_TABLES, formatFlags, formatFvf, formatTransformState, D3DLIGHT_TABLE, D3DTS } from '../d3d9/index.js';
import { RENDER_STATES, SAMPLER_STATES, TEXTURE_STAGE_STATES } from '../d3d9/index.js';
import type { StateInfo, ValueType } from '../d3d9/index.js';
import type { Device } from '../device/device.js';
import { DeviceState, MAX_SAMPLERS, PIXEL_SAMPLERS, MAX_STAGES } from '../device/state.js';
import type { D3DCOLORVALUE, D3DMATRIX, D3DVECTOR } from '../device/types.js';
import { float32Text, InspectError } from './point.js';
import type { InspectPoint } from './point.js';

export type StateValue = string | number;
export type StateMap = Record<string, StateValue>;
export interface Rgba { r: number; g: number; b: number; a: number }
export interface Xyz { x: number; y: number; z: number }

export interface LightDump {
  index: number; enabled: boolean; type: StateValue;
  diffuse: Rgba; specular: Rgba; ambient: Rgba; position: Xyz; direction: Xyz;
  range: number; falloff: number; attenuation0: number; attenuation1: number; attenuation2: number; theta: number; phi: number;
}

export interface DeviceStateDump {
  renderStates: StateMap;
  /** index = sampler */
  samplerStates: StateMap[];
  /** index = vertex sampler 0..3 (D3D9 sampler numbers 257..260) */
  vertexSamplerStates: StateMap[];
  /** index = stage */
  textureStageStates: StateMap[];
  /** rows of the 4×4 matrix, _11.._14 first */
  transforms: Record<string, number[][]>;
  viewport: { X: number; Y: number; Width: number; Height: number; MinZ: number; MaxZ: number };
  scissorRect: { left: number; top: number; right: number; bottom: number };
  /** surface names as `inspect` lists them (the trace's, or backbuffer / depthstencil) */
  renderTarget0: string | null;
  depthStencil: string | null;
  /** index = sampler */
  textures: Array<string | null>;
  /** index = vertex sampler 0..3 (D3D9 sampler numbers 257..260) */
  vertexTextures: Array<string | null>;
  streamSources: Array<{ buffer: string | null; offset: number; stride: number }>;
  indices: string | null;
  fvf: { value: string; flags: string[] };
  lights: LightDump[];
  material: { diffuse: Rgba; ambient: Rgba; specular: Rgba; emissive: Rgba; power: number };
  /** SetCurrentTexturePalette's palette number (0 on a new device) */
  currentTexturePalette: number;
  /** SetNPatchMode's segment count (0: N-patches off) */
  nPatchSegments: number;
}

/** The sections, in the order the JSON and the text print them. */
export const DEVICE_STATE_KEYS = [
  'renderStates', 'samplerStates', 'vertexSamplerStates', 'textureStageStates', 'transforms', 'viewport', 'scissorRect',
  'renderTarget0', 'depthStencil', 'textures', 'vertexTextures', 'streamSources', 'indices', 'fvf', 'lights', 'material',
  'currentTexturePalette', 'nPatchSegments',
] as const satisfies ReadonlyArray<keyof DeviceStateDump>;

const hex8 = (v: number): string => `0x${(v >>> 0).toString(16).padStart(8, '0')}`;

/** A state's DWORD by its type: enums and flags by name, TRUE/FALSE, float bits as the float, colours 0xAARRGGBB. */
export function stateValue(type: ValueType, v: number): StateValue {
  switch (type.kind) {
    case 'bool': return v === 0 ? 'FALSE' : v === 1 ? 'TRUE' : v >>> 0;
    case 'uint': return v >>> 0;
    case 'int': return v | 0;
    case 'color': return hex8(v);
    case 'float': return float32Text(bitsToFloat32(v));
    case 'enum': return ENUM_TABLES[type.table]?.nameOf(v >>> 0) ?? v >>> 0;
    case 'flags': return formatFlags(ENUM_TABLES[type.table], v);
    default: return assertNever(type);
  }
}

function assertNever(x: never): never {
  throw new Error(`inspect --state: unhandled state value type ${JSON.stringify(x)}`);
}

function states(table: ReadonlyMap<number, StateInfo>, read: (info: StateInfo) => number): StateMap {
  const out: StateMap = {};
  for (const info of [...table.values()].sort((a, b) => a.id - b.id)) out[info.name] = stateValue(info.type, read(info));
  return out;
}

const rgba = (c: D3DCOLORVALUE): Rgba => ({ r: float32Text(c.r), g: float32Text(c.g), b: float32Text(c.b), a: float32Text(c.a) });
const xyz = (v: D3DVECTOR): Xyz => ({ x: float32Text(v.x), y: float32Text(v.y), z: float32Text(v.z) });
const matrix = (m: D3DMATRIX): number[][] => [
  [m._11, m._12, m._13, m._14], [m._21, m._22, m._23, m._24], [m._31, m._32, m._33, m._34], [m._41, m._42, m._43, m._44],
].map((row) => row.map(float32Text));

/** Transforms every dump shows, set or not; world matrices 1..255 only once set. */
const NAMED_TRANSFORMS = [D3DTS.VIEW, D3DTS.PROJECTION, 16, 17, 18, 19, 20, 21, 22, 23, D3DTS.WORLD] as const;

/** Names objects the way `inspect` lists surfaces: the trace's name, else backbuffer / depthstencil. */
export type Namer = (obj: object | null) => string | null;

export function pointNamer(p: InspectPoint): Namer {
  const surfaceNames = new Map<object, string>();
  for (const [name, s] of p.surfaces) if (!surfaceNames.has(s)) surfaceNames.set(s, name);
  return (obj) => (obj === null ? null : surfaceNames.get(obj) ?? p.names.get(obj) ?? '(unnamed)');
}

/** The document for one state. */
export function dumpState(st: DeviceState, name: Namer): DeviceStateDump {
  const transforms: Record<string, number[][]> = {};
  const setWorlds = [...st.transforms.keys()].filter((t) => t > D3DTS.WORLD && t < 512).sort((a, b) => a - b);
  for (const t of [...NAMED_TRANSFORMS, ...setWorlds]) transforms[formatTransformState(t)] = matrix(st.transform(t));
  const v = st.viewport;
  const m = st.material;
  const fvfText = formatFvf(st.fvf);
  return {
    renderStates: states(RENDER_STATES, (i) => st.renderStates[i.id]),
    samplerStates: st.samplerStates.slice(0, PIXEL_SAMPLERS).map((s) => states(SAMPLER_STATES, (i) => s[i.id])),
    // the state keeps the vertex samplers' slots after the 16 pixel ones (state.ts samplerSlot)
    vertexSamplerStates: st.samplerStates.slice(PIXEL_SAMPLERS, MAX_SAMPLERS).map((s) => states(SAMPLER_STATES, (i) => s[i.id])),
    textureStageStates: st.stageStates.slice(0, MAX_STAGES).map((s) => states(TEXTURE_STAGE_STATES, (i) => s[i.id])),
    transforms,
    viewport: { X: v.X, Y: v.Y, Width: v.Width, Height: v.Height, MinZ: float32Text(v.MinZ), MaxZ: float32Text(v.MaxZ) },
    scissorRect: { left: st.scissor.left, top: st.scissor.top, right: st.scissor.right, bottom: st.scissor.bottom },
    renderTarget0: name(st.renderTargets[0]),
    depthStencil: name(st.depthStencil),
    textures: st.textures.slice(0, PIXEL_SAMPLERS).map((t) => name(t)),
    vertexTextures: st.textures.slice(PIXEL_SAMPLERS, MAX_SAMPLERS).map((t) => name(t)),
    streamSources: st.streams.map((s) => ({ buffer: name(s.buffer), offset: s.offset, stride: s.stride })),
    indices: name(st.indices),
    fvf: { value: hex8(st.fvf), flags: st.fvf === 0 ? [] : fvfText.split(' | ') },
    lights: [...st.lights.keys()].sort((a, b) => a - b).map((index) => {
      const { light: l, enabled } = st.lights.get(index)!;
      return {
        index, enabled, type: D3DLIGHT_TABLE.nameOf(l.Type) ?? l.Type,
        diffuse: rgba(l.Diffuse), specular: rgba(l.Specular), ambient: rgba(l.Ambient), position: xyz(l.Position), direction: xyz(l.Direction),
        range: float32Text(l.Range), falloff: float32Text(l.Falloff),
        attenuation0: float32Text(l.Attenuation0), attenuation1: float32Text(l.Attenuation1), attenuation2: float32Text(l.Attenuation2),
        theta: float32Text(l.Theta), phi: float32Text(l.Phi),
      };
    }),
    material: { diffuse: rgba(m.Diffuse), ambient: rgba(m.Ambient), specular: rgba(m.Specular), emissive: rgba(m.Emissive), power: float32Text(m.Power) },
    currentTexturePalette: st.currentPalette,
    nPatchSegments: float32Text(st.nPatchSegments),
  };
}

/**
 * The state a freshly created (or Reset) device holds (reference B.4): state-info's defaults
 * (D3DRS_ZENABLE by EnableAutoDepthStencil),
 * identity transforms, the back buffer and auto depth-stencil bound, viewport and scissor over the back buffer.
 */
export function defaultState(device: Device): DeviceState {
  const st = new DeviceState(device.autoDepthStencil !== null);
  const bb = device.backBuffer;
  st.renderTargets[0] = bb;
  st.depthStencil = device.autoDepthStencil;
  st.setViewport({ X: 0, Y: 0, Width: bb.width, Height: bb.height, MinZ: 0, MaxZ: 1 });
  st.setScissor({ left: 0, top: 0, right: bb.width, bottom: bb.height });
  return st;
}

export interface StateAtPoint {
  state: DeviceStateDump;
  defaults: DeviceStateDump;
}

/** The live state of the last device at the point, and what a new device would hold. */
export function stateAt(p: InspectPoint): StateAtPoint {
  const device = p.device;
  if (!device) throw new InspectError(`no device exists at call ${p.call}: --state needs a CreateDevice at or before it`);
  const name = pointNamer(p);
  return { state: dumpState(device.state, name), defaults: dumpState(defaultState(device), name) };
}
