import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodePng } from '../../src/golden/image.js';
import { float32Text, replayToPoint } from '../../src/inspect/point.js';
import { TraceReader } from '../../src/trace/reader.js';
import { fromText, runCli } from '../helpers.js';


const dir = mkdtempSync(join(tmpdir(), 'replay9-inspect-'));

// calls: 0 d3d, 1 dev, 2 ds, 3 Clear depth 0.5 stencil 8, 4 rt, 5 ColorFill green, 6 Present (frame 0),
// 7 ColorFill red half-alpha into (2,1)-(4,3), 8 Clear depth 1 (stencil kept), 9 Present (frame 1)
const TEXT = `d3d = Direct3DCreate9(32)
dev = d3d.CreateDevice(0, D3DDEVTYPE_HAL, NULL, D3DCREATE_SOFTWARE_VERTEXPROCESSING, {BackBufferWidth: 16, BackBufferHeight: 8, BackBufferFormat: D3DFMT_X8R8G8B8, BackBufferCount: 1, SwapEffect: D3DSWAPEFFECT_DISCARD, Windowed: TRUE, EnableAutoDepthStencil: TRUE, AutoDepthStencilFormat: D3DFMT_D24S8})
ds = dev.GetDepthStencilSurface()
dev.Clear(0, NULL, D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL, 0, 0.5, 8)
rt = dev.CreateRenderTarget(8, 4, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0, TRUE, NULL)
dev.ColorFill(rt, NULL, 0xff00ff00)
dev.Present(NULL, NULL, NULL, NULL)
dev.ColorFill(rt, {2, 1, 4, 3}, 0x80ff0000)
dev.Clear(0, NULL, D3DCLEAR_ZBUFFER, 0, 1.0, 0)
dev.Present(NULL, NULL, NULL, NULL)
`;
const T = join(dir, 't.r9t');
writeFileSync(T, TEXT);

const pixelJson = async (...args: string[]): Promise<unknown> => {
  const r = await runCli('inspect', T, ...args, '--json');
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.out);
};

// Clear stores depth z as floor(z·0xFFFFFF + 0.5) (src/driver/blit/fill.ts): 0.5 → 0x800000
const D24_HALF = 0x800000;

