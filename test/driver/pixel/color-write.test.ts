/**
 * Blending, write masks, sRGB writes and encoding into render targets (reference
 * B.3 step 6, C.5; D3DBLEND, D3DBLENDOP). Source (.625 .25 1 .75) over a stored
 * A8R8G8B8 (64 128 192 32); BLENDFACTOR (64 192 255 128). Expected bytes are the
 * rules worked by hand with UNORM→FLOAT c/255 and FLOAT→UNORM ·255 +0.5 truncate;
 * none lies within 0.02 of a rounding tie. Every case runs on the chosen and the
 * generic path. Exact equality.
 */
import { describe, expect, it } from 'vitest';
import { D3DBLEND, D3DBLENDOP, D3DTOP, D3DTSS } from '../../../src/d3d9/index.js';
import { GENERIC_PATHS, choosePixelPaths, createPixelPipeline } from '../../../src/driver/raster/pixel/index.js';
import type { SurfaceView } from '../../../src/driver/surface-view.js';
import { F, argb, fakeSampler, fillWord, fragment, state, surface, word } from './helpers.js';
import type { StateInit } from './helpers.js';

const SRC = [0.625, 0.25, 1, 0.75];
const DST = argb(32, 64, 128, 192);
const FACTOR = argb(0x80, 0x40, 0xc0, 0xff);
const noTexture = { 0: { [D3DTSS.COLOROP]: D3DTOP.DISABLE } };

const PATHS = ['chosen', 'generic'] as const;

/** Draws one fragment of colour `src` over a 1×1 target holding `stored`; returns the target. */
function draw(init: StateInit & { format?: number; stored?: number; src?: number[] }, which: (typeof PATHS)[number]): SurfaceView {
  const rt = surface(init.format ?? F.A8R8G8B8, 1, 1);
  fillWord(rt, init.stored ?? DST);
  const st = state({ ...init, rt, stages: noTexture, rs: { ZENABLE: 0, BLENDFACTOR: FACTOR, ...init.rs } });
  const paths = which === 'generic' ? GENERIC_PATHS : choosePixelPaths(st);
  createPixelPipeline(st, fakeSampler(), paths)(fragment({ diffuse: init.src ?? SRC }));
  return rt;
}

/** [R, G, B, A] bytes of an A8R8G8B8 / X8R8G8B8 word. */
function bytes(w: number): number[] {
  return [(w >>> 16) & 0xff, (w >>> 8) & 0xff, w & 0xff, w >>> 24];
}

const B = D3DBLEND;

describe('blend factors (ADD)', () => {
  const src: [number, number[]][] = [
    [B.ZERO, [0, 0, 0, 0]], [B.ONE, [159, 64, 255, 191]], [B.SRCCOLOR, [100, 16, 255, 143]], [B.INVSRCCOLOR, [60, 48, 0, 48]],
    [B.SRCALPHA, [120, 48, 191, 143]], [B.INVSRCALPHA, [40, 16, 64, 48]], [B.DESTALPHA, [20, 8, 32, 24]],
    [B.INVDESTALPHA, [139, 56, 223, 167]], [B.DESTCOLOR, [40, 32, 192, 24]], [B.INVDESTCOLOR, [119, 32, 63, 167]],
    [B.SRCALPHASAT, [120, 48, 191, 191]], [B.BLENDFACTOR, [40, 48, 255, 96]], [B.INVBLENDFACTOR, [119, 16, 0, 95]],
  ];
  const dst: [number, number[]][] = [
    [B.ZERO, [0, 0, 0, 0]], [B.ONE, [64, 128, 192, 32]], [B.SRCCOLOR, [40, 32, 192, 24]], [B.INVSRCCOLOR, [24, 96, 0, 8]],
    [B.SRCALPHA, [48, 96, 144, 24]], [B.INVSRCALPHA, [16, 32, 48, 8]], [B.DESTALPHA, [8, 16, 24, 4]],
    [B.INVDESTALPHA, [56, 112, 168, 28]], [B.DESTCOLOR, [16, 64, 145, 4]], [B.INVDESTCOLOR, [48, 64, 47, 28]],
    [B.SRCALPHASAT, [48, 96, 144, 32]], [B.BLENDFACTOR, [16, 96, 192, 16]], [B.INVBLENDFACTOR, [48, 32, 0, 16]],
  ];
  for (const which of PATHS) {
    for (const [factor, want] of src) {
      it(`SRCBLEND ${D3DBLEND_NAME(factor)} (DESTBLEND ZERO), ${which}`, () => {
        expect(bytes(word(draw({ rs: { ALPHABLENDENABLE: 1, SRCBLEND: factor, DESTBLEND: B.ZERO } }, which)))).toEqual(want);
      });
    }
    for (const [factor, want] of dst) {
      it(`DESTBLEND ${D3DBLEND_NAME(factor)} (SRCBLEND ZERO), ${which}`, () => {
        expect(bytes(word(draw({ rs: { ALPHABLENDENABLE: 1, SRCBLEND: B.ZERO, DESTBLEND: factor } }, which)))).toEqual(want);
      });
    }
  }
});

