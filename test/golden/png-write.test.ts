import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { decodePng, encodePng } from '../../src/golden/image.js';

/** seeded bytes, so every pixel value and every filter residue shows up */
function seeded(n: number, seed: number): Uint8Array {
  const out = new Uint8Array(n);
  let a = seed >>> 0;
  for (let i = 0; i < n; i++) {
    a = (Math.imul(a, 1664525) + 1013904223) >>> 0;
    out[i] = a >>> 24;
  }
  return out;
}

describe('encodePng (our PNG writer)', () => {
  const cases: Array<[string, number, number, (i: number) => number]> = [
    ['1×1', 1, 1, () => 0],
    ['flat', 64, 32, (i) => [10, 20, 30, 255][i % 4]],
    ['gradient', 300, 7, (i) => (i >> 2) & 0xff],
  ];
  it.each(cases)('is lossless on %s images (pngjs decodes the same bytes)', (_n, w, h, f) => {
    const data = Uint8Array.from({ length: w * h * 4 }, (_, i) => f(i));
    expect(decodePng(encodePng({ width: w, height: h, data }))).toEqual({ width: w, height: h, data });
  });

  it('is lossless on noise, a 1920×1080 frame, and an odd-sized subarray view', () => {
    for (const [w, h] of [[97, 53], [1920, 1080]]) {
      const data = seeded(w * h * 4, w);
      const back = decodePng(encodePng({ width: w, height: h, data }));
      expect(Buffer.compare(Buffer.from(back.data), Buffer.from(data))).toBe(0);
    }
    const big = seeded(5 * 3 * 4 + 7, 1);
    const view = big.subarray(7);
    expect(decodePng(encodePng({ width: 5, height: 3, data: view })).data).toEqual(view);
  });

  it('writes a valid RGBA8 PNG that a strict decoder accepts (chunk CRCs checked)', () => {
    const bytes = encodePng({ width: 3, height: 2, data: seeded(24, 3) });
    const png = PNG.sync.read(bytes, { checkCRC: true } as never);
    expect([png.width, png.height]).toEqual([3, 2]);
    expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect([...bytes.subarray(24, 29)]).toEqual([8, 6, 0, 0, 0]);
  });

  it('refuses pixel data of the wrong length', () => {
    expect(() => encodePng({ width: 4, height: 4, data: new Uint8Array(10) })).toThrow(/needs 64 bytes, got 10/);
  });
});
