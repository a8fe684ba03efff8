/**
 * More Wine dlls/d3d9/tests/visual.c scenarios on our device, with the colours visual.c checks on
 * Windows and its tolerances: vFace on and off screen (vface_register_test), vPos without a
 * half-pixel offset at the exact pixels around its threshold and its fraction (test_fragment_coords),
 * point sprites feeding ps_3_0 texture coordinates (test_pointsize, the shader half), and texbeml's
 * luminance scale and offset (the numbers of fixed_function_bumpmap_test's BUMPENVMAPLUMINANCE half,
 * through the ps_1_1 instruction that the D3D9 docs give the same formula).
 */
import { describe, expect, it } from 'vitest';
import { D3DCLEAR, D3DCULL, D3DDECL_END, D3DDECLTYPE, D3DDECLUSAGE, D3DFMT, D3DFVF, D3DPOOL, D3DPT, D3DRS, D3DTA, D3DTOP, D3DTSS, D3DUSAGE, D3D_OK } from '../../src/d3d9/index.js';
import type { D3DVERTEXELEMENT9 } from '../../src/d3d9/index.js';
import type { Device } from '../../src/device/device.js';
import type { IDirect3DSurface9, IDirect3DTexture9 } from '../../src/device/types.js';
import { at, expectColors, expectTarget, hex, ps, rig, SHADERS_EXECUTE, vs } from './wine-visual-rig.js';

const run = it.skipIf(!SHADERS_EXECUTE);
const f32bits = (v: number): number => new Uint32Array(new Float32Array([v]).buffer)[0];

/** vs_3_0 that passes the position through (visual.c's vshader_code of these tests). */
const VS_PASS = 'vs_3_0\ndcl_position v0\ndcl_position o0\nmov o0, v0';

describe('vFace on and off screen (visual.c vface_register_test)', () => {
  // cmp r0, vFace, green, red: the bottom half's two triangles wind counter-clockwise on screen (back
  // faces, vFace < 0: red), the top half's clockwise (front, green). The texture's copy is drawn on
  // the right half with v = 0 at the bottom, so its halves show swapped.
  run('back faces read a negative vFace and front faces a positive one, in a texture as on the back buffer', () => {
    const dev = rig();
    const tex = dev.CreateTexture(128, 128, 1, D3DUSAGE.RENDERTARGET, D3DFMT.X8R8G8B8, D3DPOOL.DEFAULT).texture!;
    const surface = tex.GetSurfaceLevel(0).surface!;
    const backbuffer = dev.GetRenderTarget(0).surface!;
    dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
    // the texture is taller than the 128×96 depth buffer: no depth test (visual.c's is 640×480)
    dev.SetRenderState(D3DRS.ZENABLE, 0);
    dev.SetPixelShader(ps(dev, 'ps_3_0\ndef c0, 0.0, 1.0, 0.0, 0.0\ndef c1, 1.0, 0.0, 0.0, 0.0\ndcl vFace\nmov r1, c1\ncmp r0, vFace, c0, r1\nmov oC0, r0'));
    dev.SetVertexShader(vs(dev, VS_PASS));
    dev.SetFVF(D3DFVF.XYZ);
    dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, 0xff0000ff, 1, 0);
    const triangles = new Float32Array([
      -1, -1, 0.1, 1, -1, 0.1, -1, 0, 0.1,
      1, -1, 0.1, 1, 0, 0.1, -1, 0, 0.1,
      -1, 0, 0.1, -1, 1, 0.1, 1, 0, 0.1,
      1, 0, 0.1, -1, 1, 0.1, 1, 1, 0.1,
    ]);
    expect(dev.SetRenderTarget(0, surface)).toBe(D3D_OK);
    dev.Clear(0, null, D3DCLEAR.TARGET, 0xff0000ff, 0, 0);
    expect(dev.DrawPrimitiveUP(D3DPT.TRIANGLELIST, 4, triangles, 12)).toBe(D3D_OK);
    expect(dev.SetRenderTarget(0, backbuffer)).toBe(D3D_OK);
    expect(dev.DrawPrimitiveUP(D3DPT.TRIANGLELIST, 4, triangles, 12)).toBe(D3D_OK);
    // the texture onto the right half through the fixed-function pipeline
    dev.SetVertexShader(null);
    dev.SetPixelShader(null);
    dev.SetTexture(0, tex);
    dev.SetTextureStageState(0, D3DTSS.COLOROP, D3DTOP.SELECTARG1);
    dev.SetTextureStageState(0, D3DTSS.COLORARG1, D3DTA.TEXTURE);
    dev.SetFVF(D3DFVF.XYZ | D3DFVF.TEX1);
    const blit = new Float32Array([0, -1, 0.1, 0, 0, 1, -1, 0.1, 1, 0, 0, 1, 0.1, 0, 1, 1, 1, 0.1, 1, 1]);
    expect(dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, blit, 20)).toBe(D3D_OK);
    expectColors(dev, [
      [...at(160, 360), 0xff0000], // on screen, back
      [...at(160, 120), 0x00ff00], // on screen, front
      [...at(480, 360), 0x00ff00], // off screen, front (shown flipped)
      [...at(480, 120), 0xff0000], // off screen, back
    ], 0);
  });
});

