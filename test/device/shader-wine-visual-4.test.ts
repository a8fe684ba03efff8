/**
 * The last Wine dlls/d3d9/tests/visual.c shader scenarios on our device, with the colours visual.c
 * checks on Windows and its tolerances: texkill (texkill_test), texbem (texbem_test) and special
 * floating-point values out of a vertex shader (fp_special_test). Scenarios whose sample points
 * depend on 640×480 pixels draw on a 640×480 render target and read Wine's own coordinates.
 */
import { describe, expect, it } from 'vitest';
import { D3DCLEAR, D3DCULL, D3DDECL_END, D3DDECLTYPE, D3DDECLUSAGE, D3DFMT, D3DFVF, D3DFVF_TEXCOORDSIZE, D3DPOOL, D3DRS, D3DSAMP, D3DTADDRESS, D3DTEXF, D3DTSS, D3DTTFF, D3D_OK } from '../../src/d3d9/index.js';
import type { D3DVERTEXELEMENT9 } from '../../src/d3d9/index.js';
import type { Device } from '../../src/device/device.js';
import type { IDirect3DSurface9 } from '../../src/device/types.js';
import { colorMatch, draw, ps, rig, SHADERS_EXECUTE } from './wine-visual-rig.js';

const run = it.skipIf(!SHADERS_EXECUTE);
const hex = (c: number): string => `0x${(c >>> 0).toString(16).padStart(6, '0')}`;
const el = (Offset: number, Type: number, Usage: number, UsageIndex = 0): D3DVERTEXELEMENT9 => ({ Stream: 0, Offset, Type, Method: 0, Usage, UsageIndex });

/** A lockable 640×480 A8R8G8B8 render target, set as target 0 (the viewport follows it). */
function wineTarget(dev: Device): IDirect3DSurface9 {
  const rt = dev.CreateRenderTarget(640, 480, D3DFMT.A8R8G8B8, 0, 0, true).surface!;
  expect(dev.SetRenderTarget(0, rt)).toBe(D3D_OK);
  return rt;
}

/** RGB of each [x, y] of `rt`, as `x,y: 0xRRGGBB`, with `want` substituted where within `tolerance`. */
function readColors(rt: IDirect3DSurface9, points: ReadonlyArray<readonly [number, number, number]>, tolerance: number): { got: string[]; want: string[] } {
  const lock = rt.LockRect(null, 0).lockedRect!;
  const view = new DataView(lock.pBits.buffer, lock.pBits.byteOffset);
  const got: string[] = [], want: string[] = [];
  for (const [x, y, c] of points) {
    const v = view.getUint32(y * lock.Pitch + 4 * x, true) & 0xffffff;
    got.push(`${x},${y}: ${hex(v)}`);
    want.push(`${x},${y}: ${hex(colorMatch(v, c, tolerance) ? v : c)}`);
  }
  rt.UnlockRect();
  return { got, want };
}

function expectTarget(rt: IDirect3DSurface9, points: ReadonlyArray<readonly [number, number, number]>, tolerance: number): void {
  const { got, want } = readColors(rt, points, tolerance);
  expect(got).toEqual(want);
}

describe('texkill on texture coordinates (visual.c texkill_test)', () => {
  // t0 = (x, y, z, w) goes from −0.1 to 0.9 across the target: x negative in the left tenth, y in the
  // right tenth, z in the top tenth, w in the bottom tenth; texkill discards where a tested component < 0
  const quad = new Float32Array([
    -1, -1, 1, -0.1, 0.9, 0.9, -0.1,
    1, -1, 0, 0.9, -0.1, 0.9, -0.1,
    -1, 1, 1, -0.1, 0.9, -0.1, 0.9,
    1, 1, 0, 0.9, -0.1, -0.1, 0.9,
  ]);
  // Wine's points near each corner: [x, y, kept / discarded for x, y or z / discarded for w alone]
  const corners: ReadonlyArray<readonly [number, number, 'kept' | 'xyz' | 'w']> = [
    [63, 46, 'xyz'], [66, 46, 'xyz'], [63, 49, 'xyz'], [66, 49, 'kept'],
    [578, 46, 'xyz'], [575, 46, 'xyz'], [578, 49, 'xyz'], [575, 49, 'kept'],
    [63, 430, 'xyz'], [63, 433, 'xyz'], [66, 433, 'w'], [66, 430, 'kept'],
    [578, 430, 'xyz'], [578, 433, 'xyz'], [575, 433, 'w'], [575, 430, 'kept'],
  ];
  function drawWith(shader: string, clear: number): IDirect3DSurface9 {
    const dev = rig();
    const rt = wineTarget(dev);
    dev.SetRenderState(D3DRS.ZENABLE, 0);
    // the strip's first triangle winds counter-clockwise: visual.c draws it with culling off
    dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
    dev.Clear(0, null, D3DCLEAR.TARGET, clear, 0, 0);
    dev.SetPixelShader(ps(dev, shader));
    dev.SetFVF(D3DFVF.XYZ | D3DFVF.TEX1 | D3DFVF_TEXCOORDSIZE(4, 0));
    draw(dev, quad, 28);
    return rt;
  }
  run('ps_1_1 texkill t0 tests x, y and z only: the bottom tenth (w < 0) is drawn red', () => {
    const rt = drawWith('ps_1_1\ndef c0, 1.0, 0.0, 0.0, 1.0\ntexkill t0\nmov r0, c0', 0xff00ff00);
    expectTarget(rt, corners.map(([x, y, what]) => [x, y, what === 'xyz' ? 0x00ff00 : 0xff0000] as const), 0);
  });
  run('ps_2_0 texkill t0 tests all four components: the bottom tenth is discarded too', () => {
    const rt = drawWith('ps_2_0\ndcl t0\ndef c0, 0.0, 0.0, 1.0, 1.0\ntexkill t0\nmov oC0, c0', 0xffffff00);
    expectTarget(rt, corners.map(([x, y, what]) => [x, y, what === 'kept' ? 0x0000ff : 0xffff00] as const), 0);
  });
});

