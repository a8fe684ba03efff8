/**
 * The last Wine dlls/d3d9/tests/visual.c shader scenarios on our device, with the colours visual.c
 * checks on Windows and its tolerances: texkill (texkill_test), texbem with 2D, projected and two
 * stages (texbem_test), special floating-point values out of a vertex shader (fp_special_test) and
 * an X8L8V8U8 texel in ps_1_1 (x8l8v8u8_test). Scenarios whose sample points
 * depend on 640×480 pixels draw on a 640×480 render target and read Wine's own coordinates.
 */
import { describe, expect, it } from 'vitest';
import { D3DCLEAR, D3DCULL, D3DDECL_END, D3DDECLTYPE, D3DDECLUSAGE, D3DFMT, D3DFVF, D3DFVF_TEXCOORDSIZE, D3DPOOL, D3DRS, D3DSAMP, D3DTADDRESS, D3DTEXF, D3DTSS, D3DTTFF, D3D_OK } from '../../src/d3d9/index.js';
import type { D3DVERTEXELEMENT9 } from '../../src/d3d9/index.js';
import type { Device } from '../../src/device/device.js';
import type { IDirect3DSurface9 } from '../../src/device/types.js';
import { at, colorMatch, draw, expectColors, expectTarget, hex, pixel, ps, quad, rig, SHADERS_EXECUTE, tokens } from './wine-visual-rig.js';

const run = it.skipIf(!SHADERS_EXECUTE);
const el = (Offset: number, Type: number, Usage: number, UsageIndex = 0): D3DVERTEXELEMENT9 => ({ Stream: 0, Offset, Type, Method: 0, Usage, UsageIndex });

/** A lockable 640×480 A8R8G8B8 render target, set as target 0 (the viewport follows it). */
function wineTarget(dev: Device): IDirect3DSurface9 {
  const rt = dev.CreateRenderTarget(640, 480, D3DFMT.A8R8G8B8, 0, 0, true).surface!;
  expect(dev.SetRenderTarget(0, rt)).toBe(D3D_OK);
  return rt;
}

