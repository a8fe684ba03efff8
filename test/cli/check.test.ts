import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers.js';
import { reportFolder, runCheck } from '../../src/golden/check.js';
import { decodePng } from '../../src/golden/image.js';
import { decodeRawDump } from '../../src/golden/store.js';
import type { CheckReport } from '../../src/golden/types.js';


const SAMPLES = ['clear-colorfill.r9t', 'triangles.r9t'];
const FIRST_PRESENT = 'dev.Present(NULL, NULL, NULL, NULL)\n';

/** A temp folder holding copies of the sample traces, with goldens written by --update. */
async function withGoldens(): Promise<string> {
  const d = mkdtempSync(join(tmpdir(), 'replay9-check-'));
  for (const s of SAMPLES) copyFileSync(join('traces', s), join(d, s));
  const up = await runCli('check', d, '--update');
  expect(up.code).toBe(0);
  return d;
}

/** the message of the UsageError `f` throws */
function refusal(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect((e as Error).name).toBe('UsageError');
    return (e as Error).message;
  }
  throw new Error('expected a UsageError');
}

function edit(file: string, f: (text: string) => string): void {
  writeFileSync(file, f(readFileSync(file, 'utf8')));
}

/** every file under a folder, recursively, relative to it */
function tree(dir: string, pre = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? tree(join(dir, e.name), join(pre, e.name)) : [join(pre, e.name)])).sort();
}

