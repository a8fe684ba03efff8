/**
 * fill-fast.ts writes the same bytes as fill.ts (fillColor / fillRect) on
 * random formats, rects, colours and sample counts, padding bytes included.
 */
import { describe, expect, it } from 'vitest';
import { fillColor } from '../../../src/driver/blit/fill.js';
import { fillColorFast } from '../../../src/driver/blit/fill-fast.js';
import { F, clone, int, pick, prng, randomBytes, rect, surface } from './helpers.js';

const FORMATS = [F.A8R8G8B8, F.X8R8G8B8, F.R5G6B5, F.X1R5G5B5, F.R8G8B8, F.L8, F.A8, F.A2R10G10B10, F.A16B16G16R16, F.A16B16G16R16F,
  F.A32B32G32R32F, F.G16R16F, F.YUY2, F.UYVY, F.DXT1, F.DXT3, F.DXT5, F.P8];

describe('fillColorFast = fillColor, byte for byte', () => {
  it('random formats, rects (whole surfaces too), colours, sRGB and samples', () => {
    const r = prng(0xf111);
    for (let n = 0; n < 400; n++) {
      const format = pick(r, FORMATS);
      const s = randomBytes(r, surface(format, int(r, 1, 37), int(r, 1, 19), pick(r, [1, 1, 2, 4])));
      const whole = r() < 0.3;
      const left = whole ? 0 : int(r, 0, s.width - 1), top = whole ? 0 : int(r, 0, s.height - 1);
      const rc = whole ? rect(0, 0, s.width, s.height) : rect(left, top, int(r, left + 1, s.width), int(r, top + 1, s.height));
      const argb = Math.floor(r() * 2 ** 32), srgb = r() < 0.2;
      const a = clone(s), b = clone(s);
      expect(fillColorFast(a, rc, argb, srgb), `case ${n}`).toBe(fillColor(b, rc, argb, srgb));
      expect(a.data, `case ${n}: ${s.format.name} ${s.width}x${s.height}x${s.samples} ${JSON.stringify(rc)}`).toEqual(b.data);
    }
  });

  it('a 1920×1080 X8R8G8B8 surface is one fill', () => {
    const s = surface(F.X8R8G8B8, 1920, 1080);
    expect(fillColorFast(s, rect(0, 0, 1920, 1080), 0x00123456)).toBe(true);
    expect(new Uint32Array(s.data.buffer).every((w) => w === 0xff123456)).toBe(true);
  });
});
