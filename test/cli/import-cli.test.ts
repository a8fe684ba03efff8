/** `replay9 import` and the other commands reading an apitrace capture (.trace) directly. */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers.js';
import { call, header6, snappyFile } from '../capture/apitrace-bytes.js';

const TRI = 'test/fixtures/apitrace/tri.trace';
const tmp = (): string => mkdtempSync(join(tmpdir(), 'replay9-import-'));

/**
 * `d/app.trace`: CreateWindowExA (user32), Direct3DCreate9, CreateWindowExA again, and with
 * `unmapped` then IDirect3DDevice9::BeginScene on a pointer no call made (a D3D9 call the import leaves out).
 */
function appCapture(d: string, unmapped: boolean): string {
  const UINT = (n: number): number[] => [4, n];
  const PTR = (n: number): number[] => [13, n];
  const path = join(d, 'app.trace');
  writeFileSync(path, snappyFile([
    ...header6(),
    ...call(0, 0, 'CreateWindowExA', [UINT(0)], PTR(0x44)),
    ...call(1, 1, 'Direct3DCreate9', [UINT(32)], PTR(0x50)),
    ...call(2, 0, 'CreateWindowExA', [UINT(1)], PTR(0x46), false),
    ...(unmapped ? call(3, 2, 'IDirect3DDevice9::BeginScene', [PTR(0x60)], UINT(0)) : []),
  ]));
  return path;
}

