/** Builders for the pixel-pipeline tests: frozen states, surfaces, fragments, a fake sampler, a seeded PRNG. */
import { D3DFMT, D3DRS, renderStateDefault, textureStageDefault } from '../../../src/d3d9/index.js';
import { formatInfo, pitchOf } from '../../../src/formats/index.js';
import type { SurfaceView } from '../../../src/driver/surface-view.js';
import type { Fragment, RasterState } from '../../../src/driver/raster/types.js';
import type { SampleCoords, StageSampler } from '../../../src/driver/raster/pixel/index.js';

export const F = D3DFMT;

/** Render states at their documented defaults (device with an auto depth-stencil: ZENABLE TRUE). */
export function defaultRenderStates(): Uint32Array {
  const rs = new Uint32Array(256);
  for (let id = 0; id < 256; id++) rs[id] = renderStateDefault(id, { autoDepthStencil: true }) ?? 0;
  return rs;
}

export function defaultStageStates(): Uint32Array[] {
  return Array.from({ length: 8 }, (_, s) => {
    const ss = new Uint32Array(33);
    for (let id = 0; id < 33; id++) ss[id] = textureStageDefault(s, id) ?? 0;
    return ss;
  });
}

export function surface(format: number, width = 4, height = 4, samples = 1): SurfaceView {
  const f = formatInfo(format);
  if (!f) throw new Error(`no format ${format}`);
  const pitch = pitchOf(f, width);
  return { format: f, width, height, pitch, samples, data: new Uint8Array(pitch * height * samples) };
}

const identity = (): Float64Array => Float64Array.from([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
const black = { r: 0, g: 0, b: 0, a: 0 };

export interface StateInit {
  rs?: Partial<Record<keyof typeof D3DRS, number>>;
  /** per stage: D3DTSS id → value */
  stages?: Record<number, Record<number, number>>;
  rt?: SurfaceView | null;
  ds?: SurfaceView | null;
  /** stages with a texture bound (the fake sampler answers them) */
  textures?: number[];
  fvf?: number;
}

export function state(init: StateInit = {}): RasterState {
  const renderStates = defaultRenderStates();
  for (const [k, v] of Object.entries(init.rs ?? {})) renderStates[D3DRS[k as keyof typeof D3DRS]] = v! >>> 0;
  const stageStates = defaultStageStates();
  for (const [s, m] of Object.entries(init.stages ?? {})) for (const [id, v] of Object.entries(m)) stageStates[Number(s)][Number(id)] = v >>> 0;
  const bound = new Set(init.textures ?? []);
  const tex = surface(F.A8R8G8B8, 1, 1);
  return {
    renderStates,
    samplerStates: Array.from({ length: 16 }, () => new Uint32Array(14)),
    stageStates,
    textures: Array.from({ length: 8 }, (_, s) => (bound.has(s) ? { kind: '2d' as const, levels: [tex] } : null)),
    world: identity(), view: identity(), projection: identity(),
    textureTransforms: Array.from({ length: 8 }, identity),
    viewport: { x: 0, y: 0, width: 4, height: 4, minZ: 0, maxZ: 1 },
    scissor: { left: 0, top: 0, right: 4, bottom: 4 },
    fvf: init.fvf ?? 0,
    material: { diffuse: black, ambient: black, specular: black, emissive: black, power: 0 },
    lights: [],
    renderTargets: [init.rt === undefined ? surface(F.A8R8G8B8) : init.rt, null, null, null],
    depthStencil: init.ds ?? null,
    clipTransformedVertices: true,
    maxPointSize: 64,
  };
}

export interface FragmentInit {
  x?: number; y?: number; z?: number; bias?: number; front?: boolean; triangle?: boolean;
  diffuse?: number[]; specular?: number[]; fog?: number; eyeZ?: number; coverage?: number;
  /** stage → u, v, w, q */
  tex?: Record<number, number[]>;
}

export function fragment(init: FragmentInit = {}): Fragment {
  const tex = new Float64Array(32);
  for (const [s, c] of Object.entries(init.tex ?? {})) tex.set(c, Number(s) * 4);
  return {
    x: init.x ?? 0, y: init.y ?? 0, z: init.z ?? 0.5, bias: init.bias ?? 0, depth: 0,
    front: init.front ?? true, triangle: init.triangle ?? true,
    diffuse: Float32Array.from(init.diffuse ?? [1, 1, 1, 1]),
    specular: Float32Array.from(init.specular ?? [0, 0, 0, 0]),
    fog: init.fog ?? 1,
    tex, texDx: new Float64Array(32), texDy: new Float64Array(32),
    eyeZ: init.eyeZ ?? 0,
    coverage: init.coverage ?? 1, interp: null, w0: 1, w1: 0, w2: 0,
  };
}

/** A sampler answering fixed texels per stage; records the coordinates of each call. */
export function fakeSampler(texels: Record<number, number[]> = {}): StageSampler & { calls: { stage: number; tex: number[]; dx: number[] }[] } {
  const calls: { stage: number; tex: number[]; dx: number[] }[] = [];
  const fn = (stage: number, c: SampleCoords, out: Float32Array): void => {
    calls.push({ stage, tex: [...c.tex], dx: [...c.dx] });
    out.set(texels[stage] ?? [0.5, 0.5, 0.5, 0.5]);
  };
  return Object.assign(fn, { calls });
}

/** The stored little-endian word of pixel (x, y), sample `sample`, of a ≤ 4-byte format. */
export function word(s: SurfaceView, x = 0, y = 0, sample = 0): number {
  const n = s.format.blockBytes;
  const at = sample * (s.data.length / s.samples) + y * s.pitch + x * n;
  let v = 0;
  for (let i = n - 1; i >= 0; i--) v = v * 256 + s.data[at + i];
  return v;
}

export function setWord(s: SurfaceView, v: number, x = 0, y = 0, sample = 0): void {
  const n = s.format.blockBytes;
  const at = sample * (s.data.length / s.samples) + y * s.pitch + x * n;
  for (let i = 0; i < n; i++) s.data[at + i] = Math.floor(v / 2 ** (8 * i)) & 0xff;
}

/** Fills every pixel and sample with one stored word. */
export function fillWord(s: SurfaceView, v: number): void {
  for (let sm = 0; sm < s.samples; sm++) for (let y = 0; y < s.height; y++) for (let x = 0; x < s.width; x++) setWord(s, v, x, y, sm);
}

export { prng } from '../../helpers.js';

/** D3DCOLOR from 0..255 channels. */
export function argb(a: number, r: number, g: number, b: number): number {
  return ((a << 24) | (r << 16) | (g << 8) | b) >>> 0;
}

/** FLOAT→UNORM8 as D3D does it (reference C.5): ·255, +0.5, truncate. */
export function unorm8(v: number): number {
  const c = Math.fround(v);
  return c <= 0 ? 0 : c >= 1 ? 255 : Math.floor(c * 255 + 0.5);
}
