/**
 * Multisampled targets: shading once per pixel, the depth-stencil test and the
 * colour write per covered sample; samples stored one after another in the
 * surface's data. Chosen and generic paths. Exact equality.
 */
import { describe, expect, it } from 'vitest';
import { D3DCMP, D3DSTENCILOP, D3DTA, D3DTOP, D3DTSS } from '../../../src/d3d9/index.js';
import { GENERIC_PATHS, choosePixelPaths, createPixelPipeline } from '../../../src/driver/raster/pixel/index.js';
import { F, fakeSampler, fillWord, fragment, state, surface, word } from './helpers.js';
import type { StateInit } from './helpers.js';

const PATHS = ['chosen', 'generic'] as const;
const noTexture = { 0: { [D3DTSS.COLOROP]: D3DTOP.DISABLE } };
const WHITE = 0xffffffff;

function setup(rs: StateInit['rs'], which: (typeof PATHS)[number], dsFormat = F.D24S8) {
  const rt = surface(F.A8R8G8B8, 2, 2, 4);
  const ds = surface(dsFormat, 2, 2, 4);
  fillWord(ds, 0xffffff00);
  const st = state({ rt, ds, stages: noTexture, rs: { ZENABLE: 1, ZFUNC: D3DCMP.LESS, ...rs } });
  const run = createPixelPipeline(st, fakeSampler(), which === 'generic' ? GENERIC_PATHS : choosePixelPaths(st));
  const samples = (s: typeof rt, x: number, y: number): number[] => [0, 1, 2, 3].map((i) => word(s, x, y, i));
  return { rt, ds, run, samples };
}

describe('multisample writes', () => {
  for (const which of PATHS) {
    it(`coverage 0b0101 writes samples 0 and 2 of the pixel and of its depth, ${which}`, () => {
      const { rt, ds, run, samples } = setup({}, which);
      run(fragment({ x: 1, y: 0, z: 0.25, coverage: 0b0101 }));
      expect(samples(rt, 1, 0)).toEqual([WHITE, 0, WHITE, 0]);
      expect(samples(ds, 1, 0)).toEqual([0x40000000, 0xffffff00, 0x40000000, 0xffffff00]);
      expect(samples(rt, 0, 0)).toEqual([0, 0, 0, 0]);
    });

    it(`depth is tested per sample: a sample holding a nearer depth keeps its colour, ${which}`, () => {
      const { rt, ds, run, samples } = setup({}, which);
      for (const [i, v] of [[1, 0x10000000]] as const) {
        const at = i * (ds.data.length / 4);
        ds.data.set([v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, v >>> 24], at);
      }
      run(fragment({ z: 0.25, coverage: 0b1111 }));
      expect(samples(rt, 0, 0)).toEqual([WHITE, 0, WHITE, WHITE]);
      expect(samples(ds, 0, 0)).toEqual([0x40000000, 0x10000000, 0x40000000, 0x40000000]);
    });

    it(`stencil ops run per sample, ${which}`, () => {
      const { ds, run, samples } = setup({ STENCILENABLE: 1, STENCILPASS: D3DSTENCILOP.INCR, ZFUNC: D3DCMP.ALWAYS, ZWRITEENABLE: 0 }, which);
      run(fragment({ coverage: 0b0110 }));
      run(fragment({ coverage: 0b0100 }));
      expect(samples(ds, 0, 0).map((w) => w & 0xff)).toEqual([0, 1, 2, 0]);
    });

    it(`MULTISAMPLEMASK limits the samples written, ${which}`, () => {
      const { rt, run, samples } = setup({ MULTISAMPLEMASK: 0b1001 }, which);
      run(fragment({ z: 0.25, coverage: 0b1111 }));
      expect(samples(rt, 0, 0)).toEqual([WHITE, 0, 0, WHITE]);
    });

    it(`no covered sample: nothing is shaded or written, ${which}`, () => {
      const sampler = fakeSampler({ 0: [1, 1, 1, 1] });
      const rt = surface(F.A8R8G8B8, 1, 1, 4);
      const st = state({
        rt, textures: [0], rs: { ZENABLE: 0 },
        stages: { 0: { [D3DTSS.COLOROP]: D3DTOP.SELECTARG1, [D3DTSS.COLORARG1]: D3DTA.TEXTURE, [D3DTSS.ALPHAOP]: D3DTOP.SELECTARG1, [D3DTSS.ALPHAARG1]: D3DTA.TEXTURE } },
      });
      createPixelPipeline(st, sampler, which === 'generic' ? GENERIC_PATHS : choosePixelPaths(st))(fragment({ coverage: 0 }));
      expect([sampler.calls.length, ...[0, 1, 2, 3].map((i) => word(rt, 0, 0, i))]).toEqual([0, 0, 0, 0, 0]);
    });

    it(`shading runs once per pixel however many samples are covered, ${which}`, () => {
      const sampler = fakeSampler({ 0: [1, 1, 1, 1] });
      const rt = surface(F.A8R8G8B8, 1, 1, 4);
      const st = state({
        rt, textures: [0], rs: { ZENABLE: 0 },
        stages: { 0: { [D3DTSS.COLOROP]: D3DTOP.SELECTARG1, [D3DTSS.COLORARG1]: D3DTA.TEXTURE, [D3DTSS.ALPHAOP]: D3DTOP.SELECTARG1, [D3DTSS.ALPHAARG1]: D3DTA.TEXTURE } },
      });
      createPixelPipeline(st, sampler, which === 'generic' ? GENERIC_PATHS : choosePixelPaths(st))(fragment({ coverage: 0b1111 }));
      expect(sampler.calls.length).toBe(1);
    });

    it(`a single-sample target ignores coverage, ${which}`, () => {
      const rt = surface(F.A8R8G8B8, 1, 1);
      const st = state({ rt, stages: noTexture, rs: { ZENABLE: 0 } });
      createPixelPipeline(st, fakeSampler(), which === 'generic' ? GENERIC_PATHS : choosePixelPaths(st))(fragment({ coverage: 0 }));
      expect(word(rt)).toBe(WHITE);
    });
  }

  it('a 4-sample depth-only draw (no render target) tests and writes per sample', () => {
    const ds = surface(F.D16, 1, 1, 4);
    fillWord(ds, 0xffff);
    const st = state({ rt: null, ds, stages: noTexture, rs: { ZENABLE: 1, ZFUNC: D3DCMP.LESS } });
    createPixelPipeline(st, fakeSampler())(fragment({ z: 0.25, coverage: 0b1010 }));
    expect([0, 1, 2, 3].map((i) => word(ds, 0, 0, i))).toEqual([0xffff, 0x4000, 0xffff, 0x4000]);
  });
});