describe('vPos in ps_3_0 (visual.c test_fragment_coords)', () => {
  // r0.xy = vPos − c0.zw; green = (r0.x ≥ 0), blue = (r0.y ≥ 0): the threshold falls exactly between
  // two pixels, and the fraction of vPos is 0 (D3D9 pixel centres are integers: no half-pixel offset)
  const THRESHOLD = 'ps_3_0\ndcl vPos.xy\nsub r0.xy, vPos.xy, c0.zw\nmov r1, c0\nmov r2.a, c0.y\nmov r2.r, c0.y\ncmp r2.g, r0.x, r1.x, r1.y\ncmp r2.b, r0.y, r1.x, r1.y\nmov oC0, r2';
  const FRACTION = 'ps_3_0\ndef c0, 0.0, 0.0, 0.0, 0.0\ndcl vPos.xy\nmov r0, c0\nfrc r0.xy, vPos.xy\nmov oC0, r0';
  const quad = new Float32Array([-1, -1, 0.1, 0, 0, -1, 1, 0.1, 0, 1, 1, -1, 0.1, 1, 0, 1, 1, 0.1, 1, 1]);

  function draw(dev: Device, shader: string, threshold: number[]): void {
    // our targets are larger than the 128×96 depth buffer: no depth test (the shader decides the colour)
    dev.SetRenderState(D3DRS.ZENABLE, 0);
    dev.SetVertexShader(vs(dev, VS_PASS));
    dev.SetPixelShader(ps(dev, shader));
    dev.SetFVF(D3DFVF.XYZ);
    expect(dev.SetPixelShaderConstantF(0, new Float32Array([1, 0, ...threshold]), 1)).toBe(D3D_OK);
    expect(dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad, 20)).toBe(D3D_OK);
  }

  run('on a 640×480 target, the pixels on either side of (320, 240) split exactly there', () => {
    const dev = rig();
    const rt = dev.CreateRenderTarget(640, 480, D3DFMT.A8R8G8B8, 0, 0, true).surface!;
    dev.SetRenderTarget(0, rt);
    dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, 0xff0000ff, 1, 0);
    // only the pixels around the threshold are drawn (a full 640×480 quad is slow)
    dev.SetRenderState(D3DRS.SCISSORTESTENABLE, 1);
    dev.SetScissorRect({ left: 316, top: 236, right: 324, bottom: 244 });
    draw(dev, THRESHOLD, [320, 240]);
    expectTarget(rt, [[319, 239, 0x000000], [320, 239, 0x00ff00], [319, 240, 0x0000ff], [320, 240, 0x00ffff]], 0);
  });

  run('on a 32×32 target with the threshold at (16, 16), and vPos has no fraction', () => {
    const dev = rig();
    const rt = dev.CreateRenderTarget(32, 32, D3DFMT.X8R8G8B8, 0, 0, true).surface!;
    dev.SetRenderTarget(0, rt);
    draw(dev, THRESHOLD, [16, 16]);
    expectTarget(rt, [[14, 14, 0x000000], [18, 14, 0x00ff00], [14, 18, 0x0000ff], [18, 18, 0x00ffff]], 0);
    dev.Clear(0, null, D3DCLEAR.TARGET, 0xff0000ff, 0, 0);
    draw(dev, FRACTION, [16, 16]);
    expectTarget(rt, [[14, 14, 0x000000]], 0);
  });
});

