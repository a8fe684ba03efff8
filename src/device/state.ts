/**
 * The device state shape, shared by the live device and (later) state blocks:
 * setters store values; what a draw, clear or blit derives from them is built
 * when that operation runs.
 */
import {
  MAX_USER_CLIP_PLANES, RENDER_STATES, SAMPLER_STATES, TEXTURE_STAGE_STATES, renderStateDefault, samplerStateDefault, textureStageDefault,
} from '../d3d9/index.js';
import type { D3DCLIPSTATUS9, D3DLIGHT9, D3DMATERIAL9, D3DMATRIX, D3DPLANE, D3DVIEWPORT9, RECT } from './types.js';
import type { Surface } from './surface.js';
import type { IndexBuffer, VertexBuffer } from './buffers.js';
import type { CubeTexture, Texture } from './texture.js';
import type { VolumeTexture } from './volume.js';
import type { VertexDeclaration } from './vertex-declaration.js';
import { constantLimits } from '../d3d9/shader-tokens.js';
import type { ConstantLimits, ShaderKind } from '../d3d9/shader-tokens.js';
import { CONST_BYTES, emptyConstants } from './shader.js';
import type { ConstType, PixelShader, ShaderConstants, VertexShader } from './shader.js';

export const MAX_RENDER_STATE = 256;
/** Pixel samplers s0..s15, then the vertex samplers D3DVERTEXTEXTURESAMPLER0..3 (sampler numbers 257..260) at slots 16..19. */
export const PIXEL_SAMPLERS = 16;
export const VERTEX_SAMPLERS = 4;
export const MAX_SAMPLERS = PIXEL_SAMPLERS + VERTEX_SAMPLERS;
/** D3DVERTEXTEXTURESAMPLER0 */
const VERTEX_SAMPLER0 = 257;

/** The slot of D3D9 sampler number `n` (0..15, 257..260) in the state's sampler arrays, −1 for any other number (D3DDMAPSAMPLER too). */
export function samplerSlot(n: number): number {
  const s = n >>> 0;
  if (s < PIXEL_SAMPLERS) return s;
  if (s >= VERTEX_SAMPLER0 && s < VERTEX_SAMPLER0 + VERTEX_SAMPLERS) return PIXEL_SAMPLERS + s - VERTEX_SAMPLER0;
  return -1;
}
export const MAX_SAMPLER_STATE = 14;
export const MAX_STAGES = 8;
export const MAX_STAGE_STATE = 33;
export const MAX_STREAMS = 16;
export const MAX_RENDER_TARGETS = 4;

export interface StreamSource { buffer: VertexBuffer | null; offset: number; stride: number }
export interface LightSlot { light: D3DLIGHT9; enabled: boolean }

export const IDENTITY: Readonly<D3DMATRIX> = Object.freeze({
  _11: 1, _12: 0, _13: 0, _14: 0, _21: 0, _22: 1, _23: 0, _24: 0,
  _31: 0, _32: 0, _33: 1, _34: 0, _41: 0, _42: 0, _43: 0, _44: 1,
});

/** How many matrices of each transform type setTransform keeps to store again when set by value. */
const RECENT_MATRICES = 8;

/** The same number: a −0 is not a 0, and a NaN matches nothing (its payload bits may differ). */
const same = (x: number, y: number): boolean => x === y && (x !== 0 || 1 / x === 1 / y);

function sameMatrix(a: D3DMATRIX, b: D3DMATRIX): boolean {
  return same(a._11, b._11) && same(a._12, b._12) && same(a._13, b._13) && same(a._14, b._14)
    && same(a._21, b._21) && same(a._22, b._22) && same(a._23, b._23) && same(a._24, b._24)
    && same(a._31, b._31) && same(a._32, b._32) && same(a._33, b._33) && same(a._34, b._34)
    && same(a._41, b._41) && same(a._42, b._42) && same(a._43, b._43) && same(a._44, b._44);
}