describe('ps_1_1 texbem (visual.c texbem_test)', () => {
  /**
   * Two 128×128 textures: stage 0 a V8U8 map whose offsets, through BUMPENVMAT (0, 0.5, −0.5, 0),
   * point from each quarter of the quad towards its centre by 64 texels (±64/127 · 0.5); stage 1
   * black with a 3×3 white spot at texels 63..65. The quad covers 128×128 pixels at the centre of
   * a 640×480 target, one texel a pixel, so the spot shows 32 pixels left, right, above and below
   * the centre. Windows: white exactly at all four.
   */
  function textures(dev: Device): void {
    for (const stage of [0, 1]) {
      const t = dev.CreateTexture(128, 128, 1, 0, stage ? D3DFMT.A8R8G8B8 : D3DFMT.V8U8, D3DPOOL.MANAGED).texture!;
      const lr = t.LockRect(0, null, 0).lockedRect!;
      const view = new DataView(lr.pBits.buffer, lr.pBits.byteOffset);
      for (let y = 0; y < 128; y++) {
        for (let x = 0; x < 128; x++) {
          if (stage) {
            view.setUint32(y * lr.Pitch + 4 * x, y > 62 && y < 66 && x > 62 && x < 66 ? 0xffffffff : 0xff000000, true);
          } else {
            // low byte U, high byte V (0x40 = +64, 0xc0 = −64)
            const word = Math.abs(x - 64) > Math.abs(y - 64) ? (x < 64 ? 0xc000 : 0x4000) : (y < 64 ? 0x0040 : 0x00c0);
            view.setUint16(y * lr.Pitch + 2 * x, word, true);
          }
        }
      }
      t.UnlockRect(0);
      dev.SetTexture(stage, t);
      dev.SetSamplerState(stage, D3DSAMP.MINFILTER, D3DTEXF.POINT);
      dev.SetSamplerState(stage, D3DSAMP.MAGFILTER, D3DTEXF.POINT);
      dev.SetSamplerState(stage, D3DSAMP.ADDRESSU, D3DTADDRESS.CLAMP);
      dev.SetSamplerState(stage, D3DSAMP.ADDRESSV, D3DTADDRESS.CLAMP);
    }
    const bits = new Uint32Array(new Float32Array([0, 0.5, -0.5, 0]).buffer);
    [D3DTSS.BUMPENVMAT00, D3DTSS.BUMPENVMAT01, D3DTSS.BUMPENVMAT10, D3DTSS.BUMPENVMAT11].forEach((s, i) => expect(dev.SetTextureStageState(1, s, bits[i])).toBe(D3D_OK));
  }
  const [X0, X1, Y0, Y1] = [-128 / 640, 128 / 640, -128 / 480, 128 / 480];
  const WHITE_SPOTS = [[288, 240, 0xffffff], [352, 240, 0xffffff], [320, 208, 0xffffff], [320, 272, 0xffffff]] as const;
  const cases: Array<[string, D3DVERTEXELEMENT9[], number[], number]> = [
    ['2D coordinates', [el(0, D3DDECLTYPE.FLOAT3, D3DDECLUSAGE.POSITION), el(12, D3DDECLTYPE.FLOAT2, D3DDECLUSAGE.TEXCOORD), el(20, D3DDECLTYPE.FLOAT2, D3DDECLUSAGE.TEXCOORD, 1), D3DDECL_END], [
      X0, Y0, 0.1, 0, 0, 0, 0, X0, Y1, 0.1, 0, 1, 0, 1, X1, Y0, 0.1, 1, 0, 1, 0, X1, Y1, 0.1, 1, 1, 1, 1,
    ], 0],
    ['projected 4D coordinates (COUNT4 | PROJECTED on stage 1, q = 128)', [el(0, D3DDECLTYPE.FLOAT3, D3DDECLUSAGE.POSITION), el(12, D3DDECLTYPE.FLOAT2, D3DDECLUSAGE.TEXCOORD), el(20, D3DDECLTYPE.FLOAT4, D3DDECLUSAGE.TEXCOORD, 1), D3DDECL_END], [
      X0, Y0, 0.1, 0, 0, 0, 0, 0, 128, X0, Y1, 0.1, 0, 1, 0, 128, 0, 128, X1, Y0, 0.1, 1, 0, 128, 0, 0, 128, X1, Y1, 0.1, 1, 1, 128, 128, 0, 128,
    ], D3DTTFF.COUNT4 | D3DTTFF.PROJECTED],
  ];
  for (const [what, decl, vertices, ttff] of cases) {
    run(`texbem t1, t0 with ${what}: the white spot 32 pixels from the centre on each side, exactly`, () => {
      const dev = rig();
      const rt = wineTarget(dev);
      textures(dev);
      dev.SetRenderState(D3DRS.ZENABLE, 0);
      if (ttff) dev.SetTextureStageState(1, D3DTSS.TEXTURETRANSFORMFLAGS, ttff);
      dev.SetVertexDeclaration(dev.CreateVertexDeclaration(decl).vertexDeclaration!);
      dev.SetPixelShader(ps(dev, 'ps_1_1\ntex t0\ntexbem t1, t0\nmov r0, t1'));
      dev.Clear(0, null, D3DCLEAR.TARGET, 0xffff00ff, 0, 0);
      draw(dev, new Float32Array(vertices), vertices.length); // 4 vertices: floats a vertex · 4 bytes
      expectTarget(rt, WHITE_SPOTS, 0);
    });
  }
});
