/**
 * More Wine dlls/d3d9/tests/visual.c scenarios on our device, with the colours visual.c checks on
 * Windows and its tolerances. The target is 128×96 (Wine's 640×480 scaled by a fifth).
 */
import { describe, expect, it } from 'vitest';
import { D3DCLEAR, D3DDECL_END, D3DDECLTYPE, D3DDECLUSAGE, D3DFMT, D3DFVF, D3DPOOL, D3DPT, D3DRS, D3DTA, D3DTOP, D3DTSS, D3D_OK } from '../../src/d3d9/index.js';
import type { D3DVERTEXELEMENT9 } from '../../src/d3d9/index.js';
import type { Device } from '../../src/device/device.js';
import { at, colorMatch, draw, expectColors, f32, H, pixel, ps, quad, QUARTER, rig, SHADERS_EXECUTE, vs, W } from './wine-visual-rig.js';

const hex = (c: number): string => `0x${(c >>> 0).toString(16).padStart(6, '0')}`;

const run = it.skipIf(!SHADERS_EXECUTE);
const el = (Offset: number, Type: number, Usage: number, UsageIndex = 0): D3DVERTEXELEMENT9 => ({ Stream: 0, Offset, Type, Method: 0, Usage, UsageIndex });

/** A MANAGED A8R8G8B8 texture of `w`×`h` from 32-bit texels, row by row. */
function texture(dev: Device, w: number, h: number, texels: readonly number[], format: number = D3DFMT.A8R8G8B8): ReturnType<Device['CreateTexture']>['texture'] {
  const t = dev.CreateTexture(w, h, 1, 0, format, D3DPOOL.MANAGED).texture!;
  const lr = t.LockRect(0, null, 0).lockedRect!;
  const view = new DataView(lr.pBits.buffer, lr.pBits.byteOffset);
  texels.forEach((v, i) => view.setUint32(Math.floor(i / w) * lr.Pitch + (i % w) * 4, v >>> 0, true));
  t.UnlockRect(0);
  return t;
}

describe('fixed-function texture stage operations (visual.c texop_test)', () => {
  // texture 0x9900ff00, diffuse 0x55ff0000, TFACTOR 0xdd333333; COLORARG0 diffuse, ARG1 texture, ARG2 tfactor
  const cases: Array<[keyof typeof D3DTOP, number]> = [
    ['SELECTARG1', 0x00ff00], ['SELECTARG2', 0x333333], ['MODULATE', 0x003300], ['MODULATE2X', 0x006600],
    ['MODULATE4X', 0x00cc00], ['ADD', 0x33ff33], ['ADDSIGNED', 0x00b200], ['ADDSIGNED2X', 0x00ff00],
    ['SUBTRACT', 0x00cc00], ['ADDSMOOTH', 0x33ff33], ['BLENDDIFFUSEALPHA', 0x227722], ['BLENDTEXTUREALPHA', 0x14ad14],
    ['BLENDFACTORALPHA', 0x07e407], ['BLENDTEXTUREALPHAPM', 0x14ff14], ['BLENDCURRENTALPHA', 0x227722],
    ['MODULATEALPHA_ADDCOLOR', 0x1fff1f], ['MODULATECOLOR_ADDALPHA', 0x99cc99], ['MODULATEINVALPHA_ADDCOLOR', 0x14ff14],
    ['MODULATEINVCOLOR_ADDALPHA', 0xcc99cc], ['DOTPRODUCT3', 0x999999], ['MULTIPLYADD', 0xff3300], ['LERP', 0x003333],
  ];
  run('every operation within 3 of Windows\' colour', () => {
    const dev = rig();
    dev.SetVertexDeclaration(dev.CreateVertexDeclaration([
      el(0, D3DDECLTYPE.FLOAT3, D3DDECLUSAGE.POSITION), el(12, D3DDECLTYPE.FLOAT2, D3DDECLUSAGE.TEXCOORD),
      el(20, D3DDECLTYPE.D3DCOLOR, D3DDECLUSAGE.COLOR), D3DDECL_END,
    ]).vertexDeclaration!);
    dev.SetTexture(0, texture(dev, 1, 1, [0x9900ff00])!);
    dev.SetTextureStageState(0, D3DTSS.COLORARG0, D3DTA.DIFFUSE);
    dev.SetTextureStageState(0, D3DTSS.COLORARG1, D3DTA.TEXTURE);
    dev.SetTextureStageState(0, D3DTSS.COLORARG2, D3DTA.TFACTOR);
    dev.SetTextureStageState(1, D3DTSS.COLOROP, D3DTOP.DISABLE);
    dev.SetRenderState(D3DRS.LIGHTING, 0);
    dev.SetRenderState(D3DRS.TEXTUREFACTOR, 0xdd333333);
    dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, 0, 1, 0);
    const v = new Float32Array(24);
    const u = new Uint32Array(v.buffer);
    [[-1, -1], [-1, 1], [1, -1], [1, 1]].forEach(([x, y], i) => { v.set([x, y, 0.1, x, y], i * 6); u[i * 6 + 5] = 0x55ff0000; });
    const [x, y] = at(320, 240);
    // only the pixels around the sample point are drawn (the colour is flat): 22 full-target draws are slow
    dev.SetRenderState(D3DRS.SCISSORTESTENABLE, 1);
    dev.SetScissorRect({ left: x - 2, top: y - 2, right: x + 2, bottom: y + 2 });
    const got: string[] = [], want: string[] = [];
    for (const [op, color] of cases) {
      expect(dev.SetTextureStageState(0, D3DTSS.COLOROP, D3DTOP[op])).toBe(D3D_OK);
      draw(dev, v, 24);
      const c = pixel(dev, x, y);
      got.push(`${op} ${hex(c)}`);
      want.push(`${op} ${colorMatch(c, color, 3) ? hex(c) : hex(color)}`);
    }
    expect(got).toEqual(want);
  });
});

