/**
 * Random draws for the span fast-path tests: states, surfaces with random
 * contents, textures and triangles from a seeded PRNG, drawn once through the
 * chosen paths and once through the generic ones on copies of the surfaces.
 */
import { D3DFMT, D3DPT, D3DRS, D3DSAMP, float32Bits, renderStateDefault, textureStageDefault } from '../../../src/d3d9/index.js';
import { formatInfo, pitchOf } from '../../../src/formats/index.js';
import { drawVertices, stageSampler } from '../../../src/driver/raster/draw.js';
import { choosePixelPaths, createPixelStages, GENERIC_PATHS, pipelineOf } from '../../../src/driver/raster/pixel/index.js';
import { rasterizePrimitives } from '../../../src/driver/raster/setup/index.js';
import { chooseSpanPath, createSpanPath } from '../../../src/driver/raster/span/index.js';
import type { SpanPath } from '../../../src/driver/raster/span/index.js';
import type { DepthStencilSpan } from '../../../src/driver/raster/span/depth-stencil.js';
import { NO_FILL } from '../../../src/driver/raster/span/types.js';
import type { ClipVertex, RasterState, TextureView } from '../../../src/driver/raster/types.js';
import type { SurfaceView } from '../../../src/driver/surface-view.js';

export const F = D3DFMT;
export type Rand = () => number;

import { prng } from '../../helpers.js';

export { prng };

export const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
export const int = (r: Rand, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));
export const chance = (r: Rand, p: number): boolean => r() < p;
export const u32 = (r: Rand): number => Math.floor(r() * 2 ** 32);

/**
 * A surface of `format` filled with random bytes (offset: start the data that
 * many bytes into its buffer; pad: bytes added to each row's pitch).
 */
export function randomSurface(r: Rand, format: number, width: number, height: number, offset = 0, pad = 0): SurfaceView {
  const f = formatInfo(format)!;
  const pitch = pitchOf(f, width) + pad;
  const buffer = new Uint8Array(pitch * height + offset);
  for (let i = 0; i < buffer.length; i++) buffer[i] = int(r, 0, 255);
  return { format: f, width, height, pitch, samples: 1, data: buffer.subarray(offset) };
}

const IDENTITY = Float64Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);

export interface StateInit {
  width?: number;
  height?: number;
  rt?: SurfaceView | null;
  ds?: SurfaceView | null;
  rs?: Partial<Record<keyof typeof D3DRS, number>>;
  /** per stage: D3DTSS id → value */
  stages?: Record<number, Record<number, number>>;
  texture?: TextureView | null;
  sampler?: Partial<Record<keyof typeof D3DSAMP, number>>;
  viewport?: Partial<RasterState['viewport']>;
  scissor?: RasterState['scissor'];
}

/** A RasterState with D3D9's defaults (an auto depth-stencil device: ZENABLE TRUE), then `init`. */
export function makeState(init: StateInit = {}): RasterState {
  const width = init.width ?? init.rt?.width ?? 24, height = init.height ?? init.rt?.height ?? 18;
  const renderStates = new Uint32Array(256);
  for (let id = 0; id < 256; id++) renderStates[id] = renderStateDefault(id, { autoDepthStencil: true }) ?? 0;
  for (const [k, v] of Object.entries(init.rs ?? {})) renderStates[D3DRS[k as keyof typeof D3DRS]] = v! >>> 0;
  const stageStates = Array.from({ length: 8 }, (_, s) => {
    const a = new Uint32Array(33);
    for (let id = 0; id < 33; id++) a[id] = textureStageDefault(s, id) ?? 0;
    for (const [id, v] of Object.entries(init.stages?.[s] ?? {})) a[Number(id)] = v >>> 0;
    return a;
  });
  const samplerStates = Array.from({ length: 16 }, () => {
    const a = new Uint32Array(14);
    a[D3DSAMP.ADDRESSU] = a[D3DSAMP.ADDRESSV] = a[D3DSAMP.ADDRESSW] = 1;
    a[D3DSAMP.MAGFILTER] = a[D3DSAMP.MINFILTER] = 1;
    a[D3DSAMP.MAXANISOTROPY] = 1;
    return a;
  });
  for (const [k, v] of Object.entries(init.sampler ?? {})) samplerStates[0][D3DSAMP[k as keyof typeof D3DSAMP]] = v! >>> 0;
  const black = { r: 0, g: 0, b: 0, a: 0 };
  return {
    renderStates, samplerStates, stageStates,
    textures: [init.texture ?? null, null, null, null, null, null, null, null],
    world: IDENTITY, view: IDENTITY, projection: IDENTITY,
    textureTransforms: Array.from({ length: 8 }, () => IDENTITY),
    viewport: { x: 0, y: 0, width, height, minZ: 0, maxZ: 1, ...init.viewport },
    scissor: init.scissor ?? { left: 0, top: 0, right: width, bottom: height },
    fvf: 0,
    material: { diffuse: black, ambient: black, specular: black, emissive: black, power: 0 },
    lights: [],
    renderTargets: [init.rt === undefined ? randomSurface(prng(1), F.A8R8G8B8, width, height) : init.rt, null, null, null],
    depthStencil: init.ds ?? null,
    clipTransformedVertices: true,
    maxPointSize: 64,
  };
}

