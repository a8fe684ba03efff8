/**
 * Draws with shaders, end to end through the device: small assembled shaders and the pixels the D3D9
 * rules give (a constant colour, a texture coordinate read back as colour, MRT, oDepth against the
 * depth test, texkill, the alpha test on oC0, fog with shaders (Wine visual.c fog_with_shader_test,
 * Windows-validated), user clip planes in clip space, vPos/vFace, dsy's sign, SM3 varyings linked by
 * semantic, a vertex shader with fixed-function pixel processing and the reverse).
 * Colours on an A8R8G8B8 target: a UNORM8 channel holds round(255·v); tolerances are stated per test.
 */
import { describe, expect, it } from 'vitest';
import { D3DBLEND, D3DCLEAR, D3DCMP, D3DERR, D3DCULL, D3DDECLTYPE, D3DDECLUSAGE, D3DFMT, D3DFOG, D3DFVF, D3DPT, D3DRS, D3D_OK } from '../../src/d3d9/index.js';
import type { Device } from '../../src/device/device.js';
import type { IDirect3DSurface9 } from '../../src/device/types.js';
import { H, POS_TEX, W, channel, declaration, device, element, hex, pixel, ps, quad, vs } from './shader-draw-helpers.js';

const PASS_VS = 'vs_2_0\ndcl_position v0\ndcl_texcoord v1\nmov oPos, v0\nmov oT0, v1\n';
const f32 = (v: number): number => new Uint32Array(Float32Array.of(v).buffer)[0];

/** Binds POSITION+TEXCOORD0, PASS_VS and `psText`, draws the full quad with texcoord `tex(x, y)` of each corner at depth z. */
function drawTextured(dev: Device, psText: string | null, tex: (x: number, y: number) => number[] = () => [0, 0, 0, 0], z = 0.5): number {
  dev.SetVertexDeclaration(declaration(dev, POS_TEX));
  dev.SetVertexShader(vs(dev, PASS_VS));
  dev.SetPixelShader(psText === null ? null : ps(dev, psText));
  return dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad(z, tex), 28);
}

function near(got: number, want: number, tolerance: number): boolean {
  for (let k = 0; k < 4; k++) if (Math.abs(channel(got, k) - channel(want, k)) > tolerance) return false;
  return true;
}

describe('a pixel shader\'s colour reaches the target', () => {
  it('mov oC0, c0 writes the constant (round(255·v) per channel)', () => {
    const dev = device();
    dev.SetPixelShaderConstantF(0, Float32Array.of(1, 0.5, 0.25, 0.75), 1);
    expect(drawTextured(dev, 'ps_2_0\nmov oC0, c0\n')).toBe(D3D_OK);
    // a 191.25 r 255 g 127.5 b 63.75
    for (const [x, y] of [[0, 0], [7, 9], [15, 15]]) expect(hex(pixel(dev.backBuffer, x, y))).toBe('0xbfff8040');
  });

  it('a texture coordinate passed through the vertex shader comes back as the colour (u = x/16 at pixel centre x)', () => {
    const dev = device();
    drawTextured(dev, 'ps_2_0\ndcl t0\nmov oC0, t0\n', (x, y) => [x * 0.5 + 0.5, y * -0.5 + 0.5, 0.25, 1]);
    for (const [x, y] of [[0, 0], [4, 12], [8, 8], [15, 3]]) {
      const want = ((255 << 24) | (Math.round((255 * x) / W) << 16) | (Math.round((255 * y) / H) << 8) | 64) >>> 0;
      expect(near(pixel(dev.backBuffer, x, y), want, 1), `${x},${y}: ${hex(pixel(dev.backBuffer, x, y))} vs ${hex(want)}`).toBe(true);
    }
  });

  it.each([[0x102 /* COUNT2 | PROJECTED */, '0xffffffff'], [2 /* COUNT2 */, '0xff000000']])('ps_1_1 tex with D3DTSS_TEXTURETRANSFORMFLAGS %i: (0.375, 0.5) projects to u 0.75 (the white texel) only with PROJECTED', (flags, want) => {
    const dev = device();
    const tex = dev.CreateTexture(2, 1, 1, 0, D3DFMT.A8R8G8B8, 1, null).texture!;
    const lock = tex.LockRect(0, null, 0).lockedRect!;
    new DataView(lock.pBits.buffer, lock.pBits.byteOffset).setUint32(0, 0xff000000, true);
    new DataView(lock.pBits.buffer, lock.pBits.byteOffset).setUint32(4, 0xffffffff, true);
    tex.UnlockRect(0);
    dev.SetTexture(0, tex);
    dev.SetTextureStageState(0, 24 /* D3DTSS_TEXTURETRANSFORMFLAGS */, flags);
    dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.TEX1);
    dev.SetPixelShader(ps(dev, 'ps_1_1\ntex t0\nmov r0, t0\n'));
    const v: number[] = [];
    for (const [x, y] of [[0, 0], [16, 0], [0, 16], [16, 16]]) v.push(x, y, 0.5, 1, 0.375, 0.5);
    dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, Float32Array.from(v), 24);
    expect(hex(pixel(dev.backBuffer, 8, 8))).toBe(want);
  });

  it('an unbound sampler reads (0, 0, 0, 1)', () => {
    const dev = device(0xff808080);
    drawTextured(dev, 'ps_2_0\ndcl t0\ndcl_2d s0\ntexld r0, t0, s0\nmov oC0, r0\n');
    expect(hex(pixel(dev.backBuffer, 5, 5))).toBe('0xff000000');
  });
});