function D3DBLEND_NAME(v: number): string {
  return Object.entries(D3DBLEND).find(([, n]) => n === v)![0];
}

describe('blend ops and special factors', () => {
  const table: [string, StateInit['rs'], number[]][] = [
    ['ADD: src·As + dst·(1 − As)', { SRCBLEND: B.SRCALPHA, DESTBLEND: B.INVSRCALPHA, BLENDOP: D3DBLENDOP.ADD }, [136, 80, 239, 151]],
    ['SUBTRACT: src·Fs − dst·Fd', { SRCBLEND: B.SRCALPHA, DESTBLEND: B.INVSRCALPHA, BLENDOP: D3DBLENDOP.SUBTRACT }, [104, 16, 143, 135]],
    ['REVSUBTRACT: dst·Fd − src·Fs (negative → 0)', { SRCBLEND: B.SRCALPHA, DESTBLEND: B.INVSRCALPHA, BLENDOP: D3DBLENDOP.REVSUBTRACT }, [0, 0, 0, 0]],
    ['REVSUBTRACT ONE/ONE', { SRCBLEND: B.ONE, DESTBLEND: B.ONE, BLENDOP: D3DBLENDOP.REVSUBTRACT }, [0, 64, 0, 0]],
    ['MIN ignores the factors', { SRCBLEND: B.ZERO, DESTBLEND: B.ZERO, BLENDOP: D3DBLENDOP.MIN }, [64, 64, 192, 32]],
    ['MAX ignores the factors', { SRCBLEND: B.ZERO, DESTBLEND: B.ZERO, BLENDOP: D3DBLENDOP.MAX }, [159, 128, 255, 191]],
    ['ADD ONE/ONE saturates at 255', { SRCBLEND: B.ONE, DESTBLEND: B.ONE }, [223, 192, 255, 223]],
    ['BOTHSRCALPHA as SRCBLEND is SRCALPHA/INVSRCALPHA, whatever DESTBLEND says', { SRCBLEND: B.BOTHSRCALPHA, DESTBLEND: B.ONE }, [136, 80, 239, 151]],
    ['BOTHINVSRCALPHA as SRCBLEND is INVSRCALPHA/SRCALPHA', { SRCBLEND: B.BOTHINVSRCALPHA, DESTBLEND: B.ZERO }, [88, 112, 208, 72]],
    ['separate alpha: RGB ONE/ZERO, alpha ZERO/ONE', { SRCBLEND: B.ONE, DESTBLEND: B.ZERO, SEPARATEALPHABLENDENABLE: 1, SRCBLENDALPHA: B.ZERO, DESTBLENDALPHA: B.ONE }, [159, 64, 255, 32]],
    ['separate alpha op: RGB ADD ONE/ZERO, alpha MAX', { SRCBLEND: B.ONE, DESTBLEND: B.ZERO, SEPARATEALPHABLENDENABLE: 1, BLENDOPALPHA: D3DBLENDOP.MAX, SRCBLENDALPHA: B.ZERO, DESTBLENDALPHA: B.ZERO }, [159, 64, 255, 191]],
    ['the alpha states are ignored without SEPARATEALPHABLENDENABLE', { SRCBLEND: B.ONE, DESTBLEND: B.ZERO, SRCBLENDALPHA: B.ZERO, DESTBLENDALPHA: B.ONE }, [159, 64, 255, 191]],
    ['ALPHABLENDENABLE FALSE writes the source', { ALPHABLENDENABLE: 0, SRCBLEND: B.ZERO, DESTBLEND: B.ONE }, [159, 64, 255, 191]],
  ];
  for (const which of PATHS) {
    for (const [name, rs, want] of table) {
      it(`${name}, ${which}`, () => expect(bytes(word(draw({ rs: { ALPHABLENDENABLE: 1, ...rs } }, which)))).toEqual(want));
    }
  }
});

