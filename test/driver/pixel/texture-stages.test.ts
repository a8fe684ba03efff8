/**
 * Texture stage blending ("Texture Blending", D3DTEXTUREOP formulas): every op on
 * chosen arguments, the argument modifiers, stage chaining, RESULTARG, unbound
 * textures and projected coordinates. Inputs are exact in float32; expectations
 * are the documented formulas worked by hand, compared to 1e-6 (float32 rounding).
 */
import { describe, expect, it } from 'vitest';
import { D3DFVF, D3DFVF_TEXCOORDSIZE, D3DTA, D3DTOP, D3DTSS, D3DTTFF } from '../../../src/d3d9/index.js';
import { createCombine } from '../../../src/driver/raster/pixel/texture-stages.js';
import { argb, fakeSampler, fragment, state } from './helpers.js';
import type { StateInit } from './helpers.js';

const T = [0.25, 0.5, 1, 0.75];
const D = [0.5, 0.25, 0.75, 0.5];
const S = [0.125, 0.25, 0.5, 0.375];
/** TEXTUREFACTOR (0.2, 0.4, 0.8, 0.6) */
const TF = argb(0x99, 0x33, 0x66, 0xcc);

function shade(init: StateInit, texels: Record<number, number[]> = { 0: T }): { color: number[]; calls: number } {
  const sampler = fakeSampler(texels);
  const st = state({ textures: [0, 1, 2, 3], ...init, rs: { TEXTUREFACTOR: TF, ...init.rs } });
  const out = new Float32Array(4);
  createCombine('generic', st, sampler)(fragment({ diffuse: D, specular: S }), out);
  return { color: [...out], calls: sampler.calls.length };
}

function expectColor(got: number[], want: number[]): void {
  for (let c = 0; c < 4; c++) expect(got[c], `channel ${c} of [${got}]`).toBeCloseTo(want[c], 6);
}

/** Stage 0 runs `op` on RGB and A with ARG1 = TEXTURE, ARG2 = DIFFUSE, ARG0 = SPECULAR. */
function opStage(op: number): Record<number, number> {
  return {
    [D3DTSS.COLOROP]: op, [D3DTSS.COLORARG1]: D3DTA.TEXTURE, [D3DTSS.COLORARG2]: D3DTA.DIFFUSE, [D3DTSS.COLORARG0]: D3DTA.SPECULAR,
    [D3DTSS.ALPHAOP]: op, [D3DTSS.ALPHAARG1]: D3DTA.TEXTURE, [D3DTSS.ALPHAARG2]: D3DTA.DIFFUSE, [D3DTSS.ALPHAARG0]: D3DTA.SPECULAR,
  };
}

