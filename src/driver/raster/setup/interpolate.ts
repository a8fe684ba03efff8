/**
 * Attribute interpolation shared by triangles, lines and points. A primitive
 * gives each of up to three vertices a weight at the pixel (triangles: the
 * integer edge functions, lines: 1−t and t, points: 1) and the weights'
 * screen gradients. Attributes are perspective-correct: f = Σ wᵢ·rhwᵢ·aᵢ / Σ wᵢ·rhwᵢ,
 * with analytic derivatives ∂f/∂x = (Σ ∂wᵢ/∂x·rhwᵢ·aᵢ − f·Σ ∂wᵢ/∂x·rhwᵢ) / Σ wᵢ·rhwᵢ.
 * Depth is already z/w and is interpolated linearly: z = Σ wᵢ·zᵢ / Σ wᵢ (reference E).
 * Texture coordinates reach the pixel stages as float32, like colours (Fragment)
 * and pixel shader inputs (programmable/span.ts): the sampler's 1/256 steps see
 * the float32 coordinate, as on Windows.
 *
 * A triangle's weights are its snapped edge functions, but its attribute planes
 * (rhw, depth, rhw·a) are those of the unsnapped float vertices: setup moves each
 * vertex value to the unsnapped plane's value at the snapped vertex (`moved`),
 * and a plane is the same plane in any three of its points, so interpolating the
 * moved values with the snapped weights evaluates the unsnapped plane. Windows'
 * frames show this (a LINEAR-magnified texture's 1/256 filter steps fall where
 * the unsnapped quad puts them), and llvmpipe does the same: coverage from
 * fixed-point positions, coefficients from the float ones.
 */
import { MAX_TEXCOORDS, MAX_VARYINGS } from '../types.js';
import type { ClipVertex, Fragment, ScreenVertex } from '../types.js';

/** Channels: diffuse 0–3, specular 4–7, fog 8, eye depth 9, then 4 per texture set. */
export const CH_SPECULAR = 4;
export const CH_FOG = 8;
export const CH_EYEZ = 9;
export const CH_TEX = 10;
export const MAX_CHANNELS = CH_TEX + 4 * (MAX_TEXCOORDS + MAX_VARYINGS);
/** FLAT shading interpolates from specular alpha on (reference E: specular alpha/fog still interpolated). */
const CH_FLAT_FIRST = CH_SPECULAR + 3;

/** Channel j of a vertex (see CH_*). */
export function channel(v: ClipVertex, j: number): number {
  if (j < CH_SPECULAR) return v.diffuse[j];
  if (j < CH_FOG) return v.specular[j - CH_SPECULAR];
  if (j === CH_FOG) return v.fog;
  if (j === CH_EYEZ) return v.eyeZ;
  return v.tex[j - CH_TEX] ?? 0;
}

/**
 * The plane through (vertex i, vᵢ) of the unsnapped triangle, at snapped vertex j:
 * vⱼ + (v₁ − v₀)·move[2j] + (v₂ − v₀)·move[2j + 1] (triangle.ts snapBasis). Equal
 * values stay exactly equal.
 */
function moved(v0: number, v1: number, v2: number, move: Float64Array, j: number): number {
  const v = j === 0 ? v0 : j === 1 ? v1 : v2;
  return v + (v1 - v0) * move[2 * j] + (v2 - v0) * move[2 * j + 1];
}

function clamp01(v: number): number {
  return v > 0 ? (v < 1 ? v : 1) : 0;
}

/** One primitive's interpolation constants, reused from primitive to primitive. */
export class AttributeSetup {
  /** per channel: rhw·a for the three vertices, then Σ ∂w/∂x·rhw·a and Σ ∂w/∂y·rhw·a */
  readonly coef = new Float64Array(MAX_CHANNELS * 5);
  /** gradients of the three weights, per pixel; set by the primitive before setup() */
  readonly gx = new Float64Array(3);
  readonly gy = new Float64Array(3);
  rhw0 = 1; rhw1 = 1; rhw2 = 1;
  dDx = 0; dDy = 0;
  z0 = 0; z1 = 0; z2 = 0;
  /** 1 / Σ w (constant for the primitive) */
  zNorm = 1;
  dzdx = 0; dzdy = 0;
  first = 0;
  end = CH_TEX;
  flat: ClipVertex | null = null;
  /** the primitive's vertices as given to setup() */
  v0: ClipVertex | null = null;
  v1: ClipVertex | null = null;
  v2: ClipVertex | null = null;

  /**
   * texSets: how many texture coordinate sets are interpolated (the rest stay 0); flatSets: bit s for
   * a set that FLAT shading takes from the provoking vertex (a ps_3_0 COLOR input carried as a varying)
   */
  constructor(texSets: number, readonly flatSets = 0) {
    this.end = CH_TEX + 4 * texSets;
  }