describe('vs_2_0 relative addressing through the loop counter (visual.c loop_index_test)', () => {
  run('loop aL, i0 = (2 iterations, from 10, step −3) adds c11 then c8: green ±1', () => {
    const dev = rig();
    dev.SetVertexShader(vs(dev, 'vs_2_0\ndcl_position v0\nmov r0, c0\nloop aL, i0\nadd r0, r0, c1[aL]\nendloop\nmov oPos, v0\nmov oD0, r0'));
    dev.SetFVF(D3DFVF.XYZ);
    dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, 0x00ff0000, 1, 0);
    // c0 = 0, c8 = (1, 1, 0, 0), c11 = (−1, 0, 0, 0), every other register up to c15 = 1
    for (let n = 0; n < 16; n++) dev.SetVertexShaderConstantF(n, n === 0 ? f32(0, 0, 0, 0) : n === 8 ? f32(1, 1, 0, 0) : n === 11 ? f32(-1, 0, 0, 0) : f32(1, 1, 1, 1), 1);
    dev.SetVertexShaderConstantI(0, new Int32Array([2, 10, -3, 0]), 1);
    draw(dev, quad(-1, -1, 1, 1, 0.1), 12);
    expectColors(dev, [[...at(320, 240), 0x00ff00]], 1);
  });
});

describe('vs_2_0 sgn (visual.c sgn_test)', () => {
  run('sgn(−0.5, 0, 0.5, 12) + (1.5, 0, 0, 0) = (0.5, 0, 1, 1): 0x8000ff ±1', () => {
    const dev = rig();
    // vs_2_0's sgn takes two scratch temps (r1, r2)
    dev.SetVertexShader(vs(dev, 'vs_2_0\ndcl_position v0\ndef c0, -0.5, 0.0, 0.5, 12.0\ndef c1, 1.5, 0.0, 0.0, 0.0\nmov oPos, v0\nsgn r0, c0, r1, r2\nadd oD0, r0, c1'));
    dev.SetFVF(D3DFVF.XYZ);
    dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, 0x00ff0000, 1, 0);
    draw(dev, quad(-1, -1, 1, 1, 0.1), 12);
    expectColors(dev, [[...at(320, 240), 0x8000ff]], 1);
  });
});

