/**
 * The sample traces: each replays without findings, twice with the same frame
 * hashes; the shadow volume drawn in one pass with two-sided stencil equals the
 * two-pass drawing frame for frame; each trace is what its scene records today.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Replayer } from '../../src/replay/replayer.js';
import { presentedFrame } from '../../src/golden/image.js';
import { openTrace } from '../../src/trace/open.js';
import { loadScene } from '../../src/cli/commands/record.js';
import { recordScene } from '../../src/api/scene.js';
import { SAMPLE_SCENES } from '../../tools/scenes/list.js';
import type { Rgba8Image } from '../../src/golden/image.js';
import { runCheck } from '../../src/golden/check.js';
import { runCheckJobs } from '../../src/golden/check-jobs.js';
import { LONG, spread } from '../helpers.js';

const TRACES = join(import.meta.dirname, '..', '..', 'traces');
const names = readdirSync(TRACES).filter((n) => /\.r9t?$/.test(n)).sort();

function frameHashes(path: string): { hashes: string[]; findings: string[]; images: Rgba8Image[] } {
  const { reader, lines } = openTrace(path);
  const hashes: string[] = [];
  const images: Rgba8Image[] = [];
  try {
    const r = new Replayer({
      lines,
      onPresent: (e) => {
        // the presented chain's back buffer (two-swap-chains presents two chains)
        const img = presentedFrame(e)!.image;
        hashes.push(createHash('sha256').update(img.data).digest('hex'));
        images.push(img);
      },
    });
    r.run(reader);
    return { hashes, findings: r.findings.map((f) => f.message), images };
  } finally {
    reader.close();
  }
}

describe('sample traces', () => {
  it('are there', () => {
    expect(names.length).toBeGreaterThanOrEqual(10);
  });

  // the goldens test below replays every trace against its committed hashes; the short run looks for
  // findings in an even spread of them, the long run in all of them, twice
  for (const name of spread(names, 8)) {
    it(`${name} replays without findings${LONG ? ', the same bits twice' : ''}`, () => {
      const a = frameHashes(join(TRACES, name));
      expect(a.findings).toEqual([]);
      expect(a.hashes.length).toBeGreaterThan(0);
      if (LONG) expect(frameHashes(join(TRACES, name)).hashes).toEqual(a.hashes);
    });
  }

  it('the one-pass shadow volume (two-sided stencil) equals the two-pass one, frame for frame', () => {
    const one = frameHashes(join(TRACES, 'shadow-volume.r9t')).hashes;
    const two = frameHashes(join(TRACES, 'shadow-volume-2pass.r9t')).hashes;
    expect(one).toHaveLength(3);
    expect(two).toEqual(one);
    // and the volume does show: frames differ as it moves
    expect(new Set(one).size).toBe(3);
  });

  const rgb = (img: Rgba8Image, x: number, y: number): string => {
    const i = (y * img.width + x) * 4;
    return Buffer.from(img.data.subarray(i, i + 3)).toString('hex');
  };

  it('stencil-ref-mask shows the stencil values worked out by hand', () => {
    const [all, low2] = frameHashes(join(TRACES, 'stencil-ref-mask.r9t')).images;
    // palette: 0 101010, 1 e04040, 2 40c040, 3 4060e0, 4 e0e040, 5 e040e0, 6 40e0e0, 7 ffffff
    // (60,40): REPLACE 1, REPLACE 2, then ref 0xFF through write mask 0x04 → 6; (40,25): 1 then bit 2 → 5;
    // (100,30) and (110,20): INVERT through mask 0x03 of 0 → 3; (20,80): INCR of 0 → 1; (2,2): untouched 0
    const points: Array<[number, number, string, string]> = [
      [10, 10, 'e04040', 'e040e0'], [60, 40, '40e0e0', '40e0e0'], [40, 25, 'e040e0', 'e040e0'], [110, 80, '40c040', '40e0e0'],
      [100, 30, '4060e0', 'ffffff'], [20, 80, 'e04040', 'e040e0'], [2, 2, '101010', 'e0e040'],
    ];
    // frame 1 compares the low two bits: the last palette entry drawn with equal low bits wins (v + 4)
    for (const [x, y, full, low] of points) {
      expect(rgb(all, x, y), `(${x},${y}) all bits`).toBe(full);
      expect(rgb(low2, x, y), `(${x},${y}) low two bits`).toBe(low);
    }
  });

  it('occlusion-query: the box behind the wall is culled, the edge box shows its visible half, the bars show 0, 128, 256, 256 samples', () => {
    const [img] = frameHashes(join(TRACES, 'occlusion-query.r9t')).images;
    // wall 707070 over x < 64; boxes 16×16 at (16,8) behind, (56,8) across the wall's edge, (24,32) in front, (96,8) in the open
    expect(rgb(img, 20, 12)).toBe('707070');
    expect([rgb(img, 60, 12), rgb(img, 66, 12)]).toEqual(['707070', 'ff60c0']);
    expect(rgb(img, 30, 40)).toBe('30d0ff');
    expect(rgb(img, 100, 12)).toBe('c0a0ff');
    // bars at y 26..29: count / 16 pixels wide (a 1-pixel red mark for 0) on black
    expect([rgb(img, 16, 27), rgb(img, 17, 27)]).toEqual(['ff2020', '000000']);
    expect([rgb(img, 63, 27), rgb(img, 64, 27)]).toEqual(['ffd020', '000000']);
    expect([rgb(img, 39, 51), rgb(img, 111, 27)]).toEqual(['20e040', '20e040']);
  });

  it('extended-formats: the XR codes of a BGRA8 ramp come back bit for bit; codes outside [384, 894] clamp', () => {
    const [img] = frameHashes(join(TRACES, 'extended-formats.r9t')).images;
    for (let x = 0; x < 256; x++) expect(rgb(img, x, 25)).toBe(rgb(img, x, 5));
    expect(rgb(img, 5, 5)).toBe('fa0505');
    // row 5: code 4x; 4x ≤ 384 → 0, 512 → 128/510 · 255 = 64, 892 → 254, ≥ 894 → 255
    expect([0, 96, 128, 223, 224, 255].map((x) => rgb(img, x, 85))).toEqual(['000000', '000000', '404040', 'fefefe', 'ffffff', 'ffffff']);
    // sRGB read of 128 (0x80): ((128/255 + 0.055)/1.055)^2.4 = 0.2158 → 55 (0x37); write of 0.5: 1.055 · 0.5^(1/2.4) − 0.055 = 0.7354 → 188 (0xbc)
    expect(rgb(img, 128, 45).slice(2)).toBe('3737');
    expect(rgb(img, 128, 65).slice(2)).toBe('bcbc');
  });

  // on worker threads in the long run only: test/cli/check-jobs.test.ts compares workers with one thread over these traces
  it(`every sample trace matches its committed goldens${LONG ? ', in process and on worker threads' : ''}`, async () => {
    const reportDir = mkdtempSync(join(tmpdir(), 'replay9-samples-'));
    const here = runCheck([TRACES], { reportDir });
    expect(here.traces.filter((t) => t.status !== 'pass').map((t) => `${t.trace}: ${t.reasons.join('; ')}`)).toEqual([]);
    expect(here.summary.passed).toBe(names.length);
    if (!LONG) return;
    const seen: Array<[number, number]> = [];
    const workers = await runCheckJobs([TRACES], { reportDir }, 2, (done, total) => seen.push([done, total]), true);
    expect(workers.traces).toEqual(here.traces);
    // progress: one report per trace, counting up to the total
    expect(seen).toEqual(names.map((_, i) => [i + 1, names.length]));
    // and with this thread taking its share while the worker starts
    expect((await runCheckJobs([TRACES], { reportDir }, 2)).traces).toEqual(here.traces);
  }, 60_000);

  it(`${LONG ? 'each trace' : 'an even spread of the traces'} is what its scene records (npm run traces regenerates them)`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'replay9-scenes-'));
    for (const [name, module] of spread(SAMPLE_SCENES, 2)) {
      const out = join(dir, `${name}.r9t`);
      const { error } = await recordScene(await loadScene(join(import.meta.dirname, '..', '..', 'tools', 'scenes', module)), out);
      expect(error).toBeUndefined();
      const committed = readFileSync(join(TRACES, `${name}.r9t`), 'utf8').split('\n').filter((l) => !l.startsWith('# recorded from'));
      expect(readFileSync(out, 'utf8').split('\n')).toEqual(committed);
    }
  }, 60_000);
});
