/**
 * Attribute interpolation shared by triangles, lines and points. A primitive
 * gives each of up to three vertices a weight at the pixel (triangles: the
 * integer edge functions, lines: 1−t and t, points: 1) and the weights'
 * screen gradients. Attributes are perspective-correct: f = Σ wᵢ·rhwᵢ·aᵢ / Σ wᵢ·rhwᵢ,
 * with analytic derivatives ∂f/∂x = (Σ ∂wᵢ/∂x·rhwᵢ·aᵢ − f·Σ ∂wᵢ/∂x·rhwᵢ) / Σ wᵢ·rhwᵢ.
 * Depth is already z/w and is interpolated linearly: z = Σ wᵢ·zᵢ / Σ wᵢ (reference E).
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

  /** Constants for vertices s0..s2 whose weights sum to weightSum; `flat` is the provoking vertex under FLAT shading. */
  setup(s0: ScreenVertex, s1: ScreenVertex, s2: ScreenVertex, weightSum: number, flat: ClipVertex | null): void {
    const { gx, gy, coef } = this;
    this.rhw0 = s0.rhw; this.rhw1 = s1.rhw; this.rhw2 = s2.rhw;
    this.dDx = gx[0] * s0.rhw + gx[1] * s1.rhw + gx[2] * s2.rhw;
    this.dDy = gy[0] * s0.rhw + gy[1] * s1.rhw + gy[2] * s2.rhw;
    this.z0 = s0.sz; this.z1 = s1.sz; this.z2 = s2.sz;
    this.zNorm = 1 / weightSum;
    this.dzdx = (gx[0] * s0.sz + gx[1] * s1.sz + gx[2] * s2.sz) * this.zNorm;
    this.dzdy = (gy[0] * s0.sz + gy[1] * s1.sz + gy[2] * s2.sz) * this.zNorm;
    this.flat = flat;
    this.v0 = s0.v; this.v1 = s1.v; this.v2 = s2.v;
    this.first = flat ? CH_FLAT_FIRST : 0;
    for (let j = this.first; j < this.end; j++) {
      const c0 = s0.rhw * channel(s0.v, j);
      const c1 = s1.rhw * channel(s1.v, j);
      const c2 = s2.rhw * channel(s2.v, j);
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
      const v = (w0 * c[k] + w1 * c[k + 1] + w2 * c[k + 2]) * inv;
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