describe('each texture op computes its documented formula, clamped to [0, 1]', () => {
  // T = (.25 .5 1 .75), D = (.5 .25 .75 .5), ARG0 = S = (.125 .25 .5 .375), TFACTOR alpha .6
  const table: [string, number, number[]][] = [
    ['SELECTARG1 = arg1', D3DTOP.SELECTARG1, [0.25, 0.5, 1, 0.75]],
    ['SELECTARG2 = arg2', D3DTOP.SELECTARG2, [0.5, 0.25, 0.75, 0.5]],
    ['MODULATE = arg1·arg2', D3DTOP.MODULATE, [0.125, 0.125, 0.75, 0.375]],
    ['MODULATE2X = 2·arg1·arg2', D3DTOP.MODULATE2X, [0.25, 0.25, 1, 0.75]],
    ['MODULATE4X = 4·arg1·arg2', D3DTOP.MODULATE4X, [0.5, 0.5, 1, 1]],
    ['ADD = arg1 + arg2', D3DTOP.ADD, [0.75, 0.75, 1, 1]],
    ['ADDSIGNED = arg1 + arg2 − 0.5', D3DTOP.ADDSIGNED, [0.25, 0.25, 1, 0.75]],
    ['ADDSIGNED2X = 2·(arg1 + arg2 − 0.5)', D3DTOP.ADDSIGNED2X, [0.5, 0.5, 1, 1]],
    ['SUBTRACT = arg1 − arg2', D3DTOP.SUBTRACT, [0, 0.25, 0.25, 0.25]],
    ['ADDSMOOTH = arg1 + arg2 − arg1·arg2', D3DTOP.ADDSMOOTH, [0.625, 0.625, 1, 0.875]],
    ['BLENDDIFFUSEALPHA = arg1·Ad + arg2·(1 − Ad)', D3DTOP.BLENDDIFFUSEALPHA, [0.375, 0.375, 0.875, 0.625]],
    ['BLENDTEXTUREALPHA = arg1·At + arg2·(1 − At)', D3DTOP.BLENDTEXTUREALPHA, [0.3125, 0.4375, 0.9375, 0.6875]],
    ['BLENDFACTORALPHA = arg1·Af + arg2·(1 − Af)', D3DTOP.BLENDFACTORALPHA, [0.35, 0.4, 0.9, 0.65]],
    ['BLENDTEXTUREALPHAPM = arg1 + arg2·(1 − At)', D3DTOP.BLENDTEXTUREALPHAPM, [0.375, 0.5625, 1, 0.875]],
    ['BLENDCURRENTALPHA in stage 0 blends by the diffuse alpha', D3DTOP.BLENDCURRENTALPHA, [0.375, 0.375, 0.875, 0.625]],
    ['MODULATEALPHA_ADDCOLOR = arg1 + arg1.a·arg2', D3DTOP.MODULATEALPHA_ADDCOLOR, [0.625, 0.6875, 1, 1]],
    ['MODULATECOLOR_ADDALPHA = arg1·arg2 + arg1.a', D3DTOP.MODULATECOLOR_ADDALPHA, [0.875, 0.875, 1, 1]],
    ['MODULATEINVALPHA_ADDCOLOR = (1 − arg1.a)·arg2 + arg1', D3DTOP.MODULATEINVALPHA_ADDCOLOR, [0.375, 0.5625, 1, 0.875]],
    ['MODULATEINVCOLOR_ADDALPHA = (1 − arg1)·arg2 + arg1.a', D3DTOP.MODULATEINVCOLOR_ADDALPHA, [1, 0.875, 0.75, 0.875]],
    ['MULTIPLYADD = arg0 + arg1·arg2', D3DTOP.MULTIPLYADD, [0.25, 0.375, 1, 0.75]],
    ['LERP = arg0·arg1 + (1 − arg0)·arg2', D3DTOP.LERP, [0.46875, 0.3125, 0.875, 0.59375]],
  ];
  for (const [name, op, want] of table) {
    it(name, () => expectColor(shade({ stages: { 0: opStage(op) } }).color, want));
  }

  it('DOTPRODUCT3 = 4·Σ(arg1 − 0.5)(arg2 − 0.5) over RGB, replicated to all four channels (ALPHAOP ignored)', () => {
    const st = { ...opStage(D3DTOP.DOTPRODUCT3), [D3DTSS.ALPHAOP]: D3DTOP.SELECTARG1 };
    // 4·((−.25)(0) + (0)(−.25) + (.5)(.25)) = 0.5
    expectColor(shade({ stages: { 0: st } }).color, [0.5, 0.5, 0.5, 0.5]);
  });

  it('DOTPRODUCT3 saturates: a negative sum reads 0', () => {
    // T' = complement of T: (.75 .5 0 .25) → 4·((.25)(0) + 0 + (−.5)(.25)) = −0.5 → 0
    const st = { ...opStage(D3DTOP.DOTPRODUCT3), [D3DTSS.COLORARG1]: D3DTA.TEXTURE | D3DTA.COMPLEMENT };
    expectColor(shade({ stages: { 0: st } }).color, [0, 0, 0, 0]);
  });

  it('DOTPRODUCT3 as the alpha op alone writes the dot of the alpha arguments\' RGB into alpha', () => {
    const st = { ...opStage(D3DTOP.SELECTARG2), [D3DTSS.ALPHAOP]: D3DTOP.DOTPRODUCT3 };
    expectColor(shade({ stages: { 0: st } }).color, [0.5, 0.25, 0.75, 0.5]);
  });

  it('the colour op and the alpha op are separate: MODULATE on RGB, SELECTARG1 on A', () => {
    const st = { ...opStage(D3DTOP.MODULATE), [D3DTSS.ALPHAOP]: D3DTOP.SELECTARG1 };
    expectColor(shade({ stages: { 0: st } }).color, [0.125, 0.125, 0.75, 0.75]);
  });
});