describe('MRT: oCi goes to render target i', () => {
  function mrt(psText: string, setup: (dev: Device) => void = () => {}): { dev: Device; rt1: IDirect3DSurface9 } {
    const dev = device(0xff000000);
    const rt1 = dev.CreateRenderTarget(W, H, D3DFMT.A8R8G8B8, 0, 0, false).surface!;
    expect(dev.ColorFill(rt1, null, 0xff123456)).toBe(D3D_OK);
    expect(dev.SetRenderTarget(1, rt1)).toBe(D3D_OK);
    dev.SetPixelShaderConstantF(0, Float32Array.of(1, 0, 0, 1, 0, 1, 0, 1), 2);
    setup(dev);
    drawTextured(dev, psText);
    return { dev, rt1 };
  }

  it('oC0 and oC1 land on targets 0 and 1', () => {
    const { dev, rt1 } = mrt('ps_2_0\nmov oC0, c0\nmov oC1, c1\n');
    expect(hex(pixel(dev.backBuffer, 3, 3))).toBe('0xffff0000');
    expect(hex(pixel(rt1, 3, 3))).toBe('0xff00ff00');
  });
  it('a shader writing oC0 alone leaves target 1 as it was', () => {
    const { dev, rt1 } = mrt('ps_2_0\nmov oC0, c0\n');
    expect(hex(pixel(dev.backBuffer, 3, 3))).toBe('0xffff0000');
    expect(hex(pixel(rt1, 3, 3))).toBe('0xff123456');
  });
  it('COLORWRITEENABLE1 masks target 1 alone (D3DPMISCCAPS_INDEPENDENTWRITEMASKS)', () => {
    const { dev, rt1 } = mrt('ps_2_0\nmov oC0, c0\nmov oC1, c1\n', (d) => d.SetRenderState(D3DRS.COLORWRITEENABLE1, 0x1 /* D3DCOLORWRITEENABLE_RED */));
    expect(hex(pixel(dev.backBuffer, 3, 3))).toBe('0xffff0000');
    // oC1 = (0, 1, 0, 1): only red is written, and its red is 0
    expect(hex(pixel(rt1, 3, 3))).toBe('0xff003456');
  });
  it('blending applies to every target (D3DPMISCCAPS_MRTPOSTPIXELSHADERBLENDING): ONE + ONE adds', () => {
    const { rt1 } = mrt('ps_2_0\nmov oC0, c0\nmov oC1, c1\n', (d) => {
      d.SetRenderState(D3DRS.ALPHABLENDENABLE, 1);
      d.SetRenderState(D3DRS.SRCBLEND, D3DBLEND.ONE);
      d.SetRenderState(D3DRS.DESTBLEND, D3DBLEND.ONE);
    });
    // 0x123456 + (0, 255, 0) saturates green
    expect(hex(pixel(rt1, 3, 3))).toBe('0xff12ff56');
  });
});

