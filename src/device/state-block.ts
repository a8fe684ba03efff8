/**
 * State blocks: the same DeviceState shape as the device, plus a mask of the
 * entries the block holds. A recorded block (BeginStateBlock … EndStateBlock)
 * holds what was set while recording (those calls do not change the device);
 * CreateStateBlock(ALL / PIXELSTATE / VERTEXSTATE) holds the documented sets.
 * Capture copies the device's values of the held entries in; Apply copies
 * them out to the device.
 */
import {
  D3DERR, D3DSBT, MAX_USER_CLIP_PLANES, D3DTS, D3D_OK, PIXEL_RENDER_STATES, PIXEL_SAMPLER_STATES, PIXEL_TEXTURE_STAGE_STATES,
  RENDER_STATES, SAMPLER_STATES, STATE_BLOCK_PARTS, TEXTURE_STAGE_STATES, VERTEX_RENDER_STATES, VERTEX_SAMPLER_STATES,
  VERTEX_TEXTURE_STAGE_STATES,
} from '../d3d9/index.js';
import type { ConstantLimits, HRESULT, ShaderKind } from '../d3d9/index.js';
import type { IndexBuffer } from './buffers.js';
import { declareInterfaces } from './interfaces.js';
import { RefCounted } from './ref-counted.js';
import { guardReleased } from './released.js';
import { deviceOf } from './resource.js';
import {
  DeviceState, MAX_RENDER_STATE, MAX_SAMPLERS, MAX_SAMPLER_STATE, MAX_STAGES, MAX_STAGE_STATE, MAX_STREAMS,
} from './state.js';
import type { StateTarget, StreamSource } from './state.js';
import type { CubeTexture, Texture } from './texture.js';
import type { VolumeTexture } from './volume.js';
import type { VertexDeclaration } from './vertex-declaration.js';
import type { D3DLIGHT9, D3DMATERIAL9, D3DMATRIX, D3DPLANE, D3DVIEWPORT9, IDirect3DStateBlock9, RECT } from './types.js';
import { CONST_BYTES } from './shader.js';
import type { ConstType, PixelShader, ShaderConstants, VertexShader } from './shader.js';

/** Which entries of the state a block holds. */
export class StateMask {
  readonly renderStates = new Uint8Array(MAX_RENDER_STATE);
  readonly samplerStates = Array.from({ length: MAX_SAMPLERS }, () => new Uint8Array(MAX_SAMPLER_STATE + 1));
  readonly stageStates = Array.from({ length: MAX_STAGES }, () => new Uint8Array(MAX_STAGE_STATE + 1));
  readonly textures = new Uint8Array(MAX_SAMPLERS);
  readonly streams = new Uint8Array(MAX_STREAMS);
  readonly streamFreq = new Uint8Array(MAX_STREAMS);
  readonly transforms = new Set<number>();
  /** lights whose definition and enable state the block holds */
  readonly lights = new Set<number>();
  /** SetClipPlane indices the block holds */
  readonly clipPlanes = new Uint8Array(MAX_USER_CLIP_PLANES);
  viewport = false;
  scissor = false;
  fvf = false;
  indices = false;
  material = false;
  /** the current texture palette number (SetCurrentTexturePalette) */
  palette = false;
  vertexShader = false;
  pixelShader = false;
  /** constant registers held, per register */
  readonly vsConst: { f: Uint8Array; i: Uint8Array; b: Uint8Array };
  readonly psConst: { f: Uint8Array; i: Uint8Array; b: Uint8Array };

  constructor(vs: ConstantLimits, ps: ConstantLimits) {
    this.vsConst = { f: new Uint8Array(vs.f), i: new Uint8Array(vs.i), b: new Uint8Array(vs.b) };
    this.psConst = { f: new Uint8Array(ps.f), i: new Uint8Array(ps.i), b: new Uint8Array(ps.b) };
  }
}

/** The transform types an ALL block holds: view, projection, the texture matrices, the 256 world matrices. */
const ALL_TRANSFORMS: readonly number[] = [
  D3DTS.VIEW, D3DTS.PROJECTION,
  ...Array.from({ length: 8 }, (_, i) => D3DTS.TEXTURE0 + i),
  ...Array.from({ length: 256 }, (_, i) => 256 + i),
];

/** Device access a state block needs: the live state, and whether a block is being recorded. */
export interface StateBlockHost {
  readonly state: DeviceState;
  readonly isRecordingStateBlock: boolean;
}

export class StateBlock extends RefCounted implements IDirect3DStateBlock9, StateTarget {
  readonly state: DeviceState;
  readonly mask: StateMask;

  constructor(private readonly host: StateBlockHost) {
    super();
    this.state = new DeviceState(false, host.state.softwareVertexProcessing);
    this.mask = new StateMask(this.state.vsLimits, this.state.psLimits);
  }