describe('replay9 check', () => {
  it('reports traces without goldens as NO GOLDENS (not a pass), then passes after --update', async () => {
    const d = mkdtempSync(join(tmpdir(), 'replay9-check-'));
    for (const s of SAMPLES) copyFileSync(join('traces', s), join(d, s));
    const before = await runCli('check', d, '--report', join(d, 'rep'));
    expect(before.code).toBe(1);
    expect(before.out).toMatch(/^NO GOLDENS .*clear-colorfill\.r9t: no goldens/m);
    expect(before.out).toMatch(/^2 traces: 0 passed, 0 failed, 2 without goldens$/m);
    const up = await runCli('check', d, '--update');
    expect(up.code).toBe(0);
    expect(up.out).toMatch(/^NEW .*clear-colorfill\.r9t: 3 frames written to /m);
    expect(up.out).toMatch(/^2 traces: 2 new, 0 changed, 0 unchanged$/m);
    expect(readdirSync(join(d, 'clear-colorfill.golden')).sort()).toEqual(['frame-0000.png', 'frame-0001.png', 'frame-0002.png', 'golden.json']);
    const after = await runCli('check', d, '--report', join(d, 'rep'));
    expect(after.code).toBe(0);
    expect(after.out).toMatch(/^PASS .*clear-colorfill\.r9t: 3 frames$/m);
    expect(after.out).toMatch(/^PASS .*triangles\.r9t: 1 frame$/m);
    // --report always holds the report; no images for passing frames
    expect(tree(join(d, 'rep'))).toEqual(['index.html', 'report.json']);
    const json = JSON.parse(readFileSync(join(d, 'rep', 'report.json'), 'utf8')) as CheckReport;
    expect(json.summary).toMatchObject({ traces: 2, passed: 2 });
    expect(readFileSync(join(d, 'rep', 'index.html'), 'utf8')).toContain('replay9 check: 2 passed, 0 failed, 0 without goldens');
  });

  it('catches a one-pixel change, names frame and Present call, and writes expected / actual / diff', async () => {
    const d = await withGoldens();
    const t = join(d, 'clear-colorfill.r9t');
    edit(t, (s) => s.replace(FIRST_PRESENT, `dev.ColorFill(bb, {63, 47, 64, 48}, 0xffffffff)\n${FIRST_PRESENT}`));
    const rep = join(d, 'rep');
    const r = await runCli('check', t, '--report', rep, '--json');
    expect(r.code).toBe(1);
    const report = JSON.parse(r.out) as CheckReport;
    const tr = report.traces[0];
    expect(tr.status).toBe('fail');
    expect(tr.frameResults.map((f) => [f.frame, f.call, f.status, f.diffPixels, f.maxChannelDiff])).toEqual([
      [0, 7, 'diff', 1, 0xff - 0x20], [1, 12, 'pass', 0, 0], [2, 18, 'pass', 0, 0],
    ]);
    const files = tr.frameResults[0].files!;
    expect(files).toEqual({
      expected: join(rep, 'clear-colorfill', 'frame-0000-expected.png'),
      actual: join(rep, 'clear-colorfill', 'frame-0000-actual.png'),
      diff: join(rep, 'clear-colorfill', 'frame-0000-diff.png'),
    });
    const actual = decodePng(readFileSync(files.actual!));
    expect([...actual.data.subarray((47 * 64 + 63) * 4, (47 * 64 + 63) * 4 + 4)]).toEqual([255, 255, 255, 255]);
    expect(tree(rep)).toEqual(['clear-colorfill/frame-0000-actual.png', 'clear-colorfill/frame-0000-diff.png', 'clear-colorfill/frame-0000-expected.png', 'index.html', 'report.json']);
    const text = await runCli('check', t, '--report', rep);
    expect(text.out).toMatch(/^FAIL .*clear-colorfill\.r9t: frame 0 \(call 7\): 1 pixel differs \(max 0 allowed\), max channel difference 223/m);
    // one pixel is within --max-diff-pixels 1
    expect((await runCli('check', t, '--report', rep, '--max-diff-pixels', '1')).code).toBe(0);
  });

  it('fails on a missing frame (the golden has more) and on an extra frame (the replay has more)', async () => {
    const d = await withGoldens();
    const t = join(d, 'clear-colorfill.r9t');
    const original = readFileSync(t, 'utf8');
    const lastPresent = original.lastIndexOf(FIRST_PRESENT);
    writeFileSync(t, original.slice(0, lastPresent) + original.slice(lastPresent + FIRST_PRESENT.length));
    let report = runCheck([t], { reportDir: join(d, 'rep') });
    expect(report.ok).toBe(false);
    expect(report.traces[0].frameResults.map((f) => [f.frame, f.status])).toEqual([[0, 'pass'], [1, 'pass'], [2, 'missing']]);
    expect(report.traces[0].reasons).toEqual(['frame 2: in the golden, never presented by the replay']);

    writeFileSync(t, original.replace('rt.Release()', `${FIRST_PRESENT}rt.Release()`));
    report = runCheck([t], { reportDir: join(d, 'rep') });
    expect(report.traces[0].frameResults.map((f) => [f.frame, f.call, f.status])).toEqual([[0, 6, 'pass'], [1, 11, 'pass'], [2, 17, 'pass'], [3, 18, 'extra']]);
    expect(report.traces[0].reasons).toEqual(['frame 3 (call 18): presented by the replay, not in the golden']);
    expect(report.traces[0].frameResults[3].files).toEqual({ actual: join(d, 'rep', 'clear-colorfill', 'frame-0003-actual.png') });
    const cli = await runCli('check', t, '--report', join(d, 'rep'));
    expect(cli.code).toBe(1);
    expect(cli.out).toMatch(/^FAIL .*: frame 3 \(call 18\): presented by the replay, not in the golden/m);
  });

  it('fails on a result (HRESULT) mismatch even when every frame matches', async () => {
    const d = await withGoldens();
    const t = join(d, 'clear-colorfill.r9t');
    edit(t, (s) => s.replace('dev.ColorFill(bb, {0, 0, 65, 10}, 0xffffffff) -> D3DERR_INVALIDCALL', 'dev.ColorFill(bb, {0, 0, 65, 10}, 0xffffffff)'));
    const r = await runCli('check', t, '--json', '--report', join(d, 'rep'));
    expect(r.code).toBe(1);
    const tr = (JSON.parse(r.out) as CheckReport).traces[0];
    expect(tr.frameResults.every((f) => f.status === 'pass')).toBe(true);
    expect(tr.issues).toEqual([{ kind: 'mismatch', call: 10, method: 'ColorFill', line: 13, expected: 'D3D_OK', actual: 'D3DERR_INVALIDCALL', message: 'call 10: IDirect3DDevice9::ColorFill returned D3DERR_INVALIDCALL, the trace recorded D3D_OK' }]);
    expect(tr.reasons).toEqual(['line 13, call 10: IDirect3DDevice9::ColorFill returned D3DERR_INVALIDCALL, the trace recorded D3D_OK']);
  });

  it('leaves the old goldens intact when --update meets an unreadable trace, and exits 2 naming the line', async () => {
    const d = await withGoldens();
    const t = join(d, 'clear-colorfill.r9t');
    const golden = join(d, 'clear-colorfill.golden');
    const before = tree(golden).map((f) => [f, readFileSync(join(golden, f)).toString('base64')]);
    edit(t, (s) => s.replace('dev.ColorFill(rt, NULL, 0xff808080)', 'dev.ColorFill(rt, NULL, 0xff808080'));
    const r = await runCli('check', t, '--update');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/clear-colorfill\.r9t:17:\d+: /);
    expect(tree(golden).map((f) => [f, readFileSync(join(golden, f)).toString('base64')])).toEqual(before);
    expect(readdirSync(d).sort()).toEqual(['clear-colorfill.golden', 'clear-colorfill.r9t', 'triangles.golden', 'triangles.r9t']);
    expect((await runCli('check', t)).code).toBe(2);
  });

  it('keeps failure images inside the report folder whatever the trace file is called', async () => {
    const d = await withGoldens();
    // "...r9t" is the trace ".." once its extension is gone
    for (const name of ['...r9t', 'a b;$(x).r9t']) {
      copyFileSync(join(d, 'triangles.r9t'), join(d, name));
      edit(join(d, name), (s) => s.replace('0xff202020', '0xff202021'));
    }
    const rep = join(d, 'out', 'rep');
    const report = runCheck([join(d, '...r9t'), join(d, 'a b;$(x).r9t')], { reportDir: rep });
    expect(report.traces.map((t) => t.status)).toEqual(['no-goldens', 'no-goldens']);
    runCheck([join(d, '...r9t'), join(d, 'a b;$(x).r9t')], { update: true });
    copyFileSync(join(d, 'clear-colorfill.r9t'), join(d, '...r9t'));
    copyFileSync(join(d, 'clear-colorfill.r9t'), join(d, 'a b;$(x).r9t'));
    const failing = runCheck([join(d, '...r9t'), join(d, 'a b;$(x).r9t')], { reportDir: rep });
    expect(failing.traces.map((t) => t.reportDir)).toEqual([join(rep, '__'), join(rep, 'a_b___x_')]);
    expect(readdirSync(join(d, 'out'))).toEqual(['rep']);
    expect(readdirSync(rep).sort()).toEqual(['__', 'a_b___x_']);
    // names that would collide get a suffix; none is "." or ".." or leaves the root
    const taken = new Set<string>();
    const names = ['x/..r9', 'y/..r9', '.r9t', 'z/a.r9', 'w/A.r9'].map((t) => reportFolder(rep, t, taken));
    expect(names).toEqual([join(rep, '_'), join(rep, '_-2'), join(rep, 'trace'), join(rep, 'a'), join(rep, 'A-2')]);
  });

  it('keeps an exact raw dump of a 10-bit back buffer and fails when only the raw bits differ', async () => {
    const d = mkdtempSync(join(tmpdir(), 'replay9-check-'));
    const t = join(d, 't10.r9t');
    writeFileSync(t, readFileSync('traces/triangles.r9t', 'utf8').replace('BackBufferFormat: D3DFMT_X8R8G8B8', 'BackBufferFormat: D3DFMT_A2R10G10B10'));
    expect(runCheck([t], { update: true }).ok).toBe(true);
    const golden = join(d, 't10.golden');
    expect(readdirSync(golden).sort()).toEqual(['frame-0000.png', 'frame-0000.raw', 'golden.json']);
    const raw = decodeRawDump(readFileSync(join(golden, 'frame-0000.raw')));
    expect(raw).toMatchObject({ format: 'A2R10G10B10', width: 64, height: 48, pitch: 256, samples: 1 });
    expect(runCheck([t], { reportDir: join(d, 'rep') }).ok).toBe(true);
    // a golden whose raw bits differ while its RGBA8 pixels agree (as a 10-bit change below 8-bit precision would)
    // (both hashes of the stored bytes change: the raw dump's and the surface's)
    edit(join(golden, 'golden.json'), (s) => s.replace(/("raw":\{"file":"frame-0000.raw","sha256":")[0-9a-f]{64}/, `$1${'0'.repeat(64)}`)
      .replace(/("surface":\{"format":"A2R10G10B10","pitch":256,"samples":1,"xxh64":")[0-9a-f]{16}/, `$1${'0'.repeat(16)}`));
    const r = runCheck([t], { reportDir: join(d, 'rep') });
    expect(r.traces[0].frameResults.map((f) => [f.status, f.diffPixels])).toEqual([['raw', 0]]);
    expect(r.traces[0].reasons[0]).toMatch(/frame 0 \(call \d+\): the RGBA8 pixels match, the raw A2R10G10B10 back buffer differs/);
  });

  it('refuses X.r9 and X.r9t side by side (one X.golden for both) with exit 2 naming both, before writing anything', async () => {
    const d = mkdtempSync(join(tmpdir(), 'replay9-check-'));
    copyFileSync(join('traces', 'triangles.r9t'), join(d, 'x.r9t'));
    expect((await runCli('convert', join(d, 'x.r9t'), join(d, 'x.r9'))).code).toBe(0);
    for (const args of [[d], [d, '--update'], [join(d, 'x.r9'), join(d, 'x.r9t')], [d, '--shard', '1/2']]) {
      const r = await runCli('check', ...args);
      expect(r.code).toBe(2);
      expect(r.err).toContain(`${join(d, 'x.r9')} and ${join(d, 'x.r9t')} would share the golden folder ${join(d, 'x.golden')}`);
    }
    expect(readdirSync(d).sort()).toEqual(['x.r9', 'x.r9t']);
    // names differing in case only share the folder on Windows and macOS: refused too
    const e = mkdtempSync(join(tmpdir(), 'replay9-check-'));
    copyFileSync(join('traces', 'triangles.r9t'), join(e, 'T.R9T'));
    copyFileSync(join(d, 'x.r9'), join(e, 't.r9'));
    expect(refusal(runCheck.bind(null, [e], {}))).toMatch(/T\.R9T and .*t\.r9 would share the golden folder/);
  });

  it('finds traces whose extensions are in capitals (T.R9, t.R9T) and opens them by kind; a trace named twice is checked once', async () => {
    const d = mkdtempSync(join(tmpdir(), 'replay9-check-'));
    copyFileSync(join('traces', 'triangles.r9t'), join(d, 'a.R9T'));
    expect((await runCli('convert', join('traces', 'clear-colorfill.r9t'), join(d, 'b.R9'))).code).toBe(0);
    const up = await runCli('check', d, join(d, 'a.R9T'), '--update');
    expect(up.code).toBe(0);
    expect(up.out).toMatch(/^NEW .*a\.R9T: 1 frame written to .*a\.golden$/m);
    expect(up.out).toMatch(/^NEW .*b\.R9: 3 frames written to .*b\.golden$/m);
    expect(up.out).toMatch(/^2 traces: 2 new/m);
  });

  it('explains every option in --help', async () => {
    const r = await runCli('check', '--help');
    expect(r.code).toBe(0);
    for (const o of ['--update', '--threshold', '--max-diff-pixels', '--report', '--json']) expect(r.out).toContain(o);
    expect((await runCli('check', 'traces', '--threshold', '2')).code).toBe(2);
  });
});

describe('replay9 diff-images', () => {
  const d = mkdtempSync(join(tmpdir(), 'replay9-diff-'));
  mkdirSync(d, { recursive: true });
  const png = async (name: string, width: number, height: number, changed: Array<[number, number, number[]]> = []): Promise<string> => {
    const { encodePng } = await import('../../src/golden/image.js');
    const data = new Uint8Array(width * height * 4);
    for (let i = 0; i < data.length; i += 4) data.set([0, 0, 200, 255], i);
    for (const [x, y, rgba] of changed) data.set(rgba, (y * width + x) * 4);
    const f = join(d, name);
    writeFileSync(f, encodePng({ width, height, data }));
    return f;
  };

  it('counts the pixels changed by hand and the largest channel difference; exit 1', async () => {
    const a = await png('a.png', 5, 4);
    // three pixels: blue 200 → 201, → 0, and red 0 → 50
    const b = await png('b.png', 5, 4, [[0, 0, [0, 0, 201, 255]], [4, 3, [0, 0, 0, 255]], [2, 1, [50, 0, 200, 255]]]);
    const r = await runCli('diff-images', a, b, '--out', join(d, 'diff.png'));
    expect(r.code).toBe(1);
    expect(r.out).toContain('3 of 20 pixels differ (15.00%), max channel difference 200');
    expect(decodePng(readFileSync(join(d, 'diff.png')))).toMatchObject({ width: 5, height: 4 });
    const j = await runCli('diff-images', a, b, '--json');
    expect(JSON.parse(j.out)).toMatchObject({ equal: false, diffPixels: 3, maxChannelDiff: 200, width: 5, height: 4, threshold: 0 });
    // at threshold 0.1 the change of blue by 1 no longer counts
    expect(JSON.parse((await runCli('diff-images', a, b, '--json', '--threshold', '0.1')).out).diffPixels).toBe(2);
  });

  it('exits 0 for equal images', async () => {
    const a = await png('e1.png', 3, 3);
    const b = await png('e2.png', 3, 3);
    const r = await runCli('diff-images', a, b);
    expect(r.code).toBe(0);
    expect(r.out).toContain('0 of 9 pixels differ (0.00%), max channel difference 0, identical');
  });

  it('exits 1 with a message on a size mismatch, 2 on a missing file or one that is not a PNG', async () => {
    const a = await png('s1.png', 3, 3);
    const b = await png('s2.png', 3, 4);
    const r = await runCli('diff-images', a, b);
    expect(r.code).toBe(1);
    expect(r.out).toContain('size 3×4 differs from the expected 3×3');
    const missing = await runCli('diff-images', a, join(d, 'nope.png'));
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('nope.png');
    writeFileSync(join(d, 'text.png'), 'not an image');
    const bad = await runCli('diff-images', join(d, 'text.png'), a);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/text\.png: not a PNG image/);
  });
});
