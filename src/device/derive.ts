/**
 * The frozen state a draw reads (src/driver/raster/types.ts RasterState),
 * built from the device state when a draw starts: plain data and typed arrays,
 * so the driver never sees a device object.
 */
import { D3DRS, D3DSAMP, D3DTS, D3DTSS, D3DZB, bitsToFloat32 } from '../d3d9/index.js';
import type { BoundShader, LightState, Mat4, RasterState, TextureView, UserClipPlanes } from '../driver/raster/types.js';
import type { ShaderConstants as RunConstants } from '../driver/shader/index.js';
import type { ShaderConstants } from './shader.js';
import type { DeviceCaps } from './caps-view.js';
import { DIRTY, DIRTY_ALL } from './state.js';
import type { DeviceState } from './state.js';
import { CubeTexture, Texture } from './texture.js';
import { VolumeTexture } from './volume.js';
import type { D3DCOLORVALUE, D3DLIGHT9, D3DMATERIAL9, D3DMATRIX, D3DVIEWPORT9, RECT } from './types.js';

export function mat4(m: D3DMATRIX): Mat4 {
  return Float64Array.of(m._11, m._12, m._13, m._14, m._21, m._22, m._23, m._24, m._31, m._32, m._33, m._34, m._41, m._42, m._43, m._44);
}

const color = (c: D3DCOLORVALUE): { r: number; g: number; b: number; a: number } => ({ r: c.r, g: c.g, b: c.b, a: c.a });

function light(l: D3DLIGHT9): LightState {
  return {
    type: l.Type, diffuse: color(l.Diffuse), specular: color(l.Specular), ambient: color(l.Ambient),
    position: { ...l.Position }, direction: { ...l.Direction }, range: l.Range, falloff: l.Falloff,
    attenuation0: l.Attenuation0, attenuation1: l.Attenuation1, attenuation2: l.Attenuation2, theta: l.Theta, phi: l.Phi,
  };
}

/**
 * The last view of each texture and the level list it shows: kept while the texture samples the
 * same list (a volume's levels, and each level's memory, are its own for its life: its slices are
 * views of that memory, so they show every later write).
 */
const views = new WeakMap<Texture | CubeTexture | VolumeTexture, { levels: unknown; view: TextureView }>();

function textureView(t: Texture | CubeTexture | VolumeTexture | null): TextureView | null {
  if (t instanceof Texture || t instanceof CubeTexture || t instanceof VolumeTexture) {
    const levels = t instanceof Texture ? t.sampledLevels() : t instanceof CubeTexture ? t.sampledFaces() : t.levels;
    const known = views.get(t);
    if (known && known.levels === levels) return known.view;
    const view = makeTextureView(t)!;
    views.set(t, { levels, view });
    return view;
  }
  return makeTextureView(t);
}

function makeTextureView(t: Texture | CubeTexture | VolumeTexture | null): TextureView | null {
  if (t instanceof VolumeTexture) {
    const volume = t.levels.map((v) => Array.from({ length: v.depth }, (_, z) => v.slice(z)));
    return { kind: 'volume', levels: volume.map((slices) => slices[0]), volume };
  }
  if (t instanceof Texture) return { kind: '2d', levels: t.sampledLevels() };
  if (t instanceof CubeTexture) {
    const faces = t.sampledFaces();
    return { kind: 'cube', levels: faces[0], faces };
  }
  return null;
}

/**
 * The sampler states a draw reads: a MANAGED texture's SetLOD raises the most detailed level its
 * sampler uses, as MAXMIPLEVEL does, whichever of the two is higher (IDirect3DBaseTexture9::SetLOD).
 * The shared list is handed back when no stage's texture has an LOD above its MAXMIPLEVEL; else
 * a recent frozen list holding the same values (copyChanged), so draws with the same LODs find
 * what they kept for it.
 */