describe('after the shader: texkill, alpha test, oDepth', () => {
  it('texkill discards pixels where any of t0.xyz < 0 (left half: t0.x = clip x < 0)', () => {
    const dev = device(0xff0000ff);
    dev.SetPixelShaderConstantF(0, Float32Array.of(1, 1, 1, 1), 1);
    drawTextured(dev, 'ps_2_0\ndcl t0\ntexkill t0\nmov oC0, c0\n', (x) => [x, 1, 1, 1]);
    expect(hex(pixel(dev.backBuffer, 2, 8))).toBe('0xff0000ff');
    expect(hex(pixel(dev.backBuffer, 13, 8))).toBe('0xffffffff');
  });

  it.each([[0x20, true], [0x80, false]])('the alpha test reads oC0.a = 0.25 (64): ALPHAREF %i with GREATER draws: %s', (ref, drawn) => {
    const dev = device(0xff0000ff);
    dev.SetRenderState(D3DRS.ALPHATESTENABLE, 1);
    dev.SetRenderState(D3DRS.ALPHAFUNC, D3DCMP.GREATER);
    dev.SetRenderState(D3DRS.ALPHAREF, ref);
    dev.SetPixelShaderConstantF(0, Float32Array.of(1, 1, 1, 0.25), 1);
    drawTextured(dev, 'ps_2_0\nmov oC0, c0\n');
    expect(hex(pixel(dev.backBuffer, 6, 6))).toBe(drawn ? '0x40ffffff' : '0xff0000ff');
  });

  // first draw: oDepth = d (or none: the quad's own z 0.75), red; second: a green quad at z 0.5 with LESS
  it.each([
    ['oDepth 0.25 is nearer than 0.5: the second quad fails', 0.25, 0xffff0000],
    ['no oDepth: the interpolated 0.75 lets the second quad pass', null, 0xff00ff00],
    ['oDepth 2 is clamped to 1: the second quad passes', 2, 0xff00ff00],
    ['oDepth −1 is clamped to 0: the second quad fails', -1, 0xffff0000],
  ])('%s', (_what, depth, want) => {
    const dev = device(0xff000000);
    dev.SetRenderState(D3DRS.ZFUNC, D3DCMP.LESS);
    dev.SetPixelShaderConstantF(0, Float32Array.of(1, 0, 0, 1, depth ?? 0, 0, 0, 0, 0, 1, 0, 1), 3);
    drawTextured(dev, depth === null ? 'ps_2_0\nmov oC0, c0\n' : 'ps_2_0\nmov oC0, c0\nmov oDepth, c1.x\n', undefined, 0.75);
    drawTextured(dev, 'ps_2_0\nmov oC0, c2\n', undefined, 0.5);
    expect(hex(pixel(dev.backBuffer, 9, 4))).toBe(hex(want));
  });
});