describe('dsy of a colour rising down the target (visual.c test_dsy)', () => {
  // red 1 at the bottom, 0 at the top; green the other way: dsy(v0)·(height/2) + 0.5 = (1, 0, 0.5) when
  // dsy is positive downwards. Wine's 480 rows use 240; our 96 rows use 48, the same product.
  for (const target of ['an offscreen render target', 'the back buffer'] as const) {
    run(`on ${target}: 0xff007f ±1`, () => {
      const dev = rig();
      if (target === 'an offscreen render target') {
        const rt = dev.CreateRenderTarget(W, H, D3DFMT.A8R8G8B8, 0, 0, true).surface!;
        expect(dev.SetRenderTarget(0, rt)).toBe(D3D_OK);
      }
      dev.SetFVF(D3DFVF.XYZ | D3DFVF.DIFFUSE);
      dev.SetVertexShader(vs(dev, 'vs_3_0\ndcl_position v0\ndcl_color0 v1\ndcl_position o0\ndcl_color0 o1\nmov o0, v0\nmov o1, v1'));
      dev.SetPixelShader(ps(dev, `ps_3_0\ndcl_color0 v0\ndef c0, ${H / 2}.0, 0.5, 0.0, 0.0\ndsy r0, v0\nmul r0, r0, c0.x\nadd oC0, r0, c0.y`));
      dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, 0xff000000, 1, 0);
      // only the quads around the sample point are drawn (the derivative is the same everywhere)
      dev.SetRenderState(D3DRS.SCISSORTESTENABLE, 1);
      dev.SetScissorRect({ left: 68, top: 44, right: 76, bottom: 52 });
      const v = new Float32Array(16);
      const u = new Uint32Array(v.buffer);
      [[-1, -1, 0x00ff0000], [-1, 1, 0x0000ff00], [1, -1, 0x00ff0000], [1, 1, 0x0000ff00]].forEach(([x, y, c], i) => { v.set([x, y, 0.1], i * 4); u[i * 4 + 3] = c; });
      draw(dev, v, 16);
      const [x, y] = at(360, 240);
      let c = pixel(dev, x, y);
      if (target === 'an offscreen render target') {
        const mem = dev.CreateOffscreenPlainSurface(W, H, D3DFMT.A8R8G8B8, D3DPOOL.SYSTEMMEM, null).surface!;
        expect(dev.GetRenderTargetData(dev.GetRenderTarget(0).surface!, mem)).toBe(D3D_OK);
        const lock = mem.LockRect(null, 0).lockedRect!;
        c = new DataView(lock.pBits.buffer, lock.pBits.byteOffset).getUint32(y * lock.Pitch + 4 * x, true) & 0xffffff;
        mem.UnlockRect();
      }
      expect(colorMatch(c, 0xff007f, 1) ? 'ok' : hex(c)).toBe('ok');
    });
  }
});

