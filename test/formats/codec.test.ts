import { describe, expect, it } from 'vitest';
import { D3DFMT } from '../../src/d3d9/index.js';
import {
  allFormats, chooseRowFromRGBA8, chooseRowToFloat, chooseRowToRGBA8, decodeTexel, encodeColor, encodeDepthStencil,
  encodePixel, floatToHalf, formatInfo, genericRowFromRGBA8, genericRowToFloat, genericRowToRGBA8, halfToFloat,
  linearToSrgb, readChannel, srgbToLinear, decodeMacroPixel, decodeDxtBlock, solidDxtBlock,
} from '../../src/formats/index.js';
import type { FormatInfo } from '../../src/formats/index.js';
import { LONG, prng as rng, scale } from '../helpers.js';


const fmt = (id: number): FormatInfo => formatInfo(id)!;
const texel = (f: FormatInfo, bytes: number[] | Uint8Array, x = 0, opts?: { srgb?: boolean; palette?: Uint8Array }): number[] => {
  const out = new Float32Array(4);
  decodeTexel(f, Uint8Array.from(bytes), 64, x, 0, out, 0, opts);
  return [...out];
};

/** What re-encoding a decoded pixel must give: X bits read as 1 come back as ones, SNORM's −1 codes as −max, NaN halves canonical. */
function expectedReencode(f: FormatInfo, raw: Uint8Array): Uint8Array {
  const out = raw.slice();
  for (const ch of f.channels) {
    let v = readChannel(f, raw, 0, ch);
    if (ch.name === 'x') v = 2 ** ch.bits - 1;
    if (ch.type === 'snorm' && v === 2 ** (ch.bits - 1)) v = 2 ** (ch.bits - 1) + 1;
    if (ch.type === 'float' && ch.bits === 16 && (v & 0x7c00) === 0x7c00 && (v & 0x3ff)) v = 0x7e00;
    if (ch.type === 'float' && ch.bits === 32 && Number.isNaN(new Float32Array(new Uint32Array([v]).buffer)[0])) v = 0x7fc00000;
    // writeChannel of the codec is exercised by encodePixel; here build the bytes independently
    for (let bit = 0; bit < ch.bits; bit++) {
      const pos = ch.shift + bit;
      const byte = pos >> 3;
      const mask = 1 << (pos & 7);
      if (Math.floor(v / 2 ** bit) % 2) out[byte] |= mask; else out[byte] &= ~mask;
    }
  }
  return out;
}

const encodable = allFormats().filter((f) => encodePixel(f, [0, 0, 0, 0], new Uint8Array(f.blockBytes), 0));

describe('every pixel format decodes and re-encodes its own bits', () => {
  for (const f of encodable.filter((g) => g.blockBytes <= 2)) {
    // the short run takes every 5th 16-bit pattern (5 is odd: every bit still takes both values)
    it(`${f.name}: ${LONG || f.blockBytes === 1 ? 'all' : 'every 5th of'} ${2 ** (8 * f.blockBytes)} patterns`, () => {
      const raw = new Uint8Array(f.blockBytes);
      const dst = new Uint8Array(f.blockBytes);
      const v = new Float32Array(4);
      let bad = 0;
      const step = LONG || f.blockBytes === 1 ? 1 : 5;
      for (let p = 0; p < 2 ** (8 * f.blockBytes); p += step) {
        raw[0] = p & 255;
        if (f.blockBytes > 1) raw[1] = p >> 8;
        decodeTexel(f, raw, 0, 0, 0, v, 0);
        encodePixel(f, v, dst, 0);
        const want = expectedReencode(f, raw);
        if (dst.some((b, i) => b !== want[i]) && bad++ < 3) expect([...dst], `${f.name} pattern 0x${p.toString(16)}`).toEqual([...want]);
      }
      expect(bad).toBe(0);
    });
  }
  for (const f of encodable.filter((g) => g.blockBytes > 2)) {
    it(`${f.name}: ${scale(20000, 4000)} random patterns`, () => {
      const r = rng(f.id);
      const raw = new Uint8Array(f.blockBytes);
      const dst = new Uint8Array(f.blockBytes);
      const v = new Float32Array(4);
      for (let n = 0; n < scale(20000, 4000); n++) {
        for (let i = 0; i < raw.length; i++) raw[i] = Math.floor(r() * 256);
        decodeTexel(f, raw, 0, 0, 0, v, 0);
        encodePixel(f, v, dst, 0);
        const want = expectedReencode(f, raw);
        if (dst.some((b, i) => b !== want[i])) expect([...dst], `${f.name} ${[...raw]}`).toEqual([...want]);
      }
    });
  }
});

