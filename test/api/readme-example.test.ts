/**
 * The README's example test file runs as written: its code block is extracted from README.md and
 * run by vitest in a temporary project, with `replay9` and `replay9/vitest` aliased to the sources.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { decodePng, encodePng } from '../../src/golden/image.js';
import { LONG } from '../helpers.js';

const ROOT = resolve(import.meta.dirname, '../..');
const tmp = mkdtempSync(join(tmpdir(), 'replay9-readme-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function vitest(update: boolean): { status: number | null; output: string } {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('VITEST') && k !== 'REPLAY9_UPDATE_GOLDENS') env[k] = v;
  if (update) env.REPLAY9_UPDATE_GOLDENS = '1';
  const r = spawnSync(process.execPath, [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'vitest.config.mjs'], { cwd: tmp, env, encoding: 'utf8' });
  return { status: r.status, output: r.stdout + r.stderr };
}

// a nested vitest costs about 3 s of CPU apiece: the long suite runs this
it.runIf(LONG)('the README example test file passes as written, and fails when a golden differs', () => {
  const block = /```ts\n(\/\/ frames\.test\.ts\n[\s\S]*?)```/.exec(readFileSync(join(ROOT, 'README.md'), 'utf8'));
  expect(block, 'README.md has a ```ts block starting with // frames.test.ts').not.toBeNull();
  writeFileSync(join(tmp, 'frames.test.ts'), block![1]);
  mkdirSync(join(tmp, 'traces'));
  copyFileSync(join(ROOT, 'traces/triangles.r9t'), join(tmp, 'traces/triangles.r9t'));
  symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(tmp, 'node_modules'), 'dir');
  const alias = [
    { find: /^replay9\/vitest$/, replacement: join(ROOT, 'src/golden/matcher.ts') },
    { find: /^replay9$/, replacement: join(ROOT, 'src/index.ts') },
  ];
  writeFileSync(join(tmp, 'vitest.config.mjs'), `export default { resolve: { alias: [${alias.map((a) => `{ find: ${a.find}, replacement: ${JSON.stringify(a.replacement)} }`).join(', ')}] }, test: { include: ['frames.test.ts'] } };\n`);

  const update = vitest(true);
  expect(update.status, update.output).toBe(0);
  // the trace's frames are the sample goldens; the scene's Clear stores 0xff3060c0's R, G, B (X8R8G8B8 reads alpha 255)
  const goldens = readdirSync(join(ROOT, 'traces/triangles.golden')).filter((f) => /^frame-\d+\.png$/.test(f)).sort();
  expect(readdirSync(join(tmp, 'goldens')).sort()).toEqual(['blue-clear.png', ...goldens.map((_, i) => `triangles-${i}.png`)].sort());
  goldens.forEach((g, i) => {
    const want = decodePng(readFileSync(join(ROOT, 'traces/triangles.golden', g)));
    expect(Buffer.from(decodePng(readFileSync(join(tmp, 'goldens', `triangles-${i}.png`))).data).equals(Buffer.from(want.data))).toBe(true);
  });
  const blue = decodePng(readFileSync(join(tmp, 'goldens/blue-clear.png')));
  expect([blue.width, blue.height, ...blue.data.subarray(0, 4)]).toEqual([64, 64, 0x30, 0x60, 0xc0, 255]);

  const again = vitest(false);
  expect(again.status, again.output).toBe(0);
  expect(again.output).toMatch(/2 passed/);

  const data = new Uint8Array(64 * 64 * 4).fill(255);
  writeFileSync(join(tmp, 'goldens/blue-clear.png'), encodePng({ width: 64, height: 64, data }));
  const changed = vitest(false);
  expect(changed.status).not.toBe(0);
  expect(changed.output).toContain('4096 pixels differ');
}, 120_000);
