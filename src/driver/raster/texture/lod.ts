/**
 * Level of detail and mip selection ("Texture Filtering", "Mipmap filtering";
 * D3D11.3 §7.18.11): which level(s) a sample reads, with which filter, and the
 * blend weight between two levels.
 */
import { D3DTEXF } from '../../../d3d9/index.js';

const { NONE, POINT, LINEAR } = D3DTEXF;

/** Steps of the mip blend weight: 2^D3D11_MIP_LOD_FRACTIONAL_BIT_COUNT. */
export const MIP_FRACTION_STEPS = 256;

/**
 * λ = log2 of the longer screen-space step in texels, each step measured with
 * the Euclidean norm (the D3D11.3 spec's isotropic LOD): derivatives already
 * scaled by the level-0 size. A zero footprint gives −∞ (magnification).
 */
export function lodOf(dsdx: number, dtdx: number, dsdy: number, dtdy: number): number {
  const x2 = dsdx * dsdx + dtdx * dtdx;
  const y2 = dsdy * dsdy + dtdy * dtdy;
  return 0.5 * Math.log2(x2 > y2 ? x2 : y2);
}

/** The sampler states mip selection needs, decoded once per draw. */
export interface MipSettings {
  /** MAGFILTER / MINFILTER is LINEAR (ANISOTROPIC and the others read as LINEAR) */
  magLinear: boolean;
  minLinear: boolean;
  /** D3DTEXF value of MIPFILTER: NONE, POINT or LINEAR (others read as LINEAR) */
  mip: number;
  /** MIPMAPLODBIAS as a float (NaN read as 0) */
  bias: number;
  /** MAXMIPLEVEL clamped to the last level: the largest level used */
  maxMip: number;
  /** index of the smallest level */
  last: number;
}

/** Where a sample reads: `level` with weight 1 − weight, `next` with `weight` (0 unless trilinear; a multiple of 1/256). */
export interface MipPlan {
  /** λ (before bias) the levels are chosen for: chooseLevels's input */
  lambda: number;
  linear: boolean;
  level: number;
  next: number;
  weight: number;
}

/** MAG/MINFILTER: POINT (and the invalid NONE) point-sample; LINEAR and above filter bilinearly. */
export function isLinearFilter(raw: number): boolean {
  return raw >= LINEAR;
}

/** MIPFILTER: NONE, POINT, or LINEAR for every larger value. */
export function mipFilter(raw: number): number {
  return raw === NONE || raw === POINT ? raw : LINEAR;
}

/**
 * Chooses levels for λ (before bias). λ + bias ≤ 0 (or NaN) magnifies: MAGFILTER
 * at MAXMIPLEVEL. Otherwise MINFILTER, λ clamped to [MAXMIPLEVEL, last]; mip
 * POINT rounds to the nearest level with halves going up (floor(λ + 0.5)).
 */
export function chooseMip(lambda: number, m: MipSettings, plan: MipPlan): void {
  plan.lambda = lambda;
  chooseLevels(m, plan);
}

/** chooseMip for λ = plan.lambda (per-sample callers: V8 boxes a double argument of a call it does not inline). */
export function chooseLevels(m: MipSettings, plan: MipPlan): void {
  const l = plan.lambda + m.bias;
  plan.next = plan.level = m.maxMip;
  plan.weight = 0;
  if (!(l > 0)) {
    plan.linear = m.magLinear;
    return;
  }
  plan.linear = m.minLinear;
  if (m.mip === NONE) return;
  const c = l < m.maxMip ? m.maxMip : l > m.last ? m.last : l;
  if (m.mip === POINT) {
    plan.next = plan.level = Math.min(m.last, Math.floor(c + 0.5));
    return;
  }
  const base = Math.floor(c);
  plan.level = base;
  plan.next = base < m.last ? base + 1 : base;
  // D3D11_MIP_LOD_FRACTIONAL_BIT_COUNT = 8: the blend weight is the LOD fraction truncated to 256ths, as hardware does
  plan.weight = Math.floor((c - base) * MIP_FRACTION_STEPS) / MIP_FRACTION_STEPS;
}

/**
 * Whether chooseMip gives the same plan for every λ: MAGFILTER and MINFILTER filter alike and
 * MAXMIPLEVEL is the last level (one level, or clamped to the smallest), so magnification and
 * minification read that level with the same filter and the mip weight is 0. A sample through
 * such a sampler does not depend on the derivatives.
 */
export function levelIndependent(magFilter: number, minFilter: number, maxMipLevel: number, levels: number): boolean {
  const last = levels - 1;
  return isLinearFilter(magFilter) === isLinearFilter(minFilter) && Math.min(maxMipLevel >>> 0, last) === last;
}
