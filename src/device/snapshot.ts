/**
 * Device snapshots: the emulated objects (Direct3D9, devices, surfaces,
 * textures, buffers, state blocks) as plain data (numbers, strings,
 * Uint8Array, arrays, plain objects) and back. Objects refer to each other by
 * id; ids follow the order the roots are given in, then depth-first, so the
 * same replay point always gives the same snapshot. This module is the one
 * place that reads and writes the classes' internal fields (lock state,
 * reference counts, scene state), so the classes keep their shape.
 */
import { Packr } from 'msgpackr';
import { blockRows, formatInfo, pitchOf, slicePitchOf } from '../formats/index.js';
import type { FormatInfo } from '../formats/index.js';
import { IndexBuffer, VertexBuffer } from './buffers.js';
import type { BufferSpec } from './buffers.js';
import { Device, swapChainSpecs } from './device.js';
import { Direct3D9 } from './direct3d9.js';
import { freshMisc } from './device-misc.js';
import type { DeviceMisc } from './device-misc.js';
import { MAX_DIMENSION } from './memory.js';
import type { MemoryBudget } from './memory.js';
import { RefCounted } from './ref-counted.js';
import { Resource } from './resource.js';
import { DeviceState, DIRTY_ALL, MAX_RENDER_STATE, MAX_SAMPLER_STATE, MAX_SAMPLERS, MAX_STAGE_STATE, MAX_STAGES, MAX_STREAMS } from './state.js';
import type { LightSlot } from './state.js';
import { StateBlock, StateMask } from './state-block.js';
import { Surface } from './surface.js';
import { SwapChain } from './swap-chain.js';
import type { SurfaceSpec } from './surface.js';
import { CubeTexture, Texture } from './texture.js';
import { Volume, VolumeTexture, fullVolumeChain } from './volume.js';
import type { VolumeTextureSpec } from './volume.js';
import type { TextureSpec } from './texture.js';
import type { D3DLIGHT9, D3DMATERIAL9, D3DMATRIX, D3DPRESENT_PARAMETERS, D3DVIEWPORT9, RECT } from './types.js';
import type { DeviceProfile } from './caps.js';
import { VertexDeclaration } from './vertex-declaration.js';
import { constantLimits, MAX_USER_CLIP_PLANES, QUERY_TYPES, shaderStreamBytes } from '../d3d9/index.js';
import { PixelShader, Shader, VertexShader } from './shader.js';
import type { ShaderConstants } from './shader.js';
import { Query } from './query.js';
import type { QueryStatus } from './query.js';
import type { D3DVERTEXELEMENT9 } from '../d3d9/index.js';

/** An object id in the snapshot, or -1 for NULL. */
export type Ref = number;

export interface SurfaceSpecSnap {
  format: number; width: number; height: number; usage: number; pool: number;
  multiSample: number; multiSampleQuality: number; lockable: boolean; discard: boolean;
}
export interface VolumeSpecSnap { format: number; width: number; height: number; depth: number; levels: number; usage: number; pool: number }
export interface TextureSpecSnap { format: number; width: number; height: number; levels: number; usage: number; pool: number }

export interface StateSnap {
  renderStates: number[];
  samplerStates: number[][];
  stageStates: number[][];
  /** [type, matrix], sorted by type */
  transforms: Array<[number, D3DMATRIX]>;
  viewport: D3DVIEWPORT9;
  scissor: RECT;
  fvf: number;
  /** the declaration in effect and the SetStreamSourceFreq settings (absent in older snapshots: none, all 1) */
  decl?: Ref;
  streamFreq?: number[];
  /** SetClipPlane's planes (a b c d × 6) and the clip status [union, intersection] (absent in older snapshots: zeros, [0, 0xffffffff]) */
  clipPlanes?: number[];
  clipStatus?: [number, number];
  streams: Array<{ buffer: Ref; offset: number; stride: number }>;
  indices: Ref;
  material: D3DMATERIAL9;
  /** [index, light, enabled], sorted by index */
  lights: Array<[number, D3DLIGHT9, boolean]>;
  textures: Ref[];
  renderTargets: Ref[];
  depthStencil: Ref;
  /** the current texture palette and SetNPatchMode's segment count (absent in older snapshots: 0, 0) */
  currentPalette?: number;
  nPatchSegments?: number;
  /** the shaders bound and the constant registers (absent in older snapshots: none, all 0) */
  vertexShader?: Ref;
  pixelShader?: Ref;
  constants?: { vs: ConstantsSnap; ps: ConstantsSnap };
}

/** Constant registers as bytes, each list cut after its last register that is not 0 (or, in a mask, not held). */
export interface ConstantsSnap { f: Uint8Array; i: Uint8Array; b: Uint8Array }

export interface MaskSnap {
  renderStates: number[]; samplerStates: number[][]; stageStates: number[][]; textures: number[]; streams: number[];
  transforms: number[]; lights: number[]; viewport: boolean; scissor: boolean; fvf: boolean; indices: boolean; material: boolean;
  streamFreq?: number[];
  palette?: boolean;
  clipPlanes?: number[];
  vertexShader?: boolean; pixelShader?: boolean;
  /** held constant registers, one byte per register */
  constants?: { vs: ConstantsSnap; ps: ConstantsSnap };
}

/**
 * What every counted object may carry (absent in older snapshots): the parent it holds a reference
 * on (ref-counted.ts), whether that parent owns it, and a resource's or level's private data,
 * priority, LOD and dirty regions.
 */
export interface ExtraSnap {
  parent?: Ref;
  owned?: boolean;
  /** [GUID, bytes] or [GUID, object] of a D3DSPD_IUNKNOWN entry, sorted by GUID */
  privateData?: Array<{ guid: string; bytes?: Uint8Array; object?: Ref }>;
  priority?: number;
  lod?: number;
  /** per face: level-0 dirty rects, or null for all */
  dirty?: Array<RECT[] | null>;
}

