import { mkdtempSync, readFileSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodePng } from '../../src/golden/image.js';
import { sameBytes, runCli } from '../helpers.js';


const SAMPLE = 'traces/clear-colorfill.r9t';
const tmp = (): string => mkdtempSync(join(tmpdir(), 'replay9-cli-'));

describe('replay9 on the command line', () => {
  it('converts text → binary → text → binary byte-identically', async () => {
    const d = tmp();
    expect((await runCli('convert', SAMPLE, join(d, 'a.r9'))).code).toBe(0);
    expect((await runCli('convert', join(d, 'a.r9'), join(d, 'a.r9t'))).code).toBe(0);
    expect((await runCli('convert', join(d, 'a.r9t'), join(d, 'b.r9'))).code).toBe(0);
    expect(sameBytes(readFileSync(join(d, 'a.r9')), readFileSync(join(d, 'b.r9')))).toBe(true);
    const dumped = await runCli('dump', join(d, 'a.r9'));
    expect(dumped.out).toBe(readFileSync(join(d, 'a.r9t'), 'utf8'));
  });

  it('replays, writes frame-NNNN.png per Present, and reports in JSON', async () => {
    const d = tmp();
    const r = await runCli('replay', SAMPLE, '--out', d, '--json');
    expect(r.code).toBe(0);
    const rep = JSON.parse(r.out);
    expect(rep).toMatchObject({ calls: 20, frames: 3, mismatches: [] });
    for (const f of ['frame-0000.png', 'frame-0001.png', 'frame-0002.png']) expect(existsSync(join(d, f))).toBe(true);
    // frame 0: cleared to 0x203040, a red fill at (8,8)-(24,24)
    const img = decodePng(readFileSync(join(d, 'frame-0000.png')));
    const px = (x: number, y: number): number[] => [...img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4)];
    expect([img.width, img.height]).toEqual([64, 48]);
    expect(px(0, 0)).toEqual([0x20, 0x30, 0x40, 255]);
    expect(px(10, 10)).toEqual([255, 0, 0, 255]);
    expect(px(24, 24)).toEqual([0x20, 0x30, 0x40, 255]);
  });

  it('exits 1 and names the call, method and line of a result mismatch', async () => {
    const d = tmp();
    const t = join(d, 'bad.r9t');
    writeFileSync(t, readFileSync(SAMPLE, 'utf8').replace('dev.ColorFill(bb, {0, 0, 65, 10}, 0xffffffff) -> D3DERR_INVALIDCALL', 'dev.ColorFill(bb, {0, 0, 65, 10}, 0xffffffff)'));
    const r = await runCli('replay', t, '--json');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out).mismatches).toEqual([
      { call: 10, method: 'ColorFill', line: 13, expected: 'D3D_OK', actual: 'D3DERR_INVALIDCALL', message: 'call 10: IDirect3DDevice9::ColorFill returned D3DERR_INVALIDCALL, the trace recorded D3D_OK' },
    ]);
    const text = await runCli('replay', t);
    expect(text.out).toContain('line 13, call 10: IDirect3DDevice9::ColorFill returned D3DERR_INVALIDCALL, the trace recorded D3D_OK');
  });

  it('prints info as text and JSON', async () => {
    const r = await runCli('info', SAMPLE, '--json');
    expect(r.code).toBe(0);
    const i = JSON.parse(r.out);
    expect(i).toMatchObject({ form: 'text', calls: 20, frames: 3, failedCalls: 1, objects: { Surface: 2, Direct3D9: 1, Device: 1 } });
    expect(i.commands.Present).toBe(3);
    const t = await runCli('info', SAMPLE);
    expect(t.out).toMatch(/^calls +20 \(1 recorded as failing\)$/m);
  });

  it('dumps a call set with call numbers, and JSON lines', async () => {
    const r = await runCli('dump', SAMPLE, '--calls', 'frame');
    expect(r.out.trim().split('\n').slice(1)).toEqual([
      '      6  dev.Present(NULL, NULL, NULL, NULL)',
      '     11  dev.Present(NULL, NULL, NULL, NULL)',
      '     17  dev.Present(NULL, NULL, NULL, NULL)',
    ]);
    const j = await runCli('dump', SAMPLE, '--calls', '3', '--json');
    expect(JSON.parse(j.out)).toEqual({
      call: 3, method: 'IDirect3DDevice9::Clear', self: 'dev',
      args: { Count: 0, pRects: 'NULL', Flags: 'D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL', Color: '0xff203040', Z: 1, Stencil: 0 },
      result: 'D3D_OK', line: 5,
    });
  });

  it('repairs a trace whose footer is missing', async () => {
    const d = tmp();
    await runCli('convert', SAMPLE, join(d, 'a.r9'), '--chunk', '256');
    const full = readFileSync(join(d, 'a.r9'));
    writeFileSync(join(d, 'cut.r9'), full.subarray(0, full.length - 30));
    const info = await runCli('info', join(d, 'cut.r9'), '--json');
    expect(info.code).toBe(0);
    expect(JSON.parse(info.out).footer).toBe(false);
    expect(JSON.parse(info.out).warnings.join('\n')).toMatch(/no footer index/);
    expect((await runCli('info', join(d, 'cut.r9'))).err).toMatch(/warning: .*no footer index/);
    const r = await runCli('repair', join(d, 'cut.r9'), '-o', join(d, 'fixed.r9'));
    expect(r.code).toBe(0);
    const fixed = JSON.parse((await runCli('info', join(d, 'fixed.r9'), '--json')).out);
    expect(fixed.footer).toBe(true);
    expect(fixed.warnings).toEqual([]);
    // convert writes brotli chunks by default, which only format 1.1 has; deflate files stay 1.0
    expect(fixed).toMatchObject({ format: 1, formatMinor: 1 });
    expect((await runCli('info', join(d, 'fixed.r9'))).out).toMatch(/^format +1\.1 \(written by replay9 /m);
    await runCli('convert', SAMPLE, join(d, 'deflate.r9'), '--compression', 'deflate');
    expect(JSON.parse((await runCli('info', join(d, 'deflate.r9'), '--json')).out)).toMatchObject({ format: 1, formatMinor: 0 });
  });

  it('records a TypeScript scene', async () => {
    const d = tmp();
    const scene = join(d, 'scene.ts');
    writeFileSync(scene, `
      const D3DFMT_A8R8G8B8: number = 21;
      export default function (d3d: any, ctx: { name(n: string): void }): void {
        ctx.name('dev');
        const { device } = d3d.CreateDevice(0, 1, null, 0x20, { BackBufferWidth: 8, BackBufferHeight: 8, BackBufferFormat: D3DFMT_A8R8G8B8, BackBufferCount: 1, MultiSampleType: 0, MultiSampleQuality: 0, SwapEffect: 1, hDeviceWindow: null, Windowed: true, EnableAutoDepthStencil: false, AutoDepthStencilFormat: 0, Flags: 0, FullScreen_RefreshRateInHz: 0, PresentationInterval: 0 });
        device.Clear(0, null, 1, 0xff336699, 1, 0);
        device.Present(null, null, null, null);
      }
    `);
    const r = await runCli('record', scene, '-o', join(d, 's.r9t'));
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const text = readFileSync(join(d, 's.r9t'), 'utf8');
    expect(text).toContain('dev.Clear(0, NULL, D3DCLEAR_TARGET, 0xff336699, 1, 0)');
    expect((await runCli('replay', join(d, 's.r9t'))).code).toBe(0);
  });

  it('records the example scene of tools/scenes and replays it without findings', async () => {
    const d = tmp();
    expect((await runCli('record', 'tools/scenes/fill-grid.ts', '-o', join(d, 'grid.r9'))).code).toBe(0);
    const rep = JSON.parse((await runCli('replay', join(d, 'grid.r9'), '--json', '--out', d, '--frames', '1')).out);
    expect(rep).toMatchObject({ calls: 61, frames: 4, mismatches: [], unimplemented: [] });
    expect(rep.written).toEqual([join(d, 'frame-0001.png')]);
    const img = decodePng(readFileSync(join(d, 'frame-0001.png')));
    // frame 1 fills the cells with (x + y + 1) even: cell (1, 0) holds red 40, green 0, blue 60
    const at = (20 + 4 * 96) * 4;
    expect([...img.data.subarray(at, at + 4)]).toEqual([40, 0, 60, 255]);
    // cell (0, 0) is left at the clear colour
    expect([...img.data.subarray(0, 4)]).toEqual([0x10, 0x10, 0x10, 255]);
  });

  it('answers bad input with exit 2 and a clear message', async () => {
    const missing = await runCli('info', 'no/such.r9');
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/no\/such\.r9/);
    const d = tmp();
    writeFileSync(join(d, 'x.r9t'), 'd3d = Direct3DCreate9(32)\nd3d.Bogus()\n');
    const bad = await runCli('dump', join(d, 'x.r9t'));
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('x.r9t:2:5: IDirect3D9 (d3d) has no method');
    const usage = await runCli('replay');
    expect(usage.code).toBe(2);
    const unknown = await runCli('frobnicate');
    expect(unknown.code).toBe(2);
  });

  it('prints the extended-format support table as the documented JSON', async () => {
    const r = await runCli('formats', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.support.B8G8R8A8_UNORM).toMatchObject({ Texture2D: 'R', 'Display Scan Out': 'R', 'Multi-Sample Render Target': 'O' });
    expect(j.support.R10G10B10_XR_BIAS_A2_UNORM).toMatchObject({ 'Render Target': 'N/A', 'CPU Lockable': 'R', 'Display Scan Out': 'R' });
    const one = await runCli('formats', 'D3DFMT_V8U8');
    expect(one.out).toContain('sampled   (U, V, 1, 1) as R, G, B, A');
    expect((await runCli('formats', 'NOPE')).code).toBe(2);
  });

  const ALL = ['info', 'dump', 'convert', 'replay', 'inspect', 'check', 'merge-reports', 'diff-images', 'snapshot', 'trim', 'repair', 'record', 'formats', 'caps'];

  it('explains every command with --help (each loaded alone) and lists them all in the top-level help, in order', async () => {
    for (const cmd of ALL) {
      const r = await runCli(cmd, '--help');
      expect(r.code, cmd).toBe(0);
      expect(r.out, cmd).toContain(`replay9 ${cmd}`);
    }
    const top = await runCli('--help');
    expect(top.out).toContain('Exit codes: 0 success');
    const listed = ALL.map((cmd) => top.out.indexOf(`replay9 ${cmd} `));
    expect(listed.every((at) => at > 0)).toBe(true);
    expect([...listed].sort((a, b) => a - b)).toEqual(listed);
  });

  it('suggests a command for a misspelt one (every command is loaded for that)', async () => {
    const r = await runCli('chek', 'traces');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/Did you mean check\?/);
  });
});
