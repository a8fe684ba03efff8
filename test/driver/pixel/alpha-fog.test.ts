/**
 * Specular add, fog ("Fog Formulas", "Pixel Fog") and the alpha test ("Alpha
 * Testing State", reference B.3 step 2). Fog expectations are the formulas worked
 * by hand, compared to 1e-6; alpha-test and frame-buffer results are exact.
 */
import { describe, expect, it } from 'vitest';
import { D3DCMP, D3DFOG, D3DSTENCILOP, D3DTA, D3DTOP, D3DTSS, float32Bits } from '../../../src/d3d9/index.js';
import { createColorSum } from '../../../src/driver/raster/pixel/fog.js';
import { GENERIC_PATHS, choosePixelPaths, createPixelPipeline } from '../../../src/driver/raster/pixel/index.js';
import { F, argb, fakeSampler, fillWord, fragment, state, surface, word } from './helpers.js';
import type { FragmentInit, StateInit } from './helpers.js';

const PATHS = ['chosen', 'generic'] as const;
const noTexture = { 0: { [D3DTSS.COLOROP]: D3DTOP.DISABLE } };

function colorSum(rs: StateInit['rs'], frag: FragmentInit, color: number[]): number[] {
  const st = state({ rs });
  const c = Float32Array.from(color);
  createColorSum('generic', st)(fragment(frag), c);
  return [...c];
}

function expectColor(got: number[], want: number[]): void {
  for (let c = 0; c < 4; c++) expect(got[c], `channel ${c} of [${got}]`).toBeCloseTo(want[c], 6);
}

const GREEN_FOG = argb(0, 0, 255, 0);
const C = [1, 0, 0.5, 0.3];

describe('specular add and fog', () => {
  it('SPECULARENABLE adds the specular RGB, clamped, and not its alpha', () => {
    expectColor(colorSum({ SPECULARENABLE: 1 }, { specular: [0.25, 0.75, 0, 1] }, [0.5, 0.5, 0.5, 0.5]), [0.75, 1, 0.5, 0.5]);
  });
  it('SPECULARENABLE FALSE ignores the specular colour', () => {
    expectColor(colorSum({ SPECULARENABLE: 0 }, { specular: [0.25, 0.75, 0, 1] }, [0.5, 0.5, 0.5, 0.5]), [0.5, 0.5, 0.5, 0.5]);
  });

  const table: [string, StateInit['rs'], FragmentInit, number][] = [
    // f = (end − z)/(end − start) = (0.75 − 0.5)/0.5
    ['LINEAR table fog from z: f = (end − z)/(end − start)', { FOGTABLEMODE: D3DFOG.LINEAR, FOGSTART: float32Bits(0.25), FOGEND: float32Bits(0.75) }, { z: 0.5 }, 0.5],
    ['LINEAR before FOGSTART is clamped to f = 1', { FOGTABLEMODE: D3DFOG.LINEAR, FOGSTART: float32Bits(0.25), FOGEND: float32Bits(0.75) }, { z: 0.1 }, 1],
    ['LINEAR past FOGEND is clamped to f = 0', { FOGTABLEMODE: D3DFOG.LINEAR, FOGSTART: float32Bits(0.25), FOGEND: float32Bits(0.75) }, { z: 0.9 }, 0],
    ['table fog reads z before depth bias', { FOGTABLEMODE: D3DFOG.LINEAR, FOGSTART: float32Bits(0.25), FOGEND: float32Bits(0.75) }, { z: 0.5, bias: 0.2 }, 0.5],
    ['table fog ignores the vertex fog factor', { FOGTABLEMODE: D3DFOG.LINEAR, FOGSTART: float32Bits(0.25), FOGEND: float32Bits(0.75) }, { z: 0.5, fog: 0 }, 0.5],
    // e^−(0.5·1.5) = e^−0.75
    ['EXP: f = e^−(z·density)', { FOGTABLEMODE: D3DFOG.EXP, FOGDENSITY: float32Bits(1.5) }, { z: 0.5 }, 0.4723665527410147],
    // e^−(0.5·1.5)² = e^−0.5625
    ['EXP2: f = e^−(z·density)²', { FOGTABLEMODE: D3DFOG.EXP2, FOGDENSITY: float32Bits(1.5) }, { z: 0.5 }, 0.569782824730923],
    ['FOGTABLEMODE NONE uses the vertex fog factor', { FOGTABLEMODE: D3DFOG.NONE }, { z: 0.5, fog: 0.25 }, 0.25],
    ['a vertex fog factor above 1 is clamped', { FOGTABLEMODE: D3DFOG.NONE }, { fog: 1.5 }, 1],
  ];
  for (const [name, rs, frag, f] of table) {
    it(`${name}; colour = f·c + (1 − f)·FOGCOLOR on RGB`, () => {
      const want = [f * C[0], f * C[1] + (1 - f), f * C[2], C[3]];
      expectColor(colorSum({ FOGENABLE: 1, FOGCOLOR: GREEN_FOG, ...rs }, frag, C), want);
    });
  }

  it('FOGENABLE FALSE applies no fog whatever the mode', () => {
    expectColor(colorSum({ FOGENABLE: 0, FOGTABLEMODE: D3DFOG.EXP, FOGCOLOR: GREEN_FOG }, { z: 1, fog: 0 }, C), C);
  });

  it('the specular colour is added before fogging', () => {
    // (0.5 + 0.5)·0.5 + 0·0.5 on red
    const got = colorSum({ SPECULARENABLE: 1, FOGENABLE: 1, FOGCOLOR: 0 }, { specular: [0.5, 0, 0, 0], fog: 0.5 }, [0.5, 0, 0, 1]);
    expectColor(got, [0.5, 0, 0, 1]);
  });

  it('fog reaches the render target through the whole pipeline', () => {
    const rt = surface(F.A8R8G8B8, 1, 1);
    const st = state({ rt, stages: noTexture, rs: { ZENABLE: 0, FOGENABLE: 1, FOGCOLOR: argb(0, 255, 255, 255) } });
    createPixelPipeline(st, fakeSampler())(fragment({ diffuse: [0, 0, 0, 1], fog: 0.5 }));
    // 0.5 white: 127.5 → 128
    expect(word(rt)).toBe(argb(255, 128, 128, 128));
  });
});