export type ObjectSnap = ExtraSnap & (
  | { kind: 'Direct3D9'; refs: number; profile: DeviceProfile; ex?: boolean }
  | {
    kind: 'Device'; refs: number; profile: DeviceProfile; presentParameters: D3DPRESENT_PARAMETERS; budgetUsed: number;
    /** CreateDevice's BehaviorFlags (absent in older snapshots: 0) */
    behaviorFlags?: number;
    ex?: boolean;
    backBuffer: Ref; autoDepthStencil: Ref; inScene: boolean; recording: Ref; presentCount: number; defaultPool: Ref[]; state: StateSnap;
    /** the device's declarations made by SetFVF, by ascending FVF */
    fvfDecls?: Ref[];
    /** its miscellaneous state (device-misc.ts; its IDirect3D9 is its parent link); absent in older snapshots */
    misc?: DeviceMisc;
    /** [palette number, 256 RGBA entries], by ascending number; the vertex processing mode (absent in older snapshots: palette 0 white, the creation mode) */
    palettes?: Array<[number, Uint8Array]>;
    softwareVertexProcessing?: boolean;
    /** its implicit swap chain, the additional ones alive, the next additional chain's number, a failed Reset not yet redone */
    implicitSwapChain?: Ref; additionalSwapChains?: Ref[]; nextSwapChainOrdinal?: number; notReset?: boolean;
    /** the GPU clock, the occlusion sample count and the open occlusion queries (absent in older snapshots: 0) */
    gpu?: { clock: number; samples: number; openOcclusion: number };
  }
  /** a swap chain: the implicit one (ordinal 0) shares the device's back buffer and parameters; an additional one has its own */
  | {
    kind: 'SwapChain'; refs: number; device: Ref; ordinal: number; presents: number;
    front: { format: number; width: number; height: number; pitch: number; data: Uint8Array } | null;
    presentParameters?: D3DPRESENT_PARAMETERS; backBuffer?: Ref;
  }
  | { kind: 'Query'; refs: number; device: Ref; type: number; status: QueryStatus; value: number; start: number }
  | { kind: 'VertexDeclaration'; refs: number; device: Ref; fvf: number; elements: D3DVERTEXELEMENT9[] }
  | { kind: 'VertexShader' | 'PixelShader'; refs: number; device: Ref; tokens: Uint8Array }
  /** a surface of its own (created, or a device's back buffer / auto depth-stencil); budget: the owning device */
  | { kind: 'Surface'; refs: number; budget: Ref; spec: SurfaceSpecSnap; data: Uint8Array }
  /** a level of a texture (face 0 for plain textures): its bytes are stored with the texture */
  | { kind: 'Level'; container: Ref; face: number; level: number }
  | { kind: 'Texture' | 'CubeTexture'; refs: number; budget: Ref; spec: TextureSpecSnap; autoGenFilter: number; faces: Uint8Array[][] }
  | { kind: 'VolumeTexture'; refs: number; budget: Ref; spec: VolumeSpecSnap; levels: Uint8Array[] }
  | { kind: 'VolumeLevel'; container: Ref; level: number }
  | { kind: 'VertexBuffer' | 'IndexBuffer'; refs: number; budget: Ref; spec: BufferSpec; data: Uint8Array }
  | { kind: 'StateBlock'; refs: number; host: Ref; state: StateSnap; mask: MaskSnap });

/** The internal fields a snapshot reads and writes (TypeScript `private` is compile-time only). */
interface RefsInside { refs: number }
interface DeviceInside { inScene: boolean; recording: StateBlock | null; defaultPool: Set<RefCounted>; budget: MemoryBudget; fvfDecls: Map<number, VertexDeclaration> }
const inside = <T>(o: object): T => o as unknown as T;

/** Thrown for a replay point that cannot be snapshotted (an open lock, a foreign device). */
export class SnapshotError extends Error {}

// ---- capture ----

export class ObjectCapture {
  readonly objects: ObjectSnap[] = [];
  private readonly ids = new Map<object, number>();
  /** the device that owns each budget, to reattach resources to it */
  private readonly budgetOwner = new Map<MemoryBudget, number>();

  private readonly pools: Array<{ snap: { defaultPool: Ref[] }; pool: Set<RefCounted> }> = [];

  /**
   * Completes the capture once every root is in: the devices' DEFAULT-pool sets, as sorted ids.
   * Released members are left out (Reset and the pool itself ignore them); a live member is
   * reachable from a handle, so the set's insertion order cannot decide an id.
   */
  finish(): void {
    for (const { snap, pool } of this.pools) {
      snap.defaultPool = [...pool].filter((o) => o.alive).map((o) => this.ref(o)).sort((a, b) => a - b);
    }
    this.pools.length = 0;
  }

  /** The id of `o`, capturing it (and what it refers to) the first time. */
  ref(o: object | null | undefined): Ref {
    if (!o) return -1;
    const known = this.ids.get(o);
    if (known !== undefined) return known;
    const id = this.objects.length;
    this.ids.set(o, id);
    this.objects.push(undefined as unknown as ObjectSnap);
    const snap = this.capture(o);
    this.objects[id] = snap;
    this.extras(o, snap);
    return id;
  }

  /** The parent link, private data, priority, LOD and dirty regions of an object (only what differs from a new object's). */
  private extras(o: object, snap: ObjectSnap): void {
    if (o instanceof RefCounted) {
      const p = o.parentObject;
      if (p) snap.parent = this.ref(p);
      if (o.isOwned) snap.owned = true;
    }
    const store = o instanceof Resource || o instanceof Volume ? o.privateData : undefined;
    const entries = store?.list() ?? [];
    if (entries.length > 0) {
      snap.privateData = entries.map(([guid, e]) => ('object' in e ? { guid, object: this.ref(e.object) } : { guid, bytes: e.bytes.slice() }));
    }
    if (o instanceof Resource) {
      const priority = inside<{ priority: number }>(o).priority;
      if (priority !== 0) snap.priority = priority;
    }
    if (o instanceof Texture || o instanceof CubeTexture || o instanceof VolumeTexture) {
      if (o.lod.value !== 0) snap.lod = o.lod.value;
    }
    if (o instanceof Texture || o instanceof CubeTexture) {
      const regions = (o instanceof Texture ? [o.dirty] : o.dirty).map((d) => d.save());
      if (regions.some((r) => r !== null)) snap.dirty = regions;
    }
  }

  private budgetRef(o: object): Ref {
    const b = inside<{ budget?: MemoryBudget }>(o).budget;
    return b ? (this.budgetOwner.get(b) ?? -1) : -1;
  }

  private capture(o: object): ObjectSnap {
    const refs = o instanceof RefCounted ? inside<RefsInside>(o).refs : 0;
    if (o instanceof Direct3D9) return { kind: 'Direct3D9', refs, profile: o.profile, ...(o.ex ? { ex: true } : {}) };
    if (o instanceof Device) return this.device(o, refs);
    if (o instanceof Surface) return this.surface(o, refs);
    if (o instanceof Texture || o instanceof CubeTexture) {
      const faces = o instanceof Texture ? [o.levels] : o.faces;
      for (const f of faces) for (const s of f) if (s.locked) throw new SnapshotError('a texture level is locked: snapshot refused until it is unlocked');
      return {
        kind: o instanceof Texture ? 'Texture' : 'CubeTexture', refs, budget: this.budgetRef(o), spec: textureSpecSnap(o.spec),
        autoGenFilter: o.GetAutoGenFilterType(), faces: faces.map((f) => f.map((s) => s.data.slice())),
      };
    }
    if (o instanceof VolumeTexture) {
      if (o.levels.some((v) => v.locked)) throw new SnapshotError('a volume texture level is locked: snapshot refused until it is unlocked');
      const sp = o.spec;
      return {
        kind: 'VolumeTexture', refs, budget: this.budgetRef(o), levels: o.levels.map((v) => v.data.slice()),
        spec: { format: sp.format.id, width: sp.width, height: sp.height, depth: sp.depth, levels: sp.levels, usage: sp.usage, pool: sp.pool },
      };
    }
    if (o instanceof Volume) {
      if (o.locked) throw new SnapshotError('a volume is locked: snapshot refused until it is unlocked');
      return { kind: 'VolumeLevel', container: this.ref(o.container), level: o.container.levels.indexOf(o) };
    }
    if (o instanceof VertexBuffer || o instanceof IndexBuffer) {
      if (o.locked) throw new SnapshotError(`a ${o instanceof VertexBuffer ? 'vertex' : 'index'} buffer is locked: snapshot refused until it is unlocked`);
      return { kind: o instanceof VertexBuffer ? 'VertexBuffer' : 'IndexBuffer', refs, budget: this.budgetRef(o), spec: { ...o.spec }, data: o.data.slice() };
    }
    if (o instanceof VertexDeclaration) {
      const device = this.ref(inside<{ device: object }>(o).device);
      return { kind: 'VertexDeclaration', refs, device, fvf: o.fvf, elements: o.elements.map((e) => ({ ...e })) };
    }
    if (o instanceof Shader) {
      const device = this.ref(inside<{ device: object }>(o).device);
      return { kind: o instanceof VertexShader ? 'VertexShader' : 'PixelShader', refs, device, tokens: o.tokens.slice() };
    }
    if (o instanceof SwapChain) {
      const f = o.front;
      return {
        kind: 'SwapChain', refs, device: this.ref(o.device), ordinal: o.ordinal, presents: o.presents,
        front: f ? { format: f.format.id, width: f.width, height: f.height, pitch: f.pitch, data: f.data.slice() } : null,
        ...(o.isImplicit ? {} : { presentParameters: structuredClone(o.presentParameters), backBuffer: this.ref(o.backBuffer) }),
      };
    }
    if (o instanceof Query) {
      const device = this.ref(inside<{ device: object }>(o).device);
      return { kind: 'Query', refs, device, type: o.type, status: o.status, value: o.value, start: o.start };
    }
    if (o instanceof StateBlock) {
      const host = inside<{ host: object }>(o).host;
      return { kind: 'StateBlock', refs, host: this.ref(host), state: this.state(o.state), mask: maskSnap(o.mask) };
    }
    throw new SnapshotError(`cannot snapshot a ${o.constructor.name}: only the emulated device's objects can be snapshotted`);
  }

