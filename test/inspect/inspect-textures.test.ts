/** inspect names texture levels and cube faces: `tex` (level 0), `tex.level2`, `cube.-z.level1`. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodePng } from '../../src/golden/image.js';
import { runCli } from '../helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'replay9-inspect-tex-'));

// an 8×8 texture of 3 levels (8, 4, 2) and a 4×4 cube texture of 2 levels (4, 2), both render
// targets. Level 2 is cleared green (call 7), then a red triangle covers its pixel (0, 0) (call 10:
// pixel centre (0.5, 0.5) lies inside (0,0)-(2,0)-(0,2)); face -z level 1 is filled blue (call 13)
const TEXT = `d3d = Direct3DCreate9(32)
dev = d3d.CreateDevice(0, D3DDEVTYPE_HAL, NULL, D3DCREATE_SOFTWARE_VERTEXPROCESSING, {BackBufferWidth: 16, BackBufferHeight: 16, BackBufferFormat: D3DFMT_X8R8G8B8, BackBufferCount: 1, Windowed: TRUE, SwapEffect: D3DSWAPEFFECT_DISCARD})
tex = dev.CreateTexture(8, 8, 3, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, NULL)
cube = dev.CreateCubeTexture(4, 2, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, NULL)
bb = dev.GetRenderTarget(0)
level = tex.GetSurfaceLevel(2)
dev.SetRenderTarget(0, level)
dev.Clear(0, NULL, D3DCLEAR_TARGET, 0xff00ff00, 1, 0)
dev.SetFVF(D3DFVF_XYZRHW | D3DFVF_DIFFUSE)
dev.BeginScene()
dev.DrawPrimitiveUP(D3DPT_TRIANGLELIST, 1, [[0, 0, 0.5, 1, 0xffff0000], [2, 0, 0.5, 1, 0xffff0000], [0, 2, 0.5, 1, 0xffff0000]], 20)
dev.EndScene()
face = cube.GetCubeMapSurface(D3DCUBEMAP_FACE_NEGATIVE_Z, 1)
dev.ColorFill(face, NULL, 0xff0000ff)
dev.SetRenderTarget(0, bb)
dev.Present(NULL, NULL, NULL, NULL)
`;
const T = join(dir, 'tex.r9t');
writeFileSync(T, TEXT);

const inspect = async (...args: string[]): Promise<{ code: number; out: string; err: string }> => runCli('inspect', T, '--frame', '0', ...args);
const pixel = async (surface: string, xy: string): Promise<{ raw: string; format: string }> => JSON.parse((await inspect('--surface', surface, '--pixel', xy, '--json')).out);

describe('inspect reads texture levels and cube faces', () => {
  it('lists every level of a texture and every face level of a cube texture', async () => {
    const r = await inspect();
    expect(r.code).toBe(0);
    const rows = r.out.split('\n').slice(1).filter(Boolean).map((l) => l.trim().split(/\s+/));
    const sizes = Object.fromEntries(rows.map(([name, , size]) => [name, size]));
    expect(sizes).toMatchObject({ 'tex': '8×8', 'tex.level1': '4×4', 'tex.level2': '2×2' });
    for (const face of ['+x', '-x', '+y', '-y', '+z', '-z']) {
      expect(sizes[`cube.${face}.level0`], face).toBe('4×4');
      expect(sizes[`cube.${face}.level1`], face).toBe('2×2');
    }
  });

  it('reads a pixel of a level and of a cube face (A8R8G8B8 stores 0xAARRGGBB)', async () => {
    expect((await pixel('tex.level2', '1,1')).raw).toBe('0xff00ff00');
    expect((await pixel('tex.level2', '0,0')).raw).toBe('0xffff0000');
    expect((await pixel('cube.-z.level1', '1,0')).raw).toBe('0xff0000ff');
    // the other faces and levels are untouched: D3DPOOL_DEFAULT render targets start as zeros here
    expect((await pixel('cube.+z.level1', '1,0')).raw).toBe('0x00000000');
    // `tex` and `tex.level0` are level 0, 8×8
    expect((await pixel('tex', '7,7')).raw).toBe('0x00000000');
    expect((await pixel('tex.level0', '7,7')).raw).toBe('0x00000000');
    const out = await inspect('--surface', 'tex.level3', '--pixel', '0,0');
    expect(out.code).toBe(2);
    expect(out.err).toMatch(/unknown surface 'tex.level3'.*tex\.level2/);
  });

  it('writes a level as PNG', async () => {
    const file = join(dir, 'level2.png');
    expect((await inspect('--surface', 'tex.level2', '--out', file)).code).toBe(0);
    const img = decodePng(readFileSync(file));
    expect([img.width, img.height]).toEqual([2, 2]);
    expect([...img.data.subarray(0, 4)]).toEqual([255, 0, 0, 255]);
    expect([...img.data.subarray(12, 16)]).toEqual([0, 255, 0, 255]);
  });

  it('follows a pixel of a texture level bound as render target, and of a cube face', async () => {
    const h = await inspect('--surface', 'tex.level2', '--history', '0,0', '--json');
    expect(h.code).toBe(0);
    const events = JSON.parse(h.out) as Array<{ call: number; method: string; event: string; fate: string | null; after: string }>;
    expect(events.map((e) => [e.call, e.method, e.event, e.fate, e.after])).toEqual([
      [7, 'Clear', 'write', null, '0xff00ff00'],
      [10, 'DrawPrimitiveUP', 'fragment', 'written', '0xffff0000'],
    ]);
    const text = await inspect('--surface', 'cube.-z.level1', '--history', '1,1');
    expect(text.out).toMatch(/^pixel \(1, 1\) of 'cube\.-z\.level1' \(D3DFMT_A8R8G8B8\) up to call 15: 1 event\ncall 13 ColorFill: 0x00000000 → 0xff0000ff$/m);
  });
});