describe('colour clamping between the stages (visual.c test_color_clamping)', () => {
  // oD0 = oD1 = 2 from the vertex shaders; fixed function: diffuse + specular, then · TFACTOR 0x40;
  // the pixel shaders: (v0 + v1) · 0.25. Colours reach a shader before 3.0 clamped to [0, 1], 3.0 unclamped.
  const VS: Record<string, string> = {
    vs_1_1: 'vs_1_1\ndcl_position v0\ndef c0, 1.0, 1.0, 1.0, 1.0\nmov oPos, v0\nadd oD0, c0, c0\nadd oD1, c0, c0',
    vs_2_0: 'vs_2_0\ndcl_position v0\ndef c0, 1.0, 1.0, 1.0, 1.0\nmov oPos, v0\nadd oD0, c0, c0\nadd oD1, c0, c0',
    vs_3_0: 'vs_3_0\ndcl_position v0\ndcl_position o0\ndcl_color0 o1\ndcl_color1 o2\ndef c0, 1.0, 1.0, 1.0, 1.0\nmov o0, v0\nadd o1, c0, c0\nadd o2, c0, c0',
  };
  const PS: Record<string, string> = {
    ps_1_1: 'ps_1_1\ndef c0, 0.25, 0.25, 0.25, 0.25\nadd r0, v0, v1\nmul r0, r0, c0',
    ps_2_0: 'ps_2_0\ndcl v0\ndcl v1\ndef c0, 0.25, 0.25, 0.25, 0.25\nmov r0, v0\nadd r0, r0, v1\nmul r0, r0, c0\nmov oC0, r0',
    ps_3_0: 'ps_3_0\ndcl_color0 v0\ndcl_color1 v1\ndef c0, 0.25, 0.25, 0.25, 0.25\nmov r0, v0\nadd r0, r0, v1\nmul oC0, r0, c0',
  };
  const cases: Array<[string | undefined, string | undefined, number]> = [
    [undefined, undefined, 0x404040], [undefined, 'ps_1_1', 0x404040], ['vs_1_1', undefined, 0x404040],
    ['vs_1_1', 'ps_1_1', 0x7f7f7f], ['vs_2_0', 'ps_2_0', 0x7f7f7f], ['vs_3_0', 'ps_3_0', 0xffffff],
  ];
  run('fixed function, ps_1_1, vs_1_1, vs_1_1 + ps_1_1, vs_2_0 + ps_2_0, vs_3_0 + ps_3_0: Windows\' colours ±1', () => {
    const dev = rig();
    dev.SetRenderState(D3DRS.CLIPPING, 0);
    dev.SetRenderState(D3DRS.ZENABLE, 0);
    dev.SetRenderState(D3DRS.LIGHTING, 0);
    dev.SetRenderState(D3DRS.TEXTUREFACTOR, 0xff404040);
    dev.SetTextureStageState(0, D3DTSS.COLOROP, D3DTOP.ADD);
    dev.SetTextureStageState(0, D3DTSS.COLORARG1, D3DTA.DIFFUSE);
    dev.SetTextureStageState(0, D3DTSS.COLORARG2, D3DTA.SPECULAR);
    dev.SetTextureStageState(1, D3DTSS.COLOROP, D3DTOP.MODULATE);
    dev.SetTextureStageState(1, D3DTSS.COLORARG1, D3DTA.TFACTOR);
    dev.SetTextureStageState(1, D3DTSS.COLORARG2, D3DTA.CURRENT);
    dev.SetFVF(D3DFVF.XYZ);
    const [x, y] = at(320, 240);
    dev.SetRenderState(D3DRS.SCISSORTESTENABLE, 1);
    dev.SetScissorRect({ left: x - 2, top: y - 2, right: x + 2, bottom: y + 2 });
    const got: string[] = [], want: string[] = [];
    for (const [v, p, color] of cases) {
      expect(dev.SetVertexShader(v ? vs(dev, VS[v]) : null)).toBe(D3D_OK);
      expect(dev.SetPixelShader(p ? ps(dev, PS[p]) : null)).toBe(D3D_OK);
      dev.Clear(0, null, D3DCLEAR.TARGET, 0xff00ff00, 0, 0);
      draw(dev, quad(-1, -1, 1, 1, 0.1), 12);
      const c = pixel(dev, x, y);
      const name = `${v ?? 'fixed'} + ${p ?? 'fixed'}`;
      got.push(`${name} ${hex(c)}`);
      want.push(`${name} ${colorMatch(c, color, 1) ? hex(c) : hex(color)}`);
    }
    expect(got).toEqual(want);
  });
});