function withTextureLod(p: DerivedParts, states: Uint32Array[], textures: ReadonlyArray<Texture | CubeTexture | VolumeTexture | null>): Uint32Array[] {
  let live: Uint32Array[] | undefined;
  for (let i = 0; i < textures.length; i++) {
    const t = textures[i];
    const lod = t ? t.lod.get() : 0;
    if (lod === 0 || !states[i] || lod <= states[i][D3DSAMP.MAXMIPLEVEL] >>> 0) continue;
    if (live === undefined) {
      live = p.lodLive;
      live.length = states.length;
      for (let k = 0; k < states.length; k++) live[k] = states[k];
    }
    // the scratch copy of sampler i, with the LOD in place of MAXMIPLEVEL: copyChanged freezes a copy
    const raised = (p.lodScratch[i] ??= new Uint32Array(states[i].length));
    raised.set(states[i]);
    raised[D3DSAMP.MAXMIPLEVEL] = lod;
    live[i] = raised;
  }
  return live === undefined ? states : copyChanged(live, p.lodCopies);
}

/** The parts of a RasterState that only setters change, kept per device state and rebuilt when their group is dirty. */
interface DerivedParts {
  renderStates: Uint32Array;
  samplerStates: Uint32Array[];
  stageStates: Uint32Array[];
  world: Mat4;
  view: Mat4;
  projection: Mat4;
  textureTransforms: Mat4[];
  viewport: RasterState['viewport'];
  scissor: RasterState['scissor'];
  material: RasterState['material'];
  lights: LightState[];
  renderTargets: RasterState['renderTargets'];
  userClipPlanes: UserClipPlanes | null;
  vertexShader: BoundShader | null;
  pixelShader: BoundShader | null;
  bump: Float32Array;
  textureTransformFlags: Uint32Array;
  /** the D3DMATRIX each kept matrix was built from, by transform type */
  matrixSources: Map<number, D3DMATRIX>;
  /** the last draw's texture views */
  textures: (TextureView | null)[];
  /** recent frozen copies of the render states and of the matrices, for sameCopy */
  renderCopies: Recent<Uint32Array>;
  matrixCopies: Recent<Float64Array>;
  viewports: Recent<RasterState['viewport']>;
  scissors: Recent<RasterState['scissor']>;
  materials: Recent<RasterState['material']>;
  /** recent results of rasterState, and the draw's fields gathered before one is found or copied */
  results: Recent<RasterState>;
  scratch?: DerivedState;
  samplerCopies: RecentLists;
  /** recent sampler lists with LODs applied (withTextureLod), the list it gathers and its raised copies */
  lodCopies: RecentLists;
  lodLive: Uint32Array[];
  lodScratch: Uint32Array[];
  stageCopies: RecentLists;
}

/** The last few frozen copies of one kind of state array, oldest replaced first. */
interface Recent<T> { copies: T[]; next: number }

/** How many frozen copies of a kind are kept: a scene cycling through a few states reuses them. */
const RECENT_COPIES = 8;

/** Equal values: a −0 is not a 0 (1/x tells them apart) and a NaN matches nothing (its bits are not compared). */
function sameNumbers(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i], y = b[i];
    if (x !== y || (x === 0 && 1 / x !== 1 / y)) return false;
  }
  return true;
}

/**
 * A frozen copy of `live`: a recent copy holding the same values when there is one, so a scene
 * cycling through a few states hands the driver the same objects again and its caches, which
 * compare parts by identity, keep what they built (frozen copies are never written).
 */
function sameCopy<T extends Uint32Array | Float64Array>(recent: Recent<T>, live: T): T {
  const copies = recent.copies;
  for (let i = 0; i < copies.length; i++) if (sameNumbers(copies[i], live)) return copies[i];
  const copy = live.slice() as T;
  if (copies.length < RECENT_COPIES) copies.push(copy);
  else {
    copies[recent.next] = copy;
    recent.next = (recent.next + 1) % RECENT_COPIES;
  }
  return copy;
}