describe('texkill on texture coordinates (visual.c texkill_test)', () => {
  // t0 = (x, y, z, w) goes from −0.1 to 0.9 across the target: x negative in the left tenth, y in the
  // right tenth, z in the top tenth, w in the bottom tenth; texkill discards where a tested component < 0
  const ramp = new Float32Array([
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
    // only the pixels around each corner's sample points are drawn (a full 640×480 quad is slow)
    dev.SetRenderState(D3DRS.SCISSORTESTENABLE, 1);
    for (const [x, y] of [[60, 43], [572, 43], [60, 427], [572, 427]]) {
      dev.SetScissorRect({ left: x, top: y, right: x + 10, bottom: y + 10 });
      draw(dev, ramp, 28);
    }
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

describe('two texbem in one ps_1_3 (visual.c texbem_test, the double texbem half)', () => {
  // stage 0 and 2: 1×1 V8U8 offsets (−15, 15) and (−31, −63) (C's truncation of ±k/8 · 127); stages 1 and 3:
  // one 8×8 texture, blue but for red at (6, 4) and green at (1, 2). Stage 1's matrix (−1, 0, 2, 0) moves
  // (0.5, 0.5) to u ≈ 0.854 (texel 6, red); stage 3's (1.5, 0, 0, 0.5) to (0.134, 0.252) (texel 1, 2: green).
  run('texbem t1, t0 then texbem t3, t2: red + green = 0xffff00 ±1', () => {
    const dev = rig();
    const bumps = [[-15, 15], [-31, -63]].map(([du, dv]) => {
      const t = dev.CreateTexture(1, 1, 1, 0, D3DFMT.V8U8, D3DPOOL.MANAGED).texture!;
      const lr = t.LockRect(0, null, 0).lockedRect!;
      lr.pBits[0] = du & 0xff;
      lr.pBits[1] = dv & 0xff;
      t.UnlockRect(0);
      return t;
    });
    const grid = dev.CreateTexture(8, 8, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture!;
    const lr = grid.LockRect(0, null, 0).lockedRect!;
    const view = new DataView(lr.pBits.buffer, lr.pBits.byteOffset);
    for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) view.setUint32(y * lr.Pitch + 4 * x, x === 6 && y === 4 ? 0x00ff0000 : x === 1 && y === 2 ? 0x0000ff00 : 0x000000ff, true);
    grid.UnlockRect(0);
    [bumps[0], grid, bumps[1], grid].forEach((t, stage) => {
      dev.SetTexture(stage, t);
      dev.SetSamplerState(stage, D3DSAMP.ADDRESSU, D3DTADDRESS.CLAMP);
      dev.SetSamplerState(stage, D3DSAMP.ADDRESSV, D3DTADDRESS.CLAMP);
    });
    const matrix = (stage: number, m: number[]): void => {
      const bits = new Uint32Array(new Float32Array(m).buffer);
      [D3DTSS.BUMPENVMAT00, D3DTSS.BUMPENVMAT01, D3DTSS.BUMPENVMAT10, D3DTSS.BUMPENVMAT11].forEach((s, i) => expect(dev.SetTextureStageState(stage, s, bits[i])).toBe(D3D_OK));
    };
    matrix(1, [-1, 0, 2, 0]);
    matrix(3, [1.5, 0, 0, 0.5]);
    dev.SetPixelShader(ps(dev, 'ps_1_3\ntex t0\ntexbem t1, t0\ntex t2\ntexbem t3, t2\nadd r0, t1, t3'));
    dev.SetFVF(D3DFVF.XYZ | D3DFVF.TEX4);
    dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, 0xff000000, 1, 0);
    draw(dev, quad(-1, -1, 1, 1, 0, () => [0, 0, 0.5, 0.5, 0, 0, 0.5, 0.5]), 44);
    expectColors(dev, [[...at(320, 240), 0xffff00]], 1);
  });
});

describe('special floating-point values out of a vs_2_0 into a ps_2_0 (visual.c fp_special_test)', () => {
  // The vertex shader computes r0.x from v1.x = 0 (or takes a def'd NaN / −∞ / +∞), then writes oT0.x = r0.x
  // and oT0.y = 1 when r0.x is 0 or ±∞ (x == 2x), 0 otherwise. The pixel shader puts oT0.y in red, oT0.x in
  // blue and, in green, 0.5 when its min/max tests see a NaN, 0 otherwise.
  const footer = [
    'mul r0.y, r0.x, c0.w', 'sge r0.z, r0.x, r0.y', 'sge r0.y, r0, r0.x', 'mul r0.z, r0.y, r0', 'max r0.w, -r0.z, r0.z',
    'slt r0.y, r0.x, r0.x', 'add r0.z, r0.y, r0.y', 'slt r0.y, c0.x, r0.w', 'max r0.w, -r0.z, r0.z', 'add r0.z, -r0.y, c0',
    'slt r0.w, c0.x, r0', 'mul r0.z, r0.w, r0', 'mad r0.y, r0.z, c0, r0', 'mov oT0.xy, r0', 'mov oPos, v0',
  ].join('\n');
  const PS = [
    'ps_2_0', 'def c0, 0.0, 0.5, 1.0, 2.0', 'dcl t0.xy', 'max r1.x, t0, c0', 'min r0.x, t0, c0', 'add r0.x, r0, -r1',
    'mad r1.x, t0, c0.w, -t0', 'abs r2.x, r1', 'abs r0.x, r0', 'abs r1.x, t0', 'cmp r2.x, -r2, c0.z, c0', 'abs r2.x, r2',
    'cmp r1.x, -r1, c0.z, c0', 'abs r1.x, r1', 'cmp r3.x, -r2, c0.z, c0', 'cmp r2.x, -r1, c0.z, c0', 'cmp r0.x, -r0, c0.y, c0',
    'mul r2.x, r2, r3', 'cmp r0.x, -r2, c0.z, r0', 'cmp r0.y, -r1.x, r0.x, c0.x', 'mov r0.xz, t0.yzxw', 'mov r0.w, c0.z', 'mov oC0, r0',
  ].join('\n');
  // Windows' colours on four GPU families (Radeon X1000, Radeon HD 2000+, GeForce 6/7, GeForce 8+); any one
  // of them, ±1, passes, as in visual.c (WARP's is only tolerated there as broken, so not here)
  const cases: Array<[string, string, [number, number, number, number]]> = [
    ['log', 'log r0.x, v1.x', [0x000000, 0x000000, 0xff0000, 0xff7f00]],
    ['pow', 'pow r0.x, v1.x, v1.x', [0x0000ff, 0x0000ff, 0x00ff00, 0x0000ff]],
    ['nrm', 'nrm r0.xyz, v1.x', [0xff0000, 0xff0000, 0x00ff00, 0xff0000]],
    ['rcp', 'rcp r0.x, v1.x', [0x0000ff, 0x0000ff, 0xff00ff, 0xff7f00]],
    ['rcp of −0', 'rcp r0.x, -v1.x', [0x0000ff, 0x000000, 0xff0000, 0xff7f00]],
    ['rsq', 'rsq r0.x, v1.x', [0x0000ff, 0x0000ff, 0xff00ff, 0xff7f00]],
    ['rsq of −0', 'rsq r0.x, -v1.x', [0x0000ff, 0x0000ff, 0xff00ff, 0xff7f00]],
    ['lit', 'lit r0, v1.xxxx\nmov r0.x, r0.z', [0xff0000, 0xff0000, 0xff0000, 0xff0000]],
    ['def NaN', 'mov r0.x, c1.x', [0x0000ff, 0x007f00, 0x00ff00, 0x007f00]],
    ['def −∞', 'mov r0.x, c1.y', [0xff0000, 0xff7f00, 0xff0000, 0xff7f00]],
    ['def +∞', 'mov r0.x, c1.z', [0xff00ff, 0xff7f00, 0xff00ff, 0xff7f00]],
  ];
  /** The vertex shader's tokens with c1 = (NaN, −∞, +∞, 0) in its def (the assembler has no spelling for them). */
  function vertexShader(body: string): Uint32Array {
    const t = tokens(`vs_2_0\ndef c0, 0.0, 0.5, 1.0, 2.0\ndef c1, 11.0, 12.0, 13.0, 0.0\ndcl_position v0\ndcl_texcoord0 v1\n${body}\n${footer}`);
    const special = new Map<number, number>([[0x41300000, 0x7fc00000], [0x41400000, 0xff800000], [0x41500000, 0x7f800000]]);
    return t.map((w) => special.get(w) ?? w);
  }
  run('every instruction gives one of the colours Windows gives', () => {
    const dev = rig();
    dev.SetFVF(D3DFVF.XYZ | D3DFVF.TEX1 | D3DFVF_TEXCOORDSIZE(1, 0));
    dev.SetPixelShader(ps(dev, PS));
    dev.SetRenderState(D3DRS.ZENABLE, 0);
    dev.Clear(0, null, D3DCLEAR.TARGET, 0xff00ff00, 0, 0);
    const strip = new Float32Array([-1, 1, 0, 0, 1, 1, 1, 0, -1, -1, 0, 0, 1, -1, 1, 0]);
    const got: string[] = [], want: string[] = [];
    for (const [name, body, colors] of cases) {
      const r = dev.CreateVertexShader(vertexShader(body));
      expect(r.hr).toBe(D3D_OK);
      dev.SetVertexShader(r.vertexShader!);
      draw(dev, strip, 16);
      const c = pixel(dev, ...at(320, 240));
      got.push(`${name} ${hex(c)}`);
      want.push(`${name} ${colors.some((w) => colorMatch(c, w, 1)) ? hex(c) : colors.map(hex).join(' or ')}`);
    }
    expect(got).toEqual(want);
  });
});

describe('ps_1_1 reading an X8L8V8U8 texel (visual.c x8l8v8u8_test)', () => {
  // 0x11ca3141: U 0x41 (65/127), V 0x31 (49/127) signed, L 0xca unsigned, X unused; Windows samples it as
  // (U, V, L, 1) and gives 0x8262ca, 0x8363ca or 0x8362ca for the colour, white for .w
  const cases: Array<[string, string, number[]]> = [
    ['mov r0, t0', 'the colour is (U, V, L)', [0x8262ca, 0x8363ca, 0x8362ca]],
    ['mov r0, t0.w', 'alpha reads 1', [0xffffff]],
  ];
  for (const [line, what, colors] of cases) {
    run(`${line}: ${what}`, () => {
      const dev = rig();
      const t = dev.CreateTexture(1, 1, 1, 0, D3DFMT.X8L8V8U8, D3DPOOL.MANAGED).texture!;
      const lr = t.LockRect(0, null, 0).lockedRect!;
      new DataView(lr.pBits.buffer, lr.pBits.byteOffset).setUint32(0, 0x11ca3141, true);
      t.UnlockRect(0);
      dev.SetTexture(0, t);
      dev.SetPixelShader(ps(dev, `ps_1_1\ntex t0\n${line}`));
      dev.SetFVF(D3DFVF.XYZ | D3DFVF.TEX1);
      dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, 0xffff0000, 1, 0);
      draw(dev, quad(-1, -1, 1, 1, 0.1, () => [0.5, 0.5]), 20);
      const c = pixel(dev, ...at(578, 430));
      expect(colors.includes(c) ? 'ok' : hex(c)).toBe('ok');
    });
  }
});