describe('fog with shaders (Wine visual.c fog_with_shader_test: GeForce 7600 on Windows, ±13 per channel)', () => {
  const VS_PLAIN = 'vs_1_1\ndcl_position v0\ndcl_color v1\nmov oPos, v0\nmov oD0, v1\n';
  const VS_FOGGY = `${VS_PLAIN}add r0, v0.z, c0.z\nmul oFog, r0.x, c0.x\n`;
  const PS = 'ps_1_1\nmov r0, v0\n';
  const LINEAR_TABLE = [0xff0000, 0xff0000, 0xdf2000, 0xbf4000, 0x9f6000, 0x7f8000, 0x5fa000, 0x40bf00, 0x20df00, 0x00ff00, 0x00ff00];
  const FOGGY = [0xff0000, 0xfe0100, 0xde2100, 0xbf4000, 0x9f6000, 0x7f8000, 0x5fa000, 0x3fc000, 0x1fe000, 0x00ff00, 0x00ff00];
  const EXP_TABLE = [0xff0000, 0xe71800, 0xd12e00, 0xbd4200, 0xab5400, 0x9b6400, 0x8d7200, 0x7f8000, 0x738c00, 0x689700, 0x5ea100];
  const GREEN = Array(11).fill(0x00ff00);
  const rows: Array<[string, string | null, string | null, number, number, number[]]> = [
    ['pixel shader, linear table fog', null, PS, D3DFOG.NONE, D3DFOG.LINEAR, LINEAR_TABLE],
    ['pixel shader, linear vertex fog', null, PS, D3DFOG.LINEAR, D3DFOG.NONE, LINEAR_TABLE],
    ['vertex shader without oFog, no pixel shader: fully fogged', VS_PLAIN, null, D3DFOG.NONE, D3DFOG.NONE, GREEN],
    ['vertex shader without oFog, linear table fog from z', VS_PLAIN, null, D3DFOG.NONE, D3DFOG.LINEAR, LINEAR_TABLE],
    ['both shaders, no oFog: fully fogged', VS_PLAIN, PS, D3DFOG.LINEAR, D3DFOG.NONE, GREEN],
    ['both shaders, exp table fog from z', VS_PLAIN, PS, D3DFOG.NONE, D3DFOG.EXP, EXP_TABLE],
    ['foggy vertex shader: oFog is the factor whatever FOGVERTEXMODE', VS_FOGGY, null, D3DFOG.EXP, D3DFOG.NONE, FOGGY],
    ['foggy vertex shader and pixel shader', VS_FOGGY, PS, D3DFOG.LINEAR, D3DFOG.NONE, FOGGY],
    ['foggy vertex shader, table fog ignores oFog', VS_FOGGY, PS, D3DFOG.NONE, D3DFOG.LINEAR, LINEAR_TABLE],
  ];
  it.each(rows)('%s', (_what, vsText, psText, vfog, tfog, want) => {
    const dev = device();
    dev.SetRenderState(D3DRS.FOGENABLE, 1);
    dev.SetRenderState(D3DRS.FOGCOLOR, 0xff00ff00);
    dev.SetRenderState(D3DRS.FOGSTART, f32(0.1));
    dev.SetRenderState(D3DRS.FOGEND, f32(0.9));
    dev.SetRenderState(D3DRS.FOGVERTEXMODE, vfog);
    dev.SetRenderState(D3DRS.FOGTABLEMODE, tfog);
    dev.SetFVF(D3DFVF.XYZ | D3DFVF.DIFFUSE);
    dev.SetVertexShader(vsText === null ? null : vs(dev, vsText));
    dev.SetPixelShader(psText === null ? null : ps(dev, psText));
    dev.SetVertexShaderConstantF(0, Float32Array.of(-1.25, 0, -0.9, 0), 1);
    const got: string[] = [];
    for (let j = 0; j < 11; j++) {
      const z = 0.001 + j / 10.02;
      dev.Clear(0, null, D3DCLEAR.TARGET | D3DCLEAR.ZBUFFER, 0xffff00ff, 1, 0);
      const data = new ArrayBuffer(4 * 16);
      const fv = new Float32Array(data), uv = new Uint32Array(data);
      [[-1, -1], [-1, 1], [1, -1], [1, 1]].forEach(([x, y], i) => { fv.set([x, y, z], 4 * i); uv[4 * i + 3] = 0xffff0000; });
      expect(dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, new Uint8Array(data), 16)).toBe(D3D_OK);
      const c = pixel(dev.backBuffer, 4, 8) & 0xffffff;
      if (!near(c, want[j], 13)) got.push(`${j}: ${hex(c)} vs ${hex(want[j])}`);
    }
    expect(got).toEqual([]);
  });
});

