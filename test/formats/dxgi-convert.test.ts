import { describe, expect, it } from 'vitest';
import {
  bgr8ToXr,
  bgra8ToXrElement,
  decodeElement,
  DXGI_FORMAT,
  encodeElement,
  floatToSint,
  floatToSnorm,
  floatToSrgb,
  floatToUint,
  floatToUnorm,
  floatToXr,
  snormToFloat,
  srgbToFloat,
  unormToFloat,
  xrToFloat,
} from '../../src/formats/dxgi/index.js';

const f32 = Math.fround;
const F = DXGI_FORMAT;
const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

describe('XR_BIAS numerics (reference C.3)', () => {
  /** the documentation's example table: code → value (4 digits in the doc, exact here) */
  const EXAMPLES: Array<[number, number]> = [
    [0x000, -384 / 510], // ≈ −0.7529
    [0x081, -0.5],
    [0x180, 0],
    [0x27f, 0.5],
    [0x37e, 1],
    [0x3ff, 639 / 510], // ≈ 1.2529
  ];

  it.each(EXAMPLES)('decodes code %i to the documented value and encodes it back to the same code', (code, value) => {
    expect(xrToFloat(code)).toBe(f32(value));
    expect(floatToXr(xrToFloat(code))).toBe(code);
  });

  it('decodes the example codes to the documented 4-digit values', () => {
    expect(EXAMPLES.map(([c]) => Number(xrToFloat(c).toFixed(4)))).toEqual([-0.7529, -0.5, 0, 0.5, 1, 1.2529]);
  });

  it('uses only the low 10 bits of a code', () => {
    expect(xrToFloat(0x400 | 0x180)).toBe(0);
  });

  it('encodes per the rule: NaN→0, ·510 + 384, clamp to [0, 0x3FF], truncate', () => {
    const table: Array<[number, number]> = [
      [NaN, 0], [-Infinity, 0], [-1, 0], [-384 / 510, 0], [Infinity, 0x3ff], [2, 0x3ff], [3.4e38, 0x3ff],
      [0, 384], [-0, 384], [0.5, 639], [1, 894], [-0.5, 129],
      [0.25, 511], // 511.5 truncates
      [1.2529, 1022], // the doc's rounded 1.2529 is below 639/510: truncation gives 0x3FE
      [1.25295, 1023],
    ];
    expect(table.map(([v]) => floatToXr(v))).toEqual(table.map(([, c]) => c));
  });

  it('round-trips all 1024 codes through float (invertibility)', () => {
    const bad = range(1024).filter((c) => floatToXr(xrToFloat(c)) !== c);
    expect(bad).toEqual([]);
  });

  it('round-trips XR_BIAS elements with every code in every colour channel and every alpha', () => {
    const bad: number[] = [];
    const out = new Float32Array(4);
    for (const c of range(1024)) {
      const e = ((c % 4) * 2 ** 30) + ((1023 - c) << 20) + (c << 10) + ((c * 7) % 1024);
      if (encodeElement(F.R10G10B10_XR_BIAS_A2_UNORM, decodeElement(F.R10G10B10_XR_BIAS_A2_UNORM, e, out)) !== e) bad.push(e);
    }
    expect(bad).toEqual([]);
  });

  it('converts BGR8 to XR losslessly as 384 + 2v, for all 256 values', () => {
    for (const v of range(256)) {
      expect(bgr8ToXr(v)).toBe(384 + 2 * v);
      // the XR code reads back exactly the UNORM8 value, and the generic encoder lands on the same code
      expect(Object.is(xrToFloat(384 + 2 * v), unormToFloat(v, 8))).toBe(true);
      expect(floatToXr(unormToFloat(v, 8))).toBe(384 + 2 * v);
    }
    expect([0, 128, 255].map(bgr8ToXr)).toEqual([384, 640, 894]);
  });

  it('converts whole B8G8R8A8 / B8G8R8X8 elements to XR as the generic decode → encode does', () => {
    for (const v of range(256)) {
      const bgra = ((v * 2 ** 24) + ((255 - v) << 16) + (v << 8) + ((v * 37) & 0xff)) >>> 0;
      for (const fmt of [F.B8G8R8A8_UNORM, F.B8G8R8X8_UNORM]) {
        const generic = encodeElement(F.R10G10B10_XR_BIAS_A2_UNORM, decodeElement(fmt, bgra, new Float32Array(4)));
        expect(bgra8ToXrElement(fmt, bgra)).toBe(generic);
      }
    }
    // A=0xFF, R=0x80, G=0xFF, B=0x00 → A 3, B 384, G 894, R 640
    expect(bgra8ToXrElement(F.B8G8R8A8_UNORM, 0xff80ff00)).toBe(0xd80dfa80);
    expect(() => bgra8ToXrElement(F.R8G8B8A8_UNORM, 0)).toThrow(RangeError);
  });
});