  /** A block of one of the predefined types, holding the device's current values. */
  static create(host: StateBlockHost, type: number): StateBlock | undefined {
    const kind = type === D3DSBT.ALL ? 'all' : type === D3DSBT.PIXELSTATE ? 'pixel' : type === D3DSBT.VERTEXSTATE ? 'vertex' : undefined;
    if (!kind) return undefined;
    const b = new StateBlock(host);
    const m = b.mask;
    const mark = (ids: Iterable<number>, into: Uint8Array): void => { for (const id of ids) into[id] = 1; };
    const ids = {
      all: [RENDER_STATES.keys(), SAMPLER_STATES.keys(), TEXTURE_STAGE_STATES.keys()],
      pixel: [PIXEL_RENDER_STATES, PIXEL_SAMPLER_STATES, PIXEL_TEXTURE_STAGE_STATES],
      vertex: [VERTEX_RENDER_STATES, VERTEX_SAMPLER_STATES, VERTEX_TEXTURE_STAGE_STATES],
    }[kind];
    mark(ids[0], m.renderStates);
    const samplers = [...ids[1]];
    const stages = [...ids[2]];
    for (const s of m.samplerStates) mark(samplers, s);
    for (const s of m.stageStates) mark(stages, s);
    // the other parts by the documented membership (shaders, palettes, N-patches: not emulated)
    const parts = STATE_BLOCK_PARTS[kind];
    if (parts.has('textures')) m.textures.fill(1);
    if (parts.has('streamSources')) m.streams.fill(1);
    if (parts.has('streamFrequencies')) m.streamFreq.fill(1);
    if (parts.has('transforms')) for (const t of ALL_TRANSFORMS) m.transforms.add(t);
    // clip planes: D3DSBT_ALL only ("Saving All Device States with a StateBlock"; the vertex-state list has none)
    if (parts.has('clipPlanes')) m.clipPlanes.fill(1);
    if (parts.has('lights')) for (const i of host.state.lights.keys()) m.lights.add(i);
    m.viewport = parts.has('viewport');
    m.scissor = parts.has('scissorRect');
    m.fvf = parts.has('vertexDeclaration');
    m.indices = parts.has('indices');
    m.material = parts.has('material');
    // D3DSBT_ALL captures "the current palette" (the D3DSTATEBLOCKTYPE list); the palettes' entries are no state
    m.palette = kind === 'all';
    m.vertexShader = parts.has('vertexShader');
    m.pixelShader = parts.has('pixelShader');
    if (parts.has('vertexShaderConstants')) for (const t of CONST_TYPES) m.vsConst[t].fill(1);
    if (parts.has('pixelShaderConstants')) for (const t of CONST_TYPES) m.psConst[t].fill(1);
    transfer(host.state, b.state, m);
    return b;
  }

  /** Its device, AddRef'd (the block holds the device from EndStateBlock or CreateStateBlock on). */
  GetDevice(): { hr: HRESULT; device?: RefCounted } {
    return deviceOf(this);
  }

  Capture(): HRESULT {
    if (this.host.isRecordingStateBlock) return D3DERR.INVALIDCALL;
    transfer(this.host.state, this.state, this.mask);
    return D3D_OK;
  }

  Apply(): HRESULT {
    if (this.host.isRecordingStateBlock) return D3DERR.INVALIDCALL;
    transfer(this.state, this.host.state, this.mask);
    return D3D_OK;
  }

  // ---- recording: what is set while BeginStateBlock is active lands here ----

  setRenderState(id: number, value: number): void { this.state.setRenderState(id, value); this.mask.renderStates[id] = 1; }
  setSamplerState(sampler: number, type: number, value: number): void { this.state.setSamplerState(sampler, type, value); this.mask.samplerStates[sampler][type] = 1; }
  setTextureStageState(stage: number, type: number, value: number): void { this.state.setTextureStageState(stage, type, value); this.mask.stageStates[stage][type] = 1; }
  setTexture(stage: number, texture: Texture | CubeTexture | VolumeTexture | null): void { this.state.setTexture(stage, texture); this.mask.textures[stage] = 1; }
  setTransform(type: number, m: D3DMATRIX): void { this.state.setTransform(type, m); this.mask.transforms.add(type); }
  setViewport(v: D3DVIEWPORT9): void { this.state.setViewport(v); this.mask.viewport = true; }
  setScissor(r: RECT): void { this.state.setScissor(r); this.mask.scissor = true; }
  setFvf(fvf: number): void { this.state.setFvf(fvf); this.mask.fvf = true; }
  setVertexDeclaration(decl: VertexDeclaration | null): void { this.state.setVertexDeclaration(decl); this.mask.fvf = true; }
  setStreamFreq(stream: number, setting: number): void { this.state.setStreamFreq(stream, setting); this.mask.streamFreq[stream] = 1; }
  setStreamSource(stream: number, s: StreamSource): void { this.state.setStreamSource(stream, s); this.mask.streams[stream] = 1; }
  setIndices(ib: IndexBuffer | null): void { this.state.setIndices(ib); this.mask.indices = true; }
  setMaterial(m: D3DMATERIAL9): void { this.state.setMaterial(m); this.mask.material = true; }
  setLight(index: number, light: D3DLIGHT9): void { this.state.setLight(index, light); this.mask.lights.add(index); }
  lightEnable(index: number, enable: boolean): void { this.state.lightEnable(index, enable); this.mask.lights.add(index); }
  setCurrentPalette(palette: number): void { this.state.setCurrentPalette(palette); this.mask.palette = true; }
  setClipPlane(index: number, plane: D3DPLANE): void { this.state.setClipPlane(index, plane); this.mask.clipPlanes[index] = 1; }
  setVertexShader(shader: VertexShader | null): void { this.state.setVertexShader(shader); this.mask.vertexShader = true; }
  setPixelShader(shader: PixelShader | null): void { this.state.setPixelShader(shader); this.mask.pixelShader = true; }
  setShaderConstants(stage: ShaderKind, type: ConstType, start: number, data: Uint8Array): void {
    this.state.setShaderConstants(stage, type, start, data);
    (stage === 'vertex' ? this.mask.vsConst : this.mask.psConst)[type].fill(1, start, start + data.length / CONST_BYTES[type]);
  }
}