describe('clip planes, vPos, vFace, derivatives', () => {
  it('a user clip plane with a vertex shader is in clip space: plane (1, 0, 0, 0) keeps x ≥ 0 (world transform ignored)', () => {
    const dev = device(0xff0000ff);
    dev.SetTransform(256, { _11: 0, _12: 0, _13: 0, _14: 0, _21: 0, _22: 0, _23: 0, _24: 0, _31: 0, _32: 0, _33: 0, _34: 0, _41: 5, _42: 5, _43: 5, _44: 1 });
    dev.SetClipPlane(0, { a: 1, b: 0, c: 0, d: 0 });
    dev.SetRenderState(D3DRS.CLIPPLANEENABLE, 1);
    dev.SetPixelShaderConstantF(0, Float32Array.of(1, 1, 1, 1), 1);
    drawTextured(dev, 'ps_2_0\nmov oC0, c0\n');
    expect(hex(pixel(dev.backBuffer, 3, 8))).toBe('0xff0000ff');
    expect(hex(pixel(dev.backBuffer, 12, 8))).toBe('0xffffffff');
  });

  it('vPos is the pixel\'s integer position (scaled by 1/16 into the colour)', () => {
    const dev = device();
    dev.SetPixelShaderConstantF(0, Float32Array.of(1 / 16, 1 / 16, 0, 1), 1);
    drawTextured(dev, 'ps_3_0\ndcl vPos.xy\nmul r0.xy, vPos, c0\nmov r0.zw, c0\nmov oC0, r0\n');
    for (const [x, y] of [[0, 0], [5, 11], [15, 2]]) {
      const want = ((255 << 24) | (Math.round((255 * x) / 16) << 16) | (Math.round((255 * y) / 16) << 8)) >>> 0;
      expect(hex(pixel(dev.backBuffer, x, y))).toBe(hex(want));
    }
  });

  it('vFace is +1 for a clockwise triangle and −1 for a counter-clockwise one (CULL_NONE)', () => {
    const dev = device(0xff0000ff);
    dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
    dev.SetVertexDeclaration(declaration(dev, POS_TEX));
    dev.SetVertexShader(vs(dev, PASS_VS));
    dev.SetPixelShader(ps(dev, 'ps_3_0\ndef c0, 1, 0, 0, 1\ndef c1, 0, 1, 0, 1\ndcl vFace\nif_gt vFace, c0.y\nmov oC0, c0\nelse\nmov oC0, c1\nendif\n'));
    // top-left triangle clockwise on screen, bottom-right counter-clockwise
    const cw = Float32Array.from([-1, 1, 0.5, 0, 0, 0, 0, 1, 1, 0.5, 0, 0, 0, 0, -1, -1, 0.5, 0, 0, 0, 0]);
    const ccw = Float32Array.from([1, 1, 0.5, 0, 0, 0, 0, -1, -1, 0.5, 0, 0, 0, 0, 1, -1, 0.5, 0, 0, 0, 0]);
    dev.DrawPrimitiveUP(D3DPT.TRIANGLELIST, 1, cw, 28);
    dev.DrawPrimitiveUP(D3DPT.TRIANGLELIST, 1, ccw, 28);
    expect(hex(pixel(dev.backBuffer, 2, 2))).toBe('0xffff0000');
    expect(hex(pixel(dev.backBuffer, 13, 13))).toBe('0xff00ff00');
  });

  it('dsx/dsy of t0 are the per-pixel steps, dsy positive downwards (t0.y grows with screen y)', () => {
    const dev = device();
    // t0 = (x, y) in pixels: u runs 0 → 16 left to right, v 0 → 16 top to bottom; colour = 0.25·(dsx(u), dsy(v)) = 0.25
    drawTextured(dev, 'ps_2_x\ndcl t0\ndef c0, 0.25, 0, 0, 1\ndsx r0, t0\ndsy r1, t0\nmul r2.x, r0.x, c0.x\nmul r2.y, r1.y, c0.x\nmov r2.zw, c0\nmov oC0, r2\n',
      (x, y) => [(x + 1) * 8, (1 - y) * 8, 0, 0]);
    for (const [x, y] of [[0, 0], [1, 1], [6, 9], [15, 15]]) expect(hex(pixel(dev.backBuffer, x, y)), `${x},${y}`).toBe('0xff404000');
  });
});

