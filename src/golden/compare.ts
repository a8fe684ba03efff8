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
import { decodeRawDump, pixelHash, sha256Hex } from './store.js';
import type { GoldenFrame, RawDump } from './store.js';

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
  /** the PNG is no longer the file golden.json describes (edited, replaced, merged): it was compared by its own pixels */
  edited?: boolean;
}

/**
 * Compares a presented frame with its golden entry. When golden.json records the PNG file's hash
 * and the file still has it, by pixel hash alone (the PNG is not even decoded) when they agree;
 * a file whose hash changed is the golden as it now is, decoded and compared pixel by pixel. A
 * missing or undecodable PNG throws (the caller reports it).
 */
export function compareWithGolden(actual: Rgba8Image, golden: GoldenFrame, goldenDir: string, opts: CompareOptions): GoldenCompareResult {
  const file = join(goldenDir, golden.file);
  let bytes: Uint8Array | undefined;
  if (golden.fileXxh64 !== undefined) {
    bytes = readFileSync(file);
    if (pixelHash(bytes) !== golden.fileXxh64) {
      const expected = decodePng(bytes);
      return { ...compareImages(actual, expected, opts), expected, edited: true };
    }
  }
  const sameSize = actual.width === golden.width && actual.height === golden.height;
  const fast = golden.xxh64 !== undefined ? pixelHash(actual.data) : undefined;
  if (sameSize && (fast !== undefined ? fast === golden.xxh64 : sha256Hex(actual.data) === golden.sha256)) return EQUAL;
  const expected = decodePng(bytes ?? readFileSync(file));
  return { ...compareImages(actual, expected, opts, fast !== undefined ? { actual: fast } : undefined), expected };
}

/**
 * Compares a back buffer's raw dump with its golden's, by the sha256 in golden.json while the
 * .raw file is as written, else by the file's own contents (`edited`). A file that does not read throws.
 */
export function compareRawWithGolden(actual: RawDump, golden: NonNullable<GoldenFrame['raw']>, goldenDir: string): { equal: boolean; edited: boolean } {
  if (golden.fileXxh64 !== undefined) {
    const file = join(goldenDir, golden.file);
    const bytes = readFileSync(file);
    if (pixelHash(bytes) !== golden.fileXxh64) {
      const g = decodeRawDump(bytes, file);
      const sameShape = g.format === actual.format && g.width === actual.width && g.height === actual.height && g.pitch === actual.pitch && g.samples === actual.samples;
      return { equal: sameShape && Buffer.compare(g.data, actual.data) === 0, edited: true };
    }
  }
  return { equal: sha256Hex(actual.data) === golden.sha256, edited: false };
}
