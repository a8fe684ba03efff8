/** Helpers of the vertex-stage tests: a default RasterState, packed vertices, matrices. */
import {
  D3DRS,
  float32Bits,
  renderStateDefault,
  RENDER_STATES,
  textureStageDefault,
  TEXTURE_STAGE_STATES,
} from '../../../src/d3d9/index.js';
import type { ColorValue, LightState, MaterialState, Mat4, RasterState, StreamView } from '../../../src/driver/raster/types.js';

export function identity(): Mat4 {
  return Float64Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);
}

export function translation(x: number, y: number, z: number): Mat4 {
  return Float64Array.of(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1);
}

export function scaling(x: number, y: number, z: number): Mat4 {
  return Float64Array.of(x, 0, 0, 0, 0, y, 0, 0, 0, 0, z, 0, 0, 0, 0, 1);
}

/** Rotation about +y by `deg` degrees, as D3DXMatrixRotationY (row vectors). */
export function rotationY(deg: number): Mat4 {
  const a = (deg * Math.PI) / 180;
  const c = Math.cos(a), s = Math.sin(a);
  return Float64Array.of(c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, 0, 0, 0, 1);
}

/** A matrix from its 16 entries _11 … _44. */
export function matrix(...m: number[]): Mat4 {
  return Float64Array.from(m);
}

export function color(r: number, g: number, b: number, a: number): ColorValue {
  return { r, g, b, a };
}

const BLACK = color(0, 0, 0, 0);

export function material(init: Partial<MaterialState> = {}): MaterialState {
  return { diffuse: color(1, 1, 1, 1), ambient: BLACK, specular: BLACK, emissive: BLACK, power: 0, ...init };
}

export function light(init: Partial<LightState> & { type: number }): LightState {
  return {
    diffuse: BLACK, specular: BLACK, ambient: BLACK,
    position: { x: 0, y: 0, z: 0 }, direction: { x: 0, y: 0, z: 1 },
    range: 1000, falloff: 1, attenuation0: 1, attenuation1: 0, attenuation2: 0, theta: 0, phi: 0,
    ...init,
  };
}

export interface StateInit extends Partial<Omit<RasterState, 'renderStates' | 'stageStates'>> {
  /** render states to set, D3DRS id → DWORD */
  rs?: Record<number, number>;
  /** [stage, D3DTSS id, DWORD] */
  tss?: readonly (readonly [number, number, number])[];
  fvf: number;
}

/** A RasterState with every documented default (auto depth-stencil), LIGHTING off unless `rs` says so. */
export function makeState(init: StateInit): RasterState {
  const renderStates = new Uint32Array(256);
  for (const id of RENDER_STATES.keys()) renderStates[id] = renderStateDefault(id, { autoDepthStencil: true }) ?? 0;
  renderStates[D3DRS.LIGHTING] = 0;
  for (const [id, v] of Object.entries(init.rs ?? {})) renderStates[Number(id)] = v >>> 0;
  const stageStates = Array.from({ length: 8 }, (_, s) => {
    const a = new Uint32Array(33);
    for (const id of TEXTURE_STAGE_STATES.keys()) a[id] = textureStageDefault(s, id) ?? 0;
    return a;
  });
  for (const [s, id, v] of init.tss ?? []) stageStates[s][id] = v >>> 0;
  const { rs: _rs, tss: _tss, ...rest } = init;
  void _rs;
  void _tss;
  return {
    renderStates, stageStates,
    samplerStates: Array.from({ length: 16 }, () => new Uint32Array(14)),
    textures: [], world: identity(), view: identity(), projection: identity(),
    textureTransforms: Array.from({ length: 8 }, identity),
    viewport: { x: 0, y: 0, width: 64, height: 64, minZ: 0, maxZ: 1 },
    scissor: { left: 0, top: 0, right: 64, bottom: 64 },
    material: material(), lights: [], renderTargets: [], depthStencil: null,
    clipTransformedVertices: false, maxPointSize: 256,
    ...rest,
  };
}

/** A D3DCOLOR field (u32) in a packed vertex. */
export interface Dword { dword: number }
export function dw(v: number): Dword {
  return { dword: v >>> 0 };
}

/** Packs vertices: numbers as float32, dw() values as uint32, little-endian. */
export function pack(vertices: readonly (readonly (number | Dword)[])[]): Uint8Array {
  const count = vertices.reduce((n, v) => n + v.length, 0);
  const bytes = new Uint8Array(count * 4);
  const view = new DataView(bytes.buffer);
  let o = 0;
  for (const v of vertices) {
    for (const f of v) {
      if (typeof f === 'number') view.setFloat32(o, f, true);
      else view.setUint32(o, f.dword, true);
      o += 4;
    }
  }
  return bytes;
}

/** A stream over packed vertices, stride = the first vertex's size. */
export function stream(vertices: readonly (readonly (number | Dword)[])[]): StreamView {
  return { data: pack(vertices), offset: 0, stride: vertices[0].length * 4 };
}

export const f = float32Bits;