describe('replay9 import', () => {
  it('writes a text trace that converts to binary and replays as the capture does', async () => {
    const d = tmp();
    const r = await runCli('import', 'test/fixtures/apitrace/map_cubemap.trace', '-o', join(d, 'cube.r9t'));
    expect(r.code).toBe(0);
    // 25 calls in the capture, 6 of them the fake memcpys folded into the unlocks; objects: Direct3D9, device, cube texture
    expect(r.out).toMatch(/^wrote .*cube\.r9t: 19 calls \(of 25 in the capture\), 0 frames, 3 objects; 0 calls not imported, 0 outside Direct3D 9$/m);
    const text = readFileSync(join(d, 'cube.r9t'), 'utf8');
    expect(text.match(/cube3\.UnlockRect\(D3DCUBEMAP_FACE_\w+, 0, b64"/g)).toHaveLength(6);
    expect((await runCli('convert', join(d, 'cube.r9t'), join(d, 'cube.r9'))).code).toBe(0);
    const replayed = await runCli('replay', join(d, 'cube.r9'), '--json');
    expect(replayed.code).toBe(0);
    expect(JSON.parse(replayed.out)).toMatchObject({ calls: 19, mismatches: [], skipped: [], unimplemented: [] });
  });

  it('reports in JSON; keeps calls outside D3D9 as comments of the text form; --strict fails on unmapped D3D9 calls only', async () => {
    const d = tmp();
    const capture = appCapture(d, false);
    const r = await runCli('import', capture, '-o', join(d, 'app.r9'), '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ sourceCalls: 3, calls: 1, objects: 1, unmapped: [], foreign: [{ name: 'CreateWindowExA', count: 2, first: [0, 2] }] });
    const text = await runCli('import', capture, '-o', join(d, 'app.r9t'), '--strict');
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/^outside Direct3D 9 \(kept as comments in the text form\): CreateWindowExA × 2 \(first at call 0, 2\)$/m);
    // each where it was among the D3D9 calls, numbered as in the capture; the one after the last call ends the text
    // (the hand-built signature names its argument a0, not SDKVersion: the import reads no SDKVersion, so 0)
    const lines = readFileSync(join(d, 'app.r9t'), 'utf8').trimEnd().split('\n').slice(2);
    expect(lines).toEqual(['# 0 CreateWindowExA(a0 = 0) = 0x44', 'd3d1 = Direct3DCreate9(0)', '# 2 CreateWindowExA(a0 = 1) = 0x46']);
    // comments do not reach the binary form: the text converts to the same calls as the .r9 import
    expect((await runCli('convert', join(d, 'app.r9t'), join(d, 'back.r9'))).code).toBe(0);
    expect((await runCli('dump', join(d, 'back.r9'))).out).toBe((await runCli('dump', join(d, 'app.r9'))).out);
    // dump of the capture itself shows them too
    expect((await runCli('dump', capture)).out.trimEnd().split('\n').slice(2)).toEqual(lines);
  });

  it('--strict on an unmapped D3D9 call: import writes the trace and fails naming the first such call', async () => {
    const d = tmp();
    const capture = appCapture(d, true);
    const plain = await runCli('import', capture, '-o', join(d, 'app.r9'));
    expect(plain.code).toBe(0);
    expect(plain.out).toMatch(/^not imported: IDirect3DDevice9::BeginScene × 1 \(first at call 3\): its object was not made by a mapped call$/m);
    const strict = await runCli('import', capture, '-o', join(d, 'strict.r9'), '--strict');
    expect(strict.code).toBe(1);
    expect(existsSync(join(d, 'strict.r9'))).toBe(true);
    expect(strict.err).toMatch(/--strict: capture call 3, IDirect3DDevice9::BeginScene, cannot be imported \(its object was not made by a mapped call\)/);
  });

  it('refuses what is not a capture, and a trace it cannot write', async () => {
    expect((await runCli('import', 'traces/clear-colorfill.r9t', '-o', join(tmp(), 'x.r9'))).code).toBe(2);
    expect((await runCli('import', TRI, '-o', join(tmp(), 'x.png'))).code).toBe(2);
  });
});

describe('every command reads a .trace directly', () => {
  it('info, dump and replay', async () => {
    const info = await runCli('info', TRI, '--json');
    expect(info.code).toBe(0);
    expect(JSON.parse(info.out)).toMatchObject({ calls: 16, frames: 1 });
    const dump = await runCli('dump', TRI);
    expect(dump.code).toBe(0);
    expect(dump.out).toMatch(/dev2\.DrawPrimitiveUP\(D3DPT_TRIANGLELIST, 1, \[\[-0\.9, -0\.9, 0\.5, 0x19cc0000\]/);
    const d = tmp();
    const replayed = await runCli('replay', TRI, '--out', d, '--json');
    expect(replayed.code).toBe(0);
    expect(JSON.parse(replayed.out)).toMatchObject({ calls: 16, frames: 1, mismatches: [] });
    expect(existsSync(join(d, 'frame-0000.png'))).toBe(true);
  });

  it('check keeps a capture\'s goldens in NAME.golden/ as for .r9, also when given the folder', async () => {
    const d = tmp();
    copyFileSync(TRI, join(d, 'tri.trace'));
    expect((await runCli('check', join(d, 'tri.trace'), '--update', '--report', join(d, 'rep'))).code).toBe(0);
    expect(existsSync(join(d, 'tri.golden', 'golden.json'))).toBe(true);
    const again = await runCli('check', d, '--report', join(d, 'rep'));
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/PASS .*tri\.trace: 1 frame/);
  });

  it('inspect and trim', async () => {
    // the triangle's centre after its draw (call 10): its three vertex colours blended
    const px = await runCli('inspect', TRI, '--call', '11', '--surface', 'backbuffer', '--pixel', '125,125');
    expect(px.code).toBe(0);
    expect(px.out).toMatch(/X8R8G8B8/);
    const d = tmp();
    const t = await runCli('trim', TRI, '--frames', '0', '-o', join(d, 'tri.r9'));
    expect(t.code).toBe(0);
    expect(existsSync(join(d, 'tri.r9'))).toBe(true);
  });
});

describe('info of a capture', () => {
  it('describes the capture (format, properties, calls, frames, left-out and outside calls, record-time notes), not the temporary trace', async () => {
    const j = await runCli('info', 'test/fixtures/apitrace/map_cubemap.trace', '--json');
    expect(j.code).toBe(0);
    const info = JSON.parse(j.out);
    // 25 calls in the file (6 of them the fake memcpys of the cube faces' locks), 19 replay9 calls
    expect(info).toMatchObject({
      form: 'apitrace', bytes: 9308, calls: 25, frames: 0,
      apitrace: { version: 6, semanticVersion: 6, compression: 'snappy', properties: { 'process.name': expect.stringMatching(/map_cubemap\.exe$/) } },
      imported: { calls: 19, objects: { CubeTexture: 1, Device: 1, Direct3D9: 1 }, failedCalls: 0 },
      unmapped: { calls: 0, functions: [] }, foreign: { calls: 0, functions: [] },
    });
    // the application asked for the capture machine's caps at call 1: the differences from replay9's are a note
    expect(info.notes).toEqual([expect.objectContaining({ source: 1, message: expect.stringMatching(/GetDeviceCaps: the application saw other caps than replay9 has/) })]);
    expect(info).not.toHaveProperty('chunks');
    expect(info).not.toHaveProperty('writer');
    const d = tmp();
    const text = await runCli('info', appCapture(d, true));
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/^format +apitrace trace, format version 6, snappy; \d+ bytes$/m);
    expect(text.out).toMatch(/^calls +4 in the capture; 1 as replay9 calls$/m);
    expect(text.out).toMatch(/^unmapped +1 Direct3D 9 calls not imported: IDirect3DDevice9::BeginScene × 1 \(first at call 3\)$/m);
    expect(text.out).toMatch(/^non-D3D9 +2 calls outside Direct3D 9 \(comments in the text form\): CreateWindowExA × 2 \(first at call 0, 2\)$/m);
    expect(text.out).not.toMatch(/chunks|replay9 \d+\.\d+/);
  });
});

describe('--strict on every command that reads a capture', () => {
  it('info, dump, replay, inspect, trim and check fail (exit 1) naming the first unmapped D3D9 call; calls outside D3D9 do not count', async () => {
    const d = tmp();
    const capture = appCapture(d, true);
    const first = /capture call 3, IDirect3DDevice9::BeginScene, cannot be imported/;
    const runs: Array<[string, string[]]> = [
      ['info', []], ['dump', []], ['replay', []], ['inspect', ['--call', '0']], ['trim', ['--frames', '0', '-o', join(d, 'cut.r9')]],
    ];
    for (const [cmd, extra] of runs) {
      const r = await runCli(cmd, capture, ...extra, '--strict');
      expect([cmd, r.code]).toEqual([cmd, 1]);
      expect(r.err).toMatch(first);
      // without --strict the same capture opens
      if (cmd === 'info' || cmd === 'dump' || cmd === 'replay') expect([cmd, (await runCli(cmd, capture, ...extra)).code]).toEqual([cmd, 0]);
    }
    expect(existsSync(join(d, 'cut.r9'))).toBe(false);
    const checked = await runCli('check', capture, '--update', '--strict', '--json', '--report', join(d, 'rep'));
    expect(checked.code).toBe(1);
    expect(JSON.parse(checked.out).traces[0]).toMatchObject({ status: 'fail', reasons: [expect.stringMatching(first)] });
    expect(existsSync(join(d, 'app.golden'))).toBe(false);
    // only calls outside D3D9: --strict has nothing to refuse
    const clean = appCapture(tmp(), false);
    expect((await runCli('info', clean, '--strict')).code).toBe(0);
    expect((await runCli('dump', clean, '--strict')).code).toBe(0);
  });
});

describe('check --jobs reads captures on its worker threads too', () => {
  it('a capture checked on a worker thread alone passes against its golden', async () => {
    await import('../../src/cli/capture-open.js');
    const { runCheckJobs } = await import('../../src/golden/check-jobs.js');
    const d = tmp();
    copyFileSync(TRI, join(d, 'tri.trace'));
    expect((await runCli('check', d, '--update', '--report', join(d, 'rep'))).code).toBe(0);
    // workersOnly: no task runs on this thread, so the worker must open the .trace itself
    const report = await runCheckJobs([join(d, 'tri.trace')], { reportDir: join(d, 'rep') }, 1, undefined, true);
    expect(report.traces.map((r) => r.status)).toEqual(['pass']);
  });
});
