/**
 * Comparing a frame with its golden (DESIGN.md contract 5): a hash of the RGBA8 pixels first
 * (xxHash64; SHA-256 for goldens written before it), exact and fast; pixelmatch only when the
 * hashes differ.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pixelmatch from 'pixelmatch';
import { decodePng } from './image.js';
import type { Rgba8Image } from './image.js';
import { pixelHash, sha256Hex } from './store.js';
import type { GoldenFrame } from './store.js';

export interface CompareOptions {
  /** pixelmatch threshold, 0..1; 0 counts any change of colour */
  threshold: number;
}

export interface CompareResult {
  /** the two images hold the same pixels, bit for bit */
  equal: boolean;
  /** pixels pixelmatch counts as different at the threshold (every pixel when the sizes differ) */
  diffPixels: number;
  /** largest absolute difference of one RGBA8 channel (255 when the sizes differ) */
  maxChannelDiff: number;
  /** pixelmatch's diff image, when the pixels differ and the sizes agree */
  diffImage?: Rgba8Image;
  /** the sizes differ: says which */
  sizeMismatch?: string;
}

const EQUAL: CompareResult = { equal: true, diffPixels: 0, maxChannelDiff: 0 };

/**
 * Compares `actual` with `expected`. Anti-aliasing detection is off (every differing pixel
 * counts): the replayer is deterministic, so no difference is driver noise.
 */
export function compareImages(actual: Rgba8Image, expected: Rgba8Image, opts: CompareOptions, hashes?: { actual?: string; expected?: string }): CompareResult {
  // hashes, when given, are pixelHash values
  if (actual.width !== expected.width || actual.height !== expected.height) {
    return {
      equal: false, diffPixels: Math.max(actual.width * actual.height, expected.width * expected.height), maxChannelDiff: 255,
      sizeMismatch: `size ${actual.width}×${actual.height} differs from the expected ${expected.width}×${expected.height}`,
    };
  }
  const ha = hashes?.actual ?? pixelHash(actual.data);
  const he = hashes?.expected ?? pixelHash(expected.data);
  if (ha === he) return EQUAL;
  const diff = new Uint8Array(actual.data.length);
  const diffPixels = pixelmatch(expected.data, actual.data, diff, actual.width, actual.height, { threshold: opts.threshold, includeAA: true });
  return { equal: false, diffPixels, maxChannelDiff: maxChannelDiff(actual.data, expected.data), diffImage: { width: actual.width, height: actual.height, data: diff } };
}

export function maxChannelDiff(a: Uint8Array, b: Uint8Array): number {
  let max = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i] > b[i] ? a[i] - b[i] : b[i] - a[i];
    if (d > max) max = d;
  }
  return max;
}

export interface GoldenCompareResult extends CompareResult {
  /** the decoded golden, when it had to be read (the hashes differed or the sizes did) */
  expected?: Rgba8Image;
}

/**
 * Compares a presented frame with its golden entry: by hash alone when they agree; else the golden
 * PNG is decoded and compared. A missing or undecodable PNG throws (the caller reports it).
 */
export function compareWithGolden(actual: Rgba8Image, golden: GoldenFrame, goldenDir: string, opts: CompareOptions): GoldenCompareResult {
  const sameSize = actual.width === golden.width && actual.height === golden.height;
  const fast = golden.xxh64 !== undefined ? pixelHash(actual.data) : undefined;
  if (sameSize && (fast !== undefined ? fast === golden.xxh64 : sha256Hex(actual.data) === golden.sha256)) return EQUAL;
  const expected = decodePng(readFileSync(join(goldenDir, golden.file)));
  return { ...compareImages(actual, expected, opts, fast !== undefined ? { actual: fast } : undefined), expected };
}