describe('outputs a vertex shader leaves unwritten (visual.c test_uninitialized_varyings)', () => {
  // Windows: an unwritten oD0 reads (1, 1, 1, 1); oD1 and oTn read (0, 0, 0, 1), alpha 0 also
  // accepted (AMD and Nvidia differ there); a partly written one keeps those for the other components.
  const VS: Record<string, string> = {
    vs1: 'vs_1_1\ndcl_position v0\nmov oPos, v0',
    vs1_partial: 'vs_1_1\ndcl_position v0\ndef c0, 0.5, 0.5, 0.5, 0.5\nmov oPos, v0\nmov oD0.x, c0\nmov oD1.x, c0\nmov oT0.x, c0',
    vs2: 'vs_2_0\ndcl_position v0\nmov oPos, v0',
    vs2_partial: 'vs_2_0\ndcl_position v0\ndef c0, 0.5, 0.5, 0.5, 0.5\nmov oPos, v0\nmov oD0.x, c0\nmov oD1.x, c0\nmov oT0.x, c0',
    vs3: 'vs_3_0\ndcl_position v0\ndcl_position o0\nmov o0, v0',
    vs3_partial: 'vs_3_0\ndcl_position v0\ndcl_position o0\ndcl_color0 o1\ndcl_color1 o2\ndcl_texcoord0 o3\ndef c0, 0.5, 0.5, 0.5, 0.5\nmov o0, v0\nmov o1.x, c0\nmov o2.x, c0\nmov o3.x, c0',
  };
  const PS: Record<string, string> = {
    ps1_diffuse: 'ps_1_1\nmov r0, v0', ps1_specular: 'ps_1_1\nmov r0, v1', ps1_texcoord: 'ps_1_1\ntexcoord t0\nmov r0, t0',
    ps2_diffuse: 'ps_2_0\ndcl v0\nmov oC0, v0', ps2_specular: 'ps_2_0\ndcl v1\nmov oC0, v1', ps2_texcoord: 'ps_2_0\ndcl t0\nmov oC0, t0',
    ps3_specular: 'ps_3_0\ndcl_color1 v1\nmov oC0, v1', ps3_texcoord: 'ps_3_0\ndcl_texcoord0 v0\nmov oC0, v0',
  };
  // [vertex shader, pixel shader, ARGB, alpha 0 accepted too]
  const cases: Array<[string | undefined, string | undefined, number, boolean]> = [
    ['vs1', undefined, 0xffffffff, false], [undefined, 'ps1_texcoord', 0xff000000, true], [undefined, 'ps2_texcoord', 0xff000000, true],
    ['vs1', 'ps1_diffuse', 0xffffffff, false], ['vs1', 'ps1_specular', 0xff000000, true], ['vs1', 'ps1_texcoord', 0xff000000, true],
    ['vs2', 'ps2_diffuse', 0xffffffff, false], ['vs2', 'ps2_specular', 0xff000000, true], ['vs2', 'ps2_texcoord', 0xff000000, true],
    ['vs3', 'ps3_specular', 0xff000000, true], ['vs3', 'ps3_texcoord', 0xff000000, true],
    ['vs1_partial', undefined, 0xff7fffff, false], ['vs1_partial', 'ps1_diffuse', 0xff7fffff, false],
    ['vs1_partial', 'ps1_specular', 0xff7f0000, true], ['vs1_partial', 'ps1_texcoord', 0xff7f0000, true],
    ['vs2_partial', 'ps2_diffuse', 0xff7fffff, false], ['vs2_partial', 'ps2_specular', 0xff7f0000, true],
    ['vs2_partial', 'ps2_texcoord', 0xff7f0000, true], ['vs3_partial', 'ps3_specular', 0x007f0000, false],
    ['vs3_partial', 'ps3_texcoord', 0xff7f0000, true],
  ];
  /** Wine's color_match over all four channels. */
  const match4 = (a: number, b: number): boolean => colorMatch(a, b, 1) && Math.abs((a >>> 24) - (b >>> 24)) <= 1;
  run('every case within 1 of Windows\' ARGB', () => {
    const dev = rig();
    const rt = dev.CreateRenderTarget(16, 16, D3DFMT.A8R8G8B8, 0, 0, true).surface!;
    expect(dev.SetRenderTarget(0, rt)).toBe(D3D_OK);
    dev.SetRenderState(D3DRS.CLIPPING, 0);
    dev.SetRenderState(D3DRS.ZENABLE, 0);
    dev.SetRenderState(D3DRS.LIGHTING, 0);
    dev.SetFVF(D3DFVF.XYZ);
    const got: string[] = [], want: string[] = [];
    for (const [v, p, color, zeroAlpha] of cases) {
      expect(dev.SetVertexShader(v ? vs(dev, VS[v]) : null)).toBe(D3D_OK);
      expect(dev.SetPixelShader(p ? ps(dev, PS[p]) : null)).toBe(D3D_OK);
      dev.Clear(0, null, D3DCLEAR.TARGET, 0xff00ff00, 0, 0);
      draw(dev, quad(-1, -1, 1, 1, 0.1), 12);
      const lock = rt.LockRect(null, 0).lockedRect!;
      const c = new DataView(lock.pBits.buffer, lock.pBits.byteOffset).getUint32(8 * lock.Pitch + 32, true) >>> 0;
      rt.UnlockRect();
      const name = `${v ?? 'fixed'} + ${p ?? 'fixed'}`;
      const ok = match4(c, color) || (zeroAlpha && match4(c, color & 0xffffff));
      got.push(`${name} 0x${c.toString(16).padStart(8, '0')}`);
      want.push(`${name} 0x${(ok ? c : color).toString(16).padStart(8, '0')}`);
    }
    expect(got).toEqual(want);
  });
});

