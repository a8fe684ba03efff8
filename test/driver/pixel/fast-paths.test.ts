/**
 * Every fast path matches the generic path byte for byte (STYLE.md 6): random
 * states, random surface contents and random fragments from a seeded PRNG, run
 * once through the chosen paths and once through GENERIC_PATHS on copies of the
 * same surfaces. Also pins which path the choose functions pick for common states.
 */
import { describe, expect, it } from 'vitest';
import { D3DCMP, D3DTA, D3DTOP, D3DTSS, float32Bits } from '../../../src/d3d9/index.js';
import { GENERIC_PATHS, choosePixelPaths, createPixelPipeline } from '../../../src/driver/raster/pixel/index.js';
import type { PixelPaths, SampleCoords } from '../../../src/driver/raster/pixel/index.js';
import type { RasterState } from '../../../src/driver/raster/types.js';
import type { SurfaceView } from '../../../src/driver/surface-view.js';
import { F, fragment, prng, state, surface } from './helpers.js';
import type { StateInit } from './helpers.js';

const RT_FORMATS = [F.A8R8G8B8, F.X8R8G8B8, F.A8B8G8R8, F.X8B8G8R8, F.R5G6B5, F.A2R10G10B10, F.A16B16G16R16F, F.L8, F.A8, F.A1R5G5B5];
const DS_FORMATS = [F.D16, F.D16_LOCKABLE, F.D24S8, F.D24X8, F.D24X4S4, F.INTZ, F.D32F_LOCKABLE, F.D24FS8, F.D15S1, F.D32, F.S8_LOCKABLE];
const OPS = [D3DTOP.DISABLE, D3DTOP.SELECTARG1, D3DTOP.SELECTARG2, D3DTOP.MODULATE, D3DTOP.MODULATE2X, D3DTOP.ADD, D3DTOP.ADDSIGNED,
  D3DTOP.SUBTRACT, D3DTOP.BLENDTEXTUREALPHA, D3DTOP.BLENDCURRENTALPHA, D3DTOP.DOTPRODUCT3, D3DTOP.LERP, D3DTOP.MULTIPLYADD];
const ARGS = [D3DTA.DIFFUSE, D3DTA.CURRENT, D3DTA.TEXTURE, D3DTA.TFACTOR, D3DTA.SPECULAR, D3DTA.TEMP];

type Rand = () => number;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
const int = (r: Rand, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));
const chance = (r: Rand, p: number): boolean => r() < p;
const u32 = (r: Rand): number => Math.floor(r() * 2 ** 32);

function randomArg(r: Rand): number {
  return pick(r, ARGS) | (chance(r, 0.2) ? D3DTA.COMPLEMENT : 0) | (chance(r, 0.2) ? D3DTA.ALPHAREPLICATE : 0);
}

function randomStage(r: Rand, disable: boolean): Record<number, number> {
  return {
    [D3DTSS.COLOROP]: disable ? D3DTOP.DISABLE : pick(r, OPS.slice(1)), [D3DTSS.ALPHAOP]: pick(r, OPS),
    [D3DTSS.COLORARG0]: randomArg(r), [D3DTSS.COLORARG1]: randomArg(r), [D3DTSS.COLORARG2]: randomArg(r),
    [D3DTSS.ALPHAARG0]: randomArg(r), [D3DTSS.ALPHAARG1]: randomArg(r), [D3DTSS.ALPHAARG2]: randomArg(r),
    [D3DTSS.RESULTARG]: chance(r, 0.2) ? D3DTA.TEMP : D3DTA.CURRENT,
  };
}

function randomSurface(r: Rand, format: number, samples: number): SurfaceView {
  const s = surface(format, 4, 4, samples);
  for (let i = 0; i < s.data.length; i++) s.data[i] = int(r, 0, 255);
  return s;
}