describe('alpha test: alpha as 8 bits (·255, +0.5, truncate) ALPHAFUNC ALPHAREF & 0xFF', () => {
  // ref 0x80 against alpha 127/255, 128/255, 129/255
  const table: [string, number, boolean[]][] = [
    ['NEVER', D3DCMP.NEVER, [false, false, false]],
    ['LESS', D3DCMP.LESS, [true, false, false]],
    ['EQUAL', D3DCMP.EQUAL, [false, true, false]],
    ['LESSEQUAL', D3DCMP.LESSEQUAL, [true, true, false]],
    ['GREATER', D3DCMP.GREATER, [false, false, true]],
    ['NOTEQUAL', D3DCMP.NOTEQUAL, [true, false, true]],
    ['GREATEREQUAL', D3DCMP.GREATEREQUAL, [false, true, true]],
    ['ALWAYS', D3DCMP.ALWAYS, [true, true, true]],
  ];
  function passes(rs: StateInit['rs'], alpha: number, which: (typeof PATHS)[number]): boolean {
    const rt = surface(F.A8R8G8B8, 1, 1);
    const st = state({ rt, stages: noTexture, rs: { ZENABLE: 0, ALPHATESTENABLE: 1, ...rs } });
    createPixelPipeline(st, fakeSampler(), which === 'generic' ? GENERIC_PATHS : choosePixelPaths(st))(fragment({ diffuse: [1, 1, 1, alpha] }));
    return word(rt) !== 0;
  }
  for (const which of PATHS) {
    for (const [name, func, want] of table) {
      it(`${name}, ${which}`, () => {
        expect([127, 128, 129].map((a) => passes({ ALPHAFUNC: func, ALPHAREF: 0x80 }, a / 255, which))).toEqual(want);
      });
    }
    it(`ALPHAREF bits above the low 8 are ignored, ${which}`, () => {
      expect(passes({ ALPHAFUNC: D3DCMP.EQUAL, ALPHAREF: 0x180 }, 128 / 255, which)).toBe(true);
    });
    it(`alpha 0.5 is 127.5, rounded half up to 128, ${which}`, () => {
      expect(passes({ ALPHAFUNC: D3DCMP.EQUAL, ALPHAREF: 0x80 }, 0.5, which)).toBe(true);
      expect(passes({ ALPHAFUNC: D3DCMP.EQUAL, ALPHAREF: 0x7f }, 0.5, which)).toBe(false);
    });
    it(`ALPHATESTENABLE FALSE passes everything, ${which}`, () => {
      expect(passes({ ALPHATESTENABLE: 0, ALPHAFUNC: D3DCMP.NEVER }, 1, which)).toBe(true);
    });
    it(`the test sees the alpha after the texture stages and fog, ${which}`, () => {
      // stage 0 alpha = TFACTOR alpha 0x10
      const rt = surface(F.A8R8G8B8, 1, 1);
      const st = state({
        rt, rs: { ZENABLE: 0, ALPHATESTENABLE: 1, ALPHAFUNC: D3DCMP.EQUAL, ALPHAREF: 0x10, TEXTUREFACTOR: argb(0x10, 0, 0, 0) },
        stages: { 0: { [D3DTSS.COLOROP]: D3DTOP.SELECTARG1, [D3DTSS.COLORARG1]: D3DTA.DIFFUSE, [D3DTSS.ALPHAOP]: D3DTOP.SELECTARG1, [D3DTSS.ALPHAARG1]: D3DTA.TFACTOR } },
      });
      createPixelPipeline(st, fakeSampler(), which === 'generic' ? GENERIC_PATHS : choosePixelPaths(st))(fragment({ diffuse: [1, 1, 1, 1] }));
      expect(word(rt)).toBe(argb(0x10, 255, 255, 255));
    });
    it(`a failed alpha test skips stencil ops, depth and colour writes, ${which}`, () => {
      const rt = surface(F.A8R8G8B8, 1, 1);
      const ds = surface(F.D24S8, 1, 1);
      fillWord(ds, 0x80000010);
      const st = state({
        rt, ds, stages: noTexture,
        rs: {
          ZENABLE: 1, ZFUNC: D3DCMP.ALWAYS, STENCILENABLE: 1, STENCILFUNC: D3DCMP.NEVER, STENCILFAIL: D3DSTENCILOP.ZERO,
          ALPHATESTENABLE: 1, ALPHAFUNC: D3DCMP.NEVER,
        },
      });
      createPixelPipeline(st, fakeSampler(), which === 'generic' ? GENERIC_PATHS : choosePixelPaths(st))(fragment({ z: 0.25 }));
      expect([word(ds), word(rt)]).toEqual([0x80000010, 0]);
    });
  }
});