/** Groups of state a setter marks dirty; what a draw, clear or blit derives is rebuilt from them. */
export const DIRTY = {
  render: 1 << 0, sampler: 1 << 1, stage: 1 << 2, texture: 1 << 3, transform: 1 << 4, viewport: 1 << 5,
  scissor: 1 << 6, fvf: 1 << 7, streams: 1 << 8, indices: 1 << 9, material: 1 << 10, lights: 1 << 11, targets: 1 << 12,
  clipPlanes: 1 << 13,
  /** the vertex shader or its constants; the pixel shader or its constants (each rebuilt apart) */
  vertexShader: 1 << 14, pixelShader: 1 << 15,
} as const;
export const DIRTY_ALL = Object.values(DIRTY).reduce((a, b) => a | b, 0);

/**
 * Where a state setter writes: the live device state, or a state block being
 * recorded (BeginStateBlock). Validation happens before, in the device.
 */
export interface StateTarget {
  setRenderState(id: number, value: number): void;
  setSamplerState(sampler: number, type: number, value: number): void;
  setTextureStageState(stage: number, type: number, value: number): void;
  setTexture(stage: number, texture: Texture | CubeTexture | VolumeTexture | null): void;
  setTransform(type: number, m: D3DMATRIX): void;
  setViewport(v: D3DVIEWPORT9): void;
  setScissor(r: RECT): void;
  setFvf(fvf: number): void;
  setVertexDeclaration(decl: VertexDeclaration | null): void;
  setStreamFreq(stream: number, setting: number): void;
  setStreamSource(stream: number, s: StreamSource): void;
  setIndices(ib: IndexBuffer | null): void;
  setMaterial(m: D3DMATERIAL9): void;
  setLight(index: number, light: D3DLIGHT9): void;
  lightEnable(index: number, enable: boolean): void;
  setCurrentPalette(palette: number): void;
  setClipPlane(index: number, plane: D3DPLANE): void;
  setVertexShader(shader: VertexShader | null): void;
  setPixelShader(shader: PixelShader | null): void;
  /** `data`: exactly the registers' bytes, from register `start` on */
  setShaderConstants(stage: ShaderKind, type: ConstType, start: number, data: Uint8Array): void;
}

/** The default light: a white directional light pointing down +Z (what LightEnable gives an unset index). */
export function defaultLight(): D3DLIGHT9 {
  const zero = { r: 0, g: 0, b: 0, a: 0 };
  return {
    Type: 3, Diffuse: { r: 1, g: 1, b: 1, a: 0 }, Specular: { ...zero }, Ambient: { ...zero },
    Position: { x: 0, y: 0, z: 0 }, Direction: { x: 0, y: 0, z: 1 },
    Range: 0, Falloff: 0, Attenuation0: 0, Attenuation1: 0, Attenuation2: 0, Theta: 0, Phi: 0,
  };
}