/** Recent frozen copies of per-sampler or per-stage state arrays: each entry's, and the lists of them. */
interface RecentLists { entries: Recent<Uint32Array>[]; lists: Recent<Uint32Array[]>; scratch: Uint32Array[] }

const recentLists = (): RecentLists => ({ entries: [], lists: { copies: [], next: 0 }, scratch: [] });

/**
 * Frozen copies of per-sampler or per-stage state arrays: each entry a recent copy with its values
 * when there is one (sameCopy), and the list a recent list of the same entries, so a changed entry
 * costs one copy, not one per sampler or stage, and a state set back costs none.
 */
function copyChanged(live: readonly Uint32Array[], kept: RecentLists): Uint32Array[] {
  const items = kept.scratch;
  items.length = live.length;
  for (let i = 0; i < live.length; i++) items[i] = sameCopy(kept.entries[i] ??= { copies: [], next: 0 }, live[i]);
  const lists = kept.lists.copies;
  for (let l = 0; l < lists.length; l++) {
    const list = lists[l];
    if (list.length !== items.length) continue;
    let i = 0;
    while (i < items.length && list[i] === items[i]) i++;
    if (i === items.length) return list;
  }
  const list = items.slice();
  if (lists.length < RECENT_COPIES) lists.push(list);
  else {
    lists[kept.lists.next] = list;
    kept.lists.next = (kept.lists.next + 1) % RECENT_COPIES;
  }
  return list;
}

/**
 * A recent frozen part whose values are those of `source` (`same`), else one `make` builds, kept in
 * place of the oldest: an application setting the same viewport, scissor rect or material again
 * (per pass, per mesh) hands the draw the same object, and what draws keep for it is found again.
 */
function recentOf<T, S>(recent: Recent<T>, source: S, same: (kept: T, s: S) => boolean, make: (s: S) => T): T {
  const copies = recent.copies;
  for (let i = 0; i < copies.length; i++) if (same(copies[i], source)) return copies[i];
  const made = make(source);
  if (copies.length < RECENT_COPIES) copies.push(made);
  else {
    copies[recent.next] = made;
    recent.next = (recent.next + 1) % RECENT_COPIES;
  }
  return made;
}

/** The same number: a −0 is not a 0, and a NaN matches nothing. */
const sameNumber = (x: number, y: number): boolean => x === y && (x !== 0 || 1 / x === 1 / y);

const viewportOf = (v: D3DVIEWPORT9): RasterState['viewport'] => ({ x: v.X, y: v.Y, width: v.Width, height: v.Height, minZ: v.MinZ, maxZ: v.MaxZ });
const sameViewport = (k: RasterState['viewport'], v: D3DVIEWPORT9): boolean => sameNumber(k.x, v.X) && sameNumber(k.y, v.Y)
  && sameNumber(k.width, v.Width) && sameNumber(k.height, v.Height) && sameNumber(k.minZ, v.MinZ) && sameNumber(k.maxZ, v.MaxZ);

const rectOf = (r: RECT): RECT => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
const sameRect = (k: RECT, r: RECT): boolean => sameNumber(k.left, r.left) && sameNumber(k.top, r.top) && sameNumber(k.right, r.right) && sameNumber(k.bottom, r.bottom);

const materialOf = (m: D3DMATERIAL9): RasterState['material'] => ({
  diffuse: color(m.Diffuse), ambient: color(m.Ambient), specular: color(m.Specular), emissive: color(m.Emissive), power: m.Power,
});
const sameColor = (k: { r: number; g: number; b: number; a: number }, c: D3DCOLORVALUE): boolean =>
  sameNumber(k.r, c.r) && sameNumber(k.g, c.g) && sameNumber(k.b, c.b) && sameNumber(k.a, c.a);
const sameMaterial = (k: RasterState['material'], m: D3DMATERIAL9): boolean => sameColor(k.diffuse, m.Diffuse) && sameColor(k.ambient, m.Ambient)
  && sameColor(k.specular, m.Specular) && sameColor(k.emissive, m.Emissive) && sameNumber(k.power, m.Power);

