import { describe, expect, it } from 'vitest';
import { compareImages, maxChannelDiff } from '../../src/golden/compare.js';
import type { Rgba8Image } from '../../src/golden/image.js';

function flat(width: number, height: number, rgba: readonly number[]): Rgba8Image {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < data.length; i++) data[i] = rgba[i % 4];
  return { width, height, data };
}

function withPixels(img: Rgba8Image, pixels: Array<[number, number, number[]]>): Rgba8Image {
  const data = img.data.slice();
  for (const [x, y, rgba] of pixels) data.set(rgba, (y * img.width + x) * 4);
  return { ...img, data };
}

describe('comparing a frame with its expected image', () => {
  const grey = flat(8, 6, [128, 128, 128, 255]);

  it('is equal, with no diff image, when the pixels are the same bits', () => {
    expect(compareImages(grey, flat(8, 6, [128, 128, 128, 255]), { threshold: 0 })).toEqual({ equal: true, diffPixels: 0, maxChannelDiff: 0 });
  });

  it('counts each changed pixel once and reports the largest channel difference', () => {
    // three pixels changed by hand: by 1 in red, by 40 in blue, by 127 in green
    const b = withPixels(grey, [[0, 0, [129, 128, 128, 255]], [3, 2, [128, 128, 168, 255]], [7, 5, [128, 255, 128, 255]]]);
    const r = compareImages(b, grey, { threshold: 0 });
    expect(r.equal).toBe(false);
    expect(r.diffPixels).toBe(3);
    expect(r.maxChannelDiff).toBe(127);
    expect(r.diffImage).toMatchObject({ width: 8, height: 6 });
    // pixelmatch paints the counted pixels red in its diff image
    expect([...r.diffImage!.data.subarray((2 * 8 + 3) * 4, (2 * 8 + 3) * 4 + 3)]).toEqual([255, 0, 0]);
  });

  it('ignores small colour changes at a higher threshold, but still sees the bits differ', () => {
    const b = withPixels(grey, [[1, 1, [129, 128, 128, 255]], [2, 2, [255, 0, 0, 255]]]);
    const r = compareImages(b, grey, { threshold: 0.1 });
    expect(r).toMatchObject({ equal: false, diffPixels: 1, maxChannelDiff: 128 });
  });

  it('fails on a size mismatch with a message naming both sizes', () => {
    const r = compareImages(flat(4, 4, [0, 0, 0, 255]), flat(4, 5, [0, 0, 0, 255]), { threshold: 0 });
    expect(r.equal).toBe(false);
    expect(r.sizeMismatch).toBe('size 4×4 differs from the expected 4×5');
    expect(r.diffImage).toBeUndefined();
  });

  it('measures the channel difference in both directions', () => {
    expect(maxChannelDiff(new Uint8Array([0, 200, 3, 4]), new Uint8Array([10, 0, 3, 4]))).toBe(200);
  });
});