  private device(d: Device, refs: number): ObjectSnap {
    const di = inside<DeviceInside>(d);
    const id = this.ids.get(d)!;
    this.budgetOwner.set(di.budget, id);
    const snap = {
      kind: 'Device' as const, refs, profile: d.profile, presentParameters: structuredClone(d.presentParameters), behaviorFlags: d.behaviorFlags, ...(d.ex ? { ex: true } : {}),
      budgetUsed: di.budget.used, backBuffer: this.ref(d.backBuffer), autoDepthStencil: this.ref(d.autoDepthStencil),
      inScene: di.inScene, presentCount: d.presentCount, recording: -1, defaultPool: [] as Ref[], state: this.state(d.state),
    };
    snap.recording = this.ref(di.recording);
    (snap as { gpu?: object }).gpu = { clock: d.gpu.clock, samples: d.gpu.samples.count, openOcclusion: d.gpu.openOcclusion };
    (snap as { fvfDecls?: Ref[] }).fvfDecls = [...di.fvfDecls].sort((a, b) => a[0] - b[0]).map(([, d]) => this.ref(d));
    Object.assign(snap, { misc: structuredClone(d.misc) });
    const extra = snap as { palettes?: Array<[number, Uint8Array]>; softwareVertexProcessing?: boolean };
    extra.palettes = [...d.palettes.palettes].sort((a, b) => a[0] - b[0]).map(([n, b]) => [n, b.slice()]);
    extra.softwareVertexProcessing = d.softwareVertexProcessing;
    const chains = snap as { implicitSwapChain?: Ref; additionalSwapChains?: Ref[]; nextSwapChainOrdinal?: number; notReset?: boolean };
    chains.implicitSwapChain = this.ref(d.implicitSwapChain);
    // additional chains in ordinal order (the set's insertion order is creation order too)
    chains.additionalSwapChains = [...d.additionalSwapChains].filter((c) => c.alive).sort((a, b) => a.ordinal - b.ordinal).map((c) => this.ref(c));
    chains.nextSwapChainOrdinal = d.nextSwapChainOrdinal;
    if (d.notReset) chains.notReset = true;
    // the pool is a set whose order must not show: its members get their ids from the handles first (finish())
    this.pools.push({ snap, pool: di.defaultPool });
    return snap;
  }

  private surface(s: Surface, refs: number): ObjectSnap {
    if (s.locked) throw new SnapshotError('a surface is locked: snapshot refused until it is unlocked');
    if (s.hasDC) throw new SnapshotError('a surface has a device context out (GetDC): snapshot refused until ReleaseDC');
    const c = s.spec.container;
    if (c) {
      const container = this.ref(c);
      if (c instanceof Texture) return { kind: 'Level', container, face: 0, level: c.levels.indexOf(s) };
      if (c instanceof CubeTexture) {
        const face = c.faces.findIndex((f) => f.includes(s));
        return { kind: 'Level', container, face, level: c.faces[face].indexOf(s) };
      }
    }
    const sp = s.spec;
    return {
      kind: 'Surface', refs, budget: this.budgetRef(s), data: s.data.slice(),
      spec: {
        format: sp.format.id, width: sp.width, height: sp.height, usage: sp.usage, pool: sp.pool,
        multiSample: sp.multiSample, multiSampleQuality: sp.multiSampleQuality, lockable: sp.lockable, discard: sp.discard ?? false,
      },
    };
  }

  private state(st: DeviceState): StateSnap {
    return {
      renderStates: Array.from(st.renderStates),
      samplerStates: st.samplerStates.map((a) => Array.from(a)),
      stageStates: st.stageStates.map((a) => Array.from(a)),
      transforms: [...st.transforms].sort((a, b) => a[0] - b[0]).map(([t, m]) => [t, { ...m }]),
      viewport: { ...st.viewport }, scissor: { ...st.scissor }, fvf: st.fvf, decl: this.ref(st.decl), streamFreq: Array.from(st.streamFreq),
      clipPlanes: Array.from(st.clipPlanes), clipStatus: [st.clipStatus.ClipUnion, st.clipStatus.ClipIntersection],
      streams: st.streams.map((s) => ({ buffer: this.ref(s.buffer), offset: s.offset, stride: s.stride })),
      indices: this.ref(st.indices),
      material: structuredClone(st.material),
      lights: [...st.lights].sort((a, b) => a[0] - b[0]).map(([i, l]) => [i, structuredClone(l.light), l.enabled]),
      textures: st.textures.map((t) => this.ref(t)),
      renderTargets: st.renderTargets.map((t) => this.ref(t)),
      depthStencil: this.ref(st.depthStencil),
      currentPalette: st.currentPalette, nPatchSegments: st.nPatchSegments,
      vertexShader: this.ref(st.vertexShader), pixelShader: this.ref(st.pixelShader),
      constants: { vs: constantsSnap(st.vsConst, 16, 16, 4), ps: constantsSnap(st.psConst, 16, 16, 4) },
    };
  }
}

