/** Building RasterStates and vertices for the setup/rasterizer tests, and capturing fragments. */
import { D3DFMT, D3DRS, float32Bits, renderStateDefault, textureStageDefault } from '../../../src/d3d9/index.js';
import { formatInfo } from '../../../src/formats/index.js';
import { rasterizePrimitives } from '../../../src/driver/raster/setup/index.js';
import type { ClipVertex, Fragment, RasterState } from '../../../src/driver/raster/types.js';
import type { SurfaceView } from '../../../src/driver/surface-view.js';

const IDENTITY = Float64Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);

export function renderTarget(width: number, height: number, samples = 1): SurfaceView {
  const format = formatInfo(D3DFMT.A8R8G8B8);
  if (!format) throw new Error('A8R8G8B8 missing from the format table');
  return { format, width, height, pitch: width * 4, samples, data: new Uint8Array(width * height * 4 * samples) };
}

export interface StateOptions {
  width?: number;
  height?: number;
  samples?: number;
  viewport?: Partial<RasterState['viewport']>;
  scissor?: RasterState['scissor'];
  clipTransformedVertices?: boolean;
  /** render states by D3DRS id; numbers as DWORDs (use float32Bits for float states) */
  rs?: Record<number, number>;
}

/** A RasterState with D3D9's documented defaults on a width×height A8R8G8B8 target. */
export function makeState(o: StateOptions = {}): RasterState {
  const width = o.width ?? 16, height = o.height ?? 16;
  const renderStates = new Uint32Array(256);
  for (let id = 0; id < 256; id++) renderStates[id] = renderStateDefault(id, { autoDepthStencil: false }) ?? 0;
  for (const [id, v] of Object.entries(o.rs ?? {})) renderStates[Number(id)] = v >>> 0;
  const stageStates = Array.from({ length: 8 }, (_, s) => {
    const a = new Uint32Array(33);
    for (let id = 0; id < 33; id++) a[id] = textureStageDefault(s, id) ?? 0;
    return a;
  });
  return {
    renderStates,
    samplerStates: Array.from({ length: 16 }, () => new Uint32Array(14)),
    stageStates,
    textures: [],
    world: IDENTITY, view: IDENTITY, projection: IDENTITY,
    textureTransforms: Array.from({ length: 8 }, () => IDENTITY),
    viewport: { x: 0, y: 0, width, height, minZ: 0, maxZ: 1, ...o.viewport },
    scissor: o.scissor ?? { left: 0, top: 0, right: width, bottom: height },
    fvf: 0,
    material: {
      diffuse: { r: 1, g: 1, b: 1, a: 1 }, ambient: { r: 0, g: 0, b: 0, a: 0 },
      specular: { r: 0, g: 0, b: 0, a: 0 }, emissive: { r: 0, g: 0, b: 0, a: 0 }, power: 0,
    },
    lights: [],
    renderTargets: [renderTarget(width, height, o.samples ?? 1)],
    depthStencil: null,
    clipTransformedVertices: o.clipTransformedVertices ?? true,
    maxPointSize: 256,
  };
}

export interface VertexOptions {
  diffuse?: [number, number, number, number];
  specular?: [number, number, number, number];
  fog?: number;
  pointSize?: number;
  /** texture set 0 (u, v, s, q) */
  tex0?: [number, number, number, number];
  eyeZ?: number;
}

function vertex(x: number, y: number, z: number, w: number, pretransformed: boolean, o: VertexOptions): ClipVertex {
  const tex = new Float64Array(32);
  for (let s = 0; s < 8; s++) tex[4 * s + 3] = 1;
  if (o.tex0) tex.set(o.tex0, 0);
  return {
    x, y, z, w, pretransformed,
    diffuse: o.diffuse ?? [1, 1, 1, 1], specular: o.specular ?? [0, 0, 0, 0],
    fog: o.fog ?? 1, pointSize: o.pointSize ?? 1, tex, eyeZ: o.eyeZ ?? 0,
  };
}

/** An XYZRHW vertex: screen pixels, depth z, and rhw. */
export function tl(x: number, y: number, z = 0.5, rhw = 1, o: VertexOptions = {}): ClipVertex {
  return vertex(x, y, z, 1 / rhw, true, o);
}

/** A transformed (clip-space) vertex. */
export function clip(x: number, y: number, z: number, w: number, o: VertexOptions = {}): ClipVertex {
  return vertex(x, y, z, w, false, o);
}

/** A copy of what one fragment carried (the rasterizer reuses its Fragment). */
export interface Captured {
  x: number; y: number; z: number; bias: number; front: boolean; triangle: boolean;
  diffuse: number[]; specular: number[]; fog: number; eyeZ: number; coverage: number;
  tex: number[]; texDx: number[]; texDy: number[];
}

export function capture(f: Fragment): Captured {
  return {
    x: f.x, y: f.y, z: f.z, bias: f.bias, front: f.front, triangle: f.triangle,
    diffuse: [...f.diffuse], specular: [...f.specular], fog: f.fog, eyeZ: f.eyeZ, coverage: f.coverage,
    tex: [...f.tex.subarray(0, 4)], texDx: [...f.texDx.subarray(0, 4)], texDy: [...f.texDy.subarray(0, 4)],
  };
}

export function draw(state: RasterState, type: number, verts: ClipVertex[], count: number, indices: number[] | null = null): Captured[] {
  const out: Captured[] = [];
  rasterizePrimitives(state, type, verts, indices, count, (f) => out.push(capture(f)));
  return out;
}

/** "x,y" of every fragment, in emission order. */
export function keys(frags: readonly { x: number; y: number }[]): string[] {
  return frags.map((f) => `${f.x},${f.y}`);
}

/** The pixels of an inclusive box as sorted "x,y" keys. */
export function box(x0: number, y0: number, x1: number, y1: number): string[] {
  const out: string[] = [];
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) out.push(`${x},${y}`);
  return out.sort();
}

export function sorted(frags: readonly { x: number; y: number }[]): string[] {
  return keys(frags).sort();
}

export { D3DRS, float32Bits };

export { prng as rng } from '../../helpers.js';
