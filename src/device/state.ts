/**
 * The device state shape, shared by the live device and (later) state blocks:
 * setters store values; what a draw, clear or blit derives from them is built
 * when that operation runs.
 */
import {
  RENDER_STATES, SAMPLER_STATES, TEXTURE_STAGE_STATES, renderStateDefault, samplerStateDefault, textureStageDefault,
} from '../d3d9/index.js';
import type { D3DLIGHT9, D3DMATERIAL9, D3DMATRIX, D3DVIEWPORT9, RECT } from './types.js';
import type { Surface } from './surface.js';
import type { IndexBuffer, VertexBuffer } from './buffers.js';
import type { CubeTexture, Texture } from './texture.js';

export const MAX_RENDER_STATE = 256;
export const MAX_SAMPLERS = 16;
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

export class DeviceState {
  readonly renderStates = new Uint32Array(MAX_RENDER_STATE);
  readonly samplerStates = Array.from({ length: MAX_SAMPLERS }, () => new Uint32Array(MAX_SAMPLER_STATE + 1));
  readonly stageStates = Array.from({ length: MAX_STAGES }, () => new Uint32Array(MAX_STAGE_STATE + 1));
  /** transforms by D3DTRANSFORMSTATETYPE; absent = identity */
  readonly transforms = new Map<number, D3DMATRIX>();
  viewport: D3DVIEWPORT9 = { X: 0, Y: 0, Width: 0, Height: 0, MinZ: 0, MaxZ: 1 };
  scissor: RECT = { left: 0, top: 0, right: 0, bottom: 0 };
  fvf = 0;
  readonly streams: StreamSource[] = Array.from({ length: MAX_STREAMS }, () => ({ buffer: null, offset: 0, stride: 0 }));
  indices: IndexBuffer | null = null;
  material: D3DMATERIAL9 = {
    Diffuse: { r: 0, g: 0, b: 0, a: 0 }, Ambient: { r: 0, g: 0, b: 0, a: 0 },
    Specular: { r: 0, g: 0, b: 0, a: 0 }, Emissive: { r: 0, g: 0, b: 0, a: 0 }, Power: 0,
  };
  readonly lights = new Map<number, LightSlot>();
  readonly textures: Array<Texture | CubeTexture | null> = Array.from({ length: MAX_SAMPLERS }, () => null);
  readonly renderTargets: Array<Surface | null> = Array.from({ length: MAX_RENDER_TARGETS }, () => null);
  depthStencil: Surface | null = null;

  constructor(autoDepthStencil: boolean) {
    for (const info of RENDER_STATES.values()) this.renderStates[info.id] = renderStateDefault(info.id, { autoDepthStencil }) ?? 0;
    for (const s of this.samplerStates) for (const info of SAMPLER_STATES.values()) s[info.id] = samplerStateDefault(info.id) ?? 0;
    this.stageStates.forEach((s, stage) => {
      for (const info of TEXTURE_STAGE_STATES.values()) s[info.id] = textureStageDefault(stage, info.id) ?? 0;
    });
  }

  transform(type: number): D3DMATRIX {
    return this.transforms.get(type) ?? IDENTITY;
  }
}