describe('inspect --pixel reads the stored bits and the channels of one texel', () => {
  it('prints a cleared D24S8 depth-stencil pixel in DESIGN.md\'s JSON form', async () => {
    const r = await runCli('inspect', T, '--call', '3', '--surface', 'depthstencil', '--pixel', '3,4', '--json');
    expect(r.code).toBe(0);
    expect(r.out.trim()).toBe(`{"surface": "depthstencil", "format": "D3DFMT_D24S8", "x": 3, "y": 4, "raw": "0x80000008", "channels": {"depth": ${float32Text(D24_HALF / 0xffffff)}, "stencil": 8}}`);
    expect(JSON.parse(r.out).channels.depth).toBe(0.50000006);
  });

  it('finds the same surface by the name the trace binds', async () => {
    expect(await pixelJson('--call', '3', '--surface', 'ds', '--pixel', '0,0')).toMatchObject({ surface: 'ds', raw: '0x80000008' });
  });

  it('reads depth through the depth-stencil copy with --as: D24 0x800000 widened to 0x80000080, narrowed to D16 0x8000', async () => {
    expect(await pixelJson('--call', '3', '--surface', 'ds', '--as', 'D16_LOCKABLE', '--pixel', '3,4')).toEqual({
      surface: 'ds', format: 'D3DFMT_D16_LOCKABLE', x: 3, y: 4, raw: '0x8000', channels: { depth: float32Text(0x8000 / 0xffff) },
    });
    expect(await pixelJson('--call', '3', '--surface', 'ds', '--as', 'd3dfmt_s8_lockable', '--pixel', '1,1')).toEqual({
      surface: 'ds', format: 'D3DFMT_S8_LOCKABLE', x: 1, y: 1, raw: '0x08', channels: { stencil: 8 },
    });
    const f = (await pixelJson('--call', '3', '--surface', 'ds', '--as', 'D32F_LOCKABLE', '--pixel', '0,0')) as { raw: string; channels: { depth: number } };
    expect(Math.abs(f.channels.depth - 0.5)).toBeLessThan(1e-7);
  });

  it('reads a colour render target after ColorFill as its ARGB, and an earlier call shows the earlier value', async () => {
    expect(await pixelJson('--frame', '0', '--surface', 'rt', '--pixel', '2,1')).toEqual({
      surface: 'rt', format: 'D3DFMT_A8R8G8B8', x: 2, y: 1, raw: '0xff00ff00', channels: { r: 0, g: 1, b: 0, a: 1 },
    });
    expect(await pixelJson('--call', '7', '--surface', 'rt', '--pixel', '2,1')).toMatchObject({ raw: '0x80ff0000', channels: { r: 1, g: 0, b: 0, a: float32Text(128 / 255) } });
    // outside the filled rect the green stays
    expect(await pixelJson('--frame', '1', '--surface', 'rt', '--pixel', '4,1')).toMatchObject({ raw: '0xff00ff00' });
    // depth cleared again at call 8: 1.0 with the stencil kept
    expect(await pixelJson('--call', '8', '--surface', 'depthstencil', '--pixel', '0,0')).toMatchObject({ raw: '0xffffff08', channels: { depth: 1, stencil: 8 } });
  });

  it('prints human text without --json', async () => {
    const r = await runCli('inspect', T, '--call', '3', '--surface', 'ds', '--pixel', '3,4');
    expect(r.code).toBe(0);
    expect(r.out).toContain('raw 0x80000008');
    expect(r.out).toContain('stencil 8');
  });
});

describe('inspect --out writes a surface', () => {
  it('writes a colour surface as PNG with the filled pixels', async () => {
    const f = join(dir, 'rt.png');
    expect((await runCli('inspect', T, '--frame', '1', '--surface', 'rt', '--out', f)).code).toBe(0);
    const img = decodePng(readFileSync(f));
    expect([img.width, img.height]).toEqual([8, 4]);
    const px = (x: number, y: number): number[] => [...img.data.subarray((y * 8 + x) * 4, (y * 8 + x) * 4 + 4)];
    expect(px(0, 0)).toEqual([0, 255, 0, 255]);
    expect(px(3, 2)).toEqual([255, 0, 0, 128]);
  });

  it('writes depth as grey round(d·255) and a stencil-only format as its value', async () => {
    const f = join(dir, 'ds.png');
    const r = await runCli('inspect', T, '--call', '3', '--surface', 'depthstencil', '--out', f);
    expect(r.code).toBe(0);
    expect(r.out).toContain('0 black → 1 white');
    const img = decodePng(readFileSync(f));
    expect([...img.data.subarray(0, 4)]).toEqual([128, 128, 128, 255]);
    const s = join(dir, 's.png');
    expect((await runCli('inspect', T, '--call', '3', '--surface', 'ds', '--as', 'S8_LOCKABLE', '--out', s)).code).toBe(0);
    expect([...decodePng(readFileSync(s)).data.subarray(0, 4)]).toEqual([8, 8, 8, 255]);
  });

  it('writes the exact stored bytes as .raw and prints format, size and pitch', async () => {
    const f = join(dir, 'ds.raw');
    const r = await runCli('inspect', T, '--call', '3', '--surface', 'ds', '--out', f);
    expect(r.code).toBe(0);
    expect(r.out).toContain('format D3DFMT_D24S8, width 16, height 8, pitch 64');
    const bytes = readFileSync(f);
    expect(bytes.length).toBe(64 * 8);
    expect(bytes.readUInt32LE(0)).toBe(0x80000008);
    const d16 = join(dir, 'd16.raw');
    expect((await runCli('inspect', T, '--call', '3', '--surface', 'ds', '--as', 'D16_LOCKABLE', '--out', d16)).code).toBe(0);
    expect(readFileSync(d16).readUInt16LE(2 * 17)).toBe(0x8000);
  });
});

