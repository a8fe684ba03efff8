/**
 * Fixed-function vertex lighting, in camera space ("Mathematics of Lighting" and
 * its pages: Ambient, Diffuse, Specular, Emissive, "Attenuation and Spotlight Factor"):
 *
 *   diffuse.rgb  = Ca·(Ga + Σ La·Atten·Spot) + Cd·Σ Ld·(N·L)·Atten·Spot + Ce,  diffuse.a = Cd.a
 *   specular     = Cs·Σ Ls·(N·H)^P·Atten·Spot   (only with SPECULARENABLE)
 *
 * each clamped to [0, 1]. Light positions and directions are world space (as
 * SetLight takes them) and go through the view matrix here. Choices where the
 * docs are silent follow Wine and DXVK, which agree: N·L and N·H are clamped to
 * [0, 1]; a light adds specular only where N·L > 0 and N·H > 0; the specular
 * alpha is Cs.a·Σ Ls.a·(N·H)^P·Atten·Spot (the lit specular carries no fog: the
 * fog factor is taken from the vertex, tnl.ts).
 */
import { D3DLIGHT, D3DMCS, D3DRS } from '../../../d3d9/index.js';
import type { ColorValue, LightState, RasterState } from '../types.js';
import type { FetchedVertex, VertexLayout } from './fetch.js';
import { d3dColorToFloats } from './fetch.js';
import { normalize3, transform4 } from './mat.js';

/** Largest float32: DXVK's cap on 1/attenuation when the denominator is 0. */
const FLT_MAX = 3.4028234663852886e38;

/** A light in camera space with the per-draw constants of its formulas. */
export interface PreparedLight {
  readonly type: number;
  readonly diffuse: Float64Array;
  readonly specular: Float64Array;
  readonly ambient: Float64Array;
  /** camera-space position (point, spot) */
  readonly position: Float64Array;
  /** camera-space unit vector the light shines along (spot, directional) */
  readonly direction: Float64Array;
  readonly range: number;
  readonly att0: number;
  readonly att1: number;
  readonly att2: number;
  /** cos(Theta/2), cos(Phi/2), Falloff */
  readonly cosTheta: number;
  readonly cosPhi: number;
  readonly falloff: number;
}

/** Where a material colour comes from for every vertex of the draw. */
export const ColorSource = { Material: 0, VertexDiffuse: 1, VertexSpecular: 2 } as const;
export type ColorSource = (typeof ColorSource)[keyof typeof ColorSource];

export interface LightingSetup {
  readonly lights: readonly PreparedLight[];
  /** D3DRS_AMBIENT as floats */
  readonly globalAmbient: Float64Array;
  readonly specularEnable: boolean;
  readonly localViewer: boolean;
  readonly diffuseSource: ColorSource;
  readonly ambientSource: ColorSource;
  readonly specularSource: ColorSource;
  readonly emissiveSource: ColorSource;
  /** material diffuse, ambient, specular, emissive */
  readonly material: readonly [Float64Array, Float64Array, Float64Array, Float64Array];
  readonly power: number;
  /** per-vertex sums: ambient rgb, diffuse rgb, specular rgba (scratch) */
  readonly acc: Float64Array;
  /** unit vector from the vertex to the light (scratch) */
  readonly toLight: Float64Array;
  readonly half: Float64Array;
}

function colorArray(c: ColorValue): Float64Array {
  return Float64Array.of(c.r, c.g, c.b, c.a);
}

function prepareLight(l: LightState, view: Float64Array): PreparedLight {
  const position = new Float64Array(4);
  transform4(l.position.x, l.position.y, l.position.z, 1, view, position);
  const direction = new Float64Array(4);
  transform4(l.direction.x, l.direction.y, l.direction.z, 0, view, direction);
  normalize3(direction);
  return {
    type: l.type, diffuse: colorArray(l.diffuse), specular: colorArray(l.specular), ambient: colorArray(l.ambient),
    position, direction, range: l.range, att0: l.attenuation0, att1: l.attenuation1, att2: l.attenuation2,
    cosTheta: Math.cos(l.theta / 2), cosPhi: Math.cos(l.phi / 2), falloff: l.falloff,
  };
}

/**
 * A D3DMCS_* state as the colour source used: COLOR1/COLOR2 only with COLORVERTEX
 * and when the vertex has that colour, else the material ("Specular Lighting": "If
 * either specular material source option is used and the vertex color is not
 * provided, then the material specular color is used"; Wine does the same for all four).
 */
function resolveSource(state: RasterState, rs: number, layout: VertexLayout): ColorSource {
  if (state.renderStates[D3DRS.COLORVERTEX] === 0) return ColorSource.Material;
  const src = state.renderStates[rs];
  if (src === D3DMCS.COLOR1 && layout.diffuse >= 0) return ColorSource.VertexDiffuse;
  if (src === D3DMCS.COLOR2 && layout.specular >= 0) return ColorSource.VertexSpecular;
  return ColorSource.Material;
}

/** Everything lighting needs, built once per draw. */
export function prepareLighting(state: RasterState, layout: VertexLayout): LightingSetup {
  const rs = state.renderStates;
  const globalAmbient = new Float64Array(4);
  d3dColorToFloats(rs[D3DRS.AMBIENT], globalAmbient);
  const m = state.material;
  return {
    lights: state.lights.map((l) => prepareLight(l, state.view)),
    globalAmbient,
    specularEnable: rs[D3DRS.SPECULARENABLE] !== 0,
    localViewer: rs[D3DRS.LOCALVIEWER] !== 0,
    diffuseSource: resolveSource(state, D3DRS.DIFFUSEMATERIALSOURCE, layout),
    ambientSource: resolveSource(state, D3DRS.AMBIENTMATERIALSOURCE, layout),
    specularSource: resolveSource(state, D3DRS.SPECULARMATERIALSOURCE, layout),
    emissiveSource: resolveSource(state, D3DRS.EMISSIVEMATERIALSOURCE, layout),
    material: [colorArray(m.diffuse), colorArray(m.ambient), colorArray(m.specular), colorArray(m.emissive)],
    power: m.power,
    acc: new Float64Array(10),
    toLight: new Float64Array(3),
    half: new Float64Array(3),
  };
}