  /**
   * Constants for vertices s0..s2 whose weights sum to weightSum; `flat` is the provoking vertex under FLAT
   * shading. move: a triangle's snapBasis (the vertex values move to the unsnapped planes), or null.
   */
  setup(s0: ScreenVertex, s1: ScreenVertex, s2: ScreenVertex, weightSum: number, flat: ClipVertex | null, move: Float64Array | null = null): void {
    const { gx, gy, coef } = this;
    let r0 = s0.rhw, r1 = s1.rhw, r2 = s2.rhw;
    let z0 = s0.sz, z1 = s1.sz, z2 = s2.sz;
    if (move) {
      const m0 = moved(r0, r1, r2, move, 0), m1 = moved(r0, r1, r2, move, 1), m2 = moved(r0, r1, r2, move, 2);
      const y0 = moved(z0, z1, z2, move, 0), y1 = moved(z0, z1, z2, move, 1), y2 = moved(z0, z1, z2, move, 2);
      // a plane this steep is no evidence of anything: keep the snapped values (Σ wᵢ·rhwᵢ must stay positive)
      if (m0 > 0 && m1 > 0 && m2 > 0 && m0 < Infinity && m1 < Infinity && m2 < Infinity && Number.isFinite(y0 + y1 + y2)) {
        r0 = m0; r1 = m1; r2 = m2; z0 = y0; z1 = y1; z2 = y2;
      } else {
        move = null;
      }
    }
    this.rhw0 = r0; this.rhw1 = r1; this.rhw2 = r2;
    this.dDx = gx[0] * r0 + gx[1] * r1 + gx[2] * r2;
    this.dDy = gy[0] * r0 + gy[1] * r1 + gy[2] * r2;
    this.z0 = z0; this.z1 = z1; this.z2 = z2;
    this.zNorm = 1 / weightSum;
    this.dzdx = (gx[0] * z0 + gx[1] * z1 + gx[2] * z2) * this.zNorm;
    this.dzdy = (gy[0] * z0 + gy[1] * z1 + gy[2] * z2) * this.zNorm;
    this.flat = flat;
    this.v0 = s0.v; this.v1 = s1.v; this.v2 = s2.v;
    this.first = flat ? CH_FLAT_FIRST : 0;
    for (let j = this.first; j < this.end; j++) {
      const a0 = channel(s0.v, j), a1 = channel(s1.v, j), a2 = channel(s2.v, j);
      let c0: number, c1: number, c2: number;
      if (move === null || (a0 === a1 && a0 === a2)) {
        // equal values: rhw·a of the (moved) rhw, one rounding per vertex as span/constant.ts relies on
        c0 = r0 * a0; c1 = r1 * a1; c2 = r2 * a2;
      } else {
        const p0 = s0.rhw * a0, p1 = s1.rhw * a1, p2 = s2.rhw * a2;
        c0 = moved(p0, p1, p2, move, 0); c1 = moved(p0, p1, p2, move, 1); c2 = moved(p0, p1, p2, move, 2);
      }
      const k = j * 5;
      coef[k] = c0; coef[k + 1] = c1; coef[k + 2] = c2;
      coef[k + 3] = gx[0] * c0 + gx[1] * c1 + gx[2] * c2;
      coef[k + 4] = gy[0] * c0 + gy[1] * c1 + gy[2] * c2;
    }
  }

  /** Σ wᵢ·rhwᵢ: positive wherever the weights describe a point of the primitive. */
  denominator(w0: number, w1: number, w2: number): number {
    return w0 * this.rhw0 + w1 * this.rhw1 + w2 * this.rhw2;
  }

  /** Writes depth, colours, fog, eye depth and texture coordinates (with derivatives) at weights w. */
  shade(f: Fragment, w0: number, w1: number, w2: number): void {
    f.interp = this; f.w0 = w0; f.w1 = w1; f.w2 = w2;
    this.shadeAt(f, w0, w1, w2);
  }

  /** shade() without noting the weights on the fragment (a pixel shader's helper pixels). */
  shadeAt(f: Fragment, w0: number, w1: number, w2: number): void {
    f.z = clamp01((w0 * this.z0 + w1 * this.z1 + w2 * this.z2) * this.zNorm);
    const inv = 1 / this.denominator(w0, w1, w2);
    const c = this.coef;
    if (this.flat) this.writeFlat(f);
    for (let j = this.first; j < CH_TEX; j++) {
      const k = j * 5;
      const v = (w0 * c[k] + w1 * c[k + 1] + w2 * c[k + 2]) * inv;
      if (j < CH_SPECULAR) f.diffuse[j] = clamp01(v);
      else if (j < CH_FOG) f.specular[j - CH_SPECULAR] = clamp01(v);
      else if (j === CH_FOG) f.fog = clamp01(v);
      else f.eyeZ = v;
    }
    const { dDx, dDy, end } = this;
    for (let j = CH_TEX, t = 0; j < end; j++, t++) {
      const k = j * 5;
      // float32, as colours and a pixel shader's inputs arrive (span/tex-coords.ts and rgba8-texture.ts round alike)
      const v = Math.fround((w0 * c[k] + w1 * c[k + 1] + w2 * c[k + 2]) * inv);
      f.tex[t] = v;
      f.texDx[t] = (c[k + 3] - v * dDx) * inv;
      f.texDy[t] = (c[k + 4] - v * dDy) * inv;
    }
    if (this.flat && this.flatSets !== 0) this.writeFlatSets(f);
  }

  /** FLAT sets: the provoking vertex's values, constant over the primitive. */
  private writeFlatSets(f: Fragment): void {
    const v = this.flat as ClipVertex;
    for (let t = 0; CH_TEX + 4 * t < this.end; t++) {
      if ((this.flatSets & (1 << t)) === 0) continue;
      for (let c = 4 * t; c < 4 * t + 4; c++) { f.tex[c] = v.tex[c]; f.texDx[c] = 0; f.texDy[c] = 0; }
    }
  }

  private writeFlat(f: Fragment): void {
    const v = this.flat as ClipVertex;
    for (let i = 0; i < 4; i++) f.diffuse[i] = clamp01(v.diffuse[i]);
    for (let i = 0; i < 3; i++) f.specular[i] = clamp01(v.specular[i]);
  }
}