describe('D3DDECLTYPE_FLOAT16_4 vertex input (visual.c test_vshader_float16)', () => {
  // position FLOAT3, then COLOR0 as four halves (x, y in the first word, z, w in the second; 0x3c00 = 1.0)
  const QUADS: Array<[number, number, number, number, number, number]> = [
    [-1, -1, 0, 0, 0x3c000000, 0x00000000], // green (y = 1), bottom left
    [0, -1, 1, 0, 0x00003c00, 0x00000000], // red (x = 1), bottom right
    [0, 0, 1, 1, 0x00000000, 0x00003c00], // blue (z = 1), top right
    [-1, 0, 0, 1, 0x00000000, 0x3c000000], // alpha only (w = 1): black, top left
  ];
  const vertices = (): Float32Array => {
    const v = new Float32Array(QUADS.length * 4 * 5);
    const u = new Uint32Array(v.buffer);
    QUADS.forEach(([x0, y0, x1, y1, c1, c2], q) => {
      [[x0, y0], [x0, y1], [x1, y0], [x1, y1]].forEach(([x, y], i) => {
        const at = (q * 4 + i) * 5;
        v.set([x, y, 0.1], at);
        u[at + 3] = c1;
        u[at + 4] = c2;
      });
    });
    return v;
  };
  const EXPECTED: ReadonlyArray<readonly [number, number, number]> = [
    [...at(480, 360), 0xff0000], [...at(160, 120), 0x000000], [...at(160, 360), 0x00ff00], [...at(480, 120), 0x0000ff],
  ];
  for (const source of ['DrawPrimitiveUP', 'a vertex buffer'] as const) {
    run(`from ${source}: red, black, green, blue exactly`, () => {
      const dev = rig();
      dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, 0xff102030, 1, 0);
      dev.SetVertexDeclaration(dev.CreateVertexDeclaration([
        el(0, D3DDECLTYPE.FLOAT3, D3DDECLUSAGE.POSITION), el(12, D3DDECLTYPE.FLOAT16_4, D3DDECLUSAGE.COLOR), D3DDECL_END,
      ]).vertexDeclaration!);
      dev.SetVertexShader(vs(dev, 'vs_1_1\ndcl_position v0\ndcl_color v1\nmov oPos, v0\nmov oD0, v1'));
      const v = vertices();
      if (source === 'DrawPrimitiveUP') {
        for (let q = 0; q < 4; q++) draw(dev, v.subarray(q * 20, q * 20 + 20), 20);
      } else {
        const vb = dev.CreateVertexBuffer(v.byteLength, 0, 0, D3DPOOL.MANAGED).vertexBuffer!;
        const lock = vb.Lock(0, v.byteLength, 0);
        expect(lock.hr).toBe(D3D_OK);
        lock.data!.set(new Uint8Array(v.buffer));
        vb.Unlock();
        expect(dev.SetStreamSource(0, vb, 0, 20)).toBe(D3D_OK);
        for (let q = 0; q < 4; q++) expect(dev.DrawPrimitive(D3DPT.TRIANGLESTRIP, q * 4, 2)).toBe(D3D_OK);
      }
      expectColors(dev, EXPECTED, 0);
    });
  }
});

describe('texld from an unbound sampler (visual.c unbound_sampler_test)', () => {
  run('2D, cube and volume samplers with no texture read (0, 0, 0, 1): 0xff000000 exactly', () => {
    const dev = rig();
    const rt = dev.CreateRenderTarget(64, 64, D3DFMT.A8R8G8B8, 0, 0, true).surface!;
    expect(dev.SetRenderTarget(0, rt)).toBe(D3D_OK);
    dev.SetFVF(D3DFVF.XYZ | D3DFVF.TEX1);
    dev.SetTexture(0, null);
    const v = new Float32Array([-1, -1, 0.1, 0, 0, -1, 1, 0.1, 1, 0, 1, -1, 0.1, 0, 1, 1, 1, 0.1, 1, 1]);
    const got: string[] = [];
    for (const dcl of ['dcl_2d', 'dcl_cube', 'dcl_volume']) {
      dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, 0x56ffffff, 1, 0);
      dev.SetPixelShader(ps(dev, `ps_2_0\n${dcl} s0\ndcl t0\ntexld r0, t0, s0\nmov oC0, r0`));
      draw(dev, v, 20);
      const lock = rt.LockRect(null, 0).lockedRect!;
      got.push(`${dcl} 0x${(new DataView(lock.pBits.buffer, lock.pBits.byteOffset).getUint32(32 * lock.Pitch + 128, true) >>> 0).toString(16)}`);
      rt.UnlockRect();
    }
    expect(got).toEqual(['dcl_2d 0xff000000', 'dcl_cube 0xff000000', 'dcl_volume 0xff000000']);
  });
});