describe('the 2×2 quad of a shader with derivatives', () => {
  const DERIV_PS = 'ps_2_x\ndcl t0\ndef c0, 4, 0, 0, 1\ndsx r0, t0\ndsy r1, t0\nmul r2.x, r0.x, c0.x\nmul r2.y, r1.y, c0.x\nmov r2.zw, c0\nmov oC0, r2\n';
  /** XYZRHW|TEX1 vertices (x, y) with t0 = (x/16, y/16): derivatives 1/16 per pixel, ×4 = 0.25 (64) */
  function tri(dev: Device, pts: number[][]): void {
    dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.TEX1);
    dev.SetRenderState(D3DRS.CULLMODE, D3DCULL.NONE);
    dev.SetPixelShader(ps(dev, DERIV_PS));
    const v: number[] = [];
    for (const [x, y] of pts) v.push(x, y, 0.5, 1, x / 16, y / 16);
    dev.DrawPrimitiveUP(D3DPT.TRIANGLELIST, pts.length / 3, Float32Array.from(v), 24);
  }
  it('a pixel whose quad mates all lie outside the primitive still gets the step between pixel centres (helpers interpolated there)', () => {
    const dev = device(0xff0000ff);
    tri(dev, [[3.5, 3.5], [4.6, 3.5], [3.5, 4.6]]);
    expect(hex(pixel(dev.backBuffer, 4, 4))).toBe('0xff404000');
    expect(hex(pixel(dev.backBuffer, 5, 4))).toBe('0xff0000ff');
  });
  it('the two triangles of a quad split through 2×2 blocks give every pixel the same value, whichever drew it', () => {
    const dev = device(0xff0000ff);
    tri(dev, [[0, 0], [16, 0], [0, 16], [16, 0], [16, 16], [0, 16]]);
    const words = new Set<string>();
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) words.add(hex(pixel(dev.backBuffer, x, y)));
    expect([...words]).toEqual(['0xff404000']);
  });
});