describe('arguments and modifiers', () => {
  const select = (arg: number): Record<number, number> => ({
    [D3DTSS.COLOROP]: D3DTOP.SELECTARG1, [D3DTSS.COLORARG1]: arg, [D3DTSS.ALPHAOP]: D3DTOP.SELECTARG1, [D3DTSS.ALPHAARG1]: arg,
  });
  const table: [string, number, number[]][] = [
    ['DIFFUSE', D3DTA.DIFFUSE, D],
    ['CURRENT in stage 0 is the diffuse colour', D3DTA.CURRENT, D],
    ['TEXTURE', D3DTA.TEXTURE, T],
    ['TFACTOR is TEXTUREFACTOR / 255', D3DTA.TFACTOR, [0.2, 0.4, 0.8, 0.6]],
    ['SPECULAR', D3DTA.SPECULAR, S],
    ['TEMP starts at 0', D3DTA.TEMP, [0, 0, 0, 0]],
    ['COMPLEMENT is 1 − x', D3DTA.TEXTURE | D3DTA.COMPLEMENT, [0.75, 0.5, 0, 0.25]],
    ['ALPHAREPLICATE copies alpha to every channel', D3DTA.TEXTURE | D3DTA.ALPHAREPLICATE, [0.75, 0.75, 0.75, 0.75]],
    ['COMPLEMENT with ALPHAREPLICATE is 1 − alpha everywhere', D3DTA.TEXTURE | D3DTA.COMPLEMENT | D3DTA.ALPHAREPLICATE, [0.25, 0.25, 0.25, 0.25]],
    ['DIFFUSE | ALPHAREPLICATE', D3DTA.DIFFUSE | D3DTA.ALPHAREPLICATE, [0.5, 0.5, 0.5, 0.5]],
  ];
  for (const [name, arg, want] of table) it(name, () => expectColor(shade({ stages: { 0: select(arg) } }).color, want));

  it('CONSTANT reads the stage\'s D3DTSS_CONSTANT', () => {
    const st = { ...select(D3DTA.CONSTANT), [D3DTSS.CONSTANT]: argb(0xff, 0x00, 0x33, 0xff) };
    expectColor(shade({ stages: { 0: st } }).color, [0, 0.2, 1, 1]);
  });
});