describe('co-issued cnd (visual.c cnd_test, the co-issue half)', () => {
  // c1 = (0, 1, 0, 0), c2 = (1, 0, 1, 1); t0 runs 0..1 across each quarter; r0.a = 2·(u − 0.5)
  const prologue = 'def c0, 1, 0, 0, 0\ndef c3, 0.5, 0.5, 0.5, 0\ntexcoord t0\nmov r0, t0\nsub r0, r0, c3\nadd r1, c0, c0\ndp3 r1, r0, r1';
  const COLOR_COISSUED = `${prologue}\nmov r0.a, r1.a\n+cnd r0.xyz, r0.a, c1, c2`;
  const ALPHA_COISSUED = `${prologue}\nmov r0, r1\nmov r0.xyz, r1.a\n+cnd r0.a, r0.a, c1, c2\nmov r0.xyz, r0.a`;
  const where = [QUARTER.bottomLeft, QUARTER.bottomRight, QUARTER.topRight, QUARTER.topLeft];
  function drawAll(dev: Device, shaders: readonly string[]): void {
    dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, 0xff00ffff, 1, 0);
    dev.SetRenderState(D3DRS.LIGHTING, 0);
    dev.SetPixelShaderConstantF(1, f32(0, 1, 0, 0), 1);
    dev.SetPixelShaderConstantF(2, f32(1, 0, 1, 1), 1);
    dev.SetFVF(D3DFVF.XYZ | D3DFVF.TEX1);
    shaders.forEach((text, i) => {
      dev.SetPixelShader(ps(dev, text));
      const [x0, y0, x1, y1] = where[i];
      draw(dev, quad(x0, y0, x1, y1, 0.1, (x, y) => [x === x0 ? 0 : 1, y === y0 ? 0 : 1, 0]), 24);
    });
  }
  const [L, R, T, B] = [0, 64, 0, 48];
  run('on a colour instruction: ps_1_1..1_3 always pick the first source (green); ps_1_4 compares per channel as usual', () => {
    const dev = rig();
    drawAll(dev, [`ps_1_1\n${COLOR_COISSUED}`, `ps_1_2\n${COLOR_COISSUED}`, `ps_1_3\n${COLOR_COISSUED}`,
      'ps_1_4\ndef c0, 0, 0, 0, 1\ntexcrd r0.xyz, t0\nmov r0.a, c0.a\n+cnd r0.xyz, r0, c1, c2']);
    expectColors(dev, [
      [L + 31, T + 23, 0xffffff], [L + 33, T + 23, 0x00ffff], [L + 31, T + 25, 0xff00ff], [L + 33, T + 25, 0x0000ff],
      ...[[L, B], [R, B], [R, T]].flatMap(([x, y]) => [[x + 31, y + 23], [x + 33, y + 23], [x + 31, y + 25], [x + 33, y + 25]].map(([px, py]) => [px, py, 0x00ff00] as const)),
    ], 1);
  });
  run('on the alpha instruction: a normal cnd, c2 below r0.a = 0.5 (u = 0.75, white) and c1 above (black)', () => {
    const dev = rig();
    drawAll(dev, [`ps_1_1\n${ALPHA_COISSUED}`, `ps_1_2\n${ALPHA_COISSUED}`, `ps_1_3\n${ALPHA_COISSUED}`,
      'ps_1_4\ndef c0, 0, 0, 0, 1\ntexcrd r0.xyz, t0\nmov r0.a, r0.x\nmov r1.xyz, c0.a\n+cnd r1.a, r0.a, c1, c2\nmov r0.xyz, r1.a\nmov r0.a, c0.a']);
    expectColors(dev, [
      // ps_1_4: u = 0.5 is the edge (Wine's 158/162)
      [L + 31, T + 23, 0xffffff], [L + 33, T + 23, 0x000000], [L + 31, T + 25, 0xffffff], [L + 33, T + 25, 0x000000],
      ...[[L, B], [R, B], [R, T]].flatMap(([x, y]) => [[x + 46, y + 23, 0xffffff], [x + 49, y + 23, 0x000000], [x + 46, y + 25, 0xffffff], [x + 49, y + 25, 0x000000]] as const),
    ], 1);
  });
});