describe('linkage: SM3 varyings by semantic, mixed fixed-function and shader stages', () => {
  it('a ps_3_0 input reads the vs_3_0 output with the same usage and index, whatever the registers; one nobody writes reads 0', () => {
    const dev = device();
    dev.SetVertexDeclaration(declaration(dev, POS_TEX));
    dev.SetVertexShader(vs(dev, 'vs_3_0\ndcl_position v0\ndcl_texcoord v1\ndcl_position o0\ndcl_texcoord3 o5\ndcl_color1 o7\ndef c0, 0, 0.5, 1, 1\nmov o0, v0\nmov o5, v1\nmov o7, c0\n'));
    dev.SetPixelShader(ps(dev, 'ps_3_0\ndcl_color1 v2\ndcl_texcoord3 v7\ndcl_texcoord5 v1\nadd r0.x, v7.x, v1.x\nmov r0.y, v2.y\nmov r0.z, v2.z\nmov r0.w, v2.w\nmov oC0, r0\n'));
    dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad(0.5, () => [0.25, 0, 0, 0]), 28);
    // r = 0.25 + 0 (TEXCOORD5 unwritten), g = 0.5, b = 1, a = 1
    expect(hex(pixel(dev.backBuffer, 7, 7))).toBe('0xff4080ff');
  });

  it.each([[1 /* D3DSHADE_FLAT */, true], [2 /* D3DSHADE_GOURAUD */, false]])('SHADEMODE %i: a ps_3_0 COLOR input is the provoking vertex\'s everywhere under FLAT, a TEXCOORD one still interpolated', (mode, flat) => {
    const dev = device();
    dev.SetRenderState(D3DRS.SHADEMODE, mode);
    dev.SetVertexDeclaration(declaration(dev, POS_TEX));
    dev.SetVertexShader(vs(dev, 'vs_3_0\ndcl_position v0\ndcl_texcoord v1\ndcl_position o0\ndcl_color o1\ndcl_texcoord o2\nmov o0, v0\nmov o1, v1\nmov o2, v1\n'));
    dev.SetPixelShader(ps(dev, 'ps_3_0\ndcl_color v0\ndcl_texcoord v1\nmov r0, v0\nmov r0.b, v1.r\nmov oC0, r0\n'));
    // one triangle over the top-left half: the first (provoking) vertex red, the others green and blue
    const v = Float32Array.from([-1, 1, 0.5, 1, 0, 0, 1, 3, 1, 0.5, 0, 1, 0, 1, -1, -3, 0.5, 0, 0, 1, 1]);
    dev.DrawPrimitiveUP(D3DPT.TRIANGLELIST, 1, v, 28);
    const a = pixel(dev.backBuffer, 1, 1), b = pixel(dev.backBuffer, 6, 3);
    // red and green from COLOR0: the first vertex's (255, 0) at both under FLAT, varying under GOURAUD
    if (flat) expect([channel(a, 2), channel(a, 1), channel(b, 2), channel(b, 1)]).toEqual([255, 0, 255, 0]);
    else expect(channel(a, 2) > channel(b, 2) && channel(b, 1) > 0).toBe(true);
    // blue from TEXCOORD0.r: interpolated in both modes (it falls away from the first vertex)
    expect(channel(a, 0)).toBeGreaterThan(channel(b, 0));
  });

  it('ps_3_0 with pre-transformed vertices: the vertex shader is skipped and the declaration\'s elements are the varyings', () => {
    const dev = device();
    dev.SetVertexDeclaration(declaration(dev, [element(0, 0, D3DDECLTYPE.FLOAT4, D3DDECLUSAGE.POSITIONT), element(0, 16, D3DDECLTYPE.FLOAT4, D3DDECLUSAGE.TEXCOORD, 2)]));
    dev.SetVertexShader(vs(dev, 'vs_3_0\ndcl_position v0\ndcl_position o0\nmov o0, v0\n'));
    dev.SetPixelShader(ps(dev, 'ps_3_0\ndcl_texcoord2 v0\nmov oC0, v0\n'));
    const v: number[] = [];
    for (const [x, y] of [[0, 0], [16, 0], [0, 16], [16, 16]]) v.push(x, y, 0.5, 1, 0.5, 0.25, 1, 1);
    dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, Float32Array.from(v), 32);
    expect(hex(pixel(dev.backBuffer, 8, 8))).toBe('0xff8040ff');
  });

  it('a vertex shader with fixed-function pixel processing: the texture stages read oD0 (saturated)', () => {
    const dev = device();
    dev.SetVertexDeclaration(declaration(dev, POS_TEX));
    dev.SetVertexShader(vs(dev, 'vs_2_0\ndcl_position v0\ndcl_texcoord v1\nmov oPos, v0\nmov oD0, v1\n'));
    dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad(0.5, () => [2, 0.5, -1, 1]), 28);
    // stage 0 MODULATEs TEXTURE × DIFFUSE; with no texture bound the diffuse passes through (texture-stages.ts, as D3D9 draws show)
    expect(hex(pixel(dev.backBuffer, 8, 8))).toBe('0xffff8000');
  });

  it('fixed-function vertex processing with a pixel shader: v0 is the vertex diffuse, t0 its texture coordinates', () => {
    const dev = device();
    dev.SetFVF(D3DFVF.XYZRHW | D3DFVF.DIFFUSE | D3DFVF.TEX1);
    dev.SetPixelShader(ps(dev, 'ps_2_0\ndcl v0\ndcl t0\nmov r0, v0\nmov r0.b, t0.x\nmov oC0, r0\n'));
    const data = new ArrayBuffer(28 * 4);
    const fv = new Float32Array(data), uv = new Uint32Array(data);
    [[0, 0], [16, 0], [0, 16], [16, 16]].forEach(([x, y], i) => { fv.set([x, y, 0.5, 1], 7 * i); uv[7 * i + 4] = 0xff20c040; fv.set([0.75, 0], 7 * i + 5); });
    dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, new Uint8Array(data), 28);
    expect(hex(pixel(dev.backBuffer, 8, 8))).toBe('0xff20c0bf');
  });
});