describe('channels a format lacks read as D3D9 samples them (reference F.1)', () => {
  const cases: Array<[string, number, number[], number[]]> = [
    ['A8 reads colour 0', D3DFMT.A8, [0x80], [0, 0, 0, 128 / 255]],
    ['X8R8G8B8 reads alpha 1 whatever X holds', D3DFMT.X8R8G8B8, [0x33, 0x22, 0x11, 0x00], [0x11 / 255, 0x22 / 255, 0x33 / 255, 1]],
    ['R5G6B5 reads alpha 1', D3DFMT.R5G6B5, [0xff, 0xff], [1, 1, 1, 1]],
    ['L8 spreads luminance over RGB', D3DFMT.L8, [51], [0.2, 0.2, 0.2, 1]],
    ['A4L4 has luminance low, alpha high', D3DFMT.A4L4, [0xf5], [1 / 3, 1 / 3, 1 / 3, 1]],
    ['G16R16 reads blue and alpha 1', D3DFMT.G16R16, [0xff, 0xff, 0, 0], [1, 0, 1, 1]],
    ['R16F reads G, B, A as 1', D3DFMT.R16F, [0x00, 0x38], [0.5, 1, 1, 1]],
    ['A2B10G10R10 has red in the low bits', D3DFMT.A2B10G10R10, [0xff, 0x03, 0, 0xc0], [1, 0, 0, 1]],
    ['V8U8 is signed: 0x81 reads −1, 0x7f reads 1', D3DFMT.V8U8, [0x81, 0x7f], [-1, 1, 1, 1]],
    ['V8U8 reads the most negative code as −1', D3DFMT.V8U8, [0x80, 0x00], [-1, 0, 1, 1]],
    ['L6V5U5: U, V signed 5-bit, L unsigned 6-bit in B', D3DFMT.L6V5U5, [0x0f, 0xfc], [1, 0, 1, 1]],
    ['CxV8U8 derives C = √(1 − u² − v²)', D3DFMT.CxV8U8, [0, 0], [0, 0, 1, 1]],
  ];
  for (const [what, id, bytes, want] of cases) {
    it(what, () => {
      const got = texel(fmt(id), bytes);
      want.forEach((w, k) => expect(got[k], `${what} component ${k}`).toBeCloseTo(w, 6));
    });
  }

  it('P8 and A8P8 take colour from the palette, P8 its alpha from the entry flags', () => {
    const pal = new Uint8Array(1024);
    pal.set([10, 20, 30, 40], 7 * 4);
    expect(texel(fmt(D3DFMT.P8), [7], 0, { palette: pal }).map((v) => Math.round(v * 255))).toEqual([10, 20, 30, 40]);
    expect(texel(fmt(D3DFMT.A8P8), [7, 200], 0, { palette: pal }).map((v) => Math.round(v * 255))).toEqual([10, 20, 30, 200]);
  });
});