/** matrixOf's scratch: the D3DMATRIX's values, compared with the recent copies before one is made */
const scratchMatrix = new Float64Array(16);

/**
 * The transform's matrix: the same object as `last` when built from the same D3DMATRIX (setTransform
 * stores a new one per call), else a recent copy with the same values (sameCopy).
 */
function matrixOf(st: DeviceState, type: number, p: DerivedParts, last: Mat4 | undefined): Mat4 {
  const m = st.transform(type);
  if (last && p.matrixSources.get(type) === m) return last;
  p.matrixSources.set(type, m);
  const v = scratchMatrix;
  v[0] = m._11; v[1] = m._12; v[2] = m._13; v[3] = m._14; v[4] = m._21; v[5] = m._22; v[6] = m._23; v[7] = m._24;
  v[8] = m._31; v[9] = m._32; v[10] = m._33; v[11] = m._34; v[12] = m._41; v[13] = m._42; v[14] = m._43; v[15] = m._44;
  return sameCopy(p.matrixCopies, v);
}

/** A copy of one stage's constant registers as a run reads them (a BOOL register is TRUE when any of its bytes is not 0). */
function runConstants(c: ShaderConstants, stages?: { bump: Float32Array; textureTransformFlags: Uint32Array }): RunConstants {
  const b = new Uint8Array(c.b.length / 4);
  for (let i = 0; i < b.length; i++) b[i] = c.b[4 * i] | c.b[4 * i + 1] | c.b[4 * i + 2] | c.b[4 * i + 3] ? 1 : 0;
  return { f: new Float32Array(c.f.slice().buffer), i: new Int32Array(c.i.slice().buffer), b, bump: stages?.bump, textureTransformFlags: stages?.textureTransformFlags };
}

/** The bump-mapping stage states (BUMPENVMAT00..11, LSCALE, LOFFSET) of stages 0..7 as texbem/bem read them. */
function bumpStates(st: DeviceState): Float32Array {
  const out = new Float32Array(6 * 8);
  st.stageStates.forEach((s, i) => {
    if (i >= 8) return;
    for (let k = 0; k < 4; k++) out[6 * i + k] = bitsToFloat32(s[D3DTSS.BUMPENVMAT00 + k]);
    out[6 * i + 4] = bitsToFloat32(s[D3DTSS.BUMPENVLSCALE]);
    out[6 * i + 5] = bitsToFloat32(s[D3DTSS.BUMPENVLOFFSET]);
  });
  return out;
}

const derived = new WeakMap<DeviceState, DerivedParts>();

/**
 * The frozen state of a draw. Parts whose state group no setter touched since
 * the last draw are the same objects as then (the driver never writes into a
 * RasterState), so a run of draws with unchanged state allocates little.
 * Textures are looked at every draw: what they sample depends on their bytes.
 */
/**
 * Whether XYZRHW vertices are cut at 0 ≤ z ≤ 1: only while the device clips them (CLIPTLVERTS), depth
 * buffering is in effect (ZENABLE TRUE or USEW with a depth-stencil surface bound) and D3DRS_CLIPPING
 * is on. Windows draws them whole with ZENABLE FALSE or no depth buffer (Wine visual.c zenable_test)
 * and clips them with CLIPTLVERTS, ZENABLE TRUE and a depth buffer (z_range_test). USEW counts as
 * depth buffering, and CLIPPING FALSE ("disable primitive clipping by Direct3D") as no clipping:
 * replay9's reading, no Windows test covers either.
 */
export function clipsPretransformedZ(st: DeviceState, caps: DeviceCaps): boolean {
  const rs = st.renderStates;
  return caps.clipTransformedVertices && rs[D3DRS.CLIPPING] !== 0 && rs[D3DRS.ZENABLE] !== D3DZB.FALSE && st.depthStencil !== null;
}

/**
 * The user clip planes a fixed-function draw cuts against: those D3DRS_CLIPPLANEENABLE enables
 * (bits 0..5, the planes MaxUserClipPlanes allows), none while D3DRS_CLIPPING is FALSE (it turns off
 * all of Direct3D's clipping: replay9's reading, no Windows test covers user planes with it).
 */