/** Bytes cut after the last register (of `unit` bytes) that is not all 0. */
function cutZeros(b: Uint8Array, unit: number): Uint8Array {
  let end = b.length;
  while (end > 0 && b[end - 1] === 0) end--;
  return b.slice(0, Math.ceil(end / unit) * unit);
}
function constantsSnap(c: ShaderConstants | StateMask['vsConst'], f: number, i: number, b: number): ConstantsSnap {
  return { f: cutZeros(c.f, f), i: cutZeros(c.i, i), b: cutZeros(c.b, b) };
}
function restoreConstants(into: ShaderConstants | StateMask['vsConst'], s: ConstantsSnap | undefined): void {
  for (const t of ['f', 'i', 'b'] as const) {
    into[t].fill(0);
    if (s && s[t].length > into[t].length) throw new SnapshotError(`snapshot holds ${s[t].length} bytes of ${t} constants, the device has room for ${into[t].length}`);
    if (s) into[t].set(s[t]);
  }
}

function textureSpecSnap(s: TextureSpec): TextureSpecSnap {
  return { format: s.format.id, width: s.width, height: s.height, levels: s.levels, usage: s.usage, pool: s.pool };
}

function maskSnap(m: StateMask): MaskSnap {
  return {
    renderStates: Array.from(m.renderStates), samplerStates: m.samplerStates.map((a) => Array.from(a)),
    stageStates: m.stageStates.map((a) => Array.from(a)), textures: Array.from(m.textures), streams: Array.from(m.streams),
    transforms: [...m.transforms].sort((a, b) => a - b), lights: [...m.lights].sort((a, b) => a - b),
    viewport: m.viewport, scissor: m.scissor, fvf: m.fvf, indices: m.indices, material: m.material,
    streamFreq: Array.from(m.streamFreq), palette: m.palette,
    clipPlanes: Array.from(m.clipPlanes),
    vertexShader: m.vertexShader, pixelShader: m.pixelShader,
    constants: { vs: constantsSnap(m.vsConst, 1, 1, 1), ps: constantsSnap(m.psConst, 1, 1, 1) },
  };
}

// ---- restore ----

function format(id: number): NonNullable<ReturnType<typeof formatInfo>> {
  const f = formatInfo(id);
  if (!f) throw new SnapshotError(`snapshot names format ${id}, which the format table does not have`);
  return f;
}

/**
 * Checks a decoded snapshot's objects before anything is built from them: kinds,
 * references (in range, of the kind they must be), sizes (dimensions within the
 * device's limits, stored bytes exactly what the spec implies, so no allocation
 * exceeds what the payload holds) and the shape of every state. A snapshot is
 * untrusted input: what it gets wrong is a SnapshotError naming the object.
 */