function clamp01(v: number): number {
  return v > 0 ? (v < 1 ? v : 1) : 0;
}

/** The spotlight factor for rho = cos of the angle between the light's axis and the light→vertex ray. */
export function spotFactor(l: PreparedLight, rho: number): number {
  if (rho > l.cosTheta) return 1;
  if (rho <= l.cosPhi) return 0;
  return Math.pow((rho - l.cosPhi) / (l.cosTheta - l.cosPhi), l.falloff);
}

/**
 * Atten·Spot of light l at camera-space point (px, py, pz), and s.toLight = the
 * unit vector to the light. 0 beyond Range (point and spot lights).
 */
function attenuation(s: LightingSetup, l: PreparedLight, px: number, py: number, pz: number): number {
  const L = s.toLight;
  if (l.type === D3DLIGHT.DIRECTIONAL) {
    L[0] = -l.direction[0];
    L[1] = -l.direction[1];
    L[2] = -l.direction[2];
    return 1;
  }
  L[0] = l.position[0] - px;
  L[1] = l.position[1] - py;
  L[2] = l.position[2] - pz;
  const d = Math.sqrt(L[0] * L[0] + L[1] * L[1] + L[2] * L[2]);
  if (d > l.range) return 0;
  normalize3(L);
  const den = l.att0 + l.att1 * d + l.att2 * d * d;
  let att = den === 0 ? FLT_MAX : Math.min(1 / den, FLT_MAX);
  if (l.type === D3DLIGHT.SPOT) {
    const rho = -(L[0] * l.direction[0] + L[1] * l.direction[1] + L[2] * l.direction[2]);
    att *= spotFactor(l, rho);
  }
  return att;
}

/** (N·H) for the halfway vector: H = norm(L + V), V = norm(−P) with LOCALVIEWER, else (0, 0, −1). */
function normalDotHalf(s: LightingSetup, eye: Float64Array, n: Float64Array): number {
  const L = s.toLight;
  const H = s.half;
  if (s.localViewer) {
    const len = Math.sqrt(eye[0] * eye[0] + eye[1] * eye[1] + eye[2] * eye[2]);
    const k = len === 0 ? 0 : -1 / len;
    H[0] = L[0] + eye[0] * k;
    H[1] = L[1] + eye[1] * k;
    H[2] = L[2] + eye[2] * k;
  } else {
    // The camera looks down +z, so the viewer is at −z (DX8 docs, Wine, DXVK; the D3D9 page's (0,0,1) is a typo).
    H[0] = L[0];
    H[1] = L[1];
    H[2] = L[2] - 1;
  }
  normalize3(H);
  return clamp01(n[0] * H[0] + n[1] * H[1] + n[2] * H[2]);
}

/** Adds light l's ambient, diffuse and specular terms at one vertex to s.acc. */
function accumulateLight(s: LightingSetup, l: PreparedLight, eye: Float64Array, n: Float64Array): void {
  const att = attenuation(s, l, eye[0], eye[1], eye[2]);
  if (att === 0) return;
  const acc = s.acc;
  for (let c = 0; c < 3; c++) acc[c] += l.ambient[c] * att;
  const L = s.toLight;
  const ndotl = clamp01(n[0] * L[0] + n[1] * L[1] + n[2] * L[2]);
  if (ndotl === 0) return;
  for (let c = 0; c < 3; c++) acc[3 + c] += l.diffuse[c] * ndotl * att;
  if (!s.specularEnable) return;
  const ndoth = normalDotHalf(s, eye, n);
  if (ndoth === 0) return;
  const k = Math.pow(ndoth, s.power) * att;
  for (let c = 0; c < 4; c++) acc[6 + c] += l.specular[c] * k;
}

function pick(s: LightingSetup, src: ColorSource, materialIndex: number, v: FetchedVertex): Float64Array {
  if (src === ColorSource.VertexDiffuse) return v.diffuse;
  if (src === ColorSource.VertexSpecular) return v.specular;
  return s.material[materialIndex];
}

/**
 * Lights one vertex: `eye` is its camera-space position (xyz), `n` its camera-space
 * normal (zero without NORMAL: only ambient and emissive remain). Writes the clamped
 * diffuse and specular colours.
 */
export function lightVertex(s: LightingSetup, eye: Float64Array, n: Float64Array, v: FetchedVertex,
  diffuse: number[], specular: number[]): void {
  const acc = s.acc;
  acc.fill(0);
  for (const l of s.lights) accumulateLight(s, l, eye, n);
  const cd = pick(s, s.diffuseSource, 0, v);
  const ca = pick(s, s.ambientSource, 1, v);
  const ce = pick(s, s.emissiveSource, 3, v);
  const ga = s.globalAmbient;
  for (let c = 0; c < 3; c++) diffuse[c] = clamp01(ca[c] * (ga[c] + acc[c]) + cd[c] * acc[3 + c] + ce[c]);
  diffuse[3] = clamp01(cd[3]);
  if (!s.specularEnable) {
    // "no specular highlights will be calculated" (D3DMATERIAL9 remarks)
    specular[0] = specular[1] = specular[2] = specular[3] = 0;
    return;
  }
  const cs = pick(s, s.specularSource, 2, v);
  for (let c = 0; c < 4; c++) specular[c] = clamp01(cs[c] * acc[6 + c]);
}
