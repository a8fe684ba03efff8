/**
 * More Wine dlls/d3d9/tests/visual.c scenarios on our device, with the colours visual.c checks on
 * Windows and its tolerance: pretransformed varyings read by a ps_3_0 (pretransformed_varying_test),
 * ps_1_4 texdepth against the depth test (texdepth_test), and two render targets
 * (multiple_rendertargets_test). The target is 128×96 (Wine's 640×480 scaled by a fifth).
 */
import { describe, expect, it } from 'vitest';
import { D3DCLEAR, D3DCMP, D3DDECL_END, D3DDECLTYPE, D3DDECLUSAGE, D3DFMT, D3DFVF, D3DPOOL, D3DRS, D3DUSAGE, D3DZB, D3D_OK } from '../../src/d3d9/index.js';
import type { D3DVERTEXELEMENT9 } from '../../src/d3d9/index.js';
import type { Device } from '../../src/device/device.js';
import type { IDirect3DSurface9 } from '../../src/device/types.js';
import { at, draw, expectColors, f32, H, ps, quad, rig, SHADERS_EXECUTE, vs, W } from './wine-visual-rig.js';

const run = it.skipIf(!SHADERS_EXECUTE);

describe('a ps_3_0 reading pretransformed (POSITIONT) vertices by semantic (visual.c pretransformed_varying_test)', () => {
  const el = (Offset: number, Type: number, Usage: number, UsageIndex = 0): D3DVERTEXELEMENT9 => ({ Stream: 0, Offset, Type, Method: 0, Usage, UsageIndex });
  const F4 = D3DDECLTYPE.FLOAT4;
  const elements = [
    el(0, F4, D3DDECLUSAGE.POSITIONT), el(16, F4, D3DDECLUSAGE.BLENDWEIGHT), el(32, F4, D3DDECLUSAGE.BLENDINDICES),
    el(48, F4, D3DDECLUSAGE.NORMAL), el(64, F4, D3DDECLUSAGE.FOG), el(80, F4, D3DDECLUSAGE.TEXCOORD), el(96, F4, D3DDECLUSAGE.TANGENT),
    el(112, F4, D3DDECLUSAGE.BINORMAL), el(128, F4, D3DDECLUSAGE.DEPTH), el(144, D3DDECLTYPE.D3DCOLOR, D3DDECLUSAGE.COLOR),
    el(148, D3DDECLTYPE.D3DCOLOR, D3DDECLUSAGE.COLOR, 1), D3DDECL_END,
  ];
  // every vertex: the corner, then the same attributes (colour 0xe6e6e6e6 is 0.9, specular 0x224488ff)
  const vertices = (): Float32Array => {
    const v = new Float32Array(38 * 4);
    const u = new Uint32Array(v.buffer);
    [[0, 0], [W, 0], [0, H], [W, H]].forEach(([x, y], i) => {
      v.set([x, y, 0.1, 1, 0.1, 0.1, 0.1, 0.1, 0.2, 0.2, 0.2, 0.2, 0.3, 0.3, 0.3, 0.3, 0.4, 0.4, 0.4, 0.4,
        0.5, 0.55, 0.55, 0.55, 0.6, 0.6, 0.6, 0.7, 0.7, 0.7, 0.7, 0.6, 0.8, 0.8, 0.8, 0.8], 38 * i);
      u[38 * i + 36] = 0xe6e6e6e6;
      u[38 * i + 37] = 0x224488ff;
    });
    return v;
  };
  // Windows' colours; Wine gets the starred ones wrong (todo_wine there), Windows does not
  const cases: Array<[string, string, number]> = [
    ['blendweight*', 'dcl_blendweight v0', 0x191919], ['blendindices*', 'dcl_blendindices v0', 0x333333],
    ['normal*', 'dcl_normal v0', 0x4c4c4c], ['texcoord0', 'dcl_texcoord0 v0', 0x808c8c],
    ['tangent*', 'dcl_tangent v0', 0x999999], ['binormal*', 'dcl_binormal v0', 0xb2b2b2],
    ['color', 'dcl_color0 v0', 0xe6e6e6], ['fog*', 'dcl_fog v0', 0x666666], ['depth*', 'dcl_depth v0', 0xcccccc],
    ['specular', 'dcl_color1 v0', 0x4488ff], ['texcoord1 (not in the declaration)', 'dcl_texcoord1 v0', 0x000000],
  ];
  for (const [name, dcl, color] of cases) {
    run(`${name}: 0x${color.toString(16).padStart(6, '0')} ±1`, () => {
      const dev = rig();
      dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, 0xffffffff, 1, 0);
      dev.SetVertexDeclaration(dev.CreateVertexDeclaration(elements).vertexDeclaration!);
      dev.SetPixelShader(ps(dev, `ps_3_0\n${dcl}\nmov oC0, v0`));
      draw(dev, vertices(), 152);
      expectColors(dev, [[...at(360, 240), color]], 1);
    });
  }
});