describe('point sprites feeding ps_3_0 texture coordinates (visual.c test_pointsize, vs_3_0 + ps_3_0)', () => {
  /**
   * A 32-pixel sprite at (64, 64) of a 128×128 target; two 2×2 textures: stage 0 red in its top row,
   * stage 1 green in its right column. The vertex shader writes v0.x to both coordinate sets, but
   * POINTSPRITEENABLE replaces them with (u, v) running 0..1 across the sprite (and z, w = 0, 1):
   * red + green = yellow at the top right, green at the bottom right, black at the bottom left.
   * Reading .zw instead gives (0, 1): the top-left texel everywhere, red.
   */
  function drawSprite(shader: string): IDirect3DSurface9 {
    const dev = rig();
    const textures = [[0x00ff0000, 0x00ff0000, 0, 0], [0, 0x0000ff00, 0, 0x0000ff00]].map((texels): IDirect3DTexture9 => {
      const t = dev.CreateTexture(2, 2, 1, 0, D3DFMT.A8R8G8B8, D3DPOOL.MANAGED).texture!;
      const lr = t.LockRect(0, null, 0).lockedRect!;
      const view = new DataView(lr.pBits.buffer, lr.pBits.byteOffset);
      texels.forEach((c, i) => view.setUint32((i >> 1) * lr.Pitch + 4 * (i & 1), c, true));
      t.UnlockRect(0);
      return t;
    });
    textures.forEach((t, i) => dev.SetTexture(i, t));
    const rt = dev.CreateRenderTarget(128, 128, D3DFMT.A8R8G8B8, 0, 0, true).surface!;
    dev.SetRenderTarget(0, rt);
    dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, 0xff00ffff, 1, 0);
    dev.SetRenderState(D3DRS.POINTSPRITEENABLE, 1);
    dev.SetRenderState(D3DRS.POINTSIZE, f32bits(32));
    // [−1, 1] × [1, −1] from (0, 0) × (128, 128) pixels, as visual.c's matrix with m00 = 1/64, m11 = −1/64
    expect(dev.SetVertexShaderConstantF(0, new Float32Array([1 / 64, 0, 0, 0, 0, -1 / 64, 0, 0, 0, 0, 1, 0, -1, 1, 0, 1]), 4)).toBe(D3D_OK);
    dev.SetVertexShader(vs(dev, [
      'vs_3_0', 'dcl_position v0', 'dcl_position o0', 'dcl_texcoord0 o1', 'dcl_texcoord1 o2',
      'mul r0, v0.x, c0', 'mad r0, v0.y, c1, r0', 'mad r0, v0.z, c2, r0', 'mad o0, v0.w, c3, r0', 'mov o1, v0.x', 'mov o2, v0.x',
    ].join('\n')));
    dev.SetPixelShader(ps(dev, shader));
    dev.SetFVF(D3DFVF.XYZ);
    expect(dev.DrawPrimitiveUP(D3DPT.POINTLIST, 1, new Float32Array([64, 64, 0.1]), 12)).toBe(D3D_OK);
    return rt;
  }
  const half = 16;
  const outside = [[64 - half - 1, 64 - half - 1], [64 + half + 1, 64 - half - 1], [64 - half - 1, 64 + half + 1], [64 + half + 1, 64 + half + 1]]
    .map(([x, y]) => [x, y, 0x00ffff] as const);
  run('texld v0 / v1: the sprite coordinates, yellow, green and black in three corners', () => {
    const rt = drawSprite('ps_3_0\ndcl_texcoord0 v0\ndcl_texcoord1 v1\ndcl_2d s0\ndcl_2d s1\ntexld r0, v0, s0\ntexld r1, v1, s1\nadd oC0, r0, r1');
    expectTarget(rt, [
      [64 - half + 1, 64 - half + 1, 0xff0000], [64 + half - 1, 64 - half + 1, 0xffff00],
      [64 - half + 1, 64 + half - 1, 0x000000], [64 + half - 1, 64 + half - 1, 0x00ff00], ...outside,
    ], 0);
  });
  run('texld v0.zw / v1.zw: z and w are (0, 1), red over the whole sprite', () => {
    const rt = drawSprite('ps_3_0\ndcl_texcoord0 v0\ndcl_texcoord1 v1\ndcl_2d s0\ndcl_2d s1\ntexld r0, v0.zw, s0\ntexld r1, v1.zw, s1\nadd oC0, r0, r1');
    expectTarget(rt, [
      [64 - half + 1, 64 - half + 1, 0xff0000], [64 + half - 1, 64 - half + 1, 0xff0000],
      [64 - half + 1, 64 + half - 1, 0xff0000], [64 + half - 1, 64 + half - 1, 0xff0000], ...outside,
    ], 0);
  });
});