function randomRenderStates(r: Rand): StateInit['rs'] {
  return {
    ZENABLE: pick(r, [0, 1, 1, 1, 2]), ZFUNC: int(r, 1, 8), ZWRITEENABLE: int(r, 0, 1),
    STENCILENABLE: chance(r, 0.3) ? 1 : 0, STENCILFUNC: int(r, 1, 8), STENCILFAIL: int(r, 1, 8), STENCILZFAIL: int(r, 1, 8),
    STENCILPASS: int(r, 1, 8), STENCILREF: u32(r), STENCILMASK: chance(r, 0.5) ? 0xffffffff : u32(r),
    STENCILWRITEMASK: chance(r, 0.5) ? 0xffffffff : u32(r), TWOSIDEDSTENCILMODE: int(r, 0, 1),
    CCW_STENCILFUNC: int(r, 1, 8), CCW_STENCILFAIL: int(r, 1, 8), CCW_STENCILZFAIL: int(r, 1, 8), CCW_STENCILPASS: int(r, 1, 8),
    ALPHATESTENABLE: chance(r, 0.3) ? 1 : 0, ALPHAFUNC: int(r, 1, 8), ALPHAREF: u32(r),
    FOGENABLE: chance(r, 0.3) ? 1 : 0, FOGTABLEMODE: int(r, 0, 3), FOGCOLOR: u32(r),
    FOGSTART: float32Bits(r() * 0.5), FOGEND: float32Bits(0.5 + r() * 0.5), FOGDENSITY: float32Bits(r() * 3),
    SPECULARENABLE: chance(r, 0.3) ? 1 : 0,
    ALPHABLENDENABLE: chance(r, 0.5) ? 1 : 0, SRCBLEND: int(r, 1, 15), DESTBLEND: int(r, 1, 15), BLENDOP: int(r, 1, 5),
    SEPARATEALPHABLENDENABLE: chance(r, 0.3) ? 1 : 0, SRCBLENDALPHA: int(r, 1, 15), DESTBLENDALPHA: int(r, 1, 15), BLENDOPALPHA: int(r, 1, 5),
    BLENDFACTOR: u32(r), TEXTUREFACTOR: u32(r),
    COLORWRITEENABLE: chance(r, 0.7) ? 0xf : int(r, 0, 15),
    SRGBWRITEENABLE: chance(r, 0.3) ? 1 : 0,
    MULTISAMPLEMASK: chance(r, 0.5) ? 0xffffffff : u32(r),
  };
}

interface Trial { st: RasterState; rt: SurfaceView | null; ds: SurfaceView | null }

function randomTrial(r: Rand): Trial {
  const samples = chance(r, 0.2) ? 4 : 1;
  const rt = chance(r, 0.9) ? randomSurface(r, pick(r, RT_FORMATS), samples) : null;
  const ds = chance(r, 0.8) ? randomSurface(r, pick(r, DS_FORMATS), samples) : null;
  const stages = { 0: randomStage(r, chance(r, 0.4)), 1: randomStage(r, chance(r, 0.6)) };
  const st = state({ rt, ds, stages, rs: randomRenderStates(r), textures: chance(r, 0.5) ? [0] : [0, 1] });
  return { st, rt, ds };
}

/** The same state over copies of the surfaces. */
function copyTrial(t: Trial): Trial {
  const copy = (s: SurfaceView | null): SurfaceView | null => (s ? { ...s, data: s.data.slice() } : null);
  const rt = copy(t.rt), ds = copy(t.ds);
  return { st: { ...t.st, renderTargets: [rt, null, null, null], depthStencil: ds }, rt, ds };
}

/** A deterministic sampler: the texel follows the coordinates. */
function coordSampler(stage: number, c: SampleCoords, out: Float32Array): void {
  for (let i = 0; i < 4; i++) out[i] = Math.abs(c.tex[i] * (stage + 1)) % 1;
}

const DEPTHS = [0, 0.25, 0.5, 0.75, 1];

function randomFragments(r: Rand, n: number): ReturnType<typeof fragment>[] {
  const rc = (): number[] => [r(), r(), r(), r()].map(Math.fround);
  return Array.from({ length: n }, () => fragment({
    x: int(r, 0, 3), y: int(r, 0, 3),
    z: chance(r, 0.5) ? pick(r, DEPTHS) : r(), bias: chance(r, 0.7) ? 0 : (r() - 0.5) * 0.2,
    front: chance(r, 0.5), triangle: chance(r, 0.8),
    diffuse: rc(), specular: rc(), fog: r(), coverage: int(r, 0, 15),
    tex: { 0: [r() * 4 - 2, r() * 4 - 2, r(), r() + 0.5], 1: [r(), r(), r(), r()] },
  }));
}

