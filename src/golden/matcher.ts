/**
 * `expect(frame).toMatchGolden(name, { dir })` for users' own vitest tests, published as the
 * `replay9/vitest` subpath so that vitest stays out of the main entry's dependencies. The golden
 * is `${dir}/${name}.png`; the frame passes when at most `maxDiffPixels` pixels differ at the
 * pixelmatch `threshold` (exact, by hash, when the pixels are equal). With
 * REPLAY9_UPDATE_GOLDENS=1 (or `update: true`) the frame is written as the golden instead.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { expect } from 'vitest';
import { compareImages } from './compare.js';
import { decodePng, encodePng } from './image.js';
import type { Rgba8Image } from './image.js';

// what a test needs to get a frame from a device or surface, beside the matcher
export { presentedImage, surfaceImage } from './image.js';
export type { Rgba8Image } from './image.js';

export interface GoldenMatcherOptions {
  /** folder of the golden PNGs */
  dir: string;
  /** pixelmatch threshold, 0..1 (default 0: any change of colour counts) */
  threshold?: number;
  /** the frame still matches when at most this many pixels differ (default 0) */
  maxDiffPixels?: number;
  /** write the frame as the golden instead of comparing (also REPLAY9_UPDATE_GOLDENS=1) */
  update?: boolean;
}

export interface GoldenMatcherResult {
  pass: boolean;
  message: () => string;
}

const UPDATE_ENV = 'REPLAY9_UPDATE_GOLDENS';
let tempCounter = 0;

function isRgba8Image(v: unknown): v is Rgba8Image {
  const o = v as Rgba8Image;
  return typeof o === 'object' && o !== null && Number.isInteger(o.width) && Number.isInteger(o.height) && o.data instanceof Uint8Array && o.data.length === o.width * o.height * 4;
}

/** A golden name is a plain file name (no folder, no `..`): the golden stays inside `dir`. */
function checkName(name: unknown): string {
  if (typeof name !== 'string' || !/^[\w.-]+$/.test(name) || /^\.+$/.test(name)) {
    throw new TypeError(`toMatchGolden: the golden name must be a plain file name (letters, digits, '_', '-', '.'; no path separators), got ${JSON.stringify(name)}`);
  }
  return name;
}

function writeAtomically(file: string, bytes: Uint8Array): void {
  const tmp = `${file}.tmp-${process.pid}-${threadId}-${tempCounter++}`;
  try {
    writeFileSync(tmp, bytes);
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

/** The matcher itself: `pass` and a message that reads right with and without `.not`. */
export function toMatchGolden(received: unknown, name: string, options: GoldenMatcherOptions): GoldenMatcherResult {
  const file = join(options.dir, `${checkName(name)}.png`);
  if (!isRgba8Image(received)) {
    return { pass: false, message: () => `toMatchGolden: expected an RGBA8 image ({width, height, data: Uint8Array of width × height × 4 bytes}), got ${typeof received}` };
  }
  if (options.update || process.env[UPDATE_ENV] === '1') {
    mkdirSync(options.dir, { recursive: true });
    writeAtomically(file, encodePng(received));
    return { pass: true, message: () => `golden ${file} was written (update mode), so it matches` };
  }
  if (!existsSync(file)) {
    return { pass: false, message: () => `golden ${file} does not exist; create it by running the test with ${UPDATE_ENV}=1 (or the option update: true)` };
  }
  const expected = decodePng(readFileSync(file));
  const threshold = options.threshold ?? 0;
  const maxDiffPixels = options.maxDiffPixels ?? 0;
  const cmp = compareImages(received, expected, { threshold });
  if (cmp.sizeMismatch) return { pass: false, message: () => `frame does not match golden ${file}: ${cmp.sizeMismatch}` };
  const n = cmp.diffPixels;
  const counted = `${n} pixel${n === 1 ? '' : 's'} differ${n === 1 ? 's' : ''} (max ${maxDiffPixels} allowed, threshold ${threshold}), max channel difference ${cmp.maxChannelDiff}`;
  if (n > maxDiffPixels) return { pass: false, message: () => `frame does not match golden ${file}: ${counted}` };
  return { pass: true, message: () => `frame matches golden ${file}${cmp.equal ? ' exactly' : `: ${counted}`}` };
}

/** Makes `expect(frame).toMatchGolden(...)` available (call once, e.g. in a vitest setup file). */
export function registerGoldenMatcher(): void {
  expect.extend({ toMatchGolden });
}

declare module 'vitest' {
  interface Assertion<T = any> {
    /** the RGBA8 frame matches the golden PNG `${dir}/${name}.png` (see replay9/vitest) */
    toMatchGolden(name: string, options: GoldenMatcherOptions): T;
  }
  interface AsymmetricMatchersContaining {
    toMatchGolden(name: string, options: GoldenMatcherOptions): unknown;
  }
}
