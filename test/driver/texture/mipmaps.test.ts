/**
 * Mip level selection ("Mipmap filtering", D3DSAMP_MIPMAPLODBIAS and
 * MAXMIPLEVEL; D3D11.3 §7.18.11 LOD): λ = log2 of the longer screen step in
 * level-0 texels (Euclidean per axis), plus the bias; λ ≤ 0 magnifies at
 * MAXMIPLEVEL, else λ is clamped to [MAXMIPLEVEL, last] and MIPFILTER picks or
 * blends levels. Each level is one solid colour, so the level shows in the
 * result; single-level reads are exact, blends within 1e-6.
 */
import { describe, expect, it } from 'vitest';
import { D3DTEXF } from '../../../src/d3d9/index.js';
import { chooseMip, createSampler, lodOf } from '../../../src/driver/raster/texture/index.js';
import type { MipPlan } from '../../../src/driver/raster/texture/index.js';
import type { TextureView } from '../../../src/driver/raster/types.js';
import { expectClose, mix, rgba, sample2d, samplerStates, solid, tex2d } from './helpers.js';

const { NONE, POINT, LINEAR } = D3DTEXF;
const LEVEL = [0xffff0000, 0xff00ff00, 0xff0000ff, 0xffffffff]; // red, green, blue, white
const mips = tex2d(solid(8, 8, LEVEL[0]), solid(4, 4, LEVEL[1]), solid(2, 2, LEVEL[2]), solid(1, 1, LEVEL[3]));
const level = (k: number): number[] => rgba(LEVEL[k]).map(Math.fround);
/** (dudx, dvdy) that give λ on the 8×8 level 0 */
const stepFor = (lambda: number): number => 2 ** lambda / 8;

function sampleWith(t: TextureView, states: Record<string, number>, dudx: number, dvdx: number, dudy: number, dvdy: number): number[] {
  const out = new Float32Array(4);
  createSampler(t, samplerStates(states)).sample(0.3, 0.6, 0, dudx, dvdx, 0, dudy, dvdy, 0, out, 0);
  return [...out];
}

describe('which level a sample reads', () => {
  const TABLE: [string, Record<string, number>, number, number][] = [
    // name, states, λ, level
    ['1:1 (λ = 0) is magnification: level 0', { MIPFILTER: POINT }, 0, 0],
    ['2× minification (λ = 1): level 1', { MIPFILTER: POINT }, 1, 1],
    ['4× minification (λ = 2): level 2', { MIPFILTER: POINT }, 2, 2],
    ['8× minification (λ = 3): level 3', { MIPFILTER: POINT }, 3, 3],
    ['beyond the last level: the last level', { MIPFILTER: POINT }, 9, 3],
    ['MIPFILTER NONE minifies at level 0', { MIPFILTER: NONE }, 2, 0],
    ['MIPFILTER POINT rounds λ = 1.49 to level 1', { MIPFILTER: POINT }, 1.49, 1],
    ['MIPFILTER POINT rounds λ = 0.4 to level 0', { MIPFILTER: POINT }, 0.4, 0],
    ['LOD bias +1 turns 2× into level 2', { MIPFILTER: POINT, MIPMAPLODBIAS: 1 }, 1, 2],
    ['LOD bias −1 turns 4× into level 1', { MIPFILTER: POINT, MIPMAPLODBIAS: -1 }, 2, 1],
    ['LOD bias −1 turns 2× into magnification at level 0', { MIPFILTER: POINT, MIPMAPLODBIAS: -1 }, 1, 0],
    ['LOD bias +2 turns magnification (λ = −1) into level 1', { MIPFILTER: POINT, MIPMAPLODBIAS: 2 }, -1, 1],
    ['MAXMIPLEVEL 2 keeps 2× at level 2', { MIPFILTER: POINT, MAXMIPLEVEL: 2 }, 1, 2],
    ['MAXMIPLEVEL 2 leaves 8× at level 3', { MIPFILTER: POINT, MAXMIPLEVEL: 2 }, 3, 3],
    ['MAXMIPLEVEL 1 magnifies at level 1', { MIPFILTER: POINT, MAXMIPLEVEL: 1 }, -2, 1],
    ['MAXMIPLEVEL 1 with MIPFILTER NONE minifies at level 1', { MIPFILTER: NONE, MAXMIPLEVEL: 1 }, 3, 1],
    ['MAXMIPLEVEL past the last level means the last level', { MIPFILTER: POINT, MAXMIPLEVEL: 9 }, 0, 3],
    ['MIPFILTER LINEAR at a whole λ reads one level', { MIPFILTER: LINEAR }, 2, 2],
  ];
  for (const [name, states, lambda, k] of TABLE) {
    it(name, () => {
      expectClose(sample2d(mips, states, 0.3, 0.6, stepFor(lambda)), level(k), 1e-7, name);
    });
  }

  it('MIPFILTER POINT rounds λ = 1.5 up to level 2', () => {
    // d/dx = (2, 2) texels: |·|² = 8, λ = ½·log2 8 = 1.5 exactly
    expect(sampleWith(mips, { MIPFILTER: POINT }, 2 / 8, 2 / 8, 0, 0)).toEqual(level(2));
  });

  it('a NaN LOD bias reads as 0', () => {
    expect(sample2d(mips, { MIPFILTER: POINT, MIPMAPLODBIAS: Number.NaN }, 0.3, 0.6, stepFor(1))).toEqual(level(1));
  });
});