describe('fast paths against the generic path', () => {
  it('2000 random draws of 48 fragments store the same bytes on both paths', () => {
    const r = prng(0x9e3779b9);
    const seen = new Set<string>();
    for (let trial = 0; trial < 2000; trial++) {
      const a = randomTrial(r);
      const b = copyTrial(a);
      const chosen = choosePixelPaths(a.st);
      for (const [k, v] of Object.entries(chosen)) seen.add(`${k}:${v}`);
      const fast = createPixelPipeline(a.st, coordSampler, chosen);
      const generic = createPixelPipeline(b.st, coordSampler, GENERIC_PATHS);
      for (const f of randomFragments(r, 48)) {
        fast(f);
        generic(f);
      }
      const where = `trial ${trial}, paths ${JSON.stringify(chosen)}`;
      if (a.rt && b.rt) expect(Buffer.compare(a.rt.data, b.rt.data), `render target, ${where}`).toBe(0);
      if (a.ds && b.ds) expect(Buffer.compare(a.ds.data, b.ds.data), `depth-stencil, ${where}`).toBe(0);
    }
    // every fast path was exercised
    for (const p of ['combine:diffuse', 'colorSum:off', 'alphaTest:off', 'depthStencil:none', 'depthStencil:depth-d24', 'depthStencil:depth-d16', 'colorWrite:none', 'colorWrite:rgba8']) {
      expect(seen, p).toContain(p);
    }
  });
});

describe('the choose functions', () => {
  const ds = (format: number): SurfaceView => surface(format, 1, 1);
  const noTexture = { 0: { [D3DTSS.COLOROP]: D3DTOP.DISABLE } };
  const table: [string, StateInit, PixelPaths][] = [
    ['the default state over A8R8G8B8 and D24S8', { ds: ds(F.D24S8) },
      { combine: 'generic', colorSum: 'off', alphaTest: 'off', depthStencil: 'depth-d24', colorWrite: 'rgba8' }],
    ['flat colour, no depth buffer', { stages: noTexture, ds: null },
      { combine: 'diffuse', colorSum: 'off', alphaTest: 'off', depthStencil: 'none', colorWrite: 'rgba8' }],
    ['D16 depth test', { ds: ds(F.D16), stages: noTexture },
      { combine: 'diffuse', colorSum: 'off', alphaTest: 'off', depthStencil: 'depth-d16', colorWrite: 'rgba8' }],
    ['stencil on D24S8 takes the generic depth-stencil path', { ds: ds(F.D24S8), stages: noTexture, rs: { STENCILENABLE: 1 } },
      { combine: 'diffuse', colorSum: 'off', alphaTest: 'off', depthStencil: 'generic', colorWrite: 'rgba8' }],
    ['STENCILENABLE on D24X8 (no stencil bits) keeps the D24 path', { ds: ds(F.D24X8), stages: noTexture, rs: { STENCILENABLE: 1 } },
      { combine: 'diffuse', colorSum: 'off', alphaTest: 'off', depthStencil: 'depth-d24', colorWrite: 'rgba8' }],
    ['ZFUNC ALWAYS without depth writes does nothing to the depth buffer', { ds: ds(F.D24S8), stages: noTexture, rs: { ZFUNC: D3DCMP.ALWAYS, ZWRITEENABLE: 0 } },
      { combine: 'diffuse', colorSum: 'off', alphaTest: 'off', depthStencil: 'none', colorWrite: 'rgba8' }],
    ['D32F and D24FS8 depth are generic', { ds: ds(F.D32F_LOCKABLE), stages: noTexture },
      { combine: 'diffuse', colorSum: 'off', alphaTest: 'off', depthStencil: 'generic', colorWrite: 'rgba8' }],
    ['R5G6B5, fog, alpha test', { rt: surface(F.R5G6B5, 1, 1), stages: noTexture, rs: { FOGENABLE: 1, ALPHATESTENABLE: 1, ALPHAFUNC: D3DCMP.GREATER } },
      { combine: 'diffuse', colorSum: 'generic', alphaTest: 'generic', depthStencil: 'none', colorWrite: 'generic' }],
    ['COLORWRITEENABLE 0 writes nothing', { stages: noTexture, rs: { COLORWRITEENABLE: 0 } },
      { combine: 'diffuse', colorSum: 'off', alphaTest: 'off', depthStencil: 'none', colorWrite: 'none' }],
    ['no render target', { rt: null, stages: noTexture },
      { combine: 'diffuse', colorSum: 'off', alphaTest: 'off', depthStencil: 'none', colorWrite: 'none' }],
  ];
  for (const [name, init, want] of table) it(name, () => expect(choosePixelPaths(state(init))).toEqual(want));
});
