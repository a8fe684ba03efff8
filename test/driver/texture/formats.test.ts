/**
 * Sampling reads every format as decodeTexel decodes it (reference F.1 read
 * defaults), and filters the decoded floats: sRGB textures are linearised
 * before filtering, alpha never. Single texels are exact; filtered values
 * within 1e-6.
 */
import { describe, expect, it } from 'vitest';
import { D3DFMT, D3DTEXF } from '../../../src/d3d9/index.js';
import { allFormats, blockRows, decodeTexel, pitchOf } from '../../../src/formats/index.js';
import { DecodedLevel, createSampler } from '../../../src/driver/raster/texture/index.js';
import { argbSurface, expectClose, sample2d, samplerStates, surface, tex2d } from './helpers.js';
import { prng as rng } from '../../helpers.js';

const f32 = (v: number[]): number[] => v.map(Math.fround);

describe('one sample of each kind of format', () => {
  const TABLE: [string, ReturnType<typeof surface>, number, number, number[]][] = [
    // name, surface, u, v, expected RGBA
    ['L8 0x80 reads (l, l, l, 1)', surface(D3DFMT.L8, 1, 1, [[0x80]]), 0.5, 0.5, [128 / 255, 128 / 255, 128 / 255, 1]],
    ['A8 0x80 reads (0, 0, 0, a)', surface(D3DFMT.A8, 1, 1, [[0x80]]), 0.5, 0.5, [0, 0, 0, 128 / 255]],
    ['V8U8 (U 0x40, V 0xC0) reads (u, v, 1, 1) signed', surface(D3DFMT.V8U8, 1, 1, [[0x40, 0xc0]]), 0.5, 0.5, [64 / 127, -64 / 127, 1, 1]],
    // one 4×4 DXT1 block: c0 = 0xF800 red, c1 = 0x001F blue; texel (1,0) index 1, texel (2,1) index 2 = (2·c0 + c1)/3
    ['DXT1 texel (0,0) index 0: colour 0', dxt1(), 0.125, 0.125, [1, 0, 0, 1]],
    ['DXT1 texel (1,0) index 1: colour 1', dxt1(), 0.375, 0.125, [0, 0, 1, 1]],
    ['DXT1 texel (2,1) index 2: ⅔ c0 + ⅓ c1 in 8 bits', dxt1(), 0.625, 0.375, [170 / 255, 0, 85 / 255, 1]],
    // YUY2 Y0 U Y1 V: (81, 90, 240) is red; (235, 90, 240) by the integer BT.601 formula (reference G)
    ['YUY2 texel 0 (Y 81, U 90, V 240)', surface(D3DFMT.YUY2, 2, 1, [[81, 90, 235, 240]]), 0.25, 0.5, [1, 0, 0, 1]],
    ['YUY2 texel 1 (Y 235, U 90, V 240)', surface(D3DFMT.YUY2, 2, 1, [[81, 90, 235, 240]]), 0.75, 0.5, [1, 179 / 255, 178 / 255, 1]],
  ];
  for (const [name, s, u, v, expected] of TABLE) {
    it(name, () => {
      expect(sample2d(tex2d(s), {}, u, v)).toEqual(f32(expected));
    });
  }

  it('P8 reads the palette passed with the sampler', () => {
    const palette = new Uint8Array(1024);
    palette.set([10, 20, 30, 40], 7 * 4);
    const out = new Float32Array(4);
    createSampler(tex2d(surface(D3DFMT.P8, 1, 1, [[7]])), samplerStates(), { palette }).sample(0.5, 0.5, 0, 0, 0, 0, 0, 0, 0, out, 0);
    expect([...out]).toEqual(f32([10 / 255, 20 / 255, 30 / 255, 40 / 255]));
  });
});

function dxt1(): ReturnType<typeof surface> {
  return surface(D3DFMT.DXT1, 4, 4, [[0x00, 0xf8, 0x1f, 0x00, 0x04, 0x20, 0x00, 0x00]]);
}

describe('SRGBTEXTURE', () => {
  const grey = tex2d(argbSurface(2, 1, [0x7f7f7f7f, 0xffffffff]));
  it('linearises R, G, B (sRGB 127 → 0.212231) and leaves alpha', () => {
    expectClose(sample2d(grey, { SRGBTEXTURE: 1 }, 0.25, 0.5), [0.212231, 0.212231, 0.212231, 127 / 255], 1e-6, 'srgb');
    expect(sample2d(grey, { SRGBTEXTURE: 0 }, 0.25, 0.5)).toEqual(f32([127 / 255, 127 / 255, 127 / 255, 127 / 255]));
  });
  it('decodes before filtering: halfway between sRGB 127 and 255 is the mean of the linear values', () => {
    const got = sample2d(grey, { SRGBTEXTURE: 1, MAGFILTER: D3DTEXF.LINEAR, ADDRESSU: 3 }, 0.5, 0.5);
    const lin = 0.2122307; // sRGB 127 linearised
    expectClose(got, [(lin + 1) / 2, (lin + 1) / 2, (lin + 1) / 2, (127 / 255 + 1) / 2], 1e-6, 'srgb bilinear');
  });
});


describe('decoded levels, unit over divisor, equal decodeTexel bit for bit', () => {
  const sampleable = allFormats().filter((f) => f.kind !== 'buffer');
  for (const f of sampleable) {
    for (const srgb of [false, true]) {
      it(`${f.name}${srgb ? ' (sRGB)' : ''}, 6×5 texels of random bytes`, () => {
        const w = 6, h = 5, pitch = pitchOf(f, w);
        const next = rng(f.id * 2 + (srgb ? 1 : 0));
        const data = Uint8Array.from({ length: pitch * blockRows(f, h) }, () => Math.floor(next() * 256));
        const opts = { srgb, palette: Uint8Array.from({ length: 1024 }, () => Math.floor(next() * 256)) };
        const level = new DecodedLevel({ format: f, width: w, height: h, pitch, samples: 1, data }, opts);
        const want = new Float32Array(4);
        // read rows out of order: each decodes on first use
        for (const y of [3, 0, 4, 1, 2]) {
          for (let x = 0; x < w; x++) {
            decodeTexel(f, data, pitch, x, y, want, 0, opts);
            const p = level.at(x, y);
            const units = [...level.texels.subarray(p, p + 4)];
            // a divisor other than 1 marks a UNORM code: an integer, read as code / (2^n − 1)
            units.forEach((u, k) => { if (level.divisors[k] !== 1) expect(Number.isInteger(u)).toBe(true); });
            expect(units.map((u, k) => Math.fround(u / level.divisors[k]))).toEqual([...want]);
          }
        }
      });
    }
  }
});