const CONST_TYPES: readonly ConstType[] = ['f', 'i', 'b'];

/** Copies the held constant registers of one stage, a run of consecutive registers at a time. */
function transferConstants(stage: ShaderKind, from: ShaderConstants, to: StateTarget, held: StateMask['vsConst']): void {
  for (const t of CONST_TYPES) {
    const m = held[t];
    const unit = CONST_BYTES[t];
    for (let r = 0; r < m.length;) {
      if (!m[r]) { r++; continue; }
      let end = r;
      while (end < m.length && m[end]) end++;
      to.setShaderConstants(stage, t, r, from[t].subarray(r * unit, end * unit));
      r = end;
    }
  }
}

/** Copies the masked entries of `from` into `to` (through its setters, so a device marks them dirty). */
function transfer(from: DeviceState, to: StateTarget, m: StateMask): void {
  for (let id = 0; id < MAX_RENDER_STATE; id++) if (m.renderStates[id]) to.setRenderState(id, from.renderStates[id]);
  for (let s = 0; s < MAX_SAMPLERS; s++) {
    const mask = m.samplerStates[s];
    for (let t = 0; t <= MAX_SAMPLER_STATE; t++) if (mask[t]) to.setSamplerState(s, t, from.samplerStates[s][t]);
    if (m.textures[s]) to.setTexture(s, from.textures[s]);
  }
  for (let st = 0; st < MAX_STAGES; st++) {
    const mask = m.stageStates[st];
    for (let t = 0; t <= MAX_STAGE_STATE; t++) if (mask[t]) to.setTextureStageState(st, t, from.stageStates[st][t]);
  }
  for (let i = 0; i < MAX_STREAMS; i++) if (m.streams[i]) to.setStreamSource(i, from.streams[i]);
  for (let i = 0; i < MAX_STREAMS; i++) if (m.streamFreq[i]) to.setStreamFreq(i, from.streamFreq[i]);
  // sorted: the order of a Set's insertion must not show in the result
  for (const t of [...m.transforms].sort((a, b) => a - b)) to.setTransform(t, from.transform(t));
  for (const i of [...m.lights].sort((a, b) => a - b)) {
    const slot = from.lights.get(i);
    if (!slot) continue;
    to.setLight(i, slot.light);
    to.lightEnable(i, slot.enabled);
  }
  for (let i = 0; i < MAX_USER_CLIP_PLANES; i++) if (m.clipPlanes[i]) to.setClipPlane(i, from.clipPlane(i));
  if (m.viewport) to.setViewport(from.viewport);
  if (m.scissor) to.setScissor(from.scissor);
  // SetFVF and SetVertexDeclaration set one slot: the declaration and what GetFVF reports go together
  if (m.fvf) {
    to.setFvf(from.fvf);
    to.setVertexDeclaration(from.decl);
  }
  if (m.indices) to.setIndices(from.indices);
  if (m.vertexShader) to.setVertexShader(from.vertexShader);
  if (m.pixelShader) to.setPixelShader(from.pixelShader);
  transferConstants('vertex', from.vsConst, to, m.vsConst);
  transferConstants('pixel', from.psConst, to, m.psConst);
  if (m.material) to.setMaterial(from.material);
  if (m.palette) to.setCurrentPalette(from.currentPalette);
}

declareInterfaces(StateBlock, ['IDirect3DStateBlock9']);
guardReleased(StateBlock.prototype, 'IDirect3DStateBlock9', { QueryInterface: 'out', GetDevice: 'out', Capture: 'hr', Apply: 'hr' });