describe('stage chaining', () => {
  it('each stage reads CURRENT as the previous stage\'s result; the first COLOROP DISABLE ends the chain', () => {
    const { color } = shade({
      stages: {
        0: { [D3DTSS.COLOROP]: D3DTOP.MODULATE, [D3DTSS.COLORARG1]: D3DTA.TEXTURE, [D3DTSS.COLORARG2]: D3DTA.CURRENT, [D3DTSS.ALPHAOP]: D3DTOP.SELECTARG1, [D3DTSS.ALPHAARG1]: D3DTA.TEXTURE },
        1: { [D3DTSS.COLOROP]: D3DTOP.ADD, [D3DTSS.COLORARG1]: D3DTA.TEXTURE, [D3DTSS.COLORARG2]: D3DTA.CURRENT, [D3DTSS.ALPHAOP]: D3DTOP.MODULATE, [D3DTSS.ALPHAARG1]: D3DTA.TEXTURE, [D3DTSS.ALPHAARG2]: D3DTA.CURRENT },
        2: { [D3DTSS.COLOROP]: D3DTOP.DISABLE },
        3: { [D3DTSS.COLOROP]: D3DTOP.SELECTARG1, [D3DTSS.COLORARG1]: D3DTA.TFACTOR },
      },
    }, { 0: T, 1: [0.125, 0.125, 0.125, 0.5] });
    // stage 0: T·D = (.125 .125 .75), A .75; stage 1: + .125 → (.25 .25 .875), A .5·.75
    expectColor(color, [0.25, 0.25, 0.875, 0.375]);
  });

  it('stages past a disabled one never sample', () => {
    const { calls } = shade({
      stages: { 0: { [D3DTSS.COLOROP]: D3DTOP.DISABLE }, 1: { [D3DTSS.COLOROP]: D3DTOP.SELECTARG1, [D3DTSS.COLORARG1]: D3DTA.TEXTURE } },
    });
    expect(calls).toBe(0);
  });

  it('stage 0 COLOROP DISABLE outputs the diffuse colour', () => {
    expectColor(shade({ stages: { 0: { [D3DTSS.COLOROP]: D3DTOP.DISABLE, [D3DTSS.ALPHAOP]: D3DTOP.SELECTARG1 } } }).color, D);
  });

  it('BLENDCURRENTALPHA blends by the alpha of the previous stage\'s result', () => {
    const { color } = shade({
      stages: {
        0: { [D3DTSS.COLOROP]: D3DTOP.SELECTARG1, [D3DTSS.COLORARG1]: D3DTA.TEXTURE, [D3DTSS.ALPHAOP]: D3DTOP.SELECTARG1, [D3DTSS.ALPHAARG1]: D3DTA.TEXTURE },
        1: { [D3DTSS.COLOROP]: D3DTOP.BLENDCURRENTALPHA, [D3DTSS.COLORARG1]: D3DTA.TFACTOR, [D3DTSS.COLORARG2]: D3DTA.DIFFUSE, [D3DTSS.ALPHAOP]: D3DTOP.SELECTARG1, [D3DTSS.ALPHAARG1]: D3DTA.CURRENT },
      },
    });
    // TF·.75 + D·.25
    expectColor(color, [0.275, 0.3625, 0.7875, 0.75]);
  });

  it('ALPHAOP DISABLE with a colour op passes the current alpha through', () => {
    const st = { ...opStage(D3DTOP.MODULATE), [D3DTSS.ALPHAOP]: D3DTOP.DISABLE };
    expectColor(shade({ stages: { 0: st } }).color, [0.125, 0.125, 0.75, 0.5]);
  });

  it('RESULTARG TEMP writes TEMP and leaves CURRENT for the next stage', () => {
    const { color } = shade({
      stages: {
        0: { ...opStage(D3DTOP.SELECTARG1), [D3DTSS.RESULTARG]: D3DTA.TEMP },
        1: { [D3DTSS.COLOROP]: D3DTOP.ADD, [D3DTSS.COLORARG1]: D3DTA.TEMP, [D3DTSS.COLORARG2]: D3DTA.CURRENT, [D3DTSS.ALPHAOP]: D3DTOP.SELECTARG1, [D3DTSS.ALPHAARG1]: D3DTA.TEMP },
      },
    });
    // T + D clamped; alpha from TEMP = T.a
    expectColor(color, [0.75, 0.75, 1, 0.75]);
  });
});