export class DeviceState implements StateTarget {
  /** DIRTY bits set since the last takeDirty() */
  dirty = DIRTY_ALL;
  readonly renderStates = new Uint32Array(MAX_RENDER_STATE);
  readonly samplerStates = Array.from({ length: MAX_SAMPLERS }, () => new Uint32Array(MAX_SAMPLER_STATE + 1));
  readonly stageStates = Array.from({ length: MAX_STAGES }, () => new Uint32Array(MAX_STAGE_STATE + 1));
  /** transforms by D3DTRANSFORMSTATETYPE; absent = identity */
  readonly transforms = new Map<number, D3DMATRIX>();
  viewport: D3DVIEWPORT9 = { X: 0, Y: 0, Width: 0, Height: 0, MinZ: 0, MaxZ: 1 };
  scissor: RECT = { left: 0, top: 0, right: 0, bottom: 0 };
  fvf = 0;
  /** the declaration draws read: the application's (SetVertexDeclaration) or the device's for an FVF (SetFVF) */
  decl: VertexDeclaration | null = null;
  /** SetStreamSourceFreq settings; 1 by default (Wine visual.c stream_test) */
  readonly streamFreq = new Uint32Array(MAX_STREAMS).fill(1);
  readonly streams: StreamSource[] = Array.from({ length: MAX_STREAMS }, () => ({ buffer: null, offset: 0, stride: 0 }));
  indices: IndexBuffer | null = null;
  material: D3DMATERIAL9 = {
    Diffuse: { r: 0, g: 0, b: 0, a: 0 }, Ambient: { r: 0, g: 0, b: 0, a: 0 },
    Specular: { r: 0, g: 0, b: 0, a: 0 }, Emissive: { r: 0, g: 0, b: 0, a: 0 }, Power: 0,
  };
  readonly lights = new Map<number, LightSlot>();
  readonly textures: Array<Texture | CubeTexture | VolumeTexture | null> = Array.from({ length: MAX_SAMPLERS }, () => null);
  readonly renderTargets: Array<Surface | null> = Array.from({ length: MAX_RENDER_TARGETS }, () => null);
  depthStencil: Surface | null = null;
  /** SetCurrentTexturePalette: the palette P8 and A8P8 textures read (palette 0 by default) */
  currentPalette = 0;
  /** the device's palettes (palette number → 256 RGBA entries); the device hands its table in */
  palettes: ReadonlyMap<number, Uint8Array> = new Map();
  /** SetNPatchMode's segment count (0: N-patches off); not a state-block member */
  nPatchSegments = 0;
  /** SetClipPlane's planes, a b c d each (float32 as D3D9 stores them); all zero at creation */
  readonly clipPlanes = new Float32Array(4 * MAX_USER_CLIP_PLANES);
  /** SetClipStatus / what software vertex processing accumulates: not part of any state block */
  clipStatus: D3DCLIPSTATUS9 = { ClipUnion: 0, ClipIntersection: 0xffffffff };
  vertexShader: VertexShader | null = null;
  pixelShader: PixelShader | null = null;
  /** the constant registers (0 until set), sized by the device's limits */
  readonly vsLimits: ConstantLimits;
  readonly psLimits: ConstantLimits = constantLimits('pixel', false);
  readonly vsConst: ShaderConstants;
  readonly psConst: ShaderConstants;

  /** `softwareVertexProcessing`: the device has the software vertex shader's larger constant sets */
  constructor(autoDepthStencil: boolean, readonly softwareVertexProcessing = false) {
    this.vsLimits = constantLimits('vertex', softwareVertexProcessing);
    this.vsConst = emptyConstants(this.vsLimits);
    this.psConst = emptyConstants(this.psLimits);
    for (const info of RENDER_STATES.values()) this.renderStates[info.id] = renderStateDefault(info.id, { autoDepthStencil }) ?? 0;
    for (const s of this.samplerStates) for (const info of SAMPLER_STATES.values()) s[info.id] = samplerStateDefault(info.id) ?? 0;
    this.stageStates.forEach((s, stage) => {
      for (const info of TEXTURE_STAGE_STATES.values()) s[info.id] = textureStageDefault(stage, info.id) ?? 0;
    });
  }

  /** recent frozen copies setTransform stored, by transform type, the oldest replaced first */
  private readonly recentMatrices = new Map<number, { copies: D3DMATRIX[]; next: number }>();

  private matrixCopy(type: number, m: D3DMATRIX): D3DMATRIX {
    let recent = this.recentMatrices.get(type);
    if (recent === undefined) this.recentMatrices.set(type, recent = { copies: [], next: 0 });
    const copies = recent.copies;
    for (let i = 0; i < copies.length; i++) if (sameMatrix(copies[i], m)) return copies[i];
    const copy = Object.freeze({
      _11: m._11, _12: m._12, _13: m._13, _14: m._14, _21: m._21, _22: m._22, _23: m._23, _24: m._24,
      _31: m._31, _32: m._32, _33: m._33, _34: m._34, _41: m._41, _42: m._42, _43: m._43, _44: m._44,
    });
    if (copies.length < RECENT_MATRICES) copies.push(copy);
    else {
      copies[recent.next] = copy;
      recent.next = (recent.next + 1) % RECENT_MATRICES;
    }
    return copy;
  }