describe('trilinear filtering blends two levels by the fraction of λ, truncated to 256ths', () => {
  // The blend weight is frac(λ) truncated to 8 bits (D3D11_MIP_LOD_FRACTIONAL_BIT_COUNT).
  // stepFor(1.5) = √8 / 8 gives λ = log2(√8 rounded) = 1.4999999999999998, a hair under
  // the half: frac · 256 = 127.99…, truncated 127, so level 2 weighs 127/256 and level 1 129/256.
  const TABLE: [number, Record<string, number>, [number, number][]][] = [
    [1.5, {}, [[129 / 256, 1], [127 / 256, 2]]], // (nearly) halfway between levels 1 and 2
    [1.25, {}, [[0.75, 1], [0.25, 2]]],
    [0.5, {}, [[0.5, 0], [0.5, 1]]],
    [2.5, { MAXMIPLEVEL: 3 }, [[1, 3]]], //  clamped up to MAXMIPLEVEL: no blend
    [0.5, { MIPMAPLODBIAS: 1 }, [[0.5, 1], [0.5, 2]]],
  ];
  for (const [lambda, states, terms] of TABLE) {
    it(`λ = ${lambda} ${JSON.stringify(states)}: ${terms.map(([w, k]) => `${w}·level ${k}`).join(' + ')}`, () => {
      const got = sample2d(mips, { MIPFILTER: LINEAR, ...states }, 0.3, 0.6, stepFor(lambda));
      expectClose(got, mix(...terms.map(([w, k]): [number, number[]] => [w, rgba(LEVEL[k])])), 1e-6, `λ ${lambda}`);
    });
  }

  it('measures each screen axis by its Euclidean length in texels', () => {
    // d/dx = (1.2, 1.2) texels: |·| = 1.2·√2, λ = log2(1.2·√2) ≈ 0.763 (max-abs would give 0.263);
    // 0.763 · 256 = 195.3, truncated: level 1 weighs 195/256
    const f = 195 / 256;
    const got = sampleWith(mips, { MIPFILTER: LINEAR }, 1.2 / 8, 1.2 / 8, 0, 0);
    expectClose(got, mix([1 - f, rgba(LEVEL[0])], [f, rgba(LEVEL[1])]), 1e-6, 'euclidean');
  });
});

describe('lodOf and chooseMip', () => {
  it('λ is log2 of the longer axis', () => {
    expect(lodOf(4, 0, 0, 1)).toBe(2);
    expect(lodOf(0, 1, 8, 0)).toBe(3);
    expect(lodOf(3, 4, 0, 0)).toBeCloseTo(Math.log2(5), 12);
    expect(lodOf(0, 0, 0, 0)).toBe(-Infinity);
  });
  it('plans levels and weights', () => {
    const plan: MipPlan = { lambda: 0, linear: false, level: 0, next: 0, weight: 0 };
    const m = { magLinear: true, minLinear: false, mip: LINEAR, bias: 0, maxMip: 0, last: 3 };
    chooseMip(1.75, m, plan);
    expect(plan).toEqual({ lambda: 1.75, linear: false, level: 1, next: 2, weight: 0.75 });
    chooseMip(-0.5, m, plan);
    expect(plan).toEqual({ lambda: -0.5, linear: true, level: 0, next: 0, weight: 0 });
    chooseMip(7, m, plan);
    expect(plan).toEqual({ lambda: 7, linear: false, level: 3, next: 3, weight: 0 });
  });
});

describe('shader sampling modes (texldb adds to λ, texldl gives λ; MIPMAPLODBIAS and MAXMIPLEVEL still apply)', () => {
  function sampleLod(states: Record<string, number>, step: number, mode: number, lod: number): number[] {
    const out = new Float32Array(4);
    createSampler(mips, samplerStates(states)).sampleLod(0.3, 0.6, 0, step, 0, 0, 0, step, 0, mode, lod, out, 0);
    return [...out];
  }
  const TABLE: [string, Record<string, number>, number, number, number, number][] = [
    // name, states, λ of the derivatives, mode (0 implicit, 1 bias, 2 explicit), lod, level
    ['implicit: the derivatives alone (λ = 1)', { MIPFILTER: POINT }, 1, 0, 5, 1],
    ['bias: λ 1 + 1 reads level 2', { MIPFILTER: POINT }, 1, 1, 1, 2],
    ['bias: λ 2 − 2 magnifies at level 0', { MIPFILTER: POINT }, 2, 1, -2, 0],
    ['explicit: λ = 3 whatever the derivatives', { MIPFILTER: POINT }, 0, 2, 3, 3],
    ['explicit: λ = 0 with minifying derivatives reads level 0', { MIPFILTER: POINT }, 3, 2, 0, 0],
    ['explicit λ = 1 plus MIPMAPLODBIAS 1: level 2', { MIPFILTER: POINT, MIPMAPLODBIAS: 1 }, 0, 2, 1, 2],
    ['explicit λ = 0 under MAXMIPLEVEL 2: level 2', { MIPFILTER: POINT, MAXMIPLEVEL: 2 }, 0, 2, 0, 2],
  ];
  it.each(TABLE)('%s', (_name, states, lambda, mode, lod, want) => {
    expect(sampleLod(states, stepFor(lambda), mode, lod)).toEqual(level(want));
  });
});