describe('destination formats', () => {
  for (const which of PATHS) {
    it(`X8R8G8B8's destination alpha reads 1: INVDESTALPHA/DESTALPHA keeps the colour, X is written as ones, ${which}`, () => {
      const rs = { ALPHABLENDENABLE: 1, SRCBLEND: B.INVDESTALPHA, DESTBLEND: B.DESTALPHA };
      expect(bytes(word(draw({ format: F.X8R8G8B8, stored: argb(0, 64, 128, 192), rs }, which)))).toEqual([64, 128, 192, 255]);
      // the same state on A8R8G8B8 (alpha 32) mixes in the source
      expect(bytes(word(draw({ rs }, which)))).not.toEqual([64, 128, 192, 32]);
    });

    it(`R5G6B5 stores 5-6-5 bits rounded from the blend result, ${which}`, () => {
      // ONE/ONE over 0: (.625 .25 1) → R 31·.625 = 19.375 → 19, G 63·.25 = 15.75 → 16, B 31
      const rt = draw({ format: F.R5G6B5, stored: 0, rs: { ALPHABLENDENABLE: 1, SRCBLEND: B.ONE, DESTBLEND: B.ONE } }, which);
      expect(word(rt)).toBe((19 << 11) | (16 << 5) | 31);
    });

    it(`A16B16G16R16F stores the blend result unclamped as halves, ${which}`, () => {
      const rt = surface(F.A16B16G16R16F, 1, 1);
      // stored (0.5, 0.5, 0.5, 0.5) as halves 0x3800
      for (let i = 0; i < 8; i += 2) { rt.data[i] = 0x00; rt.data[i + 1] = 0x38; }
      const st = state({ rt, stages: noTexture, rs: { ZENABLE: 0, ALPHABLENDENABLE: 1, SRCBLEND: B.ONE, DESTBLEND: B.ONE } });
      createPixelPipeline(st, fakeSampler(), which === 'generic' ? GENERIC_PATHS : choosePixelPaths(st))(fragment({ diffuse: [1, 0.25, 1, 1] }));
      // 1.5 = 0x3E00, 0.75 = 0x3A00, 1.5, 1.5
      expect([...new Uint16Array(rt.data.buffer)]).toEqual([0x3e00, 0x3a00, 0x3e00, 0x3e00]);
    });
  }
});

describe('COLORWRITEENABLE', () => {
  const table: [string, number, number, number, number[]][] = [
    ['all four channels', F.A8R8G8B8, 0xf, DST, [159, 64, 255, 191]],
    ['RED | ALPHA keeps green and blue', F.A8R8G8B8, 0x9, DST, [159, 128, 192, 191]],
    ['GREEN only', F.A8R8G8B8, 0x2, DST, [64, 64, 192, 32]],
    ['0 writes nothing', F.A8R8G8B8, 0x0, DST, [64, 128, 192, 32]],
    ['ALPHA only on X8R8G8B8 writes nothing, not even X', F.X8R8G8B8, 0x8, argb(0x12, 64, 128, 192), [64, 128, 192, 0x12]],
    ['BLUE on X8R8G8B8 writes blue and X as ones', F.X8R8G8B8, 0x4, argb(0x12, 64, 128, 192), [64, 128, 255, 0xff]],
    ['bits above the four channels are ignored', F.A8R8G8B8, 0xf0 | 0x1, DST, [159, 128, 192, 32]],
  ];
  for (const which of PATHS) {
    for (const [name, format, mask, stored, want] of table) {
      it(`${name}, ${which}`, () => expect(bytes(word(draw({ format, stored, rs: { COLORWRITEENABLE: mask } }, which)))).toEqual(want));
    }
    it(`R5G6B5 with GREEN only keeps the red and blue bits, ${which}`, () => {
      const rt = draw({ format: F.R5G6B5, stored: 0xffff, src: [0, 0.5, 0, 1], rs: { COLORWRITEENABLE: 0x2 } }, which);
      // G: 63·0.5 = 31.5 → 32
      expect(word(rt)).toBe(0xf81f | (32 << 5));
    });
    it(`COLORWRITEENABLE1 does not mask render target 0, ${which}`, () => {
      expect(bytes(word(draw({ rs: { COLORWRITEENABLE1: 0 } }, which)))).toEqual([159, 64, 255, 191]);
    });
  }
});

describe('SRGBWRITEENABLE', () => {
  for (const which of PATHS) {
    it(`linear 0.5 is stored as sRGB 188; alpha stays linear, ${which}`, () => {
      expect(bytes(word(draw({ src: [0.5, 0, 1, 0.75], rs: { SRGBWRITEENABLE: 1 } }, which)))).toEqual([188, 0, 255, 191]);
    });
    it(`blending linearises the stored colour first (D3D10+): sRGB 127 + linear 0.25 → 181, not 191, ${which}`, () => {
      const rs = { SRGBWRITEENABLE: 1, ALPHABLENDENABLE: 1, SRCBLEND: B.ONE, DESTBLEND: B.ONE };
      expect(bytes(word(draw({ src: [0.25, 0.25, 0.25, 0], stored: argb(0, 127, 127, 127), rs }, which)))).toEqual([181, 181, 181, 0]);
    });
    it(`R5G6B5 does not allow sRGB writes: 0.5 → 16 of 31, ${which}`, () => {
      const rt = draw({ format: F.R5G6B5, src: [0.5, 0, 0, 1], rs: { SRGBWRITEENABLE: 1 } }, which);
      expect(word(rt) >>> 11).toBe(16);
    });
    it(`X8R8G8B8 allows sRGB writes, ${which}`, () => {
      expect(bytes(word(draw({ format: F.X8R8G8B8, src: [0.25, 0.5, 0, 1], rs: { SRGBWRITEENABLE: 1 } }, which)))).toEqual([137, 188, 0, 255]);
    });
  }
});