describe('ps_1_1 texbeml: the sample times saturate(L · LSCALE + LOFFSET) (visual.c fixed_function_bumpmap_test, luminance half)', () => {
  /**
   * Stage 0: a 1×1 L6V5U5 texel 0x4000 (L = 16/63, no offset); stage 1: a 1×1 X8R8G8B8 0x00ff80c0.
   * visual.c checks BUMPENVMAPLUMINANCE with these on Windows: 0x994c72 ±5 for scale 2, offset 0.1
   * (about 0.6 of the colour). texbeml t1, t0 is the same formula in a pixel shader (docs: texbeml),
   * reading stage 1's matrix, scale and offset. (visual.c's other two cases saturate the factor: Windows
   * clamps it for the fixed-function op, which the texbeml page does not say of the instruction.)
   */
  const cases: Array<[number, number, number, number]> = [[2, 0.1, 0x994c72, 5]];
  for (const [scale, offset, color, tolerance] of cases) {
    run(`LSCALE ${scale}, LOFFSET ${offset}: ${hex(color)} ±${tolerance}`, () => {
      const dev = rig();
      const bump = dev.CreateTexture(1, 1, 1, 0, D3DFMT.L6V5U5, D3DPOOL.MANAGED).texture!;
      let lr = bump.LockRect(0, null, 0).lockedRect!;
      new DataView(lr.pBits.buffer, lr.pBits.byteOffset).setUint16(0, 0x4000, true);
      bump.UnlockRect(0);
      const tex = dev.CreateTexture(1, 1, 1, 0, D3DFMT.X8R8G8B8, D3DPOOL.MANAGED).texture!;
      lr = tex.LockRect(0, null, 0).lockedRect!;
      new DataView(lr.pBits.buffer, lr.pBits.byteOffset).setUint32(0, 0x00ff80c0, true);
      tex.UnlockRect(0);
      dev.SetTexture(0, bump);
      dev.SetTexture(1, tex);
      const states: Array<[number, number]> = [
        [D3DTSS.BUMPENVMAT00, 0], [D3DTSS.BUMPENVMAT01, 0.5], [D3DTSS.BUMPENVMAT10, -0.5], [D3DTSS.BUMPENVMAT11, 0],
        [D3DTSS.BUMPENVLSCALE, scale], [D3DTSS.BUMPENVLOFFSET, offset],
      ];
      for (const [s, v] of states) expect(dev.SetTextureStageState(1, s, f32bits(v))).toBe(D3D_OK);
      const decl: D3DVERTEXELEMENT9[] = [
        { Stream: 0, Offset: 0, Type: D3DDECLTYPE.FLOAT3, Method: 0, Usage: D3DDECLUSAGE.POSITION, UsageIndex: 0 },
        { Stream: 0, Offset: 12, Type: D3DDECLTYPE.FLOAT2, Method: 0, Usage: D3DDECLUSAGE.TEXCOORD, UsageIndex: 0 },
        { Stream: 0, Offset: 20, Type: D3DDECLTYPE.FLOAT2, Method: 0, Usage: D3DDECLUSAGE.TEXCOORD, UsageIndex: 1 },
        D3DDECL_END,
      ];
      dev.SetVertexDeclaration(dev.CreateVertexDeclaration(decl).vertexDeclaration!);
      dev.SetPixelShader(ps(dev, 'ps_1_1\ntex t0\ntexbeml t1, t0\nmov r0, t1'));
      dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, 0xff000000, 1, 0);
      // texbeml runs on the interpreter: only the pixels around the sample point are drawn
      dev.SetRenderState(D3DRS.SCISSORTESTENABLE, 1);
      dev.SetScissorRect({ left: 60, top: 44, right: 68, bottom: 52 });
      const quad = new Float32Array([-1, -1, 0.1, 0, 0, 0, 0, -1, 1, 0.1, 0, 1, 0, 1, 1, -1, 0.1, 1, 0, 1, 0, 1, 1, 0.1, 1, 1, 1, 1]);
      expect(dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad, 28)).toBe(D3D_OK);
      expectColors(dev, [[...at(320, 240), color]], tolerance);
    });
  }
});