export function checkSnapshotObjects(snaps: readonly unknown[]): asserts snaps is ObjectSnap[] {
  const n = snaps.length;
  const kindOf = (r: number): string | undefined => (snaps[r] as { kind?: string } | undefined)?.kind;
  let at = '';
  const bad = (what: string): never => { throw new SnapshotError(`snapshot ${at}: ${what}`); };
  const int = (v: unknown, what: string, lo = 0, hi = 0xffffffff): number => {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi) bad(`${what} is ${JSON.stringify(v)}, expected a whole number ${lo}-${hi}`);
    return v as number;
  };
  const num = (v: unknown, what: string): void => { if (typeof v !== 'number') bad(`${what} is not a number`); };
  const obj = (v: unknown, what: string): Record<string, unknown> => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) bad(`${what} is not a map`);
    return v as Record<string, unknown>;
  };
  const list = (v: unknown, what: string, length?: number): unknown[] => {
    if (!Array.isArray(v) || (length !== undefined && v.length !== length)) bad(`${what} is not a list${length !== undefined ? ` of ${length}` : ''}`);
    return v as unknown[];
  };
  const bytes = (v: unknown, what: string, length: number): void => {
    if (!(v instanceof Uint8Array) || v.length !== length) bad(`${what} holds ${v instanceof Uint8Array ? v.length : 'no'} bytes, its spec needs ${length}`);
  };
  const ref = (v: unknown, what: string, ...kinds: string[]): void => {
    const r = int(v, what, -1, n - 1);
    if (r >= 0 && !kinds.includes(kindOf(r) ?? '')) bad(`${what} refers to object ${r}, a ${kindOf(r)}, expected ${kinds.join(' or ')}`);
  };
  const fmt = (id: unknown, what: string): FormatInfo => {
    const f = formatInfo(int(id, what));
    if (!f) bad(`${what} ${String(id)} is not a format`);
    return f!;
  };
  const dims = (sp: Record<string, unknown>, what: string): void => {
    int(sp.width, `${what} width`, 1, MAX_DIMENSION);
    int(sp.height, `${what} height`, 1, MAX_DIMENSION);
  };
  const SURFACE = ['Surface', 'Level'];
  const ALL_KINDS = ['Direct3D9', 'Device', 'Surface', 'Level', 'Texture', 'CubeTexture', 'VolumeTexture', 'VertexBuffer', 'IndexBuffer', 'StateBlock', 'VertexDeclaration'];
  const state = (v: unknown, what: string): void => {
    const st = obj(v, what);
    list(st.renderStates, `${what} renderStates`, MAX_RENDER_STATE).forEach((x, i) => int(x, `${what} render state ${i}`));
    list(st.samplerStates, `${what} samplerStates`, MAX_SAMPLERS).forEach((a, i) => list(a, `${what} sampler ${i}`, MAX_SAMPLER_STATE + 1).forEach((x) => int(x, `${what} sampler ${i} state`)));
    list(st.stageStates, `${what} stageStates`, MAX_STAGES).forEach((a, i) => list(a, `${what} stage ${i}`, MAX_STAGE_STATE + 1).forEach((x) => int(x, `${what} stage ${i} state`)));
    for (const t of list(st.transforms, `${what} transforms`)) {
      const [type, m] = list(t, `${what} transform`, 2);
      int(type, `${what} transform type`);
      for (const [k, x] of Object.entries(obj(m, `${what} matrix`))) num(x, `${what} matrix ${k}`);
    }
    for (const k of ['viewport', 'scissor', 'material']) obj(st[k], `${what} ${k}`);
    int(st.fvf, `${what} fvf`);
    if (st.decl !== undefined) ref(st.decl, `${what} decl`, 'VertexDeclaration');
    if (st.streamFreq !== undefined) list(st.streamFreq, `${what} streamFreq`, MAX_STREAMS).forEach((x, i) => int(x, `${what} stream ${i} frequency`));
    if (st.clipPlanes !== undefined) list(st.clipPlanes, `${what} clipPlanes`, 4 * MAX_USER_CLIP_PLANES).forEach((x, i) => num(x, `${what} clip plane value ${i}`));
    if (st.clipStatus !== undefined) list(st.clipStatus, `${what} clipStatus`, 2).forEach((x) => int(x, `${what} clip status`));
    list(st.streams, `${what} streams`, MAX_STREAMS).forEach((x, i) => {
      const e = obj(x, `${what} stream ${i}`);
      ref(e.buffer, `${what} stream ${i}`, 'VertexBuffer');
      int(e.offset, `${what} stream ${i} offset`);
      int(e.stride, `${what} stream ${i} stride`);
    });
    ref(st.indices, `${what} indices`, 'IndexBuffer');
    for (const l of list(st.lights, `${what} lights`)) {
      const [i, light] = list(l, `${what} light`, 3);
      int(i, `${what} light index`);
      obj(light, `${what} light`);
    }
    list(st.textures, `${what} textures`, MAX_SAMPLERS).forEach((r, i) => ref(r, `${what} texture ${i}`, 'Texture', 'CubeTexture', 'VolumeTexture'));
    list(st.renderTargets, `${what} renderTargets`).forEach((r, i) => ref(r, `${what} render target ${i}`, ...SURFACE));
    ref(st.depthStencil, `${what} depthStencil`, ...SURFACE);
    if (st.currentPalette !== undefined) int(st.currentPalette, `${what} currentPalette`, 0, 0xffff);
    if (st.nPatchSegments !== undefined) num(st.nPatchSegments, `${what} nPatchSegments`);
    if (st.vertexShader !== undefined) ref(st.vertexShader, `${what} vertexShader`, 'VertexShader');
    if (st.pixelShader !== undefined) ref(st.pixelShader, `${what} pixelShader`, 'PixelShader');
    if (st.constants !== undefined) constants(st.constants, `${what} constants`, { f: 16, i: 16, b: 4 });
  };
  // each list within the largest register set (software vertex processing's) and whole registers
  const constants = (v: unknown, what: string, unit: Readonly<Record<'f' | 'i' | 'b', number>>): void => {
    const c = obj(v, what);
    for (const stage of ['vs', 'ps']) {
      const sc = obj(c[stage], `${what} ${stage}`);
      const max = constantLimits(stage === 'vs' ? 'vertex' : 'pixel', true);
      for (const t of ['f', 'i', 'b'] as const) {
        const x = sc[t];
        const size = unit[t];
        if (!(x instanceof Uint8Array) || x.length % size !== 0 || x.length > max[t] * size) bad(`${what} ${stage} ${t} is not a list of at most ${max[t]} registers`);
      }
    }
  };
  snaps.forEach((raw, id) => {
    at = `object ${id}`;
    const s = obj(raw, 'it');
    if (s.kind !== 'Level' && s.kind !== 'VolumeLevel') int(s.refs, 'its reference count');
    if (s.parent !== undefined) ref(s.parent, 'parent', 'Direct3D9', 'Device');
    if (s.priority !== undefined) int(s.priority, 'priority');
    if (s.lod !== undefined) int(s.lod, 'lod', 0, 15);
    if (s.privateData !== undefined) {
      list(s.privateData, 'privateData').forEach((raw, i) => {
        const e = obj(raw, `private data ${i}`);
        if (typeof e.guid !== 'string') bad(`private data ${i} has no GUID`);
        if (e.object !== undefined) ref(e.object, `private data ${i} object`, ...ALL_KINDS);
        else if (!(e.bytes instanceof Uint8Array)) bad(`private data ${i} has neither bytes nor an object`);
      });
    }
    if (s.dirty !== undefined) {
      list(s.dirty, 'dirty').forEach((r, i) => {
        if (r !== null) list(r, `dirty ${i}`).forEach((x, j) => { for (const k of ['left', 'top', 'right', 'bottom']) int(obj(x, `dirty ${i} rect ${j}`)[k], `dirty ${i} rect ${j} ${k}`); });
      });
    }
    switch (s.kind) {
      case 'Direct3D9':
        if (s.profile !== 'dx9' && s.profile !== 'dx8') bad(`profile ${String(s.profile)}`);
        break;
      case 'Device':
        if (s.profile !== 'dx9' && s.profile !== 'dx8') bad(`profile ${String(s.profile)}`);
        obj(s.presentParameters, 'presentParameters');
        ref(s.backBuffer, 'backBuffer', 'Surface');
        if ((s.backBuffer as number) < 0) bad('the device has no back buffer');
        ref(s.autoDepthStencil, 'autoDepthStencil', 'Surface');
        ref(s.recording, 'recording', 'StateBlock');
        list(s.defaultPool, 'defaultPool').forEach((r) => ref(r, 'defaultPool', 'Surface', 'Texture', 'CubeTexture', 'VolumeTexture', 'VertexBuffer', 'IndexBuffer'));
        int(s.presentCount, 'presentCount');
        if (s.behaviorFlags !== undefined) int(s.behaviorFlags, 'behaviorFlags');
        num(s.budgetUsed, 'budgetUsed');
        state(s.state, 'state');
        if (s.fvfDecls !== undefined) list(s.fvfDecls, 'fvfDecls').forEach((r) => ref(r, 'fvfDecls', 'VertexDeclaration'));
        if (s.misc !== undefined) obj(s.misc, 'misc');
        if (s.palettes !== undefined) {
          for (const p of list(s.palettes, 'palettes')) {
            const [n, entries] = list(p, 'palette', 2);
            bytes(entries, `palette ${int(n, 'palette number', 0, 0xffff)}`, 1024);
          }
        }
        if (s.implicitSwapChain !== undefined) ref(s.implicitSwapChain, 'implicitSwapChain', 'SwapChain');
        if (s.additionalSwapChains !== undefined) list(s.additionalSwapChains, 'additionalSwapChains').forEach((r) => ref(r, 'additionalSwapChains', 'SwapChain'));
        if (s.nextSwapChainOrdinal !== undefined) int(s.nextSwapChainOrdinal, 'nextSwapChainOrdinal', 1);
        if (s.gpu !== undefined) {
          const g = obj(s.gpu, 'gpu');
          for (const k of ['clock', 'samples']) if (!Number.isSafeInteger(g[k]) || (g[k] as number) < 0) bad(`gpu ${k} is not a count`);
          int(g.openOcclusion, 'gpu openOcclusion');
        }
        break;
      case 'Query':
        ref(s.device, 'device', 'Device');
        if ((s.device as number) < 0) bad('a query without its device');
        if (!QUERY_TYPES.has(s.type as number)) bad(`query type ${String(s.type)}`);
        if (s.status !== 'created' && s.status !== 'building' && s.status !== 'signalled') bad(`query status ${String(s.status)}`);
        for (const k of ['value', 'start']) if (!Number.isSafeInteger(s[k]) || (s[k] as number) < 0) bad(`query ${k} is not a count`);
        break;
      case 'SwapChain': {
        ref(s.device, 'device', 'Device');
        if ((s.device as number) < 0) bad('a swap chain without its device');
        int(s.ordinal, 'ordinal');
        int(s.presents, 'presents');
        if (s.ordinal !== 0) {
          obj(s.presentParameters, 'presentParameters');
          ref(s.backBuffer, 'backBuffer', 'Surface');
          if ((s.backBuffer as number) < 0) bad('an additional swap chain without its back buffer');
        }
        if (s.front !== null) {
          const f = obj(s.front, 'front');
          dims(f, 'front');
          const ff = fmt(f.format, 'front format');
          int(f.pitch, 'front pitch');
          if (f.pitch !== pitchOf(ff, f.width as number)) bad('front pitch does not fit its format and width');
          bytes(f.data, 'front data', (f.pitch as number) * (f.height as number));
        }
        break;
      }
      case 'VertexDeclaration':
        ref(s.device, 'device', 'Device');
        if ((s.device as number) < 0) bad('a vertex declaration without its device');
        int(s.fvf, 'fvf');
        list(s.elements, 'elements').forEach((e, i) => {
          const x = obj(e, `element ${i}`);
          for (const k of ['Stream', 'Offset', 'Type', 'Method', 'Usage', 'UsageIndex']) int(x[k], `element ${i} ${k}`, 0, 0xffff);
        });
        break;
      case 'Surface': {
        ref(s.budget, 'budget', 'Device');
        const sp = obj(s.spec, 'spec');
        dims(sp, 'spec');
        int(sp.multiSample, 'spec multiSample', 0, 16);
        const f = fmt(sp.format, 'spec format');
        bytes(s.data, 'data', Surface.bytesFor({ format: f, width: sp.width as number, height: sp.height as number, multiSample: sp.multiSample as number, multiSampleQuality: 0 }));
        break;
      }
      case 'Level':
        ref(s.container, 'container', 'Texture', 'CubeTexture');
        if ((s.container as number) < 0) bad('a texture level without its texture');
        int(s.face, 'face', 0, 5);
        int(s.level, 'level', 0, 15);
        break;
      case 'Texture':
      case 'CubeTexture': {
        ref(s.budget, 'budget', 'Device');
        const sp = obj(s.spec, 'spec');
        dims(sp, 'spec');
        int(sp.levels, 'spec levels', 0, 15);
        const f = fmt(sp.format, 'spec format');
        const faces = list(s.faces, 'faces', s.kind === 'Texture' ? 1 : 6);
        // level 0's bytes bound what the texture allocates: the rest of the chain is smaller
        faces.forEach((face, i) => {
          const levels = list(face, `face ${i}`);
          if (levels.length === 0) bad(`face ${i} has no levels`);
          bytes(levels[0], `face ${i} level 0`, pitchOf(f, sp.width as number) * blockRows(f, sp.height as number));
        });
        int(s.autoGenFilter, 'autoGenFilter');
        break;
      }
      case 'VolumeLevel':
        ref(s.container, 'container', 'VolumeTexture');
        if ((s.container as number) < 0) bad('a volume without its texture');
        int(s.level, 'level', 0, 15);
        break;
      case 'VolumeTexture': {
        ref(s.budget, 'budget', 'Device');
        const sp = obj(s.spec, 'spec');
        dims(sp, 'spec');
        int(sp.depth, 'spec depth', 1, MAX_DIMENSION);
        const f = fmt(sp.format, 'spec format');
        int(sp.levels, 'spec levels', 1, fullVolumeChain(sp.width as number, sp.height as number, sp.depth as number));
        const levels = list(s.levels, 'levels', sp.levels as number);
        bytes(levels[0], 'level 0', slicePitchOf(f, sp.width as number, sp.height as number) * (sp.depth as number));
        break;
      }
      case 'VertexBuffer':
      case 'IndexBuffer': {
        ref(s.budget, 'budget', 'Device');
        const sp = obj(s.spec, 'spec');
        bytes(s.data, 'data', int(sp.length, 'spec length'));
        break;
      }
      case 'StateBlock': {
        ref(s.host, 'host', 'Device');
        if ((s.host as number) < 0) bad('a state block without its device');
        state(s.state, 'state');
        const m = obj(s.mask, 'mask');
        if (m.constants !== undefined) constants(m.constants, 'mask constants', { f: 1, i: 1, b: 1 });
        break;
      }
      case 'VertexShader':
      case 'PixelShader':
        ref(s.device, 'device', 'Device');
        if ((s.device as number) < 0) bad('a shader without its device');
        if (!(s.tokens instanceof Uint8Array) || shaderStreamBytes(s.tokens, s.kind === 'VertexShader' ? 'vertex' : 'pixel') !== s.tokens.length) bad('its tokens are not one whole shader');
        break;
      default:
        bad(`unknown kind ${JSON.stringify(s.kind)}`);
    }
  });
}