export function userClipPlanes(st: DeviceState): UserClipPlanes | null {
  const mask = st.renderStates[D3DRS.CLIPPLANEENABLE] & 0x3f;
  if (mask === 0 || st.renderStates[D3DRS.CLIPPING] === 0) return null;
  return { mask, planes: Float64Array.from(st.clipPlanes) };
}

/** The bound textures' views: the last draw's array while every view is the same object. */
function textureViews(st: DeviceState, p: DerivedParts): (TextureView | null)[] {
  const last = p.textures;
  let out: (TextureView | null)[] | undefined = last && last.length === st.textures.length ? undefined : new Array<TextureView | null>(st.textures.length);
  for (let i = 0; i < st.textures.length; i++) {
    const v = textureView(st.textures[i]);
    if (!out && v !== last[i]) out = last.slice(0, i);
    if (out) out[i] = v;
  }
  if (out) p.textures = out;
  return p.textures;
}

export function rasterState(st: DeviceState, caps: DeviceCaps): RasterState {
  const known = derived.get(st);
  const taken = st.takeDirty();
  const dirty = known ? taken : DIRTY_ALL;
  const p = known ?? ({ renderCopies: { copies: [], next: 0 }, matrixCopies: { copies: [], next: 0 }, results: { copies: [], next: 0 }, viewports: { copies: [], next: 0 }, scissors: { copies: [], next: 0 }, materials: { copies: [], next: 0 }, matrixSources: new Map(), samplerCopies: recentLists(), stageCopies: recentLists(), lodCopies: recentLists(), lodLive: [], lodScratch: [] } as unknown as DerivedParts);
  if (dirty & DIRTY.render) p.renderStates = sameCopy(p.renderCopies, st.renderStates);
  if (dirty & DIRTY.sampler) p.samplerStates = copyChanged(st.samplerStates, p.samplerCopies);
  if (dirty & DIRTY.stage) p.stageStates = copyChanged(st.stageStates, p.stageCopies);
  if (dirty & DIRTY.transform) {
    // only the matrices whose transform was set are built again
    p.world = matrixOf(st, D3DTS.WORLD, p, p.world);
    p.view = matrixOf(st, D3DTS.VIEW, p, p.view);
    p.projection = matrixOf(st, D3DTS.PROJECTION, p, p.projection);
    const last = p.textureTransforms;
    let tt: Mat4[] | undefined;
    for (let i = 0; i < 8; i++) {
      const m = matrixOf(st, D3DTS.TEXTURE0 + i, p, last?.[i]);
      if (!last || m !== last[i]) (tt ??= last ? last.slice() : new Array<Mat4>(8))[i] = m;
    }
    if (tt) p.textureTransforms = tt;
  }
  if (dirty & DIRTY.viewport) p.viewport = recentOf(p.viewports, st.viewport, sameViewport, viewportOf);
  if (dirty & DIRTY.scissor) p.scissor = recentOf(p.scissors, st.scissor, sameRect, rectOf);
  if (dirty & DIRTY.material) p.material = recentOf(p.materials, st.material, sameMaterial, materialOf);
  // enabled lights in ascending index order: the order of a Map's insertion must not show
  if (dirty & DIRTY.lights) p.lights = [...st.lights].filter(([, s]) => s.enabled).sort((a, b) => a[0] - b[0]).map(([, s]) => light(s.light));
  if (dirty & DIRTY.targets) p.renderTargets = st.renderTargets.slice();
  if (dirty & (DIRTY.render | DIRTY.clipPlanes)) p.userClipPlanes = userClipPlanes(st);
  if (dirty & DIRTY.stage) {
    p.bump = bumpStates(st);
    // ps_1_1-1_3 tex projects by its stage's D3DTTFF_PROJECTED
    p.textureTransformFlags = Uint32Array.from(st.stageStates.slice(0, 8), (s) => s[D3DTSS.TEXTURETRANSFORMFLAGS]);
  }
  // each stage's shader is bound again only when it or its constants were set: an application
  // setting vertex shader constants between draws keeps the pixel shader's (and what draws keep of it)
  if (dirty & DIRTY.vertexShader) p.vertexShader = st.vertexShader ? { executable: st.vertexShader.executable, constants: runConstants(st.vsConst) } : null;
  if (dirty & DIRTY.pixelShader) {
    p.pixelShader = st.pixelShader ? { executable: st.pixelShader.executable, constants: runConstants(st.psConst, p) } : null;
  } else if (dirty & DIRTY.stage && p.pixelShader) {
    p.pixelShader = { ...p.pixelShader, constants: { ...p.pixelShader.constants, bump: p.bump, textureTransformFlags: p.textureTransformFlags } };
  }
  derived.set(st, p);
  const r = p.scratch ??= {} as DerivedState;
  r.renderStates = p.renderStates; r.samplerStates = withTextureLod(p, p.samplerStates, st.textures); r.stageStates = p.stageStates;
  r.textures = textureViews(st, p);
  r.world = p.world; r.view = p.view; r.projection = p.projection; r.textureTransforms = p.textureTransforms;
  r.viewport = p.viewport; r.scissor = p.scissor; r.fvf = st.fvf; r.vertexLayout = st.vertexShader ? st.decl?.shaderLayout : st.decl?.layout;
  r.material = p.material; r.lights = p.lights;
  r.renderTargets = p.renderTargets; r.depthStencil = st.depthStencil;
  r.clipTransformedVertices = clipsPretransformedZ(st, caps);
  r.maxPointSize = caps.maxPointSize;
  r.palette = st.palettes.get(st.currentPalette);
  r.userClipPlanes = p.userClipPlanes;
  r.vertexShader = p.vertexShader; r.pixelShader = p.pixelShader; r.vertexElements = st.decl?.elements;
  return recentResult(p, r);
}