describe('vertex texture fetch (D3DVERTEXTEXTURESAMPLER0..3 are sampler numbers 257..260)', () => {
  it('Set/GetSamplerState and Set/GetTexture take 257..260; 256 (D3DDMAPSAMPLER) and 261 are refused', () => {
    const dev = device();
    expect(dev.SetSamplerState(260, 5 /* MAGFILTER */, 2 /* LINEAR */)).toBe(D3D_OK);
    expect(dev.GetSamplerState(260, 5)).toEqual({ hr: D3D_OK, value: 2 });
    // a slot of its own: s3 and s4 keep the default POINT
    expect([dev.GetSamplerState(3, 5).value, dev.GetSamplerState(4, 5).value]).toEqual([1, 1]);
    for (const n of [256, 261]) {
      expect(dev.SetSamplerState(n, 5, 1)).toBe(D3DERR.INVALIDCALL);
      expect(dev.SetTexture(n, null)).toBe(D3DERR.INVALIDCALL);
    }
    const tex = dev.CreateTexture(1, 1, 1, 0, D3DFMT.R32F, 1, null).texture!;
    expect(dev.SetTexture(257, tex)).toBe(D3D_OK);
    expect(dev.GetTexture(257).texture).toBe(tex);
    expect(dev.GetTexture(1).texture).toBe(null);
  });

  it('a state block records and applies a vertex sampler\'s state and texture', () => {
    const dev = device();
    const tex = dev.CreateTexture(1, 1, 1, 0, D3DFMT.R32F, 1, null).texture!;
    dev.BeginStateBlock();
    dev.SetSamplerState(258, 1 /* ADDRESSU */, 3 /* CLAMP */);
    dev.SetTexture(258, tex);
    const sb = dev.EndStateBlock().stateBlock!;
    dev.SetSamplerState(258, 1, 1);
    dev.SetTexture(258, null);
    expect(sb.Apply()).toBe(D3D_OK);
    expect(dev.GetSamplerState(258, 1).value).toBe(3);
    expect(dev.GetTexture(258).texture).toBe(tex);
  });

  it('texldl in a vs_3_0 reads the R32F texture on D3DVERTEXTEXTURESAMPLER0 (0.5 → 128)', () => {
    const dev = device();
    const tex = dev.CreateTexture(1, 1, 1, 0, D3DFMT.R32F, 1, null).texture!;
    const lock = tex.LockRect(0, null, 0).lockedRect!;
    new DataView(lock.pBits.buffer, lock.pBits.byteOffset).setFloat32(0, 0.5, true);
    tex.UnlockRect(0);
    dev.SetTexture(257, tex);
    dev.SetVertexDeclaration(declaration(dev, POS_TEX));
    dev.SetVertexShader(vs(dev, 'vs_3_0\ndcl_position v0\ndcl_texcoord v1\ndcl_2d s0\ndcl_position o0\ndcl_color o1\ndef c0, 0.5, 0.5, 0, 0\nmov o0, v0\ntexldl r0, c0, s0\nmov o1, r0.x\n'));
    dev.SetPixelShader(ps(dev, 'ps_3_0\ndcl_color v0\nmov oC0, v0\n'));
    expect(dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad(0.5, () => [0, 0, 0, 0]), 28)).toBe(D3D_OK);
    expect(hex(pixel(dev.backBuffer, 8, 8))).toBe('0x80808080');
    // the same shader and constants on the next draw read what the texture holds now
    const again = tex.LockRect(0, null, 0).lockedRect!;
    new DataView(again.pBits.buffer, again.pBits.byteOffset).setFloat32(0, 0.25, true);
    tex.UnlockRect(0);
    dev.DrawPrimitiveUP(D3DPT.TRIANGLESTRIP, 2, quad(0.5, () => [0, 0, 0, 0]), 28);
    expect(hex(pixel(dev.backBuffer, 8, 8))).toBe('0x40404040');
  });
});