  transform(type: number): D3DMATRIX {
    return this.transforms.get(type) ?? IDENTITY;
  }

  /** The dirty groups since the last call, cleared. */
  takeDirty(): number {
    const d = this.dirty;
    this.dirty = 0;
    return d;
  }

  setRenderState(id: number, value: number): void { this.renderStates[id] = value >>> 0; this.dirty |= DIRTY.render; }
  setSamplerState(sampler: number, type: number, value: number): void { this.samplerStates[sampler][type] = value >>> 0; this.dirty |= DIRTY.sampler; }
  setTextureStageState(stage: number, type: number, value: number): void { this.stageStates[stage][type] = value >>> 0; this.dirty |= DIRTY.stage; }
  setTexture(stage: number, texture: Texture | CubeTexture | VolumeTexture | null): void { this.textures[stage] = texture; this.dirty |= DIRTY.texture; }
  /**
   * Stores a frozen copy of `m` (the caller may change its object later): one of the last few of
   * that type when it holds the same values, so a scene cycling through a few matrices allocates
   * none, and what a draw derived from that copy is still right (derive.ts compares by identity).
   */
  setTransform(type: number, m: D3DMATRIX): void { this.transforms.set(type, this.matrixCopy(type, m)); this.dirty |= DIRTY.transform; }
  setViewport(v: D3DVIEWPORT9): void { this.viewport = { ...v }; this.dirty |= DIRTY.viewport; }
  setScissor(r: RECT): void { this.scissor = { ...r }; this.dirty |= DIRTY.scissor; }
  setFvf(fvf: number): void { this.fvf = fvf >>> 0; this.dirty |= DIRTY.fvf; }
  setVertexDeclaration(decl: VertexDeclaration | null): void { this.decl = decl; this.dirty |= DIRTY.fvf; }
  setStreamFreq(stream: number, setting: number): void { this.streamFreq[stream] = setting >>> 0; this.dirty |= DIRTY.streams; }
  setStreamSource(stream: number, s: StreamSource): void { this.streams[stream] = { ...s }; this.dirty |= DIRTY.streams; }
  setIndices(ib: IndexBuffer | null): void { this.indices = ib; this.dirty |= DIRTY.indices; }
  setMaterial(m: D3DMATERIAL9): void { this.material = structuredClone(m); this.dirty |= DIRTY.material; }
  setLight(index: number, light: D3DLIGHT9): void {
    const slot = this.lights.get(index);
    this.lights.set(index, { light: structuredClone(light), enabled: slot?.enabled ?? false });
    this.dirty |= DIRTY.lights;
  }
  setCurrentPalette(palette: number): void { this.currentPalette = palette >>> 0; this.dirty |= DIRTY.texture; }
  setClipPlane(index: number, plane: D3DPLANE): void {
    this.clipPlanes.set([plane.a, plane.b, plane.c, plane.d], 4 * index);
    this.dirty |= DIRTY.clipPlanes;
  }
  clipPlane(index: number): D3DPLANE {
    const p = this.clipPlanes, i = 4 * index;
    return { a: p[i], b: p[i + 1], c: p[i + 2], d: p[i + 3] };
  }
  setVertexShader(shader: VertexShader | null): void { this.vertexShader = shader; this.dirty |= DIRTY.vertexShader; }
  setPixelShader(shader: PixelShader | null): void { this.pixelShader = shader; this.dirty |= DIRTY.pixelShader; }
  setShaderConstants(stage: ShaderKind, type: ConstType, start: number, data: Uint8Array): void {
    (stage === 'vertex' ? this.vsConst : this.psConst)[type].set(data, start * CONST_BYTES[type]);
    this.dirty |= stage === 'vertex' ? DIRTY.vertexShader : DIRTY.pixelShader;
  }
  lightEnable(index: number, enable: boolean): void {
    const slot = this.lights.get(index);
    if (slot) slot.enabled = enable;
    else this.lights.set(index, { light: defaultLight(), enabled: enable });
    this.dirty |= DIRTY.lights;
  }
}