describe('texture reads', () => {
  const readTexture = { [D3DTSS.COLOROP]: D3DTOP.SELECTARG1, [D3DTSS.COLORARG1]: D3DTA.TEXTURE, [D3DTSS.ALPHAOP]: D3DTOP.SELECTARG1, [D3DTSS.ALPHAARG1]: D3DTA.TEXTURE };

  it('a stage without a texture whose op reads it passes the current (here diffuse) colour, and does not sample', () => {
    const r = shade({ textures: [], stages: { 0: readTexture } });
    expectColor(r.color, D);
    expect(r.calls).toBe(0);
    // the default stage 0 (MODULATE TEXTURE, CURRENT) of an untextured draw shows the diffuse colour
    const m = shade({ textures: [], stages: { 0: { [D3DTSS.COLOROP]: D3DTOP.MODULATE, [D3DTSS.COLORARG1]: D3DTA.TEXTURE, [D3DTSS.COLORARG2]: D3DTA.CURRENT } } });
    expectColor(m.color, D);
  });

  it('a stage whose ops do not read TEXTURE does not sample', () => {
    expect(shade({ stages: { 0: { ...readTexture, [D3DTSS.COLORARG1]: D3DTA.DIFFUSE, [D3DTSS.ALPHAARG1]: D3DTA.DIFFUSE } } }).calls).toBe(0);
  });

  const projected: [string, number, number, number[], number[]][] = [
    ['not projected: coordinates as interpolated', D3DTTFF.COUNT3, 0, [2, 4, 2, 8], [2, 4, 2, 8]],
    ['COUNT3 | PROJECTED divides u, v by the third', D3DTTFF.COUNT3 | D3DTTFF.PROJECTED, 0, [2, 4, 2, 8], [1, 2, 2, 8]],
    ['COUNT4 | PROJECTED divides u, v, w by q', D3DTTFF.COUNT4 | D3DTTFF.PROJECTED, 0, [2, 4, 6, 2], [1, 2, 3, 2]],
    ['COUNT2 | PROJECTED divides u by v', D3DTTFF.COUNT2 | D3DTTFF.PROJECTED, 0, [2, 4, 6, 2], [0.5, 4, 6, 2]],
    ['DISABLE | PROJECTED counts the FVF\'s declared size (3)', D3DTTFF.PROJECTED, D3DFVF.TEX1 | D3DFVF_TEXCOORDSIZE(3, 0), [2, 4, 2, 8], [1, 2, 2, 8]],
    ['DISABLE | PROJECTED without a declared set counts 4', D3DTTFF.PROJECTED, 0, [2, 4, 6, 2], [1, 2, 3, 2]],
  ];
  for (const [name, ttff, fvf, tex, want] of projected) {
    it(name, () => {
      const sampler = fakeSampler({ 0: T });
      const st = state({ textures: [0], fvf, stages: { 0: { ...readTexture, [D3DTSS.TEXTURETRANSFORMFLAGS]: ttff } } });
      createCombine('generic', st, sampler)(fragment({ tex: { 0: tex } }), new Float32Array(4));
      expect(sampler.calls[0].tex).toEqual(want);
    });
  }

  it('projected derivatives follow the quotient rule: d(u/w) = (du·w − u·dw)/w²', () => {
    const sampler = fakeSampler({ 0: T });
    const st = state({ textures: [0], stages: { 0: { ...readTexture, [D3DTSS.TEXTURETRANSFORMFLAGS]: D3DTTFF.COUNT3 | D3DTTFF.PROJECTED } } });
    const f = fragment({ tex: { 0: [2, 4, 2, 1] } });
    f.texDx.set([1, 0, 0.5, 0], 0);
    createCombine('generic', st, sampler)(f, new Float32Array(4));
    // du: (1·2 − 2·0.5)/4 = 0.25; dv: (0·2 − 4·0.5)/4 = −0.5
    expect(sampler.calls[0].dx).toEqual([0.25, -0.5, 0.5, 0]);
  });

  it('each stage samples its own texture with its own coordinate set', () => {
    const sampler = fakeSampler({ 0: T, 1: T });
    const st = state({
      textures: [0, 1],
      stages: { 0: readTexture, 1: { [D3DTSS.COLOROP]: D3DTOP.MODULATE, [D3DTSS.COLORARG1]: D3DTA.TEXTURE, [D3DTSS.COLORARG2]: D3DTA.CURRENT, [D3DTSS.ALPHAOP]: D3DTOP.SELECTARG2, [D3DTSS.ALPHAARG2]: D3DTA.CURRENT } },
    });
    createCombine('generic', st, sampler)(fragment({ tex: { 0: [0.1, 0.2, 0, 1], 1: [0.3, 0.4, 0, 1] } }), new Float32Array(4));
    expect(sampler.calls.map((c) => [c.stage, c.tex[0], c.tex[1]])).toEqual([[0, 0.1, 0.2], [1, 0.3, 0.4]]);
  });
});