describe('conversions follow D3D\'s rules (reference C.5)', () => {
  it('FLOAT→UNORM adds 0.5 and truncates', () => {
    expect([...encodeColor(fmt(D3DFMT.R5G6B5), 0xff808080)!]).toEqual([0x10, 0x84]);
    // 0.5 in 8 bits: 127.5 + 0.5 = 128
    const b = new Uint8Array(4);
    encodePixel(fmt(D3DFMT.A8R8G8B8), [0.5, 0.5, 0.5, 0.5], b, 0);
    expect([...b]).toEqual([128, 128, 128, 128]);
    encodePixel(fmt(D3DFMT.A8R8G8B8), [NaN, -1, 2, Infinity], b, 0);
    expect([...b]).toEqual([255, 0, 0, 255]);
  });

  it('FLOAT→SNORM rounds half away from zero and clamps', () => {
    const b = new Uint8Array(2);
    encodePixel(fmt(D3DFMT.V8U8), [-1.5, 0.5, 0, 0], b, 0);
    // U = −127 (0x81), V = 0.5·127 + 0.5 = 64
    expect([...b]).toEqual([0x81, 64]);
    encodePixel(fmt(D3DFMT.V8U8), [-0.5, NaN, 0, 0], b, 0);
    expect([...b]).toEqual([256 - 64, 0]);
  });

  it('sRGB: code 127 reads 0.212231 and stores as 0x36; linear 0.5 is code 188; 0.0031308 is code 10', () => {
    expect(srgbToLinear(127 / 255)).toBeCloseTo(0.212231, 6);
    expect(texel(fmt(D3DFMT.A8R8G8B8), [127, 127, 127, 127], 0, { srgb: true }).map((v) => Math.floor(v * 255 + 0.5))).toEqual([0x36, 0x36, 0x36, 127]);
    expect(Math.floor(linearToSrgb(0.5) * 255 + 0.5)).toBe(188);
    expect(Math.floor(linearToSrgb(0.0031308) * 255 + 0.5)).toBe(10);
    // every 8-bit code survives linearise → encode
    const b = new Uint8Array(4);
    for (let c = 0; c < 256; c++) {
      const lin = texel(fmt(D3DFMT.X8R8G8B8), [c, c, c, 0], 0, { srgb: true });
      encodePixel(fmt(D3DFMT.X8R8G8B8), lin, b, 0, true);
      expect(b[0], `code ${c}`).toBe(c);
    }
  });

  it('half floats: exact decode, round-to-zero encode, overflow to the largest half', () => {
    expect(halfToFloat(0x3c00)).toBe(1);
    expect(halfToFloat(0x0001)).toBe(2 ** -24);
    expect(halfToFloat(0x7bff)).toBe(65504);
    expect(floatToHalf(1 + 2 ** -10)).toBe(0x3c01);
    expect(floatToHalf(1 + 2 ** -11 + 2 ** -12)).toBe(0x3c00);
    expect(floatToHalf(-(1 + 2 ** -11 + 2 ** -12))).toBe(0xbc00);
    expect(floatToHalf(65519)).toBe(0x7bff);
    expect(floatToHalf(1e9)).toBe(0x7bff);
    expect(floatToHalf(Infinity)).toBe(0x7c00);
    expect(floatToHalf(-Infinity)).toBe(0xfc00);
    expect(floatToHalf(NaN)).toBe(0x7e00);
    expect(floatToHalf(2 ** -24)).toBe(1);
    expect(floatToHalf(2 ** -25)).toBe(0);
    expect(floatToHalf(3 * 2 ** -25)).toBe(1);
  });

  it('XR_BIAS reads (x − 0x180)/510 and stores 384 + 2v for a BGR8 value', () => {
    const f = fmt(D3DFMT.A2B10G10R10_XR_BIAS);
    const word = (r: number, g: number, b: number, a: number): number[] => {
      const w = (r | (g << 10) | (b << 20)) + a * 2 ** 30;
      return [w & 255, (w >>> 8) & 255, (w >>> 16) & 255, Math.floor(w / 2 ** 24) & 255];
    };
    for (const [code, value] of [[0x000, -384 / 510], [0x081, -0.5], [0x180, 0], [0x27f, 0.5], [0x37e, 1], [0x3ff, 639 / 510]] as const) {
      expect(texel(f, word(code, 0x180, 0x180, 3))[0]).toBeCloseTo(value, 6);
    }
    const out = new Uint8Array(4);
    for (let v = 0; v < 256; v++) {
      encodePixel(f, [v / 255, v / 255, v / 255, 1], out, 0);
      const w = (out[0] | (out[1] << 8) | (out[2] << 16) | (out[3] << 24)) >>> 0;
      expect(w & 0x3ff, `v ${v}`).toBe(384 + 2 * v);
    }
  });

  it('YUY2 and UYVY decode by Microsoft\'s integer formula (reference G vectors)', () => {
    const vectors: Array<[number, number, number, number, number, number]> = [
      [16, 128, 128, 0, 0, 0], [235, 128, 128, 255, 255, 255], [81, 90, 240, 255, 0, 0], [145, 54, 34, 0, 255, 1],
      [41, 240, 110, 0, 0, 255], [128, 128, 128, 130, 130, 130], [0, 0, 0, 0, 135, 0], [255, 255, 255, 255, 125, 255],
    ];
    const out = new Uint8Array(8);
    for (const [y, u, v, r, g, b] of vectors) {
      decodeMacroPixel(D3DFMT.YUY2, Uint8Array.of(y, u, 16, v), 0, out, 0);
      expect([...out.subarray(0, 4)], `YUY2 ${y},${u},${v}`).toEqual([r, g, b, 255]);
      decodeMacroPixel(D3DFMT.UYVY, Uint8Array.of(u, 16, v, y), 0, out, 0);
      expect([...out.subarray(4, 8)], `UYVY ${y},${u},${v}`).toEqual([r, g, b, 255]);
    }
  });

  it('D16 stores depth 0.5 as 0x8000, D24S8 as 0x800000 above the stencil', () => {
    expect(encodeDepthStencil(fmt(D3DFMT.D16), 0.5, 0).value).toBe(0x8000);
    expect(encodeDepthStencil(fmt(D3DFMT.D24S8), 0.5, 0x1ab).value).toBe(0x800000ab);
    expect(encodeDepthStencil(fmt(D3DFMT.D32F_LOCKABLE), 0.25, 0).value).toBe(0x3e800000);
    expect(encodeDepthStencil(fmt(D3DFMT.D24FS8), 1, 0).value).toBe(0xf0000000);
  });
});

