/** Frames written as PNG on worker threads: the same bytes as writing them in place, bounded queue, errors named. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { D3DFMT } from '../../src/d3d9/index.js';
import { formatInfo } from '../../src/formats/index.js';
import { decodePng, encodePng, surfaceImage } from '../../src/golden/image.js';
import { PngPool } from '../../src/golden/png-pool.js';
import type { StoredSurface } from '../../src/golden/store.js';
import { LONG, runCli } from '../helpers.js';

/** a 13×7 X8R8G8B8 surface (pitch 64: padded rows) whose pixels depend on `seed` */
function surface(seed: number): StoredSurface {
  const pitch = 64;
  const data = new Uint8Array(pitch * 7);
  for (let i = 0; i < data.length; i++) data[i] = (i * 31 + seed * 17) & 0xff;
  return { format: formatInfo(D3DFMT.X8R8G8B8)!, width: 13, height: 7, pitch, samples: 1, data };
}

describe('PngPool', () => {
  it('writes each frame as the PNG encodePng makes of its pixels, even when the caller overwrites the surface at once', async () => {
    const d = mkdtempSync(join(tmpdir(), 'replay9-pngpool-'));
    const pool = new PngPool(2, 1);
    const live = surface(0);
    for (let i = 0; i < 9; i++) {
      const s = surface(i);
      live.data.set(s.data);
      pool.write(join(d, `f${i}.png`), live);
      live.data.fill(0xee); // the replay goes on writing its back buffer
    }
    await pool.close();
    for (let i = 0; i < 9; i++) {
      const bytes = readFileSync(join(d, `f${i}.png`));
      expect(bytes.equals(encodePng(surfaceImage(surface(i))))).toBe(true);
      // X8R8G8B8 shows opaque: the stored X byte never reaches the PNG's alpha
      expect(decodePng(bytes).data[3]).toBe(255);
    }
  });

  it('names the file it could not write, after writing the others', async () => {
    const d = mkdtempSync(join(tmpdir(), 'replay9-pngpool-'));
    const pool = new PngPool(1);
    pool.write(join(d, 'missing-folder', 'a.png'), surface(1));
    pool.write(join(d, 'b.png'), surface(2));
    await expect(pool.close()).rejects.toThrow(/writing frames failed: .*missing-folder.a\.png: ENOENT/);
    expect(existsSync(join(d, 'b.png'))).toBe(true);
  });

  it('replay --out writes the bytes a golden holds for the same frame', async () => {
    const d = mkdtempSync(join(tmpdir(), 'replay9-pngpool-'));
    const r = await runCli('replay', join('traces', 'triangles.r9t'), '--out', d);
    expect(r.code).toBe(0);
    expect(readFileSync(join(d, 'frame-0000.png')).equals(readFileSync(join('traces', 'triangles.golden', 'frame-0000.png')))).toBe(true);
  });
});

describe('replay --out in a process of its own', () => {
  // a process of its own costs a second or two of CPU: the long suite runs it
  it.runIf(LONG)('exits only once every frame is written (the workers keep it alive)', () => {
    const d = mkdtempSync(join(tmpdir(), 'replay9-pngpool-'));
    const script = `import { main } from './src/cli/main.ts'; process.exitCode = await main(['replay', 'traces/lit-fog-blend.r9t', '--out', ${JSON.stringify(d)}], { out: () => {}, err: (t) => process.stderr.write(t), tty: false });`;
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    for (let i = 0; i < 3; i++) expect(readFileSync(join(d, `frame-000${i}.png`)).equals(readFileSync(join('traces', 'lit-fog-blend.golden', `frame-000${i}.png`)))).toBe(true);
  });
});
