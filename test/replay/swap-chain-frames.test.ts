/**
 * Each swap chain presents its own frame sequence: the implicit chain's frames keep the names they
 * always had (frame-NNNN.png, frame N), an additional chain K's are frame-NNNN-scK.png and `scK:N`, in
 * replay --out, check's goldens (golden.json's swapChains section) and inspect --frame. The sample
 * two-swap-chains presents three frames on each of its two chains.
 */
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers.js';
import { runCheck } from '../../src/golden/check.js';
import { decodePng, presentedFrame } from '../../src/golden/image.js';
import { manifestText, readGolden } from '../../src/golden/store.js';
import { replayTrace } from '../../src/replay/replay-trace.js';
import type { PresentEvent } from '../../src/replay/replayer.js';

const SAMPLE = join('traces', 'two-swap-chains.r9t');

function copy(): { dir: string; trace: string } {
  const dir = mkdtempSync(join(tmpdir(), 'replay9-chains-'));
  const trace = join(dir, 'two-swap-chains.r9t');
  copyFileSync(SAMPLE, trace);
  return { dir, trace };
}

/** The colour of pixel (x, y) of an RGBA8 image as 0xRRGGBB. */
const rgb = (img: { width: number; data: Uint8Array }, x: number, y: number): number => {
  const i = (y * img.width + x) * 4;
  return (img.data[i] << 16) | (img.data[i + 1] << 8) | img.data[i + 2];
};

describe('frames of two swap chains', () => {
  it('replay numbers each chain from 0 and hands out the presented chain\'s back buffer', () => {
    const events: Array<{ chain: number; frame: number; size: string; centre: number }> = [];
    const rep = replayTrace(SAMPLE, {
      onPresent: (e: PresentEvent) => {
        const img = presentedFrame(e)!.image;
        events.push({ chain: e.swapChain, frame: e.frame, size: `${img.width}x${img.height}`, centre: rgb(img, 24, 24) });
      },
    });
    expect(rep.frames).toBe(3);
    expect(rep.swapChainFrames).toEqual({ 1: 3 });
    expect(events.map((e) => `${e.chain}:${e.frame} ${e.size}`)).toEqual([
      '0:0 96x64', '1:0 48x48', '0:1 96x64', '1:1 48x48', '0:2 96x64', '1:2 48x48',
    ]);
    // the additional chain shows its yellow square at the centre, never the implicit chain's bars
    expect(events.filter((e) => e.chain === 1).map((e) => e.centre)).toEqual([0xf0c020, 0xf0c020, 0xf0c020]);
  });

  it('check --update writes frame-NNNN.png for chain 0 and frame-NNNN-scK.png for the others; check then passes and names a changed chain frame', async () => {
    const { dir, trace } = copy();
    expect((await runCli('check', dir, '--update')).code).toBe(0);
    const golden = join(dir, 'two-swap-chains.golden');
    expect(readdirSync(golden).sort()).toEqual([
      'frame-0000-sc1.png', 'frame-0000.png', 'frame-0001-sc1.png', 'frame-0001.png', 'frame-0002-sc1.png', 'frame-0002.png', 'golden.json',
    ]);
    const m = readGolden(golden)!;
    expect(m.frames.map((f) => f.file)).toEqual(['frame-0000.png', 'frame-0001.png', 'frame-0002.png']);
    expect(Object.keys(m.swapChains!)).toEqual(['1']);
    expect(m.swapChains!['1'].map((f) => [f.file, f.width, f.height])).toEqual([['frame-0000-sc1.png', 48, 48], ['frame-0001-sc1.png', 48, 48], ['frame-0002-sc1.png', 48, 48]]);
    // the sample's committed golden is what --update writes
    expect(readFileSync(join(golden, 'golden.json'), 'utf8')).toBe(readFileSync(join('traces', 'two-swap-chains.golden', 'golden.json'), 'utf8'));
    expect(runCheck([dir]).ok).toBe(true);
    // the square of the additional chain's frame 1 grows: the golden of that frame alone fails
    writeFileSync(trace, readFileSync(trace, 'utf8').replace('dev.ColorFill(scbb, {12, 12, 36, 36}, 0xfff0c020)', 'dev.ColorFill(scbb, {12, 12, 36, 37}, 0xfff0c020)'));
    const r = runCheck([dir], { reportDir: join(dir, 'report') }).traces[0];
    expect(r.status).toBe('fail');
    const failed = r.frameResults.filter((f) => f.status !== 'pass');
    expect(failed.map((f) => [f.swapChain, f.frame, f.status])).toEqual([[1, 1, 'diff']]);
    expect(failed[0].message).toMatch(/^frame sc1:1 \(call \d+\): 24 pixels differ/);
    expect(failed[0].files?.actual).toMatch(/frame-0001-sc1-actual\.png$/);
  });

  it('a golden frame of chain 1 the replay no longer presents is missing, named by its chain', () => {
    const { dir, trace } = copy();
    runCheck([dir], { update: true });
    const text = readFileSync(trace, 'utf8');
    const last = text.lastIndexOf('sc.Present(NULL, NULL, NULL, NULL, 0)\n');
    writeFileSync(trace, text.slice(0, last) + text.slice(last).replace('sc.Present(NULL, NULL, NULL, NULL, 0)\n', ''));
    const r = runCheck([dir]).traces[0];
    expect(r.frameResults.filter((f) => f.status !== 'pass').map((f) => f.message)).toEqual(['frame sc1:2: in the golden, never presented by the replay']);
  });

  it('golden.json of a trace with one chain keeps its old shape (no swapChains key)', () => {
    const m = readGolden(join('traces', 'fill-grid.golden'))!;
    expect(m.swapChains).toBeUndefined();
    expect(manifestText(m)).toBe(readFileSync(join('traces', 'fill-grid.golden', 'golden.json'), 'utf8'));
  });

  it('replay --out writes the same names; --frames counts in each chain', async () => {
    const { dir } = copy();
    const out = join(dir, 'out');
    const r = await runCli('replay', SAMPLE, '--out', out, '--frames', '2');
    expect(r.code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['frame-0002-sc1.png', 'frame-0002.png']);
    const sc = decodePng(readFileSync(join(out, 'frame-0002-sc1.png')));
    expect([sc.width, sc.height, rgb(sc, 6, 6), rgb(sc, 5, 5)]).toEqual([48, 48, 0xf0c020, 0x404020]);
  });

  it('inspect --frame scK:F stops after that chain\'s Present; F alone is chain 0\'s frame as before', async () => {
    // frame sc1:0 shows the square 18..30; frame sc1:1 the square 12..36
    const a = await runCli('inspect', SAMPLE, '--frame', 'sc1:0', '--surface', 'sc.backbuffer', '--pixel', '14,14');
    expect(a.code).toBe(0);
    expect(a.out).toContain('raw 0xff404020');
    const b = await runCli('inspect', SAMPLE, '--frame', 'sc1:1', '--surface', 'sc.backbuffer', '--pixel', '14,14');
    expect(b.out).toContain('raw 0xfff0c020');
    const c = await runCli('inspect', SAMPLE, '--frame', '1', '--surface', 'backbuffer', '--pixel', '20,10');
    expect(c.out).toContain('raw 0xffe04040');
    const beyond = await runCli('inspect', SAMPLE, '--frame', 'sc1:3');
    expect(beyond.code).toBe(2);
    expect(beyond.err).toContain('swap chain 1 presents 3 frames');
    const bad = await runCli('inspect', SAMPLE, '--frame', 'sc1');
    expect(bad.code).toBe(2);
  });
});