export { float32Bits };

export interface VertexInit {
  diffuse?: number[];
  specular?: number[];
  /** texture set 0: u, v */
  uv?: [number, number];
}

/** A ClipVertex: pretransformed (x, y screen pixels, z depth, w = 1/rhw) or clip space. */
export function vertex(x: number, y: number, z: number, w: number, pretransformed: boolean, o: VertexInit = {}): ClipVertex {
  const tex = new Float64Array(32);
  for (let s = 0; s < 8; s++) tex[4 * s + 3] = 1;
  if (o.uv) tex.set(o.uv, 0);
  return {
    x, y, z, w, pretransformed,
    diffuse: (o.diffuse ?? [1, 1, 1, 1]) as [number, number, number, number],
    specular: (o.specular ?? [0, 0, 0, 0]) as [number, number, number, number],
    fog: 1, pointSize: 1, tex, eyeZ: 0,
  };
}

/** A copy of the state over copies of its render target and depth-stencil surfaces. */
export function copyState(st: RasterState): RasterState {
  const copy = (s: SurfaceView | null): SurfaceView | null => (s ? { ...s, data: s.data.slice() } : null);
  return { ...st, renderTargets: [copy(st.renderTargets[0] ?? null), null, null, null], depthStencil: copy(st.depthStencil) };
}

/** The generic reference: every pixel through a Fragment, every pixel stage on its generic path. */
export function drawGeneric(st: RasterState, verts: readonly ClipVertex[]): void {
  drawVertices(st, D3DPT.TRIANGLELIST, verts, null, verts.length / 3, { spanPath: 'generic', pixelPaths: GENERIC_PATHS });
}

/**
 * Draws through the chosen paths (as drawVertices does), recording for each
 * triangle which span fill took it (its class name, 'per-pixel' for none) and,
 * in `forms`, which depth-stencil loop its spans ran (DepthStencilSpan.formName).
 */
export function drawChosen(st: RasterState, verts: readonly ClipVertex[], fills: Set<string>, forms?: Set<string>): void {
  const stages = createPixelStages(st, stageSampler(st), choosePixelPaths(st));
  const path = createSpanPath(chooseSpanPath(st), st, stages);
  const spy: SpanPath = {
    name: path.name,
    triangle: (attr, front, bias) => {
      const fill = path.triangle(attr, front, bias);
      fills.add(fill ? `${path.name}:${fill.constructor.name}` : `${path.name}:per-pixel`);
      // the depth-stencil loop the spans run (the colour and textured paths keep theirs in `ds`)
      const ds = (path as unknown as { ds?: DepthStencilSpan | null }).ds;
      if (forms && fill && fill !== NO_FILL && ds) forms.add(ds.formName);
      return fill;
    },
  };
  rasterizePrimitives(st, D3DPT.TRIANGLELIST, verts, null, verts.length / 3, pipelineOf(st, stages), spy);
}

/** Do the two states' surfaces hold the same bytes? A message naming the first difference, or undefined. */
export function firstDifference(a: RasterState, b: RasterState): string | undefined {
  const pairs: [string, SurfaceView | null | undefined, SurfaceView | null | undefined][] = [
    ['render target', a.renderTargets[0], b.renderTargets[0]], ['depth-stencil', a.depthStencil, b.depthStencil],
  ];
  for (const [name, x, y] of pairs) {
    if (!x || !y) continue;
    for (let i = 0; i < x.data.length; i++) {
      if (x.data[i] !== y.data[i]) {
        const px = Math.floor((i % x.pitch) / x.format.blockBytes), py = Math.floor(i / x.pitch);
        return `${name} byte ${i} (pixel ${px},${py}): fast ${x.data[i]}, generic ${y.data[i]}`;
      }
    }
  }
  return undefined;
}
