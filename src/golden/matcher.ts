/**
 * `expect(frame).toMatchGolden(name, { dir })` for users' own vitest tests, published as the
 * `replay9/vitest` subpath so that vitest stays out of the main entry's dependencies. The golden
 * is `${dir}/${name}.png`; the frame passes when at most `maxDiffPixels` pixels differ at the
 * pixelmatch `threshold` (exact, by hash, when the pixels are equal). A failing frame leaves
 * `${name}.actual.png` and (same size) `${name}.diff.png` beside its golden, removed again once it
 * passes. In update mode (vitest -u, REPLAY9_UPDATE_GOLDENS=1, or `update: true`) the frame is
 * written as the golden instead.
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
  /** write the frame as the golden instead of comparing (also `vitest -u` and REPLAY9_UPDATE_GOLDENS=1) */
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
  // NAME.actual.png and NAME.diff.png are the failure images of golden NAME
  if (/\.(actual|diff)$/i.test(name)) throw new TypeError(`toMatchGolden: golden names ending in .actual or .diff are kept for failure images, got ${JSON.stringify(name)}`);
  return name;
}

/** What vitest passes a matcher as `this` (the part read here). */
interface MatcherContext {
  snapshotState?: unknown;
}

/**
 * Is vitest updating snapshots (`vitest -u`)? Its snapshot state says so, as its own
 * toMatchSnapshot reads it: `_updateSnapshot` (public as `snapshotUpdateState`) is 'all'.
 */
function vitestUpdatesAll(ctx: MatcherContext | void): boolean {
  let state = ctx ? ctx.snapshotState : undefined;
  if (state === undefined) {
    try {
      state = expect.getState().snapshotState;
    } catch {
      return false;
    }
  }
  const s = state as { snapshotUpdateState?: unknown; _updateSnapshot?: unknown } | undefined;
  return (s?.snapshotUpdateState ?? s?._updateSnapshot) === 'all';
}

/** The failure images beside a golden: written for a failure, removed (when there) otherwise. */
function failureImages(dir: string, name: string, images: { actual?: Rgba8Image; diff?: Rgba8Image }): string[] {
  const written: string[] = [];
  for (const k of ['actual', 'diff'] as const) {
    const file = join(dir, `${name}.${k}.png`);
    const img = images[k];
    if (img) {
      writeAtomically(file, encodePng(img));
      written.push(file);
    } else rmSync(file, { force: true });
  }
  return written;
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
export function toMatchGolden(this: MatcherContext | void, received: unknown, name: string, options: GoldenMatcherOptions): GoldenMatcherResult {
  const file = join(options.dir, `${checkName(name)}.png`);
  if (!isRgba8Image(received)) {
    return { pass: false, message: () => `toMatchGolden: expected an RGBA8 image ({width, height, data: Uint8Array of width × height × 4 bytes}), got ${typeof received}` };
  }
  if (options.update || process.env[UPDATE_ENV] === '1' || vitestUpdatesAll(this)) {
    mkdirSync(options.dir, { recursive: true });
    writeAtomically(file, encodePng(received));
    failureImages(options.dir, name, {});
    return { pass: true, message: () => `golden ${file} was written (update mode), so it matches` };
  }
  if (!existsSync(file)) {
    return { pass: false, message: () => `golden ${file} does not exist; create it by running the test with vitest -u or ${UPDATE_ENV}=1 (or the option update: true)` };
  }
  const expected = decodePng(readFileSync(file));
  const threshold = options.threshold ?? 0;
  const maxDiffPixels = options.maxDiffPixels ?? 0;
  const cmp = compareImages(received, expected, { threshold });
  const see = (written: string[]): string => (written.length ? `\n  see ${written.join(', ')}` : '');
  if (cmp.sizeMismatch) {
    const written = failureImages(options.dir, name, { actual: received });
    return { pass: false, message: () => `frame does not match golden ${file}: ${cmp.sizeMismatch}${see(written)}` };
  }
  const n = cmp.diffPixels;
  const counted = `${n} pixel${n === 1 ? '' : 's'} differ${n === 1 ? 's' : ''} (max ${maxDiffPixels} allowed, threshold ${threshold}), max channel difference ${cmp.maxChannelDiff}`;
  if (n > maxDiffPixels) {
    const written = failureImages(options.dir, name, { actual: received, ...(cmp.diffImage ? { diff: cmp.diffImage } : {}) });
    return { pass: false, message: () => `frame does not match golden ${file}: ${counted}${see(written)}` };
  }
  failureImages(options.dir, name, {});
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