describe('inspect without --surface lists the surfaces at that point', () => {
  it('names the trace\'s surfaces and the device\'s own', async () => {
    const r = await runCli('inspect', T, '--call', '5', '--json');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out);
    expect(doc.call).toBe(5);
    expect(doc.surfaces.map((s: { name: string }) => s.name)).toEqual(['ds', 'rt', 'backbuffer', 'depthstencil']);
  });

  it('works on binary traces, whose calls carry the names', () => {
    const p = replayToPoint(TraceReader.fromBytes(fromText(TEXT)), { frame: 1 });
    expect(p.call).toBe(9);
    expect(p.frames).toBe(2);
    expect([...p.surfaces.keys()]).toEqual(['ds', 'rt', 'backbuffer', 'depthstencil']);
  });
});

describe('inspect refuses what it cannot answer, exit 2', () => {
  const cases: Array<[string, string[], RegExp]> = [
    ['a call beyond the trace', ['--call', '10', '--surface', 'ds'], /call 10 is beyond the trace: it has 10 calls/],
    ['a frame beyond the trace', ['--frame', '2'], /frame 2 is beyond the trace: it has 2 frames/],
    ['no point of the trace', ['--surface', 'ds'], /--call N or --frame F/],
    ['both --call and --frame', ['--call', '1', '--frame', '0'], /not both/],
    ['an unknown surface, listing the known', ['--call', '3', '--surface', 'nope'], /unknown surface 'nope'; known surfaces at call 3: ds, backbuffer, depthstencil/],
    ['a surface not yet created', ['--call', '3', '--surface', 'rt'], /unknown surface 'rt'/],
    ['--as on a colour surface', ['--call', '5', '--surface', 'rt', '--as', 'D16_LOCKABLE', '--pixel', '0,0'], /'rt' is D3DFMT_A8R8G8B8/],
    ['--as to an opaque format', ['--call', '3', '--surface', 'ds', '--as', 'D16', '--pixel', '0,0'], /both are opaque/],
    ['--as to an unknown format', ['--call', '3', '--surface', 'ds', '--as', 'D99'], /unknown format 'D99'/],
    ['a pixel outside the surface', ['--call', '3', '--surface', 'ds', '--pixel', '16,0'], /outside 'ds', which is 16×8/],
    ['a malformed pixel', ['--call', '3', '--surface', 'ds', '--pixel', '3'], /--pixel expects X,Y/],
    ['--pixel without --surface', ['--call', '3', '--pixel', '0,0'], /--pixel needs --surface/],
    ['--out with another extension', ['--call', '3', '--surface', 'ds', '--out', 'x.bmp'], /FILE.png or FILE.raw/],
  ];
  for (const [what, args, message] of cases) {
    it(what, async () => {
      const r = await runCli('inspect', T, ...args);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(message);
    });
  }

  it('refuses a pair with no channel in common (S8_LOCKABLE from a depth-only surface)', async () => {
    const t = join(dir, 'd16.r9t');
    writeFileSync(t, TEXT.replace('AutoDepthStencilFormat: D3DFMT_D24S8', 'AutoDepthStencilFormat: D3DFMT_D16').replace('D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL', 'D3DCLEAR_ZBUFFER'));
    const r = await runCli('inspect', t, '--call', '3', '--surface', 'ds', '--as', 'S8_LOCKABLE', '--pixel', '0,0');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/share no channel/);
  });

  it('explains every option with an example under --help', async () => {
    const r = await runCli('inspect', '--help');
    expect(r.code).toBe(0);
    for (const opt of ['--call', '--frame', '--surface', '--out', '--as', '--pixel', '--json', 'Examples']) expect(r.out).toContain(opt);
  });
});