describe('UNORM, SNORM, sRGB, UINT and SINT conversions (reference C.5)', () => {
  it.each([8, 10, 2])('round-trips every %i-bit UNORM code', (bits) => {
    expect(range(2 ** bits).filter((c) => floatToUnorm(unormToFloat(c, bits), bits) !== c)).toEqual([]);
  });

  it('decodes UNORM as c / (2^n − 1) in float32', () => {
    expect([unormToFloat(0, 8), unormToFloat(255, 8), unormToFloat(1023, 10), unormToFloat(3, 2)]).toEqual([0, 1, 1, 1]);
    expect(unormToFloat(1, 2)).toBe(f32(1 / 3));
    expect(unormToFloat(512, 10)).toBe(f32(512 / 1023));
  });

  it('encodes UNORM by NaN→0, clamp, ·(2^n−1), +0.5, truncate', () => {
    const table: Array<[number, number, number]> = [
      [NaN, 8, 0], [-1, 8, 0], [-Infinity, 8, 0], [Infinity, 8, 255], [1.5, 8, 255], [0, 8, 0],
      [0.25, 8, 64], [0.75, 8, 191], [0.5, 8, 128], [0.5, 10, 512], [0.5, 2, 2], [0.16, 2, 0], [0.17, 2, 1],
      [126.5 / 255, 8, 127], [127.49 / 255, 8, 127], [127.51 / 255, 8, 128],
    ];
    expect(table.map(([v, n]) => floatToUnorm(v, n))).toEqual(table.map(([, , c]) => c));
  });

  it('round-trips every SNORM8 code except −128, which reads −1 and comes back as −127', () => {
    const back = range(256).map((c) => floatToSnorm(snormToFloat(c, 8), 8));
    expect(range(256).filter((c) => back[c] !== c)).toEqual([0x80]);
    expect(back[0x80]).toBe(0x81);
  });

  it('decodes SNORM with the most negative code at −1', () => {
    expect([0x80, 0x81, 0x00, 0x7f].map((c) => snormToFloat(c, 8))).toEqual([-1, -1, 0, 1]);
    expect(snormToFloat(0x40, 8)).toBe(f32(64 / 127));
    expect(snormToFloat(0b10001, 5)).toBe(-1); // the spec's 5-bit example: −15/15
  });

  it('encodes SNORM by NaN→0, clamp, ·127, ±0.5 away from zero, truncate', () => {
    const table: Array<[number, number]> = [
      [NaN, 0], [-0, 0], [1, 0x7f], [2, 0x7f], [-1, 0x81], [-2, 0x81], [0.5, 64], [-0.5, 0xc0],
      [0.4 / 127, 0], [0.6 / 127, 1], [-0.6 / 127, 0xff], [-Infinity, 0x81],
    ];
    expect(table.map(([v]) => floatToSnorm(v, 8))).toEqual(table.map(([, c]) => c));
  });

  it('round-trips all 256 sRGB codes through the ideal curves', () => {
    expect(range(256).filter((c) => floatToSrgb(srgbToFloat(c)) !== c)).toEqual([]);
  });

  it('hits the sRGB spot values', () => {
    expect(srgbToFloat(127)).toBeCloseTo(0.212231, 6);
    expect(floatToUnorm(srgbToFloat(127), 8)).toBe(0x36); // Wine's srgbtexture_test expects 0x363636
    expect(srgbToFloat(188)).toBeCloseTo(0.502886, 6);
    expect(floatToSrgb(0.5)).toBe(188);
    expect(floatToSrgb(0.0031308)).toBe(10);
    expect([srgbToFloat(0), srgbToFloat(255), floatToSrgb(0), floatToSrgb(1)]).toEqual([0, 1, 0, 255]);
    expect([floatToSrgb(NaN), floatToSrgb(-1), floatToSrgb(7)]).toEqual([0, 0, 255]);
  });

  it('keeps sRGB formats\' alpha linear', () => {
    const rgba = decodeElement(F.B8G8R8A8_UNORM_SRGB, 0x7f7f7f7f, new Float32Array(4));
    expect(rgba[3]).toBe(f32(127 / 255));
    expect(rgba[0]).toBe(srgbToFloat(127));
    // stored as UNORM8 the linearised colour is 0x36 while alpha stays 0x7F
    expect(encodeElement(F.B8G8R8A8_UNORM, rgba)).toBe(0x7f363636);
  });

  it('gives sRGB results that do not hinge on the last bit of Math.pow (same bits on any engine)', () => {
    for (const c of range(256)) {
      const x = c / 255;
      const ideal = x <= 0.04045 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4);
      // a few ULPs of error in pow would not move the float32 result
      expect([f32(ideal * (1 - 4e-16)), f32(ideal * (1 + 4e-16))]).toEqual([srgbToFloat(c), srgbToFloat(c)]);
    }
    // each code's lowest float32 input, and the float32 just below it, sit far from the rounding boundary
    const bits = new Uint32Array(1);
    const asF32 = new Float32Array(bits.buffer);
    const at = (pattern: number): number => ((bits[0] = pattern), asF32[0]);
    const scaled = (v: number): number => (v <= 0.0031308 ? v * 12.92 : 1.055 * Math.pow(v, 1 / 2.4) - 0.055) * 255 + 0.5;
    for (let k = 1; k <= 255; k++) {
      let lo = 0;
      let hi = 0x3f800000;
      while (lo < hi) {
        const mid = lo + Math.floor((hi - lo) / 2);
        if (floatToSrgb(at(mid)) >= k) hi = mid;
        else lo = mid + 1;
      }
      expect(scaled(at(lo)) - k).toBeGreaterThan(1e-9);
      expect(k - scaled(at(lo - 1))).toBeGreaterThan(1e-9);
    }
  });

  it('encodes UINT / SINT by NaN→0, clamp to the range, round to nearest even', () => {
    const u: Array<[number, number]> = [[NaN, 0], [-3, 0], [2.5, 2], [3.5, 4], [254.5, 254], [255.5, 255], [1e9, 255], [Infinity, 255], [7, 7]];
    expect(u.map(([v]) => floatToUint(v, 8))).toEqual(u.map(([, c]) => c));
    const s: Array<[number, number]> = [[NaN, 0], [-2.5, 0xfe], [-128.6, 0x80], [127.5, 0x7f], [-1, 0xff], [1.5, 2], [-Infinity, 0x80]];
    expect(s.map(([v]) => floatToSint(v, 8))).toEqual(s.map(([, c]) => c));
    expect(floatToUint(1023, 10)).toBe(1023);
    expect(floatToUint(5, 2)).toBe(3);
  });
});