/** Rebuilds the objects of a snapshot; the result is indexed by object id. */
export function restoreObjects(snaps: readonly ObjectSnap[]): object[] {
  checkSnapshotObjects(snaps);
  const out: object[] = new Array<object>(snaps.length);
  const setRefs = (o: object, refs: number): void => { inside<RefsInside>(o).refs = refs; };
  const get = <T>(ref: Ref): T | null => (ref < 0 ? null : (out[ref] as T));
  const budgetOf = (ref: Ref): MemoryBudget | undefined => (ref < 0 ? undefined : inside<DeviceInside>(out[ref]).budget);
  // 1: Direct3D9 and devices (a device makes throwaway swap-chain surfaces; the captured ones replace them below)
  snaps.forEach((s, id) => {
    if (s.kind === 'Direct3D9') out[id] = new Direct3D9(s.profile, s.ex === true);
    else if (s.kind === 'Device') {
      const specs = swapChainSpecs(s.presentParameters);
      if (typeof specs === 'number') throw new SnapshotError(`snapshot object ${id}: its present parameters are refused (${specs})`);
      out[id] = new Device(structuredClone(s.presentParameters), specs, s.profile, s.behaviorFlags ?? 0, s.ex === true);
    }
  });
  // 2: resources, with their bytes
  snaps.forEach((s, id) => {
    switch (s.kind) {
      case 'Surface': {
        const sp = s.spec;
        const spec: SurfaceSpec = { ...sp, format: format(sp.format) };
        if (!sp.discard) delete spec.discard;
        // a fresh, aligned copy: a decoded snapshot may hand out views into a shared Node buffer
        out[id] = new Surface(spec, budgetOf(s.budget), new Uint8Array(s.data));
        break;
      }
      case 'Texture':
      case 'CubeTexture': {
        const spec: TextureSpec = { ...s.spec, format: format(s.spec.format) };
        const t = s.kind === 'Texture' ? new Texture(spec, budgetOf(s.budget)) : new CubeTexture(spec, budgetOf(s.budget));
        const faces = t instanceof Texture ? [t.levels] : t.faces;
        // the hidden AUTOGENMIPMAP chain is not stored: it regenerates from level 0 when next sampled
        s.faces.forEach((f, i) => {
          if (f.length !== faces[i].length) throw new SnapshotError(`snapshot object ${id}: face ${i} stores ${f.length} levels, the texture has ${faces[i].length}`);
          f.forEach((bytes, l) => {
            const level = faces[i][l].data;
            if (!(bytes instanceof Uint8Array) || bytes.length !== level.length) throw new SnapshotError(`snapshot object ${id}: face ${i} level ${l} stores ${bytes instanceof Uint8Array ? bytes.length : 'no'} bytes, the level holds ${level.length}`);
            level.set(bytes);
          });
        });
        // NONE on a texture without AUTOGENMIPMAP is accepted and changes nothing
        t.SetAutoGenFilterType(s.autoGenFilter);
        out[id] = t;
        break;
      }
      case 'VolumeTexture': {
        const spec: VolumeTextureSpec = { ...s.spec, format: format(s.spec.format) };
        const t = new VolumeTexture(spec, budgetOf(s.budget));
        s.levels.forEach((bytes, l) => {
          const level = t.levels[l]?.data;
          if (!level || !(bytes instanceof Uint8Array) || bytes.length !== level.length) throw new SnapshotError(`snapshot object ${id}: level ${l} stores ${bytes instanceof Uint8Array ? bytes.length : 'no'} bytes, the level holds ${level?.length ?? 'none'}`);
          level.set(bytes);
        });
        out[id] = t;
        break;
      }
      case 'VertexBuffer':
      case 'IndexBuffer': {
        const b = s.kind === 'VertexBuffer' ? new VertexBuffer({ ...s.spec }, budgetOf(s.budget)) : new IndexBuffer({ ...s.spec }, budgetOf(s.budget));
        b.data.set(s.data);
        out[id] = b;
        break;
      }
      default:
        break;
    }
  });
  // 3: texture levels and state blocks, which refer to objects made above
  snaps.forEach((s, id) => {
    if (s.kind === 'Level') {
      const c = out[s.container];
      const level = c instanceof Texture ? (s.face === 0 ? c.levels[s.level] : undefined) : (c as CubeTexture).faces[s.face]?.[s.level];
      if (!level) throw new SnapshotError(`snapshot object ${id}: face ${s.face} level ${s.level} is not a level of object ${s.container}`);
      out[id] = level;
    } else if (s.kind === 'VolumeLevel') {
      const level = (out[s.container] as VolumeTexture).levels[s.level];
      if (!level) throw new SnapshotError(`snapshot object ${id}: level ${s.level} is not a level of object ${s.container}`);
      out[id] = level;
    } else if (s.kind === 'StateBlock') out[id] = new StateBlock(out[s.host] as Device);
    else if (s.kind === 'VertexDeclaration') out[id] = new VertexDeclaration(out[s.device] as Device, s.elements.map((e) => ({ ...e })), s.fvf);
    else if (s.kind === 'VertexShader') out[id] = new VertexShader(out[s.device] as Device, 'vertex', s.tokens.slice());
    else if (s.kind === 'PixelShader') out[id] = new PixelShader(out[s.device] as Device, 'pixel', s.tokens.slice());
    else if (s.kind === 'SwapChain') {
      const d = out[s.device] as Device;
      const c = s.ordinal === 0 ? d.implicitSwapChain : new SwapChain(d, s.ordinal, { presentParameters: structuredClone(s.presentParameters!), backBuffer: get<Surface>(s.backBuffer!)! });
      c.presents = s.presents;
      const f = s.front;
      c.front = f ? { format: format(f.format), width: f.width, height: f.height, pitch: f.pitch, data: new Uint8Array(f.data) } : null;
      out[id] = c;
    }
    else if (s.kind === 'Query') {
      const device = out[s.device] as Device;
      out[id] = new Query(device, s.type, QUERY_TYPES.get(s.type)!, device.gpu);
    }
  });
  // 4: links, states and counters
  snaps.forEach((s, id) => {
    const o = out[id];
    if (s.kind !== 'Level' && s.kind !== 'VolumeLevel') setRefs(o, s.refs);
    restoreExtras(o, s, get);
    if (s.kind === 'Device') {
      const d = o as Device;
      const di = inside<DeviceInside>(d);
      d.backBuffer = get<Surface>(s.backBuffer)!;
      d.autoDepthStencil = get<Surface>(s.autoDepthStencil);
      d.state = restoreState(new DeviceState(false, d.state.softwareVertexProcessing), s.state, get);
      if (s.palettes) {
        d.palettes.palettes.clear();
        for (const [n, entries] of s.palettes) d.palettes.palettes.set(n, entries.slice());
      }
      d.state.palettes = d.palettes.palettes;
      if (s.softwareVertexProcessing !== undefined) d.softwareVertexProcessing = s.softwareVertexProcessing;
      d.presentCount = s.presentCount;
      di.inScene = s.inScene;
      di.recording = get<StateBlock>(s.recording);
      for (const r of s.defaultPool) {
        const o = out[r] as RefCounted;
        di.defaultPool.add(o);
        o.onFinalRelease = () => di.defaultPool.delete(o);
      }
      di.budget.used = s.budgetUsed;
      d.gpu.clock = s.gpu?.clock ?? 0;
      d.gpu.samples.count = s.gpu?.samples ?? 0;
      d.gpu.openOcclusion = s.gpu?.openOcclusion ?? 0;
      di.fvfDecls.clear();
      for (const r of s.fvfDecls ?? []) {
        const decl = out[r] as VertexDeclaration;
        di.fvfDecls.set(decl.fvf, decl);
      }
      if (s.misc !== undefined) d.misc = { ...freshMisc(), ...structuredClone(s.misc) };
      for (const r of s.additionalSwapChains ?? []) d.adoptSwapChain(out[r] as SwapChain);
      d.nextSwapChainOrdinal = s.nextSwapChainOrdinal ?? 1;
      d.notReset = s.notReset === true;
    } else if (s.kind === 'Query') {
      const q = o as Query;
      q.status = s.status;
      q.value = s.value;
      q.start = s.start;
    } else if (s.kind === 'StateBlock') {
      const b = o as StateBlock;
      restoreState(b.state, s.state, get);
      restoreMask(b.mask, s.mask);
    }
  });
  return out;
}