/** The RasterState fields rasterState sets (a shader draw adds the others to a copy of its own). */
type DerivedField = Exclude<keyof RasterState, 'interpolatedSets' | 'flatSets'>;
type DerivedState = Pick<RasterState, DerivedField>;
const DERIVED_FIELDS = [
  'renderStates', 'samplerStates', 'stageStates', 'textures', 'world', 'view', 'projection', 'textureTransforms', 'viewport',
  'scissor', 'fvf', 'vertexLayout', 'material', 'lights', 'renderTargets', 'depthStencil', 'clipTransformedVertices',
  'maxPointSize', 'palette', 'userClipPlanes', 'vertexShader', 'pixelShader', 'vertexElements',
] as const satisfies readonly DerivedField[];
/** Every field, checked by the compiler: a field left out would hand back a result holding another draw's value. */
const everyDerivedField: [Exclude<DerivedField, (typeof DERIVED_FIELDS)[number]>] extends [never] ? readonly DerivedField[] : never = DERIVED_FIELDS;

/**
 * A recent result whose every field is the same (identity) as the draw's, else a copy of the
 * draw's, kept in place of the oldest: a scene cycling through a few states gets the same objects
 * again. Results are never written, so one handed out earlier (a kept DrawCall's observer, a kept
 * context) still shows its draw's state.
 */
function recentResult(p: DerivedParts, r: DerivedState): RasterState {
  const results = p.results.copies;
  for (let k = 0; k < results.length; k++) {
    const kept = results[k];
    let i = 0;
    while (i < everyDerivedField.length && kept[everyDerivedField[i]] === r[everyDerivedField[i]]) i++;
    if (i === everyDerivedField.length) return kept;
  }
  const copy: RasterState = { ...r };
  if (results.length < RECENT_COPIES) results.push(copy);
  else {
    results[p.results.next] = copy;
    p.results.next = (p.results.next + 1) % RECENT_COPIES;
  }
  return copy;
}