describe('DXT blocks', () => {
  it('DXT1 decodes four-colour and three-colour-plus-transparent blocks', () => {
    const out = new Uint8Array(64);
    // c0 = pure red 0xF800, c1 = pure blue 0x001F: c0 > c1, four colours; indices 0,1,2,3 in the first row
    decodeDxtBlock(D3DFMT.DXT1, Uint8Array.of(0x00, 0xf8, 0x1f, 0x00, 0b11100100, 0, 0, 0), 0, out, 0, 4);
    expect([...out.subarray(0, 16)]).toEqual([255, 0, 0, 255, 0, 0, 255, 255, 170, 0, 85, 255, 85, 0, 170, 255]);
    // swapped endpoints: c0 < c1, index 2 is the midpoint, index 3 transparent black
    decodeDxtBlock(D3DFMT.DXT1, Uint8Array.of(0x1f, 0x00, 0x00, 0xf8, 0b11100100, 0, 0, 0), 0, out, 0, 4);
    expect([...out.subarray(8, 16)]).toEqual([128, 0, 128, 255, 0, 0, 0, 0]);
  });

  it('DXT3 carries 4-bit alpha, DXT5 interpolates eight alphas', () => {
    const out = new Uint8Array(64);
    const colour = [0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0];
    decodeDxtBlock(D3DFMT.DXT3, Uint8Array.of(0x1f, 0, 0, 0, 0, 0, 0, 0, ...colour), 0, out, 0, 4);
    expect([out[3], out[7], out[11]]).toEqual([255, 17, 0]);
    // alpha0 255 > alpha1 0: index 2 = (6·255 + 0 + 3)/7 = 219
    decodeDxtBlock(D3DFMT.DXT5, Uint8Array.of(255, 0, 0b010_001_000, 0, 0, 0, 0, 0, ...colour), 0, out, 0, 4);
    expect([out[3], out[7], out[11]]).toEqual([255, 0, 219]);
  });

  it('a solid block fill decodes back to the fill colour (within 5/6-bit precision)', () => {
    const out = new Uint8Array(64);
    for (const id of [D3DFMT.DXT1, D3DFMT.DXT3, D3DFMT.DXT5]) {
      decodeDxtBlock(id, solidDxtBlock(id, 255, 0, 255, 255), 0, out, 0, 4);
      for (let i = 0; i < 16; i++) expect([...out.subarray(i * 4, i * 4 + 4)]).toEqual([255, 0, 255, 255]);
    }
    decodeDxtBlock(D3DFMT.DXT1, solidDxtBlock(D3DFMT.DXT1, 255, 255, 255, 0), 0, out, 0, 4);
    expect(out[3]).toBe(0);
  });
});

describe('fast row converters equal the generic path byte for byte', () => {
  const r = rng(99);
  const width = 37;
  for (const f of allFormats().filter((g) => g.blockW === 1 && g.blockH === 1 && g.kind !== 'buffer')) {
    it(f.name, () => {
      const src = Uint8Array.from({ length: width * f.blockBytes + 3 }, () => Math.floor(r() * 256));
      for (const srgb of [false, true]) {
        const a8 = new Uint8Array(width * 4);
        const b8 = new Uint8Array(width * 4);
        chooseRowToRGBA8(f, { srgb })(src, 3, width, a8, 0);
        genericRowToRGBA8(f, { srgb })(src, 3, width, b8, 0);
        expect([...a8]).toEqual([...b8]);
        const af = new Float32Array(width * 4);
        const bf = new Float32Array(width * 4);
        chooseRowToFloat(f, { srgb })(src, 3, width, af, 0);
        genericRowToFloat(f, { srgb })(src, 3, width, bf, 0);
        expect(Buffer.from(af.buffer).equals(Buffer.from(bf.buffer))).toBe(true);
      }
      const fast = chooseRowFromRGBA8(f);
      const slow = genericRowFromRGBA8(f);
      if (!fast || !slow) return;
      const rgba = Uint8Array.from({ length: width * 4 }, () => Math.floor(r() * 256));
      const x = new Uint8Array(width * f.blockBytes);
      const y = new Uint8Array(width * f.blockBytes);
      fast(rgba, 0, width, x, 0);
      slow(rgba, 0, width, y, 0);
      expect([...x]).toEqual([...y]);
    });
  }
});