/** The parent link, private data, priority, LOD and dirty regions of a restored object. */
function restoreExtras(o: object, s: ExtraSnap, get: <T>(ref: Ref) => T | null): void {
  if (o instanceof RefCounted) o.linkParent(s.parent === undefined ? undefined : get<RefCounted>(s.parent) ?? undefined, s.owned === true);
  if ((o instanceof Resource || o instanceof Volume) && s.privateData) {
    for (const e of s.privateData) {
      const object = e.object === undefined ? null : get<RefCounted>(e.object);
      if (object) o.privateData.restore(e.guid, { object });
      else if (e.bytes) o.privateData.restore(e.guid, { bytes: new Uint8Array(e.bytes) });
    }
  }
  if (o instanceof Resource && s.priority !== undefined) inside<{ priority: number }>(o).priority = s.priority;
  if ((o instanceof Texture || o instanceof CubeTexture || o instanceof VolumeTexture) && s.lod !== undefined) o.lod.value = s.lod;
  if ((o instanceof Texture || o instanceof CubeTexture) && s.dirty) {
    const regions = o instanceof Texture ? [o.dirty] : o.dirty;
    s.dirty.forEach((r, i) => regions[i]?.load(r));
  }
}

function restoreState(st: DeviceState, s: StateSnap, get: <T>(ref: Ref) => T | null): DeviceState {
  st.renderStates.set(s.renderStates);
  s.samplerStates.forEach((a, i) => st.samplerStates[i].set(a));
  s.stageStates.forEach((a, i) => st.stageStates[i].set(a));
  st.transforms.clear();
  for (const [t, m] of s.transforms) st.transforms.set(t, { ...m });
  st.viewport = { ...s.viewport };
  st.scissor = { ...s.scissor };
  st.fvf = s.fvf;
  st.decl = s.decl === undefined ? null : get<VertexDeclaration>(s.decl);
  if (s.streamFreq) st.streamFreq.set(s.streamFreq);
  if (s.clipPlanes) st.clipPlanes.set(s.clipPlanes);
  if (s.clipStatus) st.clipStatus = { ClipUnion: s.clipStatus[0] >>> 0, ClipIntersection: s.clipStatus[1] >>> 0 };
  s.streams.forEach((x, i) => { st.streams[i] = { buffer: get<VertexBuffer>(x.buffer), offset: x.offset, stride: x.stride }; });
  st.indices = get<IndexBuffer>(s.indices);
  st.material = structuredClone(s.material);
  st.lights.clear();
  for (const [i, light, enabled] of s.lights) st.lights.set(i, { light: structuredClone(light), enabled } satisfies LightSlot);
  s.textures.forEach((r, i) => { st.textures[i] = get<Texture | CubeTexture | VolumeTexture>(r); });
  s.renderTargets.forEach((r, i) => { st.renderTargets[i] = get<Surface>(r); });
  st.depthStencil = get<Surface>(s.depthStencil);
  st.currentPalette = s.currentPalette ?? 0;
  st.nPatchSegments = s.nPatchSegments ?? 0;
  st.vertexShader = s.vertexShader === undefined ? null : get<VertexShader>(s.vertexShader);
  st.pixelShader = s.pixelShader === undefined ? null : get<PixelShader>(s.pixelShader);
  restoreConstants(st.vsConst, s.constants?.vs);
  restoreConstants(st.psConst, s.constants?.ps);
  // everything derived is rebuilt before the next draw
  st.dirty = DIRTY_ALL;
  return st;
}