describe('whole elements ⇄ float RGBA', () => {
  /** format, element, R, G, B, A, the element the channels encode back to */
  const TABLE: Array<[string, string, number, number, number, number, string]> = [
    ['B8G8R8A8_UNORM', 'ff0080ff', 0, 128 / 255, 1, 1, 'ff0080ff'],
    ['R8G8B8A8_UNORM', 'ff0080ff', 1, 128 / 255, 0, 1, 'ff0080ff'],
    ['B8G8R8X8_UNORM', '000080ff', 0, 128 / 255, 1, 1, 'ff0080ff'], // X reads as 1, is written all ones
    ['R10G10B10A2_UNORM', 'c00ffc00', 0, 1, 0, 1, 'c00ffc00'],
    ['R10G10B10A2_UINT', '40000001', 1, 0, 0, 1, '40000001'],
    ['R8G8B8A8_UINT', '7f80ff01', 1, 255, 128, 127, '7f80ff01'],
    ['R8G8B8A8_SINT', '7f80ff01', 1, -1, -128, 127, '7f80ff01'],
    ['R8G8B8A8_SNORM', '7f80ff01', 1 / 127, -1 / 127, -1, 1, '7f81ff01'], // −128 reads −1, written −127
    ['R10G10B10_XR_BIAS_A2_UNORM', '881df980', 0, 1, -0.5, 2 / 3, '881df980'],
  ];

  it.each(TABLE)('%s: element 0x%s decodes to its channels and encodes back', (name, hex, r, g, b, a, back) => {
    const id = DXGI_FORMAT[name as keyof typeof DXGI_FORMAT];
    const element = parseInt(hex, 16);
    expect([...decodeElement(id, element, new Float32Array(4))]).toEqual([r, g, b, a].map(f32));
    expect(decodeElement(id, element, [0, 0, 0, 0, 0, 0], 2).slice(2)).toEqual([r, g, b, a].map(f32));
    expect(encodeElement(id, [r, g, b, a]).toString(16).padStart(8, '0')).toBe(back);
  });

  it('reads an int32 bit pattern as the same element', () => {
    const out = new Float32Array(4);
    expect([...decodeElement(F.B8G8R8A8_UNORM, 0xff0080ff | 0, out)]).toEqual([0, 128 / 255, 1, 1].map(f32));
    expect(bgra8ToXrElement(F.B8G8R8A8_UNORM, 0xff80ff00 | 0)).toBe(0xd80dfa80);
  });

  it('refuses to interpret a typeless format', () => {
    expect(() => decodeElement(F.B8G8R8A8_TYPELESS, 0, new Float32Array(4))).toThrow(/typeless/);
    expect(() => encodeElement(F.R10G10B10A2_TYPELESS, [0, 0, 0, 0])).toThrow(/typeless/);
    expect(() => decodeElement(2, 0, new Float32Array(4))).toThrow(RangeError);
  });
});
