/**
 * Which span path chooseSpanPath picks: the fast paths for the states they
 * reproduce, the generic per-pixel path for everything else.
 */
import { describe, expect, it } from 'vitest';
import { D3DCMP, D3DTADDRESS, D3DTEXF, D3DTOP, D3DTSS, D3DTTFF } from '../../../src/d3d9/index.js';
import { autoSpanPath, chooseSpanPath } from '../../../src/driver/raster/span/index.js';
import { stageSampler } from '../../../src/driver/raster/draw.js';
import { choosePixelPaths, createPixelStages } from '../../../src/driver/raster/pixel/index.js';
import type { SpanPathName } from '../../../src/driver/raster/span/index.js';
import type { TextureView } from '../../../src/driver/raster/types.js';
import type { SurfaceView } from '../../../src/driver/surface-view.js';
import { F, makeState, prng, randomSurface } from './helpers.js';
import type { StateInit } from './helpers.js';

const surface = (format: number, w = 16, h = 12, offset = 0): SurfaceView => randomSurface(prng(format), format, w, h, offset);
const texture = (format: number = F.A8R8G8B8, levels = 1): TextureView => ({
  kind: '2d', levels: Array.from({ length: levels }, (_, i) => surface(format, 8 >> i, 8 >> i)),
});
const noZ = { ZENABLE: 0 };

const table: [string, StateInit, SpanPathName][] = [
  ['the default untextured state', { rs: noZ }, 'color'],
  ['untextured on an R5G6B5 target', { rt: surface(F.R5G6B5), rs: noZ }, 'color'],
  ['untextured with sRGB writes (the colour is encoded once per triangle)', { rs: { ...noZ, SRGBWRITEENABLE: 1 } }, 'color'],
  ['untextured with an alpha test', { rs: { ...noZ, ALPHATESTENABLE: 1, ALPHAFUNC: D3DCMP.GREATER } }, 'color'],
  ['D24S8 depth and stencil', { ds: surface(F.D24S8), rs: { STENCILENABLE: 1 } }, 'color'],
  ['D16 depth', { ds: surface(F.D16) }, 'color'],
  ['depth only: COLORWRITEENABLE 0 with a texture bound', { ds: surface(F.D24X8), texture: texture(), rs: { COLORWRITEENABLE: 0 } }, 'color'],
  ['D32F depth', { ds: surface(F.D32F_LOCKABLE) }, 'generic'],
  ['D32 depth', { ds: surface(F.D32) }, 'generic'],
  ['D15S1 with stencil', { ds: surface(F.D15S1), rs: { ZENABLE: 0, STENCILENABLE: 1 } }, 'generic'],
  ['D24FS8 stencil alone', { ds: surface(F.D24FS8), rs: { ZENABLE: 0, STENCILENABLE: 1 } }, 'color'],
  ['D24FS8 depth', { ds: surface(F.D24FS8) }, 'generic'],
  ['a depth buffer smaller than the target (draws clip to it)', { ds: surface(F.D24S8, 8, 8) }, 'color'],
  ['alpha blending', { rs: { ...noZ, ALPHABLENDENABLE: 1 } }, 'generic'],
  ['fog', { rs: { ...noZ, FOGENABLE: 1 } }, 'generic'],
  ['a partial write mask on A8R8G8B8', { rs: { ...noZ, COLORWRITEENABLE: 7 } }, 'generic'],
  ['a misaligned target', { rt: surface(F.A8R8G8B8, 16, 12, 1), rs: noZ }, 'generic'],
  ['a 64-bit target', { rt: surface(F.A16B16G16R16F), rs: noZ }, 'generic'],
  ['a multisampled target', { rt: { ...surface(F.A8R8G8B8), samples: 4, data: new Uint8Array(16 * 12 * 4 * 4) }, rs: noZ }, 'generic'],
  ['a texture under the default MODULATE stage', { texture: texture(), rs: noZ }, 'textured'],
  ['a texture with depth and stencil', { texture: texture(), ds: surface(F.D24S8), rs: { STENCILENABLE: 1 } }, 'textured'],
  ['SELECTARG1 texture, alpha DISABLE', { texture: texture(), rs: noZ, stages: { 0: { [D3DTSS.COLOROP]: D3DTOP.SELECTARG1, [D3DTSS.ALPHAOP]: D3DTOP.DISABLE } } }, 'textured'],
  ['mipmaps with MIPFILTER NONE', { texture: texture(F.A8R8G8B8, 3), rs: noZ }, 'textured'],
  ['mipmaps with MIPFILTER LINEAR', { texture: texture(F.A8R8G8B8, 3), rs: noZ, sampler: { MIPFILTER: D3DTEXF.LINEAR } }, 'generic'],
  ['mipmaps with MIPFILTER LINEAR and MAXMIPLEVEL at the last level', { texture: texture(F.A8R8G8B8, 3), rs: noZ, sampler: { MIPFILTER: D3DTEXF.LINEAR, MAXMIPLEVEL: 2 } }, 'textured'],
  ['border addressing', { texture: texture(), rs: noZ, sampler: { ADDRESSU: D3DTADDRESS.BORDER } }, 'generic'],
  ['a float texture', { texture: texture(F.A16B16G16R16F), rs: noZ }, 'generic'],
  ['a texture on an R5G6B5 target', { texture: texture(), rt: surface(F.R5G6B5), rs: noZ }, 'generic'],
  ['a texture with sRGB writes', { texture: texture(), rs: { ...noZ, SRGBWRITEENABLE: 1 } }, 'generic'],
  ['a texture with an alpha test', { texture: texture(), rs: { ...noZ, ALPHATESTENABLE: 1, ALPHAFUNC: D3DCMP.GREATER } }, 'generic'],
  ['ADD of texture and diffuse', { texture: texture(), rs: noZ, stages: { 0: { [D3DTSS.COLOROP]: D3DTOP.ADD } } }, 'generic'],
  ['a second stage', { texture: texture(), rs: noZ, stages: { 1: { [D3DTSS.COLOROP]: D3DTOP.SELECTARG1, [D3DTSS.COLORARG1]: 1 } } }, 'generic'],
  ['projected texture coordinates', { texture: texture(), rs: noZ, stages: { 0: { [D3DTSS.TEXTURETRANSFORMFLAGS]: D3DTTFF.PROJECTED | 3 } } }, 'generic'],
];

describe('chooseSpanPath', () => {
  for (const [name, init, want] of table) {
    it(`${name}: ${want}`, () => expect(chooseSpanPath(makeState({ width: 16, height: 12, ...init }))).toBe(want));
  }
});

describe('autoSpanPath makes the path chooseSpanPath names', () => {
  for (const [name, init, want] of table) {
    it(`${name}: ${want}`, () => {
      const st = makeState({ width: 16, height: 12, ...init });
      expect(autoSpanPath(st, createPixelStages(st, stageSampler(st), choosePixelPaths(st))).name).toBe(want);
    });
  }
});