describe('ps_1_4 texdepth replaces the depth with r5.r / r5.g (visual.c texdepth_test)', () => {
  // the depth buffer holds a gradient from 0 at the left edge to 1 at the right; the shader's depth
  // passes GREATER left of where the gradient reaches it. c0 is clamped to [−1, 1] like every
  // ps_1_x constant, so (0.25, 2) gives 0.25 / 1.
  // [what, c0, the edge column, the colour right of it, whether the target is cleared to yellow after the ramp]
  const cases: Array<[string, number[], number, number, boolean]> = [
    ['(0.25, 2.0) → 0.25 / 1', [0.25, 2, 0, 0], 32, 0xffffff, false],
    ['(0.25, 0.5) → 0.5', [0.25, 0.5, 0, 0], 64, 0xffff00, true],
  ];
  for (const [what, c0, edge, right, clearAfter] of cases) {
    run(`${what}: blue left of column ${edge}, the background right of it`, () => {
      const dev = rig();
      dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, 0xffffff00, 0, 0);
      dev.SetRenderState(D3DRS.LIGHTING, 0);
      dev.SetRenderState(D3DRS.ZENABLE, D3DZB.TRUE);
      dev.SetRenderState(D3DRS.ZWRITEENABLE, 1);
      dev.SetRenderState(D3DRS.ZFUNC, D3DCMP.ALWAYS);
      dev.SetFVF(D3DFVF.XYZ);
      const ramp = new Float32Array([-1, -1, 0, -1, 1, 0, 1, -1, 1, 1, 1, 1]);
      draw(dev, ramp, 12);
      // the ramp draws white (no diffuse, lighting off); visual.c clears to yellow before its second case
      if (clearAfter) dev.Clear(0, null, D3DCLEAR.TARGET, 0xffffff00, 0, 0);
      dev.SetRenderState(D3DRS.ZFUNC, D3DCMP.GREATER);
      dev.SetRenderState(D3DRS.ZWRITEENABLE, 0);
      dev.SetPixelShader(ps(dev, 'ps_1_4\ndef c1, 0, 0, 1, 1\nmov r5, c0\nphase\ntexdepth r5\nmov r0, c1'));
      dev.SetPixelShaderConstantF(0, f32(...c0), 1);
      draw(dev, ramp, 12);
      // Wine reads 2 pixels each side of the edge (158/162 of 640); ours: 1 each side of 128ths
      expectColors(dev, [[edge - 1, 48, 0x0000ff], [edge + 1, 48, right]], 0);
    });
  }
});

describe('two render targets (visual.c multiple_rendertargets_test)', () => {
  function targets(dev: Device): IDirect3DSurface9[] {
    return [0, 1].map(() => {
      const t = dev.CreateTexture(16, 16, 1, D3DUSAGE.RENDERTARGET, D3DFMT.A8R8G8B8, D3DPOOL.DEFAULT).texture!;
      return t.GetSurfaceLevel(0).surface!;
    });
  }
  function read(dev: Device, s: IDirect3DSurface9, x: number, y: number): number {
    const mem = dev.CreateOffscreenPlainSurface(16, 16, D3DFMT.A8R8G8B8, D3DPOOL.SYSTEMMEM, null).surface!;
    expect(dev.GetRenderTargetData(s, mem)).toBe(D3D_OK);
    const lock = mem.LockRect(null, 0).lockedRect!;
    const bits = lock.pBits as Uint8Array;
    const value = new DataView(bits.buffer, bits.byteOffset).getUint32(y * lock.Pitch + 4 * x, true);
    mem.UnlockRect();
    return value >>> 0;
  }

  run('Clear clears both; a shader writing only oC0 leaves target 1 as it was; oC0 and oC1 reach their own targets', () => {
    const dev = rig();
    dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, 0xffff0000, 1, 0);
    const [s1, s2] = targets(dev);
    dev.SetVertexShader(vs(dev, 'vs_3_0\ndcl_position v0\ndcl_position o0\nmov o0, v0'));
    expect(dev.SetRenderTarget(0, s1)).toBe(D3D_OK);
    expect(dev.SetRenderTarget(1, s2)).toBe(D3D_OK);
    dev.SetFVF(D3DFVF.XYZ);
    dev.Clear(0, null, D3DCLEAR.TARGET, 0xff0000ff, 0, 0);
    expect([read(dev, s1, 8, 8), read(dev, s2, 8, 8)]).toEqual([0xff0000ff, 0xff0000ff]);

    dev.SetPixelShader(ps(dev, 'ps_3_0\ndef c0, 0, 1, 0, 0\nmov oC0, c0'));
    draw(dev, quad(-1, -1, 1, 1, 0.1), 12);
    expect(read(dev, s1, 8, 8)).toBe(0x0000ff00);
    for (let y = 6; y < 10; y++) for (let x = 6; x < 10; x++) expect(read(dev, s2, x, y)).toBe(0xff0000ff);

    dev.Clear(0, null, D3DCLEAR.TARGET, 0xff00ff00, 0, 0);
    expect([read(dev, s1, 8, 8), read(dev, s2, 8, 8)]).toEqual([0xff00ff00, 0xff00ff00]);
    dev.SetPixelShader(ps(dev, 'ps_3_0\ndef c0, 0, 1, 0, 0\ndef c1, 0, 0, 1, 0\nmov oC0, c0\nmov oC1, c1'));
    draw(dev, quad(-1, -1, 1, 1, 0.1), 12);
    // Wine shows both as textures and checks the colours exactly: green from oC0, blue from oC1
    expect([read(dev, s1, 8, 8) & 0xffffff, read(dev, s2, 8, 8) & 0xffffff]).toEqual([0x00ff00, 0x0000ff]);
  });
});
