import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { decodePng } from '../../src/golden/image.js';
import type { Rgba8Image } from '../../src/golden/image.js';
import { registerGoldenMatcher, toMatchGolden } from '../../src/golden/matcher.js';

registerGoldenMatcher();

/** a 32×16 frame: two flat halves and a red gradient row band */
function frame(change: Array<[number, number]> = []): Rgba8Image {
  const w = 32;
  const h = 16;
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      data.set(y < 4 ? [x * 8, 0, 0, 255] : x < 16 ? [20, 40, 200, 255] : [200, 200, 20, 255], i);
    }
  }
  for (const [x, y] of change) data.set([255, 255, 255, 255], (y * w + x) * 4);
  return { width: w, height: h, data };
}

const goldenDir = (): string => mkdtempSync(join(tmpdir(), 'replay9-matcher-'));

describe('toMatchGolden', () => {
  afterEach(() => {
    delete process.env.REPLAY9_UPDATE_GOLDENS;
  });

  it('passes a frame equal to its golden, and with .not fails it', () => {
    const dir = goldenDir();
    expect(frame()).toMatchGolden('scene', { dir, update: true });
    expect(frame()).toMatchGolden('scene', { dir });
    expect(() => expect(frame()).not.toMatchGolden('scene', { dir })).toThrow(/matches golden .*scene\.png exactly/);
  });

  it('fails a changed frame, with the number of differing pixels', () => {
    const dir = goldenDir();
    expect(frame()).toMatchGolden('scene', { dir, update: true });
    expect(() => expect(frame([[3, 9], [20, 12]])).toMatchGolden('scene', { dir })).toThrow(/does not match golden .*scene\.png: 2 pixels differ \(max 0 allowed/);
    // within maxDiffPixels it passes
    expect(frame([[3, 9], [20, 12]])).toMatchGolden('scene', { dir, maxDiffPixels: 2 });
    const r = toMatchGolden(frame([[1, 1], [2, 2], [3, 3]]), 'scene', { dir, maxDiffPixels: 2 });
    expect(r.pass).toBe(false);
    expect(r.message()).toMatch(/3 pixels differ \(max 2 allowed/);
  });

  it('fails on a different size, naming both sizes', () => {
    const dir = goldenDir();
    expect(frame()).toMatchGolden('scene', { dir, update: true });
    const small = { width: 2, height: 2, data: new Uint8Array(16) };
    expect(() => expect(small).toMatchGolden('scene', { dir })).toThrow(/size 2×2 differs from the expected 32×16/);
  });

  it('fails a missing golden with how to create it, and writes nothing', () => {
    const dir = goldenDir();
    expect(() => expect(frame()).toMatchGolden('nothing-here', { dir })).toThrow(/nothing-here\.png does not exist; create it by running the test with vitest -u or REPLAY9_UPDATE_GOLDENS=1/);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('writes the golden atomically in update mode (env or option), losslessly', () => {
    const dir = join(goldenDir(), 'nested');
    process.env.REPLAY9_UPDATE_GOLDENS = '1';
    expect(frame([[5, 5]])).toMatchGolden('first', { dir });
    delete process.env.REPLAY9_UPDATE_GOLDENS;
    expect(readdirSync(dir)).toEqual(['first.png']); // no temp file left behind
    expect(decodePng(readFileSync(join(dir, 'first.png')))).toEqual(frame([[5, 5]]));
    expect(frame([[5, 5]])).toMatchGolden('first', { dir });
    // update overwrites a golden that no longer matches
    expect(frame()).toMatchGolden('first', { dir, update: true });
    expect(frame()).toMatchGolden('first', { dir });
  });

  it('leaves NAME.actual.png and NAME.diff.png beside a failing golden, and removes them once it passes', () => {
    const dir = goldenDir();
    expect(frame()).toMatchGolden('scene', { dir, update: true });
    const changed = frame([[3, 9], [20, 12]]);
    expect(() => expect(changed).toMatchGolden('scene', { dir })).toThrow(/2 pixels differ .*\n {2}see .*scene\.actual\.png, .*scene\.diff\.png/);
    expect(readdirSync(dir).sort()).toEqual(['scene.actual.png', 'scene.diff.png', 'scene.png']);
    expect(decodePng(readFileSync(join(dir, 'scene.actual.png')))).toEqual(changed);
    // pixelmatch marks the differing pixels red (255, 0, 0) in its diff image
    const diff = decodePng(readFileSync(join(dir, 'scene.diff.png')));
    expect([...diff.data.subarray((9 * 32 + 3) * 4, (9 * 32 + 3) * 4 + 4)]).toEqual([255, 0, 0, 255]);
    expect([...diff.data.subarray((12 * 32 + 20) * 4, (12 * 32 + 20) * 4 + 4)]).toEqual([255, 0, 0, 255]);
    // a size mismatch has no diff image: only the actual one, the stale diff goes
    const small = { width: 2, height: 2, data: new Uint8Array(16).fill(255) };
    expect(() => expect(small).toMatchGolden('scene', { dir })).toThrow(/size 2×2 differs/);
    expect(readdirSync(dir).sort()).toEqual(['scene.actual.png', 'scene.png']);
    expect(decodePng(readFileSync(join(dir, 'scene.actual.png')))).toEqual(small);
    expect(frame()).toMatchGolden('scene', { dir });
    expect(readdirSync(dir)).toEqual(['scene.png']);
    // within maxDiffPixels is a pass too: nothing left behind
    expect(() => expect(changed).toMatchGolden('scene', { dir })).toThrow();
    expect(changed).toMatchGolden('scene', { dir, maxDiffPixels: 2 });
    expect(readdirSync(dir)).toEqual(['scene.png']);
  });

  it('writes the golden when vitest updates snapshots (vitest -u sets its snapshot state to "all")', () => {
    const dir = goldenDir();
    const state = expect.getState().snapshotState as unknown as { _updateSnapshot: string };
    const mode = state._updateSnapshot;
    expect(mode).not.toBe('all');
    expect(() => expect(frame()).toMatchGolden('u', { dir })).toThrow(/does not exist/);
    try {
      // what `vitest -u` sets (its config's update: true → updateSnapshot 'all')
      state._updateSnapshot = 'all';
      expect(frame([[1, 2]])).toMatchGolden('u', { dir });
      expect(decodePng(readFileSync(join(dir, 'u.png')))).toEqual(frame([[1, 2]]));
      // and a golden that no longer matches is rewritten
      expect(frame()).toMatchGolden('u', { dir });
    } finally {
      state._updateSnapshot = mode;
    }
    expect(frame()).toMatchGolden('u', { dir });
    expect(() => expect(frame([[1, 2]])).toMatchGolden('u', { dir })).toThrow(/1 pixel differs/);
    // vitest's default ('new': write only missing snapshots) does not write goldens
    expect(mode === 'new' || mode === 'none').toBe(true);
  });

  // a nested vitest costs seconds: only in the long run
  it.runIf(process.env.REPLAY9_LONG === '1')('writes the golden under a real `vitest run -u`, and not without -u', () => {
    const d = goldenDir();
    const matcher = join(import.meta.dirname, '..', '..', 'src', 'golden', 'matcher.ts');
    writeFileSync(join(d, 'vitest.config.mjs'), 'export default {};\n');
    writeFileSync(join(d, 'g.test.ts'), [
      `import { expect, it } from 'vitest';`,
      `import { registerGoldenMatcher } from ${JSON.stringify(matcher)};`,
      'registerGoldenMatcher();',
      `it('g', () => { expect({ width: 1, height: 1, data: new Uint8Array([1, 2, 3, 255]) }).toMatchGolden('one', { dir: ${JSON.stringify(join(d, 'goldens'))} }); });`,
    ].join('\n'));
    const vitest = join(import.meta.dirname, '..', '..', 'node_modules', 'vitest', 'vitest.mjs');
    const run = (...args: string[]) => spawnSync(process.execPath, [vitest, 'run', '--root', d, ...args], { cwd: d, encoding: 'utf8', env: { ...process.env, CI: '1', REPLAY9_UPDATE_GOLDENS: '' } });
    expect(run().status).toBe(1);
    expect(existsSync(join(d, 'goldens', 'one.png'))).toBe(false);
    expect(run('-u').status).toBe(0);
    expect(decodePng(readFileSync(join(d, 'goldens', 'one.png')))).toEqual({ width: 1, height: 1, data: new Uint8Array([1, 2, 3, 255]) });
    expect(run().status).toBe(0);
  }, 60_000);

  it('rejects golden names that are paths, or that end like the failure images', () => {
    const dir = goldenDir();
    expect(() => expect(frame()).toMatchGolden('x.actual', { dir, update: true })).toThrow(/kept for failure images/);
    expect(() => expect(frame()).toMatchGolden('x.diff', { dir, update: true })).toThrow(/kept for failure images/);
    for (const bad of ['../up', 'a/b', 'a\\b', '..', '']) {
      expect(() => expect(frame()).toMatchGolden(bad, { dir, update: true })).toThrow(/plain file name/);
    }
    expect(existsSync(join(dir, '..', 'up.png'))).toBe(false);
  });
});