function restoreMask(m: StateMask, s: MaskSnap): void {
  m.renderStates.set(s.renderStates);
  s.samplerStates.forEach((a, i) => m.samplerStates[i].set(a));
  s.stageStates.forEach((a, i) => m.stageStates[i].set(a));
  m.textures.set(s.textures);
  m.streams.set(s.streams);
  for (const t of s.transforms) m.transforms.add(t);
  for (const l of s.lights) m.lights.add(l);
  m.viewport = s.viewport;
  m.scissor = s.scissor;
  m.fvf = s.fvf;
  if (s.streamFreq) m.streamFreq.set(s.streamFreq);
  if (s.clipPlanes) m.clipPlanes.set(s.clipPlanes.slice(0, MAX_USER_CLIP_PLANES));
  m.indices = s.indices;
  m.material = s.material;
  m.palette = s.palette === true;
  m.vertexShader = s.vertexShader === true;
  m.pixelShader = s.pixelShader === true;
  restoreConstants(m.vsConst, s.constants?.vs);
  restoreConstants(m.psConst, s.constants?.ps);
}

// ---- the whole replay point, as stored in a trace ----

/** Bumped whenever the shape of SnapshotData or ObjectSnap changes. */
export const SNAPSHOT_VERSION = 2;

/** One entry of the handle table: the trace's handle id, its kind, the object it names. */
export interface HandleSnap { id: number; kind: string; object: Ref }

/** A replay finding as a snapshot keeps it (the replayer's Finding). */
export interface FindingSnap { kind: string; call: number; method: string; message: string; line?: number; expected?: string; actual?: string }

/**
 * Everything a replay needs to go on from a call: the emulated objects with
 * their bytes and states, the handle table, the names the trace gave, the
 * counters and the findings so far. Plain data; encodeSnapshot stores it.
 */
export interface SnapshotData {
  version: number;
  /** the next call to replay */
  callsReplayed: number;
  /** frames presented before it */
  frames: number;
  /** frames presented by additional swap chains, [ordinal, count] by ordinal (absent: none) */
  chainFrames?: Array<[number, number]>;
  perfDepth: number;
  profile: DeviceProfile;
  /** the emulated objects, by id */
  objects: ObjectSnap[];
  /** handle → object id, sorted by handle */
  handles: HandleSnap[];
  /** handles whose creating call made no object at replay, sorted */
  missing: number[];
  /** the names the trace gave its handles (`rt = dev.CreateRenderTarget(...)`), sorted by handle */
  names: Array<[number, string]>;
  findings: FindingSnap[];
}

/**
 * The snapshot of a replay point: the objects behind a handle table (sorted by
 * id: object ids follow it, so the same point always gives the same snapshot)
 * with the rest of the point as given. Refused (SnapshotError) while a lock is open.
 */
export function captureSnapshot(
  handles: ReadonlyArray<{ id: number; kind: string; obj: object }>,
  rest: Omit<SnapshotData, 'version' | 'objects' | 'handles'>,
): SnapshotData {
  const cap = new ObjectCapture();
  const table = handles.map((h) => ({ id: h.id, kind: h.kind, object: cap.ref(h.obj) }));
  cap.finish();
  return { version: SNAPSHOT_VERSION, ...rest, objects: cap.objects, handles: table };
}

// msgpackr as plain data: maps as objects, no record extension, so the bytes depend only on the data
const snapshotPackr = new Packr({ useRecords: false, mapsAsObjects: true });

export function encodeSnapshot(s: SnapshotData): Uint8Array {
  return snapshotPackr.pack(s);
}

/** Decodes and checks the outer shape of a stored snapshot; SnapshotError names what is wrong. */
export function decodeSnapshot(bytes: Uint8Array): SnapshotData {
  let v: unknown;
  try {
    v = snapshotPackr.unpack(bytes);
  } catch (e) {
    throw new SnapshotError(`not a snapshot: ${(e as Error).message}`);
  }
  const o = v as Record<string, unknown>;
  if (!o || typeof o !== 'object' || Array.isArray(o)) throw new SnapshotError('not a snapshot: the payload is not a map');
  if (o.version !== SNAPSHOT_VERSION) throw new SnapshotError(`snapshot version ${String(o.version)}, this replay9 reads version ${SNAPSHOT_VERSION}`);
  const count = (k: string): void => {
    if (!Number.isSafeInteger(o[k]) || (o[k] as number) < 0) throw new SnapshotError(`snapshot field ${k} is not a count`);
  };
  count('callsReplayed'); count('frames'); count('perfDepth');
  if (o.profile !== 'dx9' && o.profile !== 'dx8') throw new SnapshotError(`snapshot profile ${String(o.profile)} is neither dx9 nor dx8`);
  for (const k of ['objects', 'handles', 'missing', 'names', 'findings']) if (!Array.isArray(o[k])) throw new SnapshotError(`snapshot field ${k} is not a list`);
  const objects = o.objects as unknown[];
  for (const [i, x] of objects.entries()) {
    if (!x || typeof x !== 'object' || typeof (x as { kind?: unknown }).kind !== 'string') throw new SnapshotError(`snapshot object ${i} has no kind`);
  }
  for (const h of o.handles as unknown[]) {
    const e = h as Partial<HandleSnap>;
    if (!e || !Number.isSafeInteger(e.id) || typeof e.kind !== 'string' || !Number.isSafeInteger(e.object) || e.object! < 0 || e.object! >= objects.length) {
      throw new SnapshotError('snapshot handle table names an object it does not hold');
    }
  }
  for (const n of o.names as unknown[]) {
    if (!Array.isArray(n) || !Number.isSafeInteger(n[0]) || typeof n[1] !== 'string') throw new SnapshotError('snapshot name table is malformed');
  }
  if (o.chainFrames !== undefined) {
    const ok = Array.isArray(o.chainFrames) && (o.chainFrames as unknown[]).every((e) => Array.isArray(e) && e.length === 2 && e.every((x) => Number.isSafeInteger(x) && (x as number) >= 0));
    if (!ok) throw new SnapshotError('snapshot field chainFrames is not a list of [swap chain, frames] counts');
  }
  return o as unknown as SnapshotData;
}
